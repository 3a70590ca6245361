//! Pieces on a directed acyclic graph (HDU 1524 / POJ 2425): a move slides
//! one piece along an edge, and a player who cannot move loses.
//!
//! Each piece is a game of its own, so a position is the sum of its
//! pieces: the first player wins iff the xor of the Grundy values of the
//! pieces' nodes is nonzero, where a node's value is the mex of its
//! successors' values (0 for a node with no edge out).
//!
//! The values are computed once per graph, by a depth-first walk with an
//! explicit stack, so a path of a million nodes costs no recursion, in
//! `O(N + E)`. The graph must be acyclic: a walk that meets a node still
//! on its stack has found a cycle, which it reports ([`Cycle`]) rather
//! than loop or guess. The unit tests check the values against a search
//! of the pieces' positions on small random graphs.

use super::{Game, GameSpec};

/// The game as the catalogue builds it: the graph comes with each case,
/// and the values of a query's pieces are played as Nim's heaps, so the
/// game built here is Nim, which the layout feeds.
pub const SPEC: GameSpec = GameSpec {
    name: "graph",
    parameters: &[],
    build: |_| Ok(Game::Nim(super::nim::NormalNim)),
};

/// A graph as the input gives it: node `i`'s successors are
/// `targets[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Where each node's successors begin in `targets`, and one past the
    /// last node's.
    pub starts: Vec<u32>,
    /// The successors of every node, node after node.
    pub targets: Vec<u32>,
}

/// A cycle the graph holds, node after node; the last has an edge back to
/// the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle(pub Vec<u32>);

impl std::fmt::Display for Cycle {
    /// `3 -> 5 -> 3`, with at most the first eight nodes written out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 8;
        for node in self.0.iter().take(SHOWN) {
            write!(f, "{node} -> ")?;
        }
        if self.0.len() > SHOWN {
            write!(f, "… ({} nodes) -> ", self.0.len())?;
        }
        write!(f, "{}", self.0.first().copied().unwrap_or(0))
    }
}

impl Graph {
    /// An empty graph, its first node's successors next.
    pub fn new() -> Graph {
        Graph {
            starts: vec![0],
            targets: Vec::new(),
        }
    }

    /// Empties the graph, keeping its memory.
    pub fn clear(&mut self) {
        self.starts.clear();
        self.starts.push(0);
        self.targets.clear();
    }

    /// The number of nodes whose successors are complete.
    pub fn nodes(&self) -> usize {
        self.starts.len() - 1
    }

    /// Adds a successor to the node being read; false if it does not fit
    /// (2^32-1 edges, or no memory left), so that a damaged input is an
    /// error rather than an abort.
    #[inline(always)]
    pub fn edge(&mut self, to: u32) -> bool {
        let len = self.targets.len();
        if len == self.targets.capacity() {
            let more = len
                .max(1 << 10)
                .min((u32::MAX as usize).saturating_sub(len));
            if more == 0 || self.targets.try_reserve_exact(more).is_err() {
                return false;
            }
        }
        self.targets.push(to);
        true
    }

    /// Ends the node being read.
    #[inline(always)]
    pub fn end_node(&mut self) {
        self.starts.push(self.targets.len() as u32);
    }

    fn successors(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.targets[self.starts[node] as usize..self.starts[node + 1] as usize]
    }

    /// The Grundy value of every node into `values` (reusing `scratch`), or
    /// the first cycle the walk meets. Every target must be a node.
    ///
    /// A node's state lives in its own value's cell (`NEW`, `OPEN`, or
    /// its value once done): on a large graph nearly every edge is a cache
    /// miss, and one array instead of two halves them.
    pub fn grundy_values(&self, values: &mut Vec<u32>, scratch: &mut Scratch) -> Result<(), Cycle> {
        let n = self.nodes();
        values.clear();
        values.resize(n, NEW);
        let seen = &mut scratch.seen;
        seen.clear();
        seen.resize(n + 1, 0);
        let mut stamp = 0u32;
        let stack = &mut scratch.stack;
        for root in 0..n as u32 {
            if values[root as usize] != NEW {
                continue;
            }
            stack.clear();
            stack.push((root, self.starts[root as usize]));
            values[root as usize] = OPEN;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let end = self.starts[node as usize + 1];
                if *next < end {
                    let to = self.targets[*next as usize];
                    *next += 1;
                    match values[to as usize] {
                        NEW => {
                            values[to as usize] = OPEN;
                            stack.push((to, self.starts[to as usize]));
                        }
                        OPEN => {
                            let from = stack.iter().position(|&(v, _)| v == to).unwrap_or(0);
                            return Err(Cycle(stack[from..].iter().map(|&(v, _)| v).collect()));
                        }
                        _ => {}
                    }
                    continue;
                }
                // Every successor is valued: the mex of their values. A
                // value is at most the number of distinct successors, so
                // below `n`, and marks fit in `seen`.
                stamp = stamp.wrapping_add(1);
                if stamp == 0 {
                    seen.fill(0);
                    stamp = 1;
                }
                for &to in self.successors(node) {
                    seen[values[to as usize] as usize] = stamp;
                }
                let mex = (0..).find(|&v| seen[v] != stamp).unwrap_or(0);
                values[node as usize] = mex as u32;
                stack.pop();
            }
        }
        Ok(())
    }
}

