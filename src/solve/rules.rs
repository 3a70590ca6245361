//! The layouts of the judge problems played under a rule: fixed groups of
//! heaps ended by a group of zeros (HDU 1848), and S-Nim's cases, each with
//! its own subtraction set (HDU 1536).

use std::io::Write;

use super::{input_error, refused, stdout_error, Expected, Run};
use crate::error::Error;
use crate::games::rule::SET_CASE_VALUES;
use crate::games::{CaseSummary, HeapGame, HeapMove};
use crate::grundy::{rule::MAX_REMOVAL, Method, NimSequence, Rule};
use crate::source::TokenSource;

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// A token and its offset, or the error that says what was expected.
    fn token(&mut self, expected: Expected) -> Result<(u64, u64), Error> {
        self.source
            .next_token()
            .map_err(|fault| input_error(self.source, self.path, fault, expected))
    }

    /// Cases of `width` heaps each, until a case of zeros only.
    pub(super) fn heap_groups_to_zero<F: HeapGame>(
        &mut self,
        fold: &F,
        width: usize,
        names: [&'static str; 3],
    ) -> Result<(), Error> {
        let mut group = Vec::with_capacity(width);
        for case in 1.. {
            group.clear();
            for (i, &name) in names.iter().enumerate().take(width) {
                let expected = if i == 0 {
                    Expected::NextOrZero { name, case }
                } else {
                    Expected::Field { name, case }
                };
                group.push(self.token(expected)?);
            }
            if group.iter().all(|&(heap, _)| heap == 0) {
                break;
            }
            let mut summary = CaseSummary::default();
            for (&(heap, at), &name) in group.iter().zip(&names) {
                if !fold.decides(heap) {
                    let expected = Expected::Field { name, case };
                    return Err(refused(
                        self.source,
                        self.path,
                        at,
                        expected,
                        &fold.refusal(heap),
                    ));
                }
                fold.fold(&mut summary, heap);
            }
            self.report.values += width as u64;
            let wins = fold.first_player_wins(&summary);
            let mv = (self.moves && wins)
                .then(|| {
                    group.iter().enumerate().find_map(|(i, &(heap, _))| {
                        let (to, and) = fold.move_from(heap, &summary)?;
                        Some(HeapMove {
                            heap: i as u64 + 1,
                            from: heap,
                            to,
                            and,
                        })
                    })
                })
                .flatten();
            self.verdict_and(wins, mv.as_ref().map(|m| m as &dyn std::fmt::Display))?;
            self.tick(case);
        }
        self.expect_end()
    }

    /// S-Nim: cases until a lone `0`, each a subtraction set `k s1 … sk`,
    /// then `m` positions `l h1 … hl`, answered by one line of `m` words.
    pub(super) fn subtraction_set_cases(&mut self) -> Result<(), Error> {
        let mut set = Vec::new();
        let mut line = Vec::new();
        for case in 1.. {
            let (k, _) = self.token(Expected::NextOrZero { name: "k", case })?;
            if k == 0 {
                break;
            }
            set.clear();
            for _ in 0..k {
                let (s, at) = self.token(Expected::Field { name: "s", case })?;
                if !(1..=MAX_REMOVAL as u64).contains(&s) {
                    let why = format!("a subtraction must be from 1 to {MAX_REMOVAL}");
                    let expected = Expected::Field { name: "s", case };
                    return Err(refused(self.source, self.path, at, expected, &why));
                }
                set.push(s as usize);
            }
            let mut seq = NimSequence::new(Rule::subtraction(&set), Method::Auto);
            let (positions, _) = self.token(Expected::Field { name: "m", case })?;
            line.clear();
            for _ in 0..positions {
                let (heaps, _) = self.token(Expected::Field { name: "l", case })?;
                let mut xor = 0u32;
                for _ in 0..heaps {
                    let expected = Expected::Field { name: "h", case };
                    let (heap, at) = self.token(expected)?;
                    let Some(value) = seq.value_within(heap, SET_CASE_VALUES) else {
                        let why = format!(
                            "a heap of {heap} is beyond the {SET_CASE_VALUES} values computed \
                             for this set, and no period is proven within them"
                        );
                        return Err(refused(self.source, self.path, at, expected, &why));
                    };
                    xor ^= value;
                }
                self.report.values += heaps;
                line.push(xor != 0);
            }
            self.report.cases += 1;
            self.out.word_line(&line).map_err(stdout_error)?;
            self.tick(case);
        }
        self.expect_end()
    }
}
