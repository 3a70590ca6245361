//! A rule's nim-sequence: the values computed so far and, once proven, the
//! period that gives every other value.

use std::collections::TryReserveError;
use std::fmt;
use std::ops::ControlFlow;

use super::engine::{Engine, Method};
use super::period::{self, Period};
use super::rule::Rule;
use super::values::{with_cells, Values};

/// The most values a sequence computes, 2^32: 4 GiB while every value is
/// below 256 (as those of most octal games are), twice that as `u16`.
/// Proving a period needs no memory beyond the values.
pub const MAX_VALUES: usize = (u32::MAX as usize).saturating_add(1);

/// What a computation hears now and then (every few thousand values): the
/// sequence so far, to show progress or save its values; `Break` stops it.
pub type Progress<'a> = dyn FnMut(&NimSequence) -> ControlFlow<()> + 'a;

/// A [`Progress`] that lets a computation run to its end.
pub fn no_progress(_: &NimSequence) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// Why a computation stopped before it was done.
#[derive(Debug)]
pub enum Stop {
    /// Its [`Progress`] said so.
    Asked,
    /// The memory for the values could not be had.
    OutOfMemory {
        /// How many values were asked for.
        values: usize,
        /// The allocator's refusal.
        source: TryReserveError,
    },
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Asked => write!(f, "stopped before the end"),
            Stop::OutOfMemory { values, source } => {
                write!(f, "not enough memory for {values} values ({source})")
            }
        }
    }
}

impl std::error::Error for Stop {}

/// A rule's nim-sequence, computed on demand.
#[derive(Clone, Debug)]
pub struct NimSequence {
    rule: Rule,
    values: Values,
    engine: Engine,
    period: Option<Period>,
    /// The longest prefix a search found no period in, so that asking
    /// again within it costs nothing.
    searched: usize,
    /// When `extend_to` next looks for a period.
    next_proof: usize,
    /// The first value copied from the period, if any was.
    copied_from: Option<usize>,
}

impl NimSequence {
    /// The sequence of `rule`, computed with `method`; nothing is computed
    /// yet.
    pub fn new(rule: Rule, method: Method) -> NimSequence {
        NimSequence::with_engine(rule, Engine::new(method))
    }

    /// The sequence of `rule`, computed by `engine` (one built for a given
    /// [`Scanner`](super::Scanner), say).
    pub fn with_engine(rule: Rule, engine: Engine) -> NimSequence {
        NimSequence {
            rule,
            values: Values::default(),
            engine,
            period: None,
            searched: 0,
            next_proof: 4096,
            copied_from: None,
        }
    }

    /// The sequence of `rule` carried on from `values`, its first values
    /// (a checkpoint's): the engine learns them as if it had computed them,
    /// so what follows is what an uninterrupted run computes.
    pub fn resume(rule: Rule, method: Method, values: Values) -> NimSequence {
        let mut seq = NimSequence::new(rule, method);
        seq.engine.learn(&values);
        seq.next_proof = (2 * values.len()).max(4096);
        seq.values = values;
        seq
    }

    /// Computes on up to `threads` threads from now on ([`Engine::with_threads`]);
    /// the values are the same on any number.
    pub fn set_threads(&mut self, threads: usize) {
        self.engine = std::mem::take(&mut self.engine).with_threads(threads);
    }

