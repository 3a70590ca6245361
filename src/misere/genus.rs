//! Conway's genus of a rule's single heaps: the normal-play value, the
//! misère value, and how the misère value changes as nim-heaps `*2` are
//! added (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13).
//!
//! The genus of a game `G` is `g^{γ₀γ₁γ₂…}`: `g = G⁺(G)` its normal-play
//! Grundy value, and `γ_k = G⁻(G + k·*2)` the misère Grundy value of `G`
//! beside `k` nim-heaps of size 2 (`G⁻` of a position is 1 when it has no
//! move, else the mex of its options' `G⁻`). The sequence `γ` ends in a
//! repeated pair; it is written, as CGSuite writes it, up to the first
//! place from which its last two terms repeat forever: `*0` is `0^120`,
//! `*1` is `1^031`, `*2` is `2^20`, `*3` is `3^31`. (CGSuite shortens tame
//! games further, to `0^1` or to a bare nim-heap; here every genus is
//! written in full.) A term of 10 or more puts the superscript in
//! parentheses, separated by commas: heap 14 of `0.8f` is `7^(7,8,10)`.
//!
//! # What is proven
//!
//! Every genus printed is exact, for every `k`, by two lemmas proven here.
//!
//! *`*1` flips the last bit.* `G⁻(H + *1) = G⁻(H) ⊕ 1` for every `H`: by
//! induction on `H`, the options of `H + *1` are worth `G⁻(H') ⊕ 1` and
//! `m = G⁻(H)`, the mex of the `G⁻(H')` (for an `H` with no option,
//! `m = 1` and `H + *1` is worth `0 = m ⊕ 1`).
//! The `G⁻(H') ⊕ 1` hold every value below `2⌊m/2⌋` and not `m ⊕ 1`, so
//! with `m` added, `m ⊕ 1` is the least missing. Hence `*1 + *1` changes no
//! position's `G⁻`, and no position needs a `*1` at all: the move
//! `*2 → *1` leaves a position worth `γ_{k-1} ⊕ 1`, and
//!
//! ```text
//! γ₀ = mex{γ'₀}  (1 when G has no option),   γ_k = mex({γ'_k} ∪ {γ_{k-1}, γ_{k-1} ⊕ 1})
//! ```
//!
//! over the options `G'` of `G` (Conway's rule; CGSuite's `Genus` uses it).
//!
//! *Where the pair starts.* Let `s` be the largest index from which any
//! option's sequence repeats with period 2. From `s` on, `A_k = {γ'_k}`
//! depends only on the parity `p` of `k`; let `m_p = mex A_p`. Each
//! `γ_k` (`k ≥ s`) is `f_p(⌊γ_{k-1}/2⌋)`, where `f_p(b) = mex(A_p ∪
//! {2b, 2b+1})` is `m_p` unless `b = ⌊m_p/2⌋`, when it is one fixed value
//! `e_p` outside that pair (and `γ₀ = m₀`). Since `f_q(b)` never lies in
//! the pair `{2b, 2b+1}`, the two-step map `T(x) = f_p(⌊f_q(⌊x/2⌋)/2⌋)`
//! (`q = 1 - p`) fixes `m_p` and sends `e_p` to `m_p` or to itself:
//! either way `T(γ_k)` is a fixed point, so `γ_{k+2} = γ_{k+4}` for every `k ≥ s`. Hence `γ₀ … γ_{s+3}`
//! hold the whole sequence, and it repeats from `s + 2` on; this is the
//! number of terms CGSuite computes too. Each position's sequence is
//! computed this way from its options' sequences, so every term is proven
//! by induction from the empty position (`0^120`).
//!
//! # The positions searched
//!
//! A heap's options are sums of heaps, and a sum's genus is not decided by
//! its parts' genera, so every position below a heap is searched, memoized
//! by its heaps sorted (heaps with no move are dropped: adding a game with
//! no option changes no game tree). No move adds objects, so the positions
//! below a heap of `n` are among the multisets of at most `n` objects, in
//! number `p(1) + … + p(n)` (partitions) whatever the rule: 28 628 for
//! `n = 30`, 215 307 for [`MAX_GENUS_HEAP`] (Kayles to 40 takes about 5 s
//! in a debug build, 0.5 s to 30).

use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use super::options::heap_options;
use crate::grundy::sequence::{no_progress, Stop};
use crate::grundy::{Method, NimSequence, Rule};

