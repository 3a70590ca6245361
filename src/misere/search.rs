//! Whether a pretension is right about every position: the least word of
//! heaps (in the order of [`super::pretension`], largest heap most
//! significant) whose claimed outcome disagrees with the outcomes claimed
//! for its options.
//!
//! There are infinitely many words, but a word's future depends only on its
//! state: its element and the set of its options' elements. Words are
//! visited in order, depth-first, one heap size at a time from the
//! largest; a state already met at the same depth has had every completion
//! by the smaller heaps visited, so it is not visited again, and the
//! powers of a heap stop at the first state met before. A state met at a
//! depth has been met at every smaller one too (visiting it first visits
//! it with no copies of the next heap), so an element and targets are
//! kept once, with the greatest depth they were met at: a state met again
//! deeper only needs the powers of the heaps between. The states are
//! finitely many, so the search ends. When it finds nothing, every
//! position's outcome is the one claimed, by induction over the order
//! (each option of a word comes before it). When it finds a word, every
//! smaller word is claimed rightly, so the word's own claim is the wrong
//! one.
//!
//! The states are kept in one flat arena, a state's element, greatest
//! depth and number of targets and then its targets' numbers, found again
//! through an open addressing table of their offsets: a few words a
//! state, not a hash set's entry and an allocation of its own each, and
//! every byte of it taken from the memory budget before it is allocated.
//! While a word is visited, its targets are a bit set (a step is a pass
//! over them); a state kept is a sorted list, far shorter.

use std::cell::Cell;

use super::memory::{Held, Memory, OverBudget};
use super::monoid::Table;
use super::pretension::Letter;

/// A word of heaps: each heap's size and how many copies, ascending.
pub type Word = Vec<(usize, u32)>;

/// The most states one search keeps by default: past it the search stops
/// rather than run on for hours.
pub const STATE_BUDGET: usize = 3_000_000;

/// Why a search stopped before it found its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It met more states than it may.
    States,
    /// Its states would have passed the memory budget.
    Memory,
    /// Its states would have passed the bytes it may take
    /// ([`Limits::bytes`]).
    Bytes,
    /// It was asked to stop.
    Interrupted,
}

/// What a search may take: states, memory, and time until it is asked to
/// stop.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// The most states it may meet.
    pub states: usize,
    /// The most bytes its states may take (within the memory budget).
    pub bytes: usize,
    /// The memory its states are taken from.
    pub memory: &'a Memory,
    /// Whether it is asked to stop, called every few thousand states.
    pub interrupt: Option<fn() -> bool>,
    /// Where the search's [`Tally`] is left when it ends, however it ends.
    pub tally: Option<&'a Cell<Tally>>,
}

/// How many states a search meets between calls of its interrupt.
const POLL: usize = 1 << 14;

/// What a search found, and the states it met: the work it took, which a
/// solver adds up to bound the time a quotient may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The least word claimed wrongly, if any.
    pub failure: Option<Word>,
    /// The states met.
    pub states: usize,
}

/// The size of a search, whether it finished or not: the states met (a
/// state is an element and targets at one depth), the records kept for
/// them (one for each element and targets, at whatever depths), and the
/// bytes those took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The states met.
    pub states: usize,
    /// The records kept.
    pub kept: usize,
    /// The bytes the records and their table took at the end.
    pub bytes: usize,
    /// The elements of the monoid searched.
    pub order: usize,
    /// The targets of the records kept, added up.
    pub targets: usize,
}

/// The least word whose claim is wrong; `None` when every claim is right.
/// With `new_letter`, only words holding that letter (the last) are
/// searched: the others were searched before it was added. The search
/// stops within `limits`.
pub fn least_failure(
    table: &Table,
    losing: &[bool],
    letters: &[Letter],
    new_letter: bool,
    limits: Limits,
) -> Result<Searched, Stopped> {
    let words = losing.len().div_ceil(64);
    let mut losing_bits = vec![0u64; words];
    for (x, _) in losing.iter().enumerate().filter(|(_, &l)| l) {
        losing_bits[x / 64] |= 1 << (x % 64);
    }
    let mut search = Search {
        table,
        losing,
        losing_bits,
        letters,
        states: States::new(limits.memory, limits.bytes),
        met: 0,
        budget: limits.states,
        interrupt: limits.interrupt,
        stopped: None,
        exponents: vec![0; letters.len()],
        words,
        levels: vec![0; (letters.len() + 1) * words],
        next: vec![0; words],
    };
    let found = match (new_letter, letters.len().checked_sub(1)) {
        (true, None) => {
            return Ok(Searched {
                failure: None,
                states: 0,
            })
        }
        (true, Some(top)) => search.powers(top, 0, letters.len()),
        (false, _) => search.visit(letters.len(), 0, letters.len()),
    };
    if let Some(tally) = limits.tally {
        tally.set(Tally {
            states: search.met,
            kept: search.states.count,
            bytes: search.states.held.bytes(),
            order: table.order(),
            targets: search.states.targets,
        });
    }
    if let Some(stopped) = search.stopped {
        return Err(stopped);
    }
    let failure = found.then(|| {
        search
            .exponents
            .iter()
            .zip(letters)
            .filter(|(&k, _)| k > 0)
            .map(|(&k, letter)| (letter.heap, k))
            .collect()
    });
    Ok(Searched {
        failure,
        states: search.met,
    })
}

