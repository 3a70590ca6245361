//! S-Nim's layout (HDU 1536), where every case brings its own subtraction
//! set: a line `k s1 … sk`, a line `m`, then `m` lines `l h1 … hl`, until a
//! lone `0`.
//!
//! The lines of heaps are checked by the heap cases' loop. For `--summary`
//! each case's values are computed as its heaps ask for them, as `solve`
//! does: up to [`SET_CASE_VALUES`], then from the period proven within
//! them. A position with a heap past both is counted as undecided.

use std::sync::Mutex;

use super::messages::{Place, Then};
use super::summary::note;
use super::Checker;
use crate::error::Error;
use crate::games::rule::SET_CASE_VALUES;
use crate::games::{CaseSummary, HeapFold};
use crate::grundy::rule::MAX_REMOVAL;
use crate::grundy::{Method, NimSequence, Rule};

impl Checker<'_> {
    /// S-Nim's cases until a lone `0`. The `0` is not subject to `k`'s
    /// limits.
    pub(super) fn subtraction_set_cases<const SUMMARY: bool>(&mut self) -> Result<(), Error> {
        let mut set = Vec::new();
        for case in 1.. {
            let k = match self.set_line(case, &mut set)? {
                Some(k) => k,
                None => return self.expect_end(),
            };
            note(&mut self.summary.set_size, k);
            let positions = self.vars.positions;
            let m = self.field(&positions, Place::Case(case), Then::Newline { last: false })?;
            note(&mut self.summary.positions, m);
            let fold = SetFold::new(&set, SUMMARY);
            for position in 1..=m {
                let l = self.heap_count(case, position)?;
                let acc = match l {
                    0 => Some(CaseSummary::default()),
                    _ => self.heap_line::<_, SUMMARY>(&fold, case, Some(position), l, false)?,
                };
                self.summary.total_heaps += l;
                self.summary.total_positions += 1;
                if SUMMARY {
                    self.count_verdict(&fold, acc);
                }
            }
        }
        unreachable!("the loop returns")
    }

    /// The line `k s1 … sk` of case `case` into `set`: `Some(k)`, or `None`
    /// at the `0` that ends the input.
    fn set_line(&mut self, case: u64, set: &mut Vec<u64>) -> Result<Option<u64>, Error> {
        let size = self.vars.set_size;
        let start = self.pos;
        let place = Place::Case(case);
        if start == self.bytes.len() {
            let message = format!(
                "expected {} of case {case} or the 0 that ends the input, found the end of input",
                size.name
            );
            return Err(self.fail(start, message));
        }
        let (k, len) = self.number(start, &size, place)?;
        if k == 0 {
            self.expect(start + len, Then::Newline { last: true }, &size, place)?;
            self.pos = start + len + 1;
            self.check_case_count(start, case - 1)?;
            return Ok(None);
        }
        self.count_case(start, case)?;
        self.in_range(start, &size, place, k)?;
        self.expect(start + len, Then::Space, &size, place)?;
        self.pos = start + len + 1;
        let removal = self.vars.second.expect("S-Nim names its removals");
        set.clear();
        for i in 1..=k {
            let then = match i == k {
                true => Then::Newline { last: false },
                false => Then::Space,
            };
            let s = self.field(&removal, place, then)?;
            note(&mut self.summary.second, s);
            set.push(s);
        }
        Ok(Some(k))
    }

    /// The count `l` that begins position `position`'s line, and the byte
    /// after it: a space before the heaps, or the end of an empty position.
    fn heap_count(&mut self, case: u64, position: u64) -> Result<u64, Error> {
        let heaps = self.vars.heaps;
        let place = Place::Position { case, position };
        let start = self.pos;
        let (l, len) = self.number(start, &heaps, place)?;
        self.in_range(start, &heaps, place, l)?;
        let then = match l {
            0 => Then::Newline { last: false },
            _ => Then::Space,
        };
        self.expect(start + len, then, &heaps, place)?;
        self.pos = start + len + 1;
        note(&mut self.summary.heaps, l);
        Ok(l)
    }
}

/// One case's game for the summary: its values computed as heaps ask for
/// them. The lock is never contended; it only makes the fold `Sync`.
struct SetFold {
    /// `None` when not summarizing, or for a set the engine does not take
    /// (a removal past [`MAX_REMOVAL`], allowed only by widened limits).
    seq: Mutex<Option<NimSequence>>,
}

impl SetFold {
    fn new(set: &[u64], summary: bool) -> SetFold {
        let usable = summary && set.iter().all(|&s| (1..=MAX_REMOVAL as u64).contains(&s));
        let seq = usable.then(|| {
            let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
            NimSequence::new(Rule::subtraction(&set), Method::Auto)
        });
        SetFold {
            seq: Mutex::new(seq),
        }
    }

    fn value(&self, heap: u64) -> Option<u32> {
        let mut seq = self.seq.lock().unwrap_or_else(|e| e.into_inner());
        seq.as_mut()?.value_within(heap, SET_CASE_VALUES)
    }
}

impl HeapFold for SetFold {
    const MAY_REFUSE: bool = true;

    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= u64::from(self.value(heap).unwrap_or(0));
    }

    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0
    }

    fn decides(&self, heap: u64) -> bool {
        self.value(heap).is_some()
    }
}