/// The heaps `nimstream misere --genus` shows unless told otherwise.
pub const DEFAULT_GENUS_HEAPS: usize = 20;

/// The largest heap whose genus is computed: the positions below a heap
/// of `n` number up to `p(1) + … + p(n)`, 215 307 at 40; each further 10
/// heaps multiplies them by about 6, and the memory with them.
pub const MAX_GENUS_HEAP: usize = 40;

/// A genus `g^{γ₀γ₁…}`, its superscript cut where its last two terms
/// repeat forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    normal: u32,
    /// `γ₀ … γ_L`, `L ≥ 1`, with `γ_k = γ_{k+2}` for every `k ≥ L - 1`
    /// and `γ_{L-2} ≠ γ_L`.
    superscript: Rc<[u32]>,
}

impl Genus {
    /// `g = G⁺`, the normal-play value.
    pub fn normal(&self) -> u32 {
        self.normal
    }

    /// `γ₀ = G⁻`, the misère value.
    pub fn misere(&self) -> u32 {
        self.superscript[0]
    }

    /// The superscript as written, `γ₀ … γ_L`.
    pub fn superscript(&self) -> &[u32] {
        &self.superscript
    }

    /// `γ_k = G⁻(G + k·*2)`, for any `k`.
    pub fn term(&self, k: usize) -> u32 {
        term(&self.superscript, k)
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.superscript.iter().all(|&t| t < 10) {
            return self.superscript.iter().try_for_each(|t| write!(f, "{t}"));
        }
        let terms: Vec<String> = self.superscript.iter().map(u32::to_string).collect();
        write!(f, "({})", terms.join(","))
    }
}

/// One heap's values and genus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGenus {
    /// The heap's size.
    pub heap: usize,
    /// Its normal-play Grundy value `G⁺`.
    pub normal: u32,
    /// Its misère Grundy value `G⁻`.
    pub misere: u32,
    /// Its genus.
    pub genus: Genus,
}

/// Why the genera were not computed.
#[derive(Debug)]
pub enum GenusError {
    /// The bound is beyond [`MAX_GENUS_HEAP`].
    TooLarge {
        /// The bound asked for.
        upto: usize,
    },
    /// The normal-play values could not be computed.
    Values(Stop),
}

impl fmt::Display for GenusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenusError::TooLarge { upto } => write!(
                f,
                "genus up to heap {upto}: at most heap {MAX_GENUS_HEAP} (every position of up to \
                 that many objects is searched, and their number grows as the partitions of n)"
            ),
            GenusError::Values(stop) => write!(f, "normal-play values: {stop}"),
        }
    }
}

impl std::error::Error for GenusError {}

/// The normal value, misère value and genus of each heap `0..=upto` of
/// `rule`, each proven (see the module's docs).
pub fn genera(rule: &Rule, upto: usize) -> Result<Vec<HeapGenus>, GenusError> {
    if upto > MAX_GENUS_HEAP {
        return Err(GenusError::TooLarge { upto });
    }
    let mut seq = NimSequence::new(rule.clone(), Method::Auto);
    seq.extend_to(upto + 1, &mut no_progress)
        .map_err(GenusError::Values)?;
    let normal: Vec<u32> = seq.values().to_vec();
    let mut search = Search::new(rule, upto);
    Ok((0..=upto)
        .map(|heap| {
            let position: Vec<u8> = search.live(&[heap as u8]).collect();
            let genus = Genus {
                normal: normal[heap],
                superscript: search.superscript(&position),
            };
            HeapGenus {
                heap,
                normal: normal[heap],
                misere: genus.misere(),
                genus,
            }
        })
        .collect())
}

/// `γ_k` of a superscript cut as [`Genus`] cuts it.
fn term(superscript: &[u32], k: usize) -> u32 {
    let last = superscript.len() - 1;
    if k <= last {
        superscript[k]
    } else {
        superscript[last - (k - last) % 2]
    }
}

/// The superscripts of positions (sorted heaps, each with a move), memoized.
struct Search {
    /// What a move leaves of each heap, heaps with no move dropped.
    options: Vec<Vec<Vec<u8>>>,
    memo: HashMap<Box<[u8]>, Rc<[u32]>>,
}

