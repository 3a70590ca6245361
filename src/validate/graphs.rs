//! HDU 1524's layout: graphs until the end of the file, each a line `N`,
//! `N` lines `X v1 … vX` (a line `0` for a position with no move), then
//! query lines `M p1 … pM` and a line `0` that ends the graph.
//!
//! The statement's own sample puts an empty line between two graphs, so
//! one empty line is allowed there (and nowhere else). Every move and
//! piece must be a position of its graph, and the graph must be acyclic:
//! a cycle is reported at the graph's first query line (its `0` if it has
//! none), where `solve` reports it too.

use super::messages::{Place, Then};
use super::summary::note;
use super::{Checker, Var};
use crate::error::Error;
use crate::games::graph::{Graph, Scratch, MAX_POSITIONS};

impl Checker<'_> {
    /// Graphs until the end of the file.
    pub(super) fn graph_cases<const SUMMARY: bool>(&mut self) -> Result<(), Error> {
        let (mut graph, mut values, mut scratch) = (Graph::new(), Vec::new(), Scratch::default());
        let mut case = 0;
        while self.pos < self.bytes.len() {
            if case > 0 && self.bytes[self.pos] == b'\n' {
                self.pos += 1;
                if self.pos == self.bytes.len() {
                    let message = "expected a graph after the empty line, found the end of input";
                    return Err(self.fail(self.pos, message.into()));
                }
            }
            case += 1;
            self.count_case(self.pos, case)?;
            let count = self
                .vars
                .second
                .expect("a graph's N is its second variable");
            let at = self.pos;
            let n = self.field(&count, Place::Case(case), Then::Newline { last: false })?;
            if n > MAX_POSITIONS {
                let message = format!("a graph of {n} positions is more than {MAX_POSITIONS}");
                return Err(self.fail(at, message));
            }
            note(&mut self.summary.second, n);
            graph.clear();
            for node in 0..n {
                self.moves_line(case, node, n, &mut graph)?;
            }
            self.queries::<SUMMARY>(case, n, &graph, &mut values, &mut scratch)?;
        }
        self.check_case_count(self.pos, case)
    }

    /// The line `X v1 … vX` of the moves from `node`, into `graph`.
    fn moves_line(&mut self, case: u64, node: u64, n: u64, graph: &mut Graph) -> Result<(), Error> {
        let place = Place::Node { case, node };
        let degree = Var {
            name: "X",
            label: "number of moves X",
            bounds: self.vars.set_size.bounds,
        };
        let start = self.pos;
        let (x, len) = self.number(start, &degree, place)?;
        self.in_range(start, &degree, place, x)?;
        let then = match x {
            0 => Then::Newline { last: false },
            _ => Then::Space,
        };
        self.expect(start + len, then, &degree, place)?;
        self.pos = start + len + 1;
        note(&mut self.summary.set_size, x);
        let target = Var {
            name: "v",
            label: "move to position v",
            ..self.vars.value
        };
        for i in 1..=x {
            let then = match i == x {
                true => Then::Newline { last: false },
                false => Then::Space,
            };
            let at = self.pos;
            let v = self.field(&target, place, then)?;
            self.is_position(at, case, n, v)?;
            if !graph.edge(v as u32) {
                let message = "out of memory keeping the graph's moves".to_string();
                return Err(self.fail(at, message));
            }
        }
        graph.end_node();
        Ok(())
    }

    /// The query lines of graph `case`, to the `0` that ends it.
    fn queries<const SUMMARY: bool>(
        &mut self,
        case: u64,
        n: u64,
        graph: &Graph,
        values: &mut Vec<u32>,
        scratch: &mut Scratch,
    ) -> Result<(), Error> {
        let pieces = self.vars.heaps;
        let place = Place::Case(case);
        let mut valued = false;
        loop {
            let start = self.pos;
            if start == self.bytes.len() {
                let message = format!(
                    "expected {} of a query of graph {case} or the 0 that ends it, found the end \
                     of input",
                    pieces.name
                );
                return Err(self.fail(start, message));
            }
            let (m, len) = self.number(start, &pieces, place)?;
            if !valued {
                if let Err(cycle) = graph.grundy_values(values, scratch) {
                    let message = format!(
                        "graph {case} has a cycle, {cycle}, so its positions have no values"
                    );
                    return Err(self.fail(start, message));
                }
                valued = true;
            }
            if m == 0 {
                self.expect(start + len, Then::Newline { last: true }, &pieces, place)?;
                self.pos = start + len + 1;
                return Ok(());
            }
            self.in_range(start, &pieces, place, m)?;
            self.expect(start + len, Then::Space, &pieces, place)?;
            self.pos = start + len + 1;
            note(&mut self.summary.heaps, m);
            let value = self.vars.value;
            let mut xor = 0;
            for i in 1..=m {
                let then = match i == m {
                    true => Then::Newline { last: false },
                    false => Then::Space,
                };
                let at = self.pos;
                let p = self.field(&value, place, then)?;
                self.is_position(at, case, n, p)?;
                note(&mut self.summary.value, p);
                xor ^= values[p as usize];
            }
            self.summary.total_heaps += m;
            self.summary.total_positions += 1;
            if SUMMARY {
                self.summary.wins += u64::from(xor != 0);
            }
        }
    }

    /// Refuses `p`, at `at`, unless it is a position of graph `case`, of `n`.
    fn is_position(&self, at: usize, case: u64, n: u64, p: u64) -> Result<(), Error> {
        if p < n {
            return Ok(());
        }
        let message = match n {
            0 => format!("graph {case} has no positions, so no move or piece can name {p}"),
            _ => format!(
                "{p} is not a position of graph {case}, whose positions are 0 to {}",
                n - 1
            ),
        };
        Err(self.fail(at, message))
    }
}
