//! HDU 1524's graphs: per case (graph) `N` positions drawn from
//! `[--second-min, --second-max]`, each with up to `--set-size` moves, then
//! `--positions` queries of `--heaps` pieces on positions within
//! `[--min, --max]`, every query losing or winning as the plan says.
//!
//! A graph is acyclic by construction: every move goes from a position to
//! a later one. Every position but the last has a move, and half of them
//! move to the next one, so the graph holds long paths (a million positions deep, if asked), which is what a
//! recursive valuation would fail on. The plan runs over the queries of
//! the whole file, since a query is what a verdict is given for; a losing
//! query is planted by choosing its last piece among the positions whose
//! value cancels the others'.

use std::io::Write;

use super::decimal::Lines;
use super::plan::LosingPlan;
use super::{impossible, CaseName, GenError, GenOptions, TRIES};
use crate::games::graph::{Graph, Scratch, MAX_POSITIONS};
use crate::plural::count;
use crate::rng::SplitMix64;

/// Keeps the graphs' random numbers apart from the queries'.
const GRAPH_SALT: u64 = 0x4752_4150_4853_2121;

/// Writes `o.cases` graphs with their queries.
pub(super) fn graph_cases<W: Write>(
    o: &GenOptions,
    lines: &mut Lines<W>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), GenError> {
    let total = o.cases.checked_mul(o.positions).ok_or_else(|| {
        GenError::Impossible("--cases times --positions does not fit in 64 bits".into())
    })?;
    let plan = LosingPlan::new(total, o.losing, o.seed);
    let (mut graph, mut values, mut scratch) = (Graph::new(), Vec::new(), Scratch::default());
    let mut by_value: Vec<Vec<u32>> = Vec::new();
    for case in 0..o.cases {
        let mut rng = SplitMix64::for_case(o.seed ^ GRAPH_SALT, case);
        let n = rng.between(o.second_min, o.second_max);
        if n == 0 && o.positions > 0 {
            return Err(GenError::Impossible(format!(
                "case {}: a graph of 0 positions has none to put a piece on; \
                 raise --second-min",
                case + 1
            )));
        }
        write_graph(n, o.set_size, &mut rng, &mut graph, lines)?;
        graph
            .grundy_values(&mut values, &mut scratch)
            .map_err(|cycle| GenError::Impossible(format!("a cycle was drawn: {cycle}")))?;
        let (lo, hi) = (o.min, o.max.min(n.saturating_sub(1)));
        if lo > hi && o.positions > 0 {
            return Err(GenError::Impossible(format!(
                "case {}: a graph of {} has none from {lo} on to put a piece on; \
                 raise --second-min above {lo} or lower --min",
                case + 1,
                count(n, "position")
            )));
        }
        by_value.iter_mut().for_each(Vec::clear);
        if lo <= hi && n > 0 {
            for p in lo..=hi {
                let value = values[p as usize] as usize;
                if by_value.len() <= value {
                    by_value.resize(value + 1, Vec::new());
                }
                by_value[value].push(p as u32);
            }
        }
        for query in 0..o.positions {
            let index = case * o.positions + query;
            let name = CaseName {
                case,
                position: Some(query),
                index,
            };
            let losing = plan.is_losing(index);
            // With a range of counts, a count that cannot make the query
            // what the plan asks gives way to the next.
            let mut m = o.heaps;
            let mut pieces = None;
            for tried in o.counts_of(index) {
                m = tried;
                pieces = draw_query(m, (lo, hi), &values, &by_value, losing, index, o);
                if pieces.is_some() {
                    break;
                }
            }
            let pieces = pieces.ok_or_else(|| {
                let pieces = count(m, "piece");
                let what = format!("{pieces} on positions in [{lo}, {hi}]");
                impossible(name, losing, &what)
            })?;
            lines.number(m);
            for p in pieces {
                lines.byte(b' ');
                lines.number(u64::from(p));
            }
            lines.byte(b'\n');
            lines.spill()?;
        }
        lines.number(0);
        lines.byte(b'\n');
        lines.spill()?;
        progress(case + 1);
    }
    Ok(())
}

/// Writes the line `N` and the moves of `n` positions, each with up to
/// `most` moves to later positions, into `graph` too.
fn write_graph<W: Write>(
    n: u64,
    most: u64,
    rng: &mut SplitMix64,
    graph: &mut Graph,
    lines: &mut Lines<W>,
) -> Result<(), GenError> {
    if n > MAX_POSITIONS {
        return Err(GenError::Impossible(format!(
            "a graph of {n} positions is more than {MAX_POSITIONS}"
        )));
    }
    graph.clear();
    lines.number(n);
    lines.byte(b'\n');
    for node in 0..n {
        // At least one move while there is a later position (when any
        // move is allowed), so every graph has a path from its first
        // position to its last, and values 0 and 1 to plant queries with.
        let later = n - 1 - node;
        let degree = match most.min(later) {
            0 => 0,
            most => rng.between(1, most),
        };
        lines.number(degree);
        for k in 0..degree {
            let to = match k == 0 && rng.chance(0.5) {
                true => node + 1,
                false => rng.between(node + 1, n - 1),
            };
            if !graph.edge(to as u32) {
                return Err(GenError::Impossible("out of memory for the graph".into()));
            }
            lines.byte(b' ');
            lines.number(to);
        }
        graph.end_node();
        lines.byte(b'\n');
        lines.spill()?;
    }
    Ok(())
}

/// The `m` pieces of a query on positions in `[lo, hi]` whose values xor
/// to zero iff `losing`; `None` after [`TRIES`] draws.
fn draw_query(
    m: u64,
    (lo, hi): (u64, u64),
    values: &[u32],
    by_value: &[Vec<u32>],
    losing: bool,
    index: u64,
    o: &GenOptions,
) -> Option<Vec<u32>> {
    if lo > hi || m == 0 {
        return None;
    }
    let mut rng = SplitMix64::for_case(o.seed, index);
    for _ in 0..TRIES {
        let mut pieces: Vec<u32> = (0..m).map(|_| rng.between(lo, hi) as u32).collect();
        let xor = pieces.iter().fold(0, |x, &p| x ^ values[p as usize]);
        if losing {
            let last = pieces.pop()?;
            let want = xor ^ values[last as usize];
            let Some(fits) = by_value.get(want as usize).filter(|f| !f.is_empty()) else {
                continue;
            };
            pieces.push(fits[rng.between(0, fits.len() as u64 - 1) as usize]);
            return Some(pieces);
        }
        if xor != 0 {
            return Some(pieces);
        }
    }
    None
}