struct Search<'a> {
    table: &'a Table,
    losing: &'a [bool],
    losing_bits: Vec<u64>,
    letters: &'a [Letter],
    /// The elements and targets met, each with the greatest depth it was
    /// met at.
    states: States<'a>,
    /// How many.
    met: usize,
    /// How many may be met.
    budget: usize,
    interrupt: Option<fn() -> bool>,
    /// Why the search stopped early, if it did.
    stopped: Option<Stopped>,
    /// The word being visited: each letter's exponent.
    exponents: Vec<u32>,
    /// Words of a bit set of the elements.
    words: usize,
    /// The targets of the prefix each level visits: level `i` is the
    /// powers of letter `i`'s, and the last level the empty prefix's.
    levels: Vec<u64>,
    /// The targets one step makes, before they replace a level's.
    next: Vec<u64>,
}

impl Search<'_> {
    /// Visits the completions over `letters[..depth]` of a prefix of
    /// element `element` whose targets are level `level`'s; true when a
    /// wrong claim was found (the word is then left in `exponents`), or
    /// when the search stopped.
    fn visit(&mut self, depth: usize, element: u32, level: usize) -> bool {
        match self.insert(depth, element, level) {
            Ok(Met::New) => self.expand(depth, None, element, level),
            Ok(Met::Deeper(before)) => self.expand(depth, Some(before), element, level),
            Ok(Met::Known) => false,
            Err(OverBudget) => self.stop(self.states.over()),
        }
    }

    /// Visits a state met at depth `depth` for the first time, whose
    /// element and targets were met before down to depth `before`, if
    /// ever. Met afresh, its completions are its own claim (the word with
    /// no more heaps) and the powers of each letter below `depth`, the
    /// smallest first: the order in which visiting it at each depth from
    /// 0 up would meet them. Met before, the completions of the letters
    /// below `before` are visited already.
    fn expand(&mut self, depth: usize, before: Option<usize>, element: u32, level: usize) -> bool {
        let lowest = before.map_or(0, |b| b + 1);
        let was = self.met;
        self.met += depth + 1 - lowest;
        if self.met > self.budget {
            return self.stop(Stopped::States);
        }
        if was / POLL != self.met / POLL && self.interrupt.is_some_and(|asked| asked()) {
            return self.stop(Stopped::Interrupted);
        }
        if before.is_none() && self.wrong(element, level) {
            return true;
        }
        let first = before.unwrap_or(0);
        (first..depth).any(|index| self.powers(index, element, level))
    }

    /// Visits the prefixes with one or more of letter `index` added to
    /// one of element `element` whose targets are level `from`'s.
    fn powers(&mut self, index: usize, element: u32, from: usize) -> bool {
        let w = self.words;
        self.levels.copy_within(from * w..(from + 1) * w, index * w);
        let mut element = element;
        loop {
            self.step(element, index);
            element = self.table.product(element, self.letters[index].image);
            self.exponents[index] += 1;
            let met = self.insert(index, element, index);
            let before = match met {
                Ok(Met::New) => None,
                Ok(Met::Deeper(before)) => Some(before),
                Ok(Met::Known) => {
                    self.exponents[index] = 0;
                    return false;
                }
                Err(OverBudget) => return self.stop(self.states.over()),
            };
            if self.expand(index, before, element, index) {
                return true;
            }
        }
    }

    fn stop(&mut self, why: Stopped) -> bool {
        self.stopped = Some(why);
        true
    }

    /// Keeps the state (`depth`, `element`, level `level`'s targets);
    /// whether it was new, and if so, how deep its element and targets
    /// were met before.
    fn insert(&mut self, depth: usize, element: u32, level: usize) -> Result<Met, OverBudget> {
        let w = self.words;
        self.states.insert(
            depth as u32,
            element,
            &self.levels[level * w..(level + 1) * w],
        )
    }

    /// Level `index`'s targets times the letter `index`, for a prefix of
    /// element `element`: a move in the prefix beside the letter's heap,
    /// or a move of the letter's heap beside the prefix.
    fn step(&mut self, element: u32, index: usize) {
        let w = self.words;
        let letter = &self.letters[index];
        let table = self.table;
        let next = &mut self.next;
        next.fill(0);
        let mut set = |x: u32| next[x as usize / 64] |= 1 << (x % 64);
        for (i, &bits) in self.levels[index * w..(index + 1) * w].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let x = (i * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                set(table.product(x, letter.image));
            }
        }
        for &t in &letter.targets {
            set(table.product(element, t));
        }
        self.levels[index * w..(index + 1) * w].copy_from_slice(next);
    }

    /// Whether the claim for a word of this state disagrees with its
    /// options' claims.
    fn wrong(&self, element: u32, level: usize) -> bool {
        let targets = &self.levels[level * self.words..(level + 1) * self.words];
        let has_move = targets.iter().any(|&w| w != 0);
        let to_losing = targets
            .iter()
            .zip(&self.losing_bits)
            .any(|(&t, &l)| t & l != 0);
        let lost = has_move && !to_losing;
        lost != self.losing[element as usize]
    }
}