    /// Computes each stretch on as many threads as `threads` says then
    /// ([`Engine::with_threads_by`]).
    pub fn set_threads_by(&mut self, threads: fn() -> usize) {
        self.engine = std::mem::take(&mut self.engine).with_threads_by(threads);
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The values computed so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The proven period, if one was found.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// How the values are being computed, in a few words.
    pub fn method(&self) -> String {
        let mut method = self.engine.describe();
        if let (Some(from), Some(p)) = (self.copied_from, self.period) {
            method += &format!(
                "; values from {from} on copied from the period (preperiod {}, period {})",
                p.preperiod, p.period
            );
        }
        method
    }

    /// What the engine is doing, shortly, for a progress line.
    pub fn brief(&self) -> String {
        match self.copied_from {
            Some(_) => "copying the period".into(),
            None => self.engine.brief(),
        }
    }

    /// The engine's work so far.
    pub fn work(&self) -> super::engine::Work {
        self.engine.total_work()
    }

    /// Computes values until there are `len` (at most [`MAX_VALUES`]),
    /// telling `progress` every few thousand values.
    ///
    /// Each time the values double, a period is looked for; once one is
    /// proven, every later value is a copy of one a whole number of periods
    /// back, exactly (the proof says so), and copying it is all the work.
    /// That makes the periodic games (Kayles, Dawson's Kayles, and most
    /// octal games) linear however long the sequence asked for.
    pub fn extend_to(&mut self, len: usize, progress: &mut Progress) -> Result<(), Stop> {
        let len = len.min(MAX_VALUES);
        let more = len.saturating_sub(self.values.len());
        let out_of_memory = |source| Stop::OutOfMemory {
            values: len,
            source,
        };
        self.values.try_reserve(more).map_err(out_of_memory)?;
        while self.values.len() < len {
            if let Some(period) = self.period {
                self.repeat(period, len);
                let _ = progress(self);
                break;
            }
            // A stretch at a time, in the values' own cell type; a value too
            // wide for it ends the stretch and widens the storage.
            let step = (len - self.values.len()).min(4096);
            let until = self.values.len() + step;
            let wide = with_cells!(&mut self.values, g => self.engine.extend(&self.rule, g, until));
            if let Some(value) = wide {
                self.values.try_push(value).map_err(out_of_memory)?;
            }
            if self.values.len() >= self.next_proof {
                self.next_proof = 2 * self.values.len();
                self.period = period::prove(&self.rule, &self.values).ok();
            }
            if progress(self).is_break() {
                return Err(Stop::Asked);
            }
        }
        Ok(())
    }

    /// Appends values up to `len` from the proven `period`.
    fn repeat(&mut self, period: Period, len: usize) {
        let (preperiod, period) = (period.preperiod as usize, period.period as usize);
        self.copied_from.get_or_insert(self.values.len());
        with_cells!(&mut self.values, g => {
            while g.len() < len {
                // G(n) = G(n - back) for any whole number of periods `back`
                // that stays in the periodic part: as many as fit, so that
                // each copy doubles what is there.
                let now = g.len();
                let back = (now - preperiod) / period * period;
                let count = back.min(len - now);
                g.extend_from_within(now - back..now - back + count);
            }
        });
    }

    /// Computes values until their period is proven, or `upto` values (at
    /// most [`MAX_VALUES`]) prove none. Only the first `upto` values count,
    /// even when more are there (resumed from a checkpoint): the answer is
    /// the one a run from nothing gives.
    pub fn find_period(
        &mut self,
        upto: usize,
        progress: &mut Progress,
    ) -> Result<Option<Period>, Stop> {
        if self.period.is_some() {
            return Ok(self.period);
        }
        let upto = upto.min(MAX_VALUES);
        if upto <= self.searched {
            return Ok(None);
        }
        let mut next = upto.min(256);
        loop {
            self.extend_to(next, progress)?;
            let len = self.values.len().min(upto);
            match period::prove_first(&self.rule, &self.values, len) {
                Ok(found) => {
                    self.period = Some(found);
                    return Ok(self.period);
                }
                Err(_) if len >= upto => {
                    self.searched = upto;
                    return Ok(None);
                }
                Err(needed) => {
                    // Grow by at least an eighth, so that the proofs cost a
                    // bounded multiple of computing the values.
                    next = needed.clamp(len + len / 8 + 1, 2 * len).min(upto);
                }
            }
        }
    }

    /// `G(heap)`, from the values or the period; `None` beyond both.
    #[inline]
    pub fn value(&self, heap: u64) -> Option<u32> {
        let at = match self.period {
            Some(period) => period.reduce(heap),
            None => heap,
        };
        (at < self.values.len() as u64).then(|| self.values.get(at as usize))
    }

    /// `G(heap)`, computing values up to it when the period does not give it
    /// and it is below `bound` values.
    pub fn value_or_extend(&mut self, heap: u64, bound: usize) -> Option<u32> {
        if let Some(value) = self.value(heap) {
            return Some(value);
        }
        if heap >= bound.min(MAX_VALUES) as u64 {
            return None;
        }
        let wanted = (heap as usize + 1).max(2 * self.values.len());
        self.extend_to(wanted.min(bound), &mut no_progress).ok()?;
        self.value(heap)
    }

    /// `G(heap)` with at most `bound` values computed: from the values, by
    /// computing up to the heap, or from a period proven within `bound`.
    pub fn value_within(&mut self, heap: u64, bound: usize) -> Option<u32> {
        if let Some(value) = self.value_or_extend(heap, bound) {
            return Some(value);
        }
        self.find_period(bound, &mut no_progress).ok()?;
        self.value(heap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_within_computes_up_to_the_heap_or_proves_a_period() {
        // sub:1,2 is 0 1 2 repeated from 0.
        let mut sub = NimSequence::new(Rule::parse("sub:1,2").unwrap(), Method::Auto);
        assert_eq!(sub.value_within(5, 64), Some(2));
        assert!(
            sub.period().is_none(),
            "a heap within the bound needs no proof"
        );
        assert_eq!(sub.value_within(1_000_000_001, 64), Some(2));
        assert!(sub.period().is_some());
        // Kayles proves its period only past 80 values.
        let mut kayles = NimSequence::new(Rule::parse("0.77").unwrap(), Method::Auto);
        assert_eq!(kayles.value_within(1000, 64), None);
        assert_eq!(kayles.value_within(1000, 64), None, "asked again");
        assert_eq!(kayles.values().len(), 64);
        assert_eq!(
            kayles.value_within(1000, 4096),
            Some(kayles.value(1000).unwrap())
        );
    }

    #[test]
    fn values_beyond_the_table_come_from_the_period_or_nowhere() {
        let mut sub = NimSequence::new(Rule::parse("sub:1,2").unwrap(), Method::Auto);
        assert_eq!(sub.value(0), None);
        sub.extend_to(4, &mut no_progress).unwrap();
        assert_eq!(sub.value(10), None);
        let period = sub.find_period(1000, &mut no_progress).unwrap().unwrap();
        assert_eq!((period.preperiod, period.period), (0, 3));
        assert_eq!(sub.value(u64::MAX), Some((u64::MAX % 3) as u32));
    }

    #[test]
    fn values_are_computed_on_demand_up_to_a_bound() {
        let mut sub = NimSequence::new(Rule::parse("sub:2,5").unwrap(), Method::Auto);
        assert_eq!(sub.value_or_extend(99, 100), Some(sub.value(99).unwrap()));
        assert!(sub.values().len() >= 100);
        assert_eq!(sub.value_or_extend(100, 100), None);
    }

    #[test]
    fn a_resumed_search_counts_only_the_values_within_its_bound() {
        let rule = Rule::parse("0.77").unwrap();
        let mut long = NimSequence::new(rule.clone(), Method::Auto);
        long.extend_to(100_000, &mut no_progress).unwrap();
        let values = long.values().clone();
        let mut resumed = NimSequence::resume(rule.clone(), Method::Auto, values.clone());
        assert_eq!(resumed.find_period(50, &mut no_progress).unwrap(), None);
        assert_eq!(resumed.values().len(), 100_000, "nothing is dropped");
        let mut resumed = NimSequence::resume(rule, Method::Auto, values);
        let found = resumed.find_period(1 << 16, &mut no_progress).unwrap();
        assert_eq!(found.map(|p| (p.preperiod, p.period)), Some((71, 12)));
    }

    #[test]
    fn a_game_without_a_proof_in_reach_says_so() {
        let mut kayles = NimSequence::new(Rule::parse("0.77").unwrap(), Method::Auto);
        assert_eq!(kayles.find_period(50, &mut no_progress).unwrap(), None);
        assert_eq!(kayles.values().len(), 50);
    }
}
