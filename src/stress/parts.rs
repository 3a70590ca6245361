//! What a shrinker can take out of a case, and which numbers it can lower:
//! the shape of each [`Case`] as lists of droppable items and slots of
//! numbers, so that the strategy in `shrink` is written once for every
//! layout.
//!
//! A list keeps at least the items its layout needs to be read as written
//! (an S-Nim set of no removals, a case of no heaps in a layout where `0`
//! ends the input, or a query of no pieces would be the input's or the
//! graph's end); HDU 1848's three heaps are not a list at all. Anything
//! else, the limits included, is for the caller's predicate to judge.
//!
//! A graph's positions are dropped as a list too: the moves into a dropped
//! position and the pieces on it go with it, a query left with no piece
//! goes, and the later positions are renumbered, which keeps the graph
//! acyclic. Its moves' targets are not lowered, which could make a cycle;
//! moves are dropped instead, and first of all, in one try, the positions
//! past the last one a piece can reach.

use std::ops::Range;

use super::test_file::{Case, TestFile};
use crate::problem::{Layout, Limits, Rows};

/// Which variable a number is, for the smallest value the limits allow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    /// A heap, a case's first number, a row's number, a graph's piece.
    Value,
    /// A case's second number, a row's parameter, an S-Nim removal.
    Second,
}

/// The smallest value `limits` allow a number of `kind`.
pub fn smallest_allowed(limits: &Limits, kind: NumberKind) -> u64 {
    match kind {
        NumberKind::Value => limits.value.min,
        NumberKind::Second => limits.second.min,
    }
}

/// A list within a case whose items can be dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// A case's heaps, or a row's items (pairs, for a row of pairs).
    Items,
    /// S-Nim's removals.
    Set,
    /// S-Nim's positions.
    Positions,
    /// The heaps of S-Nim's position `i`.
    PositionHeaps(usize),
    /// A graph's queries.
    Queries,
    /// The pieces of a graph's query `i`.
    Pieces(usize),
    /// A graph's positions.
    Nodes,
    /// Every move of a graph, in the order of their positions.
    Moves,
}

/// The lists of `case`, outer lists first: dropping a position or a query
/// comes before dropping heaps within one.
pub(super) fn parts(case: &Case, layout: Layout) -> Vec<Part> {
    match case {
        Case::Heaps(_) if layout == Layout::HeapTriplesToZero => Vec::new(),
        Case::Heaps(_) | Case::Row { .. } => vec![Part::Items],
        Case::Number(_) | Case::Pair(..) => Vec::new(),
        Case::Sets { positions, .. } => [Part::Positions, Part::Set]
            .into_iter()
            .chain((0..positions.len()).map(Part::PositionHeaps))
            .collect(),
        Case::Graph { queries, .. } => std::iter::once(Part::Queries)
            .chain((0..queries.len()).map(Part::Pieces))
            .chain([Part::Nodes, Part::Moves])
            .collect(),
    }
}

/// The fewest items `part` may keep and still be read as written.
pub(super) fn fewest(part: Part, layout: Layout) -> usize {
    match part {
        Part::Items if matches!(layout, Layout::HeapCasesToZero { .. }) => 1,
        Part::Set | Part::Pieces(_) => 1,
        _ => 0,
    }
}

/// How many numbers make one item of a row: two in a row of pairs.
fn row_width(layout: Layout) -> usize {
    match layout {
        Layout::Rows(Rows { pairs: true, .. }) => 2,
        _ => 1,
    }
}

