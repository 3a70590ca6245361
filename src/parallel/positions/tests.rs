use super::*;
use crate::games::bash::BashGame;
use crate::problem::LinePrefix;

/// Takes `room` bytes, then fails every write.
struct Full {
    room: usize,
}

impl Write for Full {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::other("no room"));
        }
        let taken = bytes.len().min(self.room);
        self.room -= taken;
        Ok(taken)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn settings(threads: usize) -> Settings {
    Settings {
        kernel: Kernel::detect(),
        threads,
        block: 64,
        moves: false,
        answer: Answer::Verdict,
    }
}

/// Pairs to the end: `n m` with `m + 1` dividing `n` on every third line.
fn pairs(cases: u64) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..cases {
        let n = if i % 3 == 0 { 6 * i } else { 6 * i + 1 };
        text.push_str(&format!("{n} 5\n"));
    }
    text.into_bytes()
}

#[test]
fn a_failed_write_stops_every_thread() {
    // Far more jobs than the threads may run ahead: they must see the
    // writer stop, or the scope never ends.
    let bytes = pairs(50_000);
    for threads in 1..=3 {
        let out = Full { room: 1000 };
        let mut out = VerdictWriter::new(out, "First", "Second", LinePrefix::None);
        let solved = solve(
            &bytes,
            Layout::PairsToEnd,
            &BashGame,
            &mut out,
            settings(threads),
            &mut |_| {},
        );
        assert!(matches!(solved, Err(Error::Io { .. })), "{threads} threads");
    }
}

/// The verdicts of [`pairs`]' first `cases` cases.
fn verdicts(cases: u64) -> String {
    (0..cases)
        .map(|i| if i % 3 == 0 { "Second\n" } else { "First\n" })
        .collect()
}

/// Solves bash's `bytes` on `threads` threads: the outcome, and the lines
/// written.
fn answer(bytes: &[u8], threads: usize) -> (Outcome, String) {
    let mut out = VerdictWriter::new(Vec::new(), "First", "Second", LinePrefix::None);
    let outcome = solve(
        bytes,
        Layout::PairsToEnd,
        &BashGame,
        &mut out,
        settings(threads),
        &mut |_| {},
    )
    .expect("writing to memory does not fail");
    let text = out.into_inner().into_inner().expect("flushed");
    (outcome, String::from_utf8(text).expect("words"))
}

#[test]
fn lines_come_out_in_case_order_however_many_threads() {
    let bytes = pairs(20_000);
    for threads in 1..=4 {
        let (outcome, text) = answer(&bytes, threads);
        let Outcome::Answered(report) = outcome else {
            panic!("the file fits its layout, yet {outcome:?}");
        };
        assert_eq!(report.cases, 20_000);
        assert_eq!(text, verdicts(20_000), "{threads} threads");
    }
}

#[test]
fn a_number_too_large_stops_the_lines_at_its_block() {
    // 64-byte blocks of 20,000 cases; the number too large is in case
    // 15,001, far past the blocks the threads run ahead.
    let mut bytes = pairs(20_000);
    let line = pairs(15_001).len() - "90000 5\n".len();
    bytes.splice(line..line + 5, b"18446744073709551616".iter().copied());
    for threads in 1..=3 {
        let (outcome, text) = answer(&bytes, threads);
        let Outcome::Reread { skip, cases } = outcome else {
            panic!("{threads} threads answered a file with a number too large");
        };
        // Whole blocks: up to the block that holds the number.
        assert!(cases <= 15_000 && cases > 15_000 - 64, "{cases} cases");
        assert_eq!(skip, text.len() as u64);
        assert_eq!(text, verdicts(cases), "{threads} threads");
    }
}
