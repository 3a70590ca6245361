//! HDU 1524's layout: graphs until the end of the input, each a line `N`,
//! `N` lines `X v1 … vX` (the moves from each position), then queries
//! `M p1 … pM` (pieces on positions) until a query `0`.
//!
//! Nearly every token is an edge or a piece, one or a few digits long, so
//! asking the source for tokens one at a time would cost more than the
//! work. The reader is instead a [`Visitor`] the kernels' bulk walk feeds:
//! a small state machine that builds the graph, values it once its last
//! position is read (at the first query, [`Graph::grundy_values`]), and
//! answers each query as its last piece arrives. A number the graph cannot
//! take (a move or a piece past its positions, or the first query of a
//! graph with a cycle) is refused where it stands, so the error is at its
//! place; the verdicts the reader gathers are written after each batch.

use std::cell::RefCell;
use std::fmt;
use std::io::Write;

use super::{input_error, refused, stdout_error, Expected, Run};
use crate::error::Error;
use crate::games::graph::{Graph, Scratch, MAX_POSITIONS};
use crate::games::HeapMove;
use crate::scan::Visitor;
use crate::source::{FaultKind, TokenSource};

/// Tokens per batch handed to the reader between writes.
const BATCH: u64 = 1 << 16;

/// Where in a graph's input a number is, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphPlace {
    /// `N` of graph `graph`, or the end of the input.
    Count { graph: u64 },
    /// `X`, the number of moves from `node`.
    Degree { graph: u64, node: u64 },
    /// Move `index` of `of` from `node`.
    Move {
        graph: u64,
        node: u64,
        index: u64,
        of: u64,
    },
    /// `M` of query `query`, or the `0` that ends the graph.
    Query { graph: u64, query: u64 },
    /// Piece `piece` of `of` of query `query`.
    Piece {
        graph: u64,
        query: u64,
        piece: u64,
        of: u64,
    },
}

impl fmt::Display for GraphPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GraphPlace::Count { graph } => write!(
                f,
                "the number of positions N of graph {graph} or the end of input"
            ),
            GraphPlace::Degree { graph, node } => write!(
                f,
                "the number of moves X from position {node} of graph {graph}"
            ),
            GraphPlace::Move {
                graph,
                node,
                index,
                of,
            } => write!(
                f,
                "move {index} of {of} from position {node} of graph {graph}"
            ),
            GraphPlace::Query { graph, query } => write!(
                f,
                "the number of pieces M of query {query} of graph {graph} or the 0 that ends \
                 the graph"
            ),
            GraphPlace::Piece {
                graph,
                query,
                piece,
                of,
            } => write!(f, "piece {piece} of {of} of query {query} of graph {graph}"),
        }
    }
}

/// What the reader expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Count,
    Degree { node: u64 },
    Move { node: u64, index: u64, of: u64 },
    Query,
    Piece { piece: u64, of: u64, xor: u32 },
}

/// The reader's state, shared by the copies of its visitor.
struct Reader {
    phase: Phase,
    /// Graphs begun.
    graph: u64,
    /// Queries begun in this graph.
    query: u64,
    /// This graph's `N`.
    positions: u64,
    edges: Graph,
    /// Each node's Grundy value, once the graph is complete.
    values: Vec<u32>,
    valued: bool,
    scratch: Scratch,
    /// Whether winning moves are wanted, and the pieces of the query being
    /// read, to find one.
    moves: bool,
    pieces: Vec<u32>,
    /// Answers not yet written.
    verdicts: Vec<bool>,
    found: Vec<Option<HeapMove>>,
    /// Why the last number was refused.
    why: String,
    /// Pieces taken, for `--stats`: the queries' pieces are this layout's
    /// heaps; the graph's numbers are not counted, as no header is.
    pieces_read: u64,
}

impl Reader {
    fn new(moves: bool) -> Reader {
        Reader {
            phase: Phase::Count,
            graph: 0,
            query: 0,
            positions: 0,
            edges: Graph::new(),
            values: Vec::new(),
            valued: false,
            scratch: Scratch::default(),
            moves,
            pieces: Vec::new(),
            verdicts: Vec::new(),
            found: Vec::new(),
            why: String::new(),
            pieces_read: 0,
        }
    }

    /// Where the next number goes.
    fn place(&self) -> GraphPlace {
        let graph = self.graph;
        match self.phase {
            Phase::Count => GraphPlace::Count { graph: graph + 1 },
            Phase::Degree { node } => GraphPlace::Degree { graph, node },
            Phase::Move { node, index, of } => GraphPlace::Move {
                graph,
                node,
                index,
                of,
            },
            Phase::Query => GraphPlace::Query {
                graph,
                query: self.query + 1,
            },
            Phase::Piece { piece, of, .. } => GraphPlace::Piece {
                graph,
                query: self.query,
                piece,
                of,
            },
        }
    }