/// What [`Graph::grundy_values`] keeps between graphs.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    seen: Vec<u32>,
    stack: Vec<(u32, u32)>,
}

/// The most positions a graph may have: node numbers are `u32`s, and a
/// value, at most a node's number of distinct successors, stays below the
/// mark of a node on the walk's path (`OPEN`).
pub const MAX_POSITIONS: u64 = OPEN as u64 - 1;

/// A node not reached yet.
const NEW: u32 = u32::MAX;

/// A node on the walk's stack, its successors not all valued yet.
const OPEN: u32 = u32::MAX - 1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use std::collections::HashMap;

    fn graph(adjacency: &[Vec<u32>]) -> Graph {
        let mut g = Graph::new();
        for successors in adjacency {
            for &to in successors {
                assert!(g.edge(to));
            }
            g.end_node();
        }
        g
    }

    fn values(g: &Graph) -> Result<Vec<u32>, Cycle> {
        let mut values = Vec::new();
        g.grundy_values(&mut values, &mut Scratch::default())
            .map(|()| values)
    }

    /// Whether the player to move wins with pieces on `pieces`, by trying
    /// every move of every piece.
    fn wins(g: &[Vec<u32>], pieces: Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
        let mut key = pieces;
        key.sort_unstable();
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let mut result = false;
        for (i, &p) in key.iter().enumerate() {
            for &to in &g[p as usize] {
                let mut next = key.clone();
                next[i] = to;
                if !wins(g, next, memo) {
                    result = true;
                }
            }
        }
        memo.insert(key, result);
        result
    }

    /// A random DAG on `n` nodes: edges only to later nodes, then the
    /// nodes renamed by a random permutation.
    fn random_dag(n: u32, rng: &mut SplitMix64) -> Vec<Vec<u32>> {
        let mut names: Vec<u32> = (0..n).collect();
        for i in (1..n as usize).rev() {
            names.swap(i, rng.between(0, i as u64) as usize);
        }
        let mut g = vec![Vec::new(); n as usize];
        for i in 0..n {
            for j in i + 1..n {
                if rng.chance(0.3) {
                    g[names[i as usize] as usize].push(names[j as usize]);
                }
            }
        }
        g
    }

    #[test]
    fn the_xor_of_the_values_is_the_searchs_verdict() {
        let mut rng = SplitMix64::new(1524);
        for _ in 0..40 {
            let n = rng.between(1, 7) as u32;
            let adjacency = random_dag(n, &mut rng);
            let values = values(&graph(&adjacency)).unwrap();
            let mut memo = HashMap::new();
            for _ in 0..20 {
                let m = rng.between(1, 3);
                let pieces: Vec<u32> = (0..m)
                    .map(|_| rng.between(0, u64::from(n) - 1) as u32)
                    .collect();
                let xor = pieces.iter().fold(0, |x, &p| x ^ values[p as usize]);
                assert_eq!(
                    xor != 0,
                    wins(&adjacency, pieces.clone(), &mut memo),
                    "{adjacency:?} {pieces:?}"
                );
            }
        }
    }

    #[test]
    fn the_statements_sample() {
        let first = values(&graph(&[vec![1, 2], vec![], vec![3], vec![]])).unwrap();
        assert_eq!(first, [2, 0, 1, 0]);
        let second = values(&graph(&[vec![1], vec![2], vec![], vec![]])).unwrap();
        assert_eq!(second, [0, 1, 0, 0]);
    }

    #[test]
    fn a_path_of_a_million_nodes_needs_no_recursion() {
        let n = 1_000_000u32;
        let adjacency: Vec<Vec<u32>> = (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![] })
            .collect();
        let values = values(&graph(&adjacency)).unwrap();
        assert!(values
            .iter()
            .enumerate()
            .all(|(i, &v)| v == u32::from((n as usize - 1 - i) % 2 == 1)));
    }

    #[test]
    fn cycles_are_found_not_followed() {
        assert_eq!(values(&graph(&[vec![0]])), Err(Cycle(vec![0])));
        let cycle = values(&graph(&[vec![1], vec![2], vec![3], vec![1]])).unwrap_err();
        assert_eq!(cycle, Cycle(vec![1, 2, 3]));
        assert_eq!(cycle.to_string(), "1 -> 2 -> 3 -> 1");
        let n = 100_000u32;
        let ring: Vec<Vec<u32>> = (0..n).map(|i| vec![(i + 1) % n]).collect();
        let cycle = values(&graph(&ring)).unwrap_err();
        assert_eq!(cycle.0.len(), n as usize);
        assert!(cycle.to_string().contains("(100000 nodes)"), "{cycle}");
    }

    #[test]
    fn duplicate_edges_and_reuse_are_fine() {
        let g = graph(&[vec![1, 1, 2], vec![2], vec![]]);
        let mut scratch = Scratch::default();
        let mut out = Vec::new();
        g.grundy_values(&mut out, &mut scratch).unwrap();
        assert_eq!(out, [2, 1, 0]);
        let h = graph(&[vec![], vec![0]]);
        h.grundy_values(&mut out, &mut scratch).unwrap();
        assert_eq!(out, [0, 1]);
    }
}