/// The number of items in `part` of `case` (0 for a part it lacks).
pub(super) fn len(case: &Case, part: Part, layout: Layout) -> usize {
    match (case, part) {
        (Case::Heaps(heaps), Part::Items) => heaps.len(),
        (Case::Row { numbers, .. }, Part::Items) => numbers.len() / row_width(layout),
        (Case::Sets { set, .. }, Part::Set) => set.len(),
        (Case::Sets { positions, .. }, Part::Positions) => positions.len(),
        (Case::Sets { positions, .. }, Part::PositionHeaps(i)) => {
            positions.get(i).map_or(0, Vec::len)
        }
        (Case::Graph { queries, .. }, Part::Queries) => queries.len(),
        (Case::Graph { queries, .. }, Part::Pieces(i)) => queries.get(i).map_or(0, Vec::len),
        (Case::Graph { moves, .. }, Part::Nodes) => moves.len(),
        (Case::Graph { moves, .. }, Part::Moves) => moves.iter().map(Vec::len).sum(),
        _ => 0,
    }
}

/// Drops the items `range` of `list`, as far as it has them.
fn drain<T>(list: &mut Vec<T>, range: Range<usize>) {
    let end = range.end.min(list.len());
    list.drain(range.start.min(end)..end);
}

/// Drops the items `range` of `part` from `case`.
pub(super) fn remove(case: &mut Case, part: Part, range: Range<usize>, layout: Layout) {
    match (case, part) {
        (Case::Heaps(heaps), Part::Items) => drain(heaps, range),
        (Case::Row { numbers, .. }, Part::Items) => {
            let width = row_width(layout);
            drain(numbers, range.start * width..range.end * width);
        }
        (Case::Sets { set, .. }, Part::Set) => drain(set, range),
        (Case::Sets { positions, .. }, Part::Positions) => drain(positions, range),
        (Case::Sets { positions, .. }, Part::PositionHeaps(i)) => positions
            .get_mut(i)
            .into_iter()
            .for_each(|h| drain(h, range.clone())),
        (Case::Graph { queries, .. }, Part::Queries) => drain(queries, range),
        (Case::Graph { queries, .. }, Part::Pieces(i)) => queries
            .get_mut(i)
            .into_iter()
            .for_each(|p| drain(p, range.clone())),
        (Case::Graph { moves, queries }, Part::Nodes) => drop_nodes(moves, queries, range),
        (Case::Graph { moves, .. }, Part::Moves) => {
            let mut index = 0;
            for targets in moves {
                targets.retain(|_| {
                    index += 1;
                    !range.contains(&(index - 1))
                });
            }
        }
        _ => {}
    }
}

/// Drops the positions `range` of a graph, with the moves into them and
/// the pieces on them (and a query left with none), renumbering the rest.
fn drop_nodes(moves: &mut Vec<Vec<u64>>, queries: &mut Vec<Vec<u64>>, range: Range<usize>) {
    let end = range.end.min(moves.len());
    let (start, end) = (range.start.min(end) as u64, end as u64);
    let renumber = |v: u64| match v {
        v if v < start => Some(v),
        v if v < end => None,
        v => Some(v - (end - start)),
    };
    moves.drain(start as usize..end as usize);
    for list in moves.iter_mut().chain(queries.iter_mut()) {
        *list = list.iter().copied().filter_map(renumber).collect();
    }
    queries.retain(|pieces| !pieces.is_empty());
}

/// `case`, a graph, without the positions past the last one its queries'
/// pieces can reach, and without the moves into them (which only positions
/// no piece reaches have); `None` if there are none to cut.
pub(super) fn trimmed_graph(case: &Case) -> Option<Case> {
    let Case::Graph { moves, queries } = case else {
        return None;
    };
    let mut reached = vec![false; moves.len()];
    let mut stack: Vec<u64> = queries.iter().flatten().copied().collect();
    while let Some(p) = stack.pop() {
        let Some(seen) = usize::try_from(p).ok().and_then(|p| reached.get_mut(p)) else {
            continue;
        };
        if !*seen {
            *seen = true;
            stack.extend(&moves[p as usize]);
        }
    }
    let keep = reached.iter().rposition(|&r| r).map_or(0, |last| last + 1);
    if keep == moves.len() {
        return None;
    }
    let moves = moves[..keep]
        .iter()
        .map(|targets| {
            targets
                .iter()
                .copied()
                .filter(|&v| v < keep as u64)
                .collect()
        })
        .collect();
    Some(Case::Graph {
        moves,
        queries: queries.clone(),
    })
}