impl Search {
    fn new(rule: &Rule, upto: usize) -> Search {
        let raw: Vec<Vec<Vec<usize>>> = (0..=upto).map(|n| heap_options(rule, n)).collect();
        let options = raw
            .iter()
            .map(|moves| {
                moves
                    .iter()
                    .map(|parts| {
                        let mut live: Vec<u8> = parts
                            .iter()
                            .filter(|&&h| !raw[h].is_empty())
                            .map(|&h| h as u8)
                            .collect();
                        live.sort_unstable();
                        live
                    })
                    .collect()
            })
            .collect();
        Search {
            options,
            memo: HashMap::new(),
        }
    }

    /// The heaps of `heaps` that have a move.
    fn live<'a>(&'a self, heaps: &'a [u8]) -> impl Iterator<Item = u8> + 'a {
        heaps
            .iter()
            .copied()
            .filter(|&h| !self.options[h as usize].is_empty())
    }

    fn superscript(&mut self, position: &[u8]) -> Rc<[u32]> {
        if let Some(found) = self.memo.get(position) {
            return found.clone();
        }
        let options: Vec<Rc<[u32]>> = self
            .option_positions(position)
            .iter()
            .map(|option| self.superscript(option))
            .collect();
        let superscript: Rc<[u32]> = from_options(&options).into();
        self.memo.insert(position.into(), superscript.clone());
        superscript
    }

    /// Each position one move leaves of `position`, sorted.
    fn option_positions(&self, position: &[u8]) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue;
            }
            for parts in &self.options[heap as usize] {
                let mut option: Vec<u8> = position[..i].to_vec();
                option.extend_from_slice(&position[i + 1..]);
                option.extend_from_slice(parts);
                option.sort_unstable();
                found.push(option);
            }
        }
        found
    }
}

/// A position's superscript from its options' (none: the empty position),
/// by Conway's rule, computed to `γ_{s+3}` and cut (see the module's docs).
fn from_options(options: &[Rc<[u32]>]) -> Vec<u32> {
    // An option written `γ₀ … γ_L` repeats from `L - 1` on.
    let start = options.iter().map(|o| o.len() - 2).max().unwrap_or(0);
    let mut terms = Vec::with_capacity(start + 4);
    terms.push(if options.is_empty() {
        1
    } else {
        mex(options.iter().map(|o| o[0]))
    });
    for k in 1..=start + 3 {
        let before = terms[k - 1];
        let option_terms = options.iter().map(|o| term(o, k));
        terms.push(mex(option_terms.chain([before, before ^ 1])));
    }
    cut(terms)
}

/// The shortest prefix whose last two terms repeat, of terms known to
/// repeat from their last two on.
fn cut(mut terms: Vec<u32>) -> Vec<u32> {
    while terms.len() > 2 && terms[terms.len() - 1] == terms[terms.len() - 3] {
        terms.pop();
    }
    terms
}