/// How a state was met: its element and targets never before, before at
/// smaller depths only (the greatest given), or before at its depth or a
/// greater one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Met {
    New,
    Deeper(usize),
    Known,
}

/// A set of records, each an element, the greatest depth it was met at
/// (neither hashed nor compared), and its targets as a sorted list of
/// element numbers: the records in one arena of 32-bit words, and a table
/// of their offsets (plus one, 0 for an empty slot) beside the high 32
/// bits of their hash, probed linearly and kept at most 7/10 full.
///
/// A list, not a bit set as wide as the candidate: a state has a few
/// dozen targets at most, where a recalibrated candidate of Dawson's
/// Kayles at heap 34 has over ten thousand elements, so a list takes a
/// hundredth of the bytes there.
///
/// A record's first slot is the hash's high 32 bits scaled to the
/// table's length, so that doubling the table sends slot `i`'s records to
/// slots `2i` and `2i + 1`: the table grows by reading the old one
/// straight through and writing the new one nearly so, without hashing a
/// record again.
struct States<'a> {
    records: Vec<u32>,
    slots: Vec<u64>,
    count: usize,
    /// The targets of the records, added up.
    targets: usize,
    /// The targets of the state being inserted, as a list.
    list: Vec<u32>,
    held: Held<'a>,
    /// The most bytes the records and table may take.
    cap: usize,
    /// Whether a growth was refused for `cap` rather than the budget.
    capped: bool,
}

/// A record's words before its targets: its element, its depth, and how
/// many targets follow.
const HEADER: usize = 3;

impl<'a> States<'a> {
    fn new(memory: &'a Memory, cap: usize) -> States<'a> {
        States {
            records: Vec::new(),
            slots: Vec::new(),
            count: 0,
            targets: 0,
            list: Vec::new(),
            held: Held::new(memory),
            cap,
            capped: false,
        }
    }

    /// Why an insertion was refused: the cap, or the memory budget.
    fn over(&self) -> Stopped {
        match self.capped {
            true => Stopped::Bytes,
            false => Stopped::Memory,
        }
    }

    /// Takes `bytes` more, within the cap and the budget.
    fn take(&mut self, bytes: usize) -> Result<(), OverBudget> {
        if self.held.bytes().saturating_add(bytes) > self.cap {
            self.capped = true;
            return Err(OverBudget);
        }
        self.held.grow(bytes)
    }

    /// Adds the record of `element` and the targets whose bits are set in
    /// `bits`, met at `depth`, unless it is there; if it is, raises its
    /// depth to `depth`. The record is copied only when it is new: most
    /// are not.
    fn insert(&mut self, depth: u32, element: u32, bits: &[u64]) -> Result<Met, OverBudget> {
        let mut list = std::mem::take(&mut self.list);
        list.clear();
        for (i, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                list.push((i * 64) as u32 + word.trailing_zeros());
                word &= word - 1;
            }
        }
        let met = self.insert_list(depth, element, &list);
        self.list = list;
        met
    }

    fn insert_list(&mut self, depth: u32, element: u32, list: &[u32]) -> Result<Met, OverBudget> {
        let hash = hash(element, list);
        if let Some(slot) = self.find(element, list, hash) {
            let offset = self.slots[slot] & 0xffff_ffff;
            if offset != 0 {
                // The record starts at `offset - 1`; its depth is its second word.
                let at = offset as usize;
                let before = self.records[at];
                if before >= depth {
                    return Ok(Met::Known);
                }
                self.records[at] = depth;
                return Ok(Met::Deeper(before as usize));
            }
        }
        if (self.count + 1) * 10 > self.slots.len() * 7 {
            self.grow_slots()?;
        }
        let length = HEADER + list.len();
        if self.records.len() + length > self.records.capacity() {
            self.grow_records(length)?;
        }
        let offset = u32::try_from(self.records.len() + 1).map_err(|_| OverBudget)?;
        let slot = self
            .find(element, list, hash)
            .expect("a table with room has an empty slot");
        self.records
            .extend_from_slice(&[element, depth, list.len() as u32]);
        self.records.extend_from_slice(list);
        self.slots[slot] = (hash & !0xffff_ffff) | u64::from(offset);
        self.count += 1;
        self.targets += list.len();
        Ok(Met::New)
    }