    /// Takes one number; false, with the reason in `why`, to refuse it.
    #[inline(always)]
    fn take(&mut self, n: u64) -> bool {
        match self.phase {
            Phase::Count => {
                if n > MAX_POSITIONS {
                    self.why = format!("a graph of {n} positions is more than {MAX_POSITIONS}");
                    return false;
                }
                self.graph += 1;
                self.query = 0;
                self.positions = n;
                self.edges.clear();
                self.valued = false;
                self.phase = self.next_node(0);
            }
            Phase::Degree { node } if n == 0 => {
                self.edges.end_node();
                self.phase = self.next_node(node + 1);
            }
            Phase::Degree { node } => {
                self.phase = Phase::Move {
                    node,
                    index: 1,
                    of: n,
                }
            }
            Phase::Move { node, index, of } => {
                if n >= self.positions {
                    self.why = self.not_a_position(n);
                    return false;
                }
                if !self.edges.edge(n as u32) {
                    self.why = "out of memory keeping the graph's moves".into();
                    return false;
                }
                self.phase = match index == of {
                    true => {
                        self.edges.end_node();
                        self.next_node(node + 1)
                    }
                    false => Phase::Move {
                        node,
                        index: index + 1,
                        of,
                    },
                };
            }
            Phase::Query => {
                if !self.valued {
                    if let Err(cycle) = self
                        .edges
                        .grundy_values(&mut self.values, &mut self.scratch)
                    {
                        self.why = format!(
                            "graph {} has a cycle, {cycle}, so its positions have no values",
                            self.graph
                        );
                        return false;
                    }
                    self.valued = true;
                }
                if n == 0 {
                    self.phase = Phase::Count;
                } else {
                    self.query += 1;
                    self.pieces.clear();
                    self.phase = Phase::Piece {
                        piece: 1,
                        of: n,
                        xor: 0,
                    };
                }
            }
            Phase::Piece { piece, of, xor } => {
                if n >= self.positions {
                    self.why = self.not_a_position(n);
                    return false;
                }
                let xor = xor ^ self.values[n as usize];
                self.pieces_read += 1;
                if self.moves {
                    self.pieces.push(n as u32);
                }
                if piece == of {
                    self.answer(xor);
                    self.phase = Phase::Query;
                } else {
                    self.phase = Phase::Piece {
                        piece: piece + 1,
                        of,
                        xor,
                    };
                }
            }
        }
        true
    }

    /// The phase after the node before `node` is complete.
    fn next_node(&self, node: u64) -> Phase {
        match node < self.positions {
            true => Phase::Degree { node },
            false => Phase::Query,
        }
    }

    fn not_a_position(&self, n: u64) -> String {
        match self.positions {
            0 => format!("graph {} has no positions", self.graph),
            _ => format!(
                "{n} is not a position of graph {}, whose positions are 0 to {}",
                self.graph,
                self.positions - 1
            ),
        }
    }

    /// Records a query's verdict, and a winning move if wanted: the first
    /// piece whose value has the xor's highest bit moves to a successor of
    /// value `value ⊕ xor`, which the mex rule guarantees.
    fn answer(&mut self, xor: u32) {
        self.verdicts.push(xor != 0);
        if !self.moves {
            return;
        }
        let mv = (xor != 0).then(|| self.winning_move(xor)).flatten();
        self.found.push(mv);
    }

    fn winning_move(&self, xor: u32) -> Option<HeapMove> {
        let bit = 1 << xor.ilog2();
        let (index, &from) = self
            .pieces
            .iter()
            .enumerate()
            .find(|&(_, &p)| self.values[p as usize] & bit != 0)?;
        let want = self.values[from as usize] ^ xor;
        let start = self.edges.starts[from as usize] as usize;
        let end = self.edges.starts[from as usize + 1] as usize;
        let to = *self.edges.targets[start..end]
            .iter()
            .find(|&&to| self.values[to as usize] == want)?;
        Some(HeapMove {
            heap: index as u64 + 1,
            from: u64::from(from),
            to: u64::from(to),
            and: None,
            third: None,
        })
    }
}

/// The reader as the kernels' visitor.
#[derive(Clone, Copy)]
struct Reading<'a>(&'a RefCell<Reader>);

impl Visitor for Reading<'_> {
    const MAY_REFUSE: bool = true;

    #[inline(always)]
    fn visit(&mut self, value: u64) -> bool {
        self.0.borrow_mut().take(value)
    }
}

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// Graphs until the end of the input, each answered query by query.
    pub(super) fn graph_cases(&mut self) -> Result<(), Error> {
        let reader = RefCell::new(Reader::new(self.moves));
        let mut lines = Vec::new();
        loop {
            let result = self.source.visit(BATCH, &mut Reading(&reader));
            self.write_verdicts(&mut reader.borrow_mut(), &mut lines)?;
            let Err((_, fault)) = result else {
                continue;
            };
            let reader = reader.borrow();
            let expected = Expected::Graph(reader.place());
            return match fault.kind {
                FaultKind::End if reader.phase == Phase::Count => Ok(()),
                FaultKind::Refused(_) => Err(refused(
                    self.source,
                    self.path,
                    fault.offset,
                    expected,
                    &reader.why,
                )),
                _ => Err(input_error(self.source, self.path, fault, expected)),
            };
        }
    }

    /// Writes the verdicts the reader gathered, and empties its lists.
    fn write_verdicts(&mut self, reader: &mut Reader, lines: &mut Vec<u8>) -> Result<(), Error> {
        let count = reader.verdicts.len();
        self.report.values += std::mem::take(&mut reader.pieces_read);
        match self.out.short_lines().filter(|_| !self.moves) {
            Some(short) => {
                lines.clear();
                short.append(lines, count, |i| reader.verdicts[i]);
                self.out.lines(lines).map_err(stdout_error)?;
                self.out.count_lines(count as u64);
                self.report.cases += count as u64;
            }
            None => {
                for (i, &wins) in reader.verdicts.iter().enumerate() {
                    let mv = reader.found.get(i).copied().flatten();
                    self.verdict_and(wins, mv.as_ref().map(|m| m as &dyn fmt::Display))?;
                }
            }
        }
        reader.verdicts.clear();
        reader.found.clear();
        (self.progress)(self.source.consumed());
        Ok(())
    }
}