/// The least value not among `values`.
fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::tests::brute_moves;

    /// A position of the direct search: the rule's heaps and the nim-heaps
    /// (each `1` or `2`), both sorted; nothing is dropped or merged.
    type Position = (Vec<u64>, Vec<u8>);

    /// `G⁻` and `G⁺` by their definitions over the explicit game tree, with
    /// a plain memo and no shortcut.
    struct Direct {
        moves: Box<dyn Fn(u64) -> Vec<Vec<u64>>>,
        misere: HashMap<Position, u32>,
        normal: HashMap<u64, u32>,
    }

    impl Direct {
        fn new(rule: &Rule) -> Direct {
            Direct {
                moves: brute_moves(rule),
                misere: HashMap::new(),
                normal: HashMap::new(),
            }
        }

        fn options(&self, (heaps, nims): &Position) -> Vec<Position> {
            let mut options = Vec::new();
            for (i, &heap) in heaps.iter().enumerate() {
                for parts in (self.moves)(heap) {
                    let mut rest = heaps.clone();
                    rest.remove(i);
                    rest.extend(parts.into_iter().filter(|&p| p > 0));
                    rest.sort_unstable();
                    options.push((rest, nims.clone()));
                }
            }
            for (i, &nim) in nims.iter().enumerate() {
                for smaller in 0..nim {
                    let mut rest = nims.clone();
                    rest.remove(i);
                    if smaller > 0 {
                        rest.push(smaller);
                    }
                    rest.sort_unstable();
                    options.push((heaps.clone(), rest));
                }
            }
            options
        }

        fn misere(&mut self, position: &Position) -> u32 {
            if let Some(&value) = self.misere.get(position) {
                return value;
            }
            let options = self.options(position);
            let value = if options.is_empty() {
                1
            } else {
                mex(options
                    .iter()
                    .map(|o| self.misere(o))
                    .collect::<Vec<_>>()
                    .into_iter())
            };
            self.misere.insert(position.clone(), value);
            value
        }

        fn normal(&mut self, heap: u64) -> u32 {
            if let Some(&value) = self.normal.get(&heap) {
                return value;
            }
            let values: Vec<u32> = (self.moves)(heap)
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ self.normal(p)))
                .collect();
            let value = mex(values.into_iter());
            self.normal.insert(heap, value);
            value
        }
    }

    /// Heaps `0..=upto` of `code` agree with the direct search: values, and
    /// the genus's terms well past where it is cut.
    fn agrees_with_direct_search(code: &str, upto: usize) {
        let rule = Rule::parse(code).unwrap();
        let mut direct = Direct::new(&rule);
        for found in genera(&rule, upto).unwrap() {
            let heap = found.heap as u64;
            let heaps = if heap > 0 { vec![heap] } else { vec![] };
            assert_eq!(found.normal, direct.normal(heap), "{code}: G⁺({heap})");
            assert_eq!(found.normal, found.genus.normal(), "{code}: {heap}");
            assert_eq!(found.misere, found.genus.misere(), "{code}: {heap}");
            for k in 0..found.genus.superscript().len() + 3 {
                let position = (heaps.clone(), vec![2; k]);
                assert_eq!(
                    found.genus.term(k),
                    direct.misere(&position),
                    "{code}: heap {heap} + {k}·*2, genus {}",
                    found.genus
                );
            }
        }
    }

    fn shown(code: &str, upto: usize) -> Vec<String> {
        let rule = Rule::parse(code).unwrap();
        let found = genera(&rule, upto).unwrap();
        found.iter().map(|h| h.genus.to_string()).collect()
    }

    #[test]
    fn kayles_agrees_with_a_direct_search() {
        agrees_with_direct_search("kayles", 20);
    }

    #[test]
    fn dawsons_kayles_agrees_with_a_direct_search() {
        agrees_with_direct_search("0.07", 20);
    }

    #[test]
    fn grundys_game_agrees_with_a_direct_search() {
        agrees_with_direct_search("grundy", 20);
    }

    #[test]
    fn a_subtraction_game_agrees_with_a_direct_search() {
        agrees_with_direct_search("sub:2,3,7", 20);
    }

    #[test]
    fn nim_heaps_have_conways_genera() {
        // On Numbers and Games, ch. 12: *0 = 0^120, *1 = 1^031, *2 = 2^20,
        // *3 = 3^31 (the heaps of 0.333 are nim-heaps up to 3).
        assert_eq!(shown("0.333", 3), ["0^120", "1^031", "2^20", "3^31"]);
    }

    #[test]
    fn the_game_0_312_has_plambecks_genera() {
        // T. Plambeck, "0.312", plambeck.org/oldhtml/mathematics/games/
        // misere/quaternary/0312: heaps 1 to 6 are 1^{03131}, 2^{20},
        // 0^{02}, 2^{1420}, 0^{02}, 1^{13} (the first written uncut).
        let found = shown("0.312", 6);
        assert_eq!(
            found[1..],
            ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]
        );
    }

    #[test]
    fn a_term_of_ten_or_more_is_written_with_commas() {
        let genus = Genus {
            normal: 12,
            superscript: vec![12, 3, 10, 8].into(),
        };
        assert_eq!(genus.to_string(), "12^(12,3,10,8)");
        assert_eq!(genus.term(4), 10);
        assert_eq!(genus.term(7), 8);
    }

    #[test]
    fn a_superscript_is_cut_where_its_pair_starts() {
        assert_eq!(cut(vec![1, 2, 0, 2, 0, 2]), [1, 2, 0]);
        assert_eq!(cut(vec![2, 0, 2, 0]), [2, 0]);
        assert_eq!(cut(vec![1, 4, 2, 0, 2, 0]), [1, 4, 2, 0]);
    }

    #[test]
    fn a_bound_beyond_the_limit_is_refused() {
        let rule = Rule::parse("kayles").unwrap();
        let error = genera(&rule, MAX_GENUS_HEAP + 1).unwrap_err();
        assert!(error
            .to_string()
            .contains(&format!("at most heap {MAX_GENUS_HEAP}")));
    }
}