    /// The slot holding the record, or the empty one where it would go;
    /// `None` for a table of no slots.
    fn find(&self, element: u32, list: &[u32], hash: u64) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut i = first_slot(hash, self.slots.len());
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Some(i);
            }
            if slot >> 32 == hash >> 32 {
                let at = (slot & 0xffff_ffff) as usize - 1;
                let header = &self.records[at..at + HEADER];
                if header[0] == element && header[2] as usize == list.len() {
                    let targets = &self.records[at + HEADER..at + HEADER + list.len()];
                    if targets == list {
                        return Some(i);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table: the new one is taken before the old is given.
    fn grow_slots(&mut self) -> Result<(), OverBudget> {
        let len = (self.slots.len() * 2).max(1024);
        self.take(8 * len)?;
        let old = std::mem::replace(&mut self.slots, vec![0; len]);
        let mask = len - 1;
        for &slot in old.iter().filter(|&&slot| slot != 0) {
            let mut i = first_slot(slot, len);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
        self.held.shrink(8 * old.len());
        Ok(())
    }

    /// Doubles the arena, or failing that adds an eighth, and at least
    /// room for a record of `length` words.
    fn grow_records(&mut self, length: usize) -> Result<(), OverBudget> {
        let capacity = self.records.capacity();
        let least = length.max(4096);
        let more = [capacity.max(least), (capacity / 8).max(least)]
            .into_iter()
            .find(|&more| self.take(4 * more).is_ok())
            .ok_or(OverBudget)?;
        self.records
            .reserve_exact(capacity - self.records.len() + more);
        Ok(())
    }
}

/// The first slot of a table of `len` slots for a record whose hash (or
/// slot) has these high 32 bits.
fn first_slot(hash: u64, len: usize) -> usize {
    (((hash >> 32) * len as u64) >> 32) as usize
}

/// A hash of a record whose high and low halves are both mixed. Each pair
/// of targets is multiplied on its own, with a constant of its place, so
/// that the multiplications run side by side instead of each waiting on
/// the last.
fn hash(element: u32, list: &[u32]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let header = u64::from(element) | (list.len() as u64) << 32;
    let mut h = header.wrapping_mul(K) ^ 0x243f_6a88_85a3_08d3;
    let mut place = 0xd6e8_feb8_6659_fd93u64;
    for pair in list.chunks(2) {
        let w = u64::from(pair[0]) | pair.get(1).map_or(0, |&t| u64::from(t) << 32);
        place = place.wrapping_add(K);
        let product = u128::from(w ^ place) * u128::from(K | 1);
        h = h.rotate_left(23) ^ (product as u64) ^ ((product >> 64) as u64);
    }
    h ^= h >> 32;
    h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_set_finds_what_it_holds_and_stops_at_its_budget() {
        let memory = Memory::new(1 << 20);
        let mut states = States::new(&memory, usize::MAX);
        for i in 0..5000u32 {
            let bits = [u64::from(i) * 7, 1];
            assert_eq!(states.insert(2, i, &bits), Ok(Met::New), "{i}");
        }
        for i in 0..5000u32 {
            let bits = [u64::from(i) * 7, 1];
            assert_eq!(states.insert(2, i, &bits), Ok(Met::Known), "{i}");
            assert_eq!(states.insert(1, i, &bits), Ok(Met::Known), "{i}");
            assert_eq!(states.insert(5, i, &bits), Ok(Met::Deeper(2)), "{i}");
            assert_eq!(states.insert(5, i, &bits), Ok(Met::Known), "{i}");
            assert_eq!(states.insert(0, i, &[u64::from(i) * 7, 2]), Ok(Met::New));
        }
        assert_eq!(states.count, 10_000);
        assert!(memory.used() >= 10_000 * 24);
        let small = Memory::new(64 << 10);
        let mut states = States::new(&small, usize::MAX);
        let refused = (0..100_000u32).find(|&i| states.insert(0, i, &[0, 0]).is_err());
        assert!(refused.is_some_and(|i| i > 100), "{refused:?}");
        assert!(small.peak() <= 56 << 10);
        drop(states);
        assert_eq!(small.used(), 0);
    }
}
