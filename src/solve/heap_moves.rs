//! Cases whose heaps are kept to name a winning move: the games whose move
//! a [`MoveTrace`](crate::games::MoveTrace) cannot find
//! ([`HeapGame::MOVES_NEED_HEAPS`]: a misère quotient's product tells no
//! heap's part in it), under `--move`.

use std::io::Write;

use super::{input_error, refused, Expected, Run, MAX_KEPT_HEAPS};
use crate::error::Error;
use crate::games::{CaseSummary, HeapGame};
use crate::source::{FaultKind, TokenSource};

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// Reads the `heaps` heaps of case `case` whole, folds them and writes
    /// its verdict with the move [`HeapGame::winning_move_in`] names.
    pub(super) fn kept_move_case<F: HeapGame>(
        &mut self,
        fold: &F,
        case: u64,
        heaps: u64,
    ) -> Result<(), Error> {
        let at = self.source.consumed();
        let too_many = |why: String| Error::Input {
            path: self.path.to_string(),
            offset: at,
            position: self.source.locate(at),
            message: format!("{heaps} heaps in case {case}: {why}"),
        };
        if heaps > MAX_KEPT_HEAPS {
            return Err(too_many(format!(
                "a winning move of this game needs every heap of its case, so they are \
                 kept, at most {MAX_KEPT_HEAPS} of them"
            )));
        }
        let mut kept = Vec::new();
        if kept.try_reserve(heaps as usize).is_err() {
            return Err(too_many("out of memory keeping them".to_string()));
        }
        let decided = fold.decided_heaps();
        if let Err((read, fault)) = self.source.collect_within(heaps, &mut kept, decided, false) {
            let expected = Expected::Heap {
                case,
                heap: read + 1,
                of: heaps,
            };
            if let FaultKind::Refused(heap) = fault.kind {
                let why = fold.refusal(heap);
                return Err(refused(
                    self.source,
                    self.path,
                    fault.offset,
                    expected,
                    &why,
                ));
            }
            return Err(input_error(self.source, self.path, fault, expected));
        }
        let mut summary = CaseSummary::default();
        for &heap in &kept {
            fold.fold(&mut summary, heap);
        }
        self.report.values += heaps;
        let wins = fold.first_player_wins(&summary);
        let mv = wins
            .then(|| fold.winning_move_in(&kept, &summary))
            .flatten();
        self.verdict_and(wins, mv.as_ref().map(|m| m as &dyn std::fmt::Display))?;
        (self.progress)(self.source.consumed());
        Ok(())
    }
}
