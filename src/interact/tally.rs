//! A heap position's worth, kept up to date move by move, so that a move
//! costs the heaps it touches and not a fold of the whole position.
//!
//! Kept: the summary of every heap (the xor of their Grundy values and the
//! counts; for a misère quotient, whose product has no inverse, how many
//! heaps stand at each element, multiplied out after each move), how many
//! heaps hold each bit of a value (what counts the winning replies after a
//! candidate move), the heaps that have a move (what the interactor's
//! candidates are drawn from, and whether the game is over), and, built
//! the first time a winning move asks for a bit, a list per bit of heaps
//! whose value has it. Those lists are lazy: a heap whose value changes is
//! pushed onto the lists of its new bits and left on the old ones, and an
//! entry is checked against the heap's value when it is read, dropped when
//! stale. So a winning move reads a few entries instead of every heap.
//!
//! A split moves the heaps after it along, which shifts the indices kept
//! (a pass over them, as the position's own vector shifts its heaps).

use std::collections::BTreeMap;

use crate::games::trace::FirstHeap;
use crate::games::{CaseSummary, HeapFold, HeapMove, MoveTrace};

/// The bits a Grundy value may have: 64, and bit 64 of Lasker's largest.
const BITS: usize = 65;

/// An index no heap has, for a heap outside the set of heaps that move.
const OUTSIDE: u32 = u32::MAX;

/// A heap position's summary and the indexes over its heaps.
#[derive(Clone, Debug)]
pub struct Tally {
    summary: CaseSummary,
    /// For a fold that cannot take a value back out: how many heaps have
    /// each value (a quotient's element), keyed by the value's fields.
    counted: Option<BTreeMap<(u64, u64, u64, u64), u64>>,
    /// How many heaps have each bit in their value.
    holding: [u64; BITS],
    /// Per bit, once asked for: heaps whose value had the bit when pushed
    /// (every heap that has it now is among them).
    holders: Vec<Option<Vec<u32>>>,
    /// The heaps that have a move, in no order.
    movable: Vec<u32>,
    /// Each heap's place in `movable`, or [`OUTSIDE`].
    place: Vec<u32>,
}

/// A heap's value as its fold xors it alone.
pub(crate) fn value_of<G: HeapFold>(game: &G, heap: u64) -> CaseSummary {
    let mut alone = CaseSummary::default();
    game.fold(&mut alone, heap);
    alone
}

/// A value's 65 bits.
fn bits(value: &CaseSummary) -> u128 {
    u128::from(value.xor) | u128::from(value.carry & 1) << 64
}

fn key(value: &CaseSummary) -> (u64, u64, u64, u64) {
    (value.xor, value.carry, value.ones, value.big)
}

impl Tally {
    /// The tally of `heaps`; `moves` says whether a heap has a move. An
    /// error when the game refuses a heap.
    pub fn new<G: HeapFold>(
        game: &G,
        heaps: &[u64],
        moves: impl Fn(u64) -> bool,
    ) -> Result<Tally, String> {
        if heaps.len() >= OUTSIDE as usize {
            return Err(format!(
                "{} heaps are more than the interactor holds",
                heaps.len()
            ));
        }
        let mut tally = Tally {
            summary: CaseSummary::default(),
            counted: (!G::TAKES_OUT).then(BTreeMap::new),
            holding: [0; BITS],
            holders: vec![None; BITS],
            movable: Vec::new(),
            place: vec![OUTSIDE; heaps.len()],
        };
        for at in 0..heaps.len() {
            tally.put(game, heaps, at, &moves)?;
        }
        tally.multiply_out(game);
        Ok(tally)
    }

    /// The summary of the whole position.
    pub fn summary(&self) -> &CaseSummary {
        &self.summary
    }

    /// How many heaps have each bit in their value.
    pub fn holding(&self) -> &[u64; BITS] {
        &self.holding
    }

    /// The heaps that have a move (indices from 0), in no order.
    pub fn movable(&self) -> &[u32] {
        &self.movable
    }

    /// Keeps up with `mv`, just played: `heaps` is the position after it.
    pub fn apply<G: HeapFold>(
        &mut self,
        game: &G,
        heaps: &[u64],
        mv: &HeapMove,
        moves: impl Fn(u64) -> bool,
    ) -> Result<(), String> {
        let at = (mv.heap - 1) as usize;
        let parts = [Some(mv.to), mv.and, mv.third]
            .into_iter()
            .flatten()
            .count();
        self.take(game, at, mv.from);
        if parts > 1 {
            self.shift(at, parts - 1);
        }
        for part in at..at + parts {
            self.put(game, heaps, part, &moves)?;
        }
        self.multiply_out(game);
        Ok(())
    }