/// Every number of `test` the shrinker may lower, in the file's order,
/// with its kind. The counts are not among them (the lists' lengths are
/// the counts), nor are a graph's moves.
pub(super) fn numbers_mut(test: &mut TestFile) -> Vec<(NumberKind, &mut u64)> {
    use NumberKind::{Second, Value};
    let mut numbers = Vec::new();
    for case in &mut test.cases {
        match case {
            Case::Heaps(heaps) => numbers.extend(heaps.iter_mut().map(|h| (Value, h))),
            Case::Number(n) => numbers.push((Value, n)),
            Case::Pair(a, b) => numbers.extend([(Value, a), (Second, b)]),
            Case::Row {
                parameter,
                numbers: row,
            } => {
                numbers.extend(parameter.iter_mut().map(|p| (Second, p)));
                numbers.extend(row.iter_mut().map(|n| (Value, n)));
            }
            Case::Sets { set, positions } => {
                numbers.extend(set.iter_mut().map(|s| (Second, s)));
                numbers.extend(positions.iter_mut().flatten().map(|h| (Value, h)));
            }
            Case::Graph { queries, .. } => {
                numbers.extend(queries.iter_mut().flatten().map(|p| (Value, p)));
            }
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(moves: &[&[u64]], queries: &[&[u64]]) -> Case {
        Case::Graph {
            moves: moves.iter().map(|m| m.to_vec()).collect(),
            queries: queries.iter().map(|q| q.to_vec()).collect(),
        }
    }

    #[test]
    fn a_graph_is_cut_after_the_last_position_a_piece_reaches() {
        // 0 → 3 is a move of a position no piece reaches.
        let case = graph(&[&[3], &[2], &[], &[4], &[]], &[&[1]]);
        assert_eq!(
            trimmed_graph(&case),
            Some(graph(&[&[], &[2], &[]], &[&[1]]))
        );
        let whole = graph(&[&[1], &[]], &[&[0]]);
        assert_eq!(trimmed_graph(&whole), None);
        // No query: no position is needed. A piece off the graph is ignored.
        assert_eq!(
            trimmed_graph(&graph(&[&[1], &[]], &[])),
            Some(graph(&[], &[]))
        );
        assert_eq!(
            trimmed_graph(&graph(&[&[], &[]], &[&[7, 0]])),
            Some(graph(&[&[]], &[&[7, 0]]))
        );
    }

    #[test]
    fn a_graphs_moves_are_dropped_by_their_place_among_all_moves() {
        let mut case = graph(&[&[1, 2], &[2], &[]], &[&[0]]);
        assert_eq!(len(&case, Part::Moves, Layout::GraphCases), 3);
        remove(&mut case, Part::Moves, 1..3, Layout::GraphCases);
        assert_eq!(case, graph(&[&[1], &[], &[]], &[&[0]]));
    }

    #[test]
    fn a_graph_drops_positions_with_their_moves_and_pieces_and_renumbers_the_rest() {
        let mut case = graph(&[&[1, 3], &[2, 3], &[3], &[]], &[&[1], &[0, 3], &[2, 2]]);
        remove(&mut case, Part::Nodes, 1..3, Layout::GraphCases);
        assert_eq!(case, graph(&[&[1], &[]], &[&[0, 1]]));
    }

    #[test]
    fn a_row_of_pairs_drops_whole_pairs() {
        let layout = Layout::Rows(Rows {
            counted: false,
            parameter: true,
            pairs: true,
        });
        let mut case = Case::Row {
            parameter: Some(9),
            numbers: vec![1, 2, 3, 4, 5, 6],
        };
        assert_eq!(len(&case, Part::Items, layout), 3);
        remove(&mut case, Part::Items, 1..2, layout);
        assert_eq!(
            case,
            Case::Row {
                parameter: Some(9),
                numbers: vec![1, 2, 5, 6]
            }
        );
    }
}