    /// A trace that names, for each bit some heap's value has, a heap
    /// with it: what [`HeapGame::winning_move`](crate::games::HeapGame::winning_move)
    /// reads.
    pub fn trace<G: HeapFold>(&mut self, game: &G, heaps: &[u64]) -> MoveTrace {
        let mut trace = MoveTrace::default();
        trace.heaps = heaps.len() as u64;
        for bit in 0..BITS as u32 {
            if let Some(index) = self.holder(game, heaps, bit) {
                let heap = heaps[index];
                let index = index as u64;
                trace.hold(bit, FirstHeap { index, heap });
            }
        }
        trace
    }

    /// A heap whose value has `bit`, if any has.
    fn holder<G: HeapFold>(&mut self, game: &G, heaps: &[u64], bit: u32) -> Option<usize> {
        if self.holding[bit as usize] == 0 {
            return None;
        }
        let has = |at: u32| bits(&value_of(game, heaps[at as usize])) >> bit & 1 == 1;
        let list = self.holders[bit as usize]
            .get_or_insert_with(|| (0..heaps.len() as u32).filter(|&at| has(at)).collect());
        while let Some(&at) = list.last() {
            if has(at) {
                return Some(at as usize);
            }
            list.pop();
        }
        unreachable!("heap counts of bit {bit} and its list disagree")
    }

    /// Adds the heap at `at` of `heaps` (its place already made).
    fn put<G: HeapFold>(
        &mut self,
        game: &G,
        heaps: &[u64],
        at: usize,
        moves: &impl Fn(u64) -> bool,
    ) -> Result<(), String> {
        let heap = heaps[at];
        if G::MAY_REFUSE && !game.decides(heap) {
            return Err(game.refusal(heap));
        }
        let value = value_of(game, heap);
        match &mut self.counted {
            Some(counts) => *counts.entry(key(&value)).or_insert(0) += 1,
            None => self.summary = game.merge(self.summary, value),
        }
        let mut set = bits(&value);
        while set != 0 {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            self.holding[bit] += 1;
            if let Some(list) = &mut self.holders[bit] {
                list.push(at as u32);
                if list.len() > 2 * self.holding[bit] as usize + 64 {
                    let has = |at: &u32| bits(&value_of(game, heaps[*at as usize])) >> bit & 1 == 1;
                    list.retain(has);
                    list.sort_unstable();
                    list.dedup();
                }
            }
        }
        if moves(heap) {
            self.place[at] = self.movable.len() as u32;
            self.movable.push(at as u32);
        }
        Ok(())
    }

    /// Takes out the heap of `heap` objects at `at`, its place kept.
    fn take<G: HeapFold>(&mut self, game: &G, at: usize, heap: u64) {
        let value = value_of(game, heap);
        match &mut self.counted {
            Some(counts) => {
                let count = counts.get_mut(&key(&value)).expect("a heap counted in");
                *count -= 1;
                if *count == 0 {
                    counts.remove(&key(&value));
                }
            }
            None => {
                let s = &mut self.summary;
                s.xor ^= value.xor;
                s.carry ^= value.carry;
                s.ones = s.ones.wrapping_sub(value.ones);
                s.big = s.big.wrapping_sub(value.big);
            }
        }
        let mut set = bits(&value);
        while set != 0 {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            self.holding[bit] -= 1;
        }
        let place = std::mem::replace(&mut self.place[at], OUTSIDE);
        if place != OUTSIDE {
            self.movable.swap_remove(place as usize);
            if let Some(&moved) = self.movable.get(place as usize) {
                self.place[moved as usize] = place;
            }
        }
    }

    /// Makes room for `extra` more heaps after the one at `at`, whose
    /// parts take its place: every index past it moves along.
    fn shift(&mut self, at: usize, extra: usize) {
        let along = |index: &mut u32| {
            if *index as usize > at {
                *index += extra as u32;
            }
        };
        self.movable.iter_mut().for_each(along);
        for list in self.holders.iter_mut().flatten() {
            list.iter_mut().for_each(along);
        }
        self.place
            .splice(at + 1..at + 1, std::iter::repeat_n(OUTSIDE, extra));
    }

    /// For a fold that cannot take a value out, the summary from the
    /// counts: each value's power by squaring, multiplied together.
    fn multiply_out<G: HeapFold>(&mut self, game: &G) {
        let Some(counts) = &self.counted else {
            return;
        };
        let mut product = CaseSummary::default();
        for (&(xor, carry, ones, big), &count) in counts {
            let mut power = CaseSummary {
                xor,
                carry,
                ones,
                big,
            };
            let mut left = count;
            while left > 0 {
                if left & 1 == 1 {
                    product = game.merge(product, power);
                }
                power = game.merge(power, power);
                left >>= 1;
            }
        }
        self.summary = product;
    }
}
