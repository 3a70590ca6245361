//! Property tests: every way of reading an input (each kernel, the streaming
//! reader at any buffer size, the two-pass split at any block size and
//! thread count) gives the same verdicts and the same error as a naive
//! oracle written in this file, and the error is at the true position.

use nimstream::games::{CaseSummary, FoldHeaps, GameParams, HeapFold, NoTrace};
use nimstream::grundy::{Method, NimSequence, Rule};
use nimstream::parallel;
use nimstream::problem::Problem;
use nimstream::problem::RULE_PROBLEM;
use nimstream::scan::Kernel;
use nimstream::source::{BlockedSource, FaultKind, SliceSource, StreamSource, TokenSource};
use nimstream::testing::{
    modes, outcome, outcome_with_moves, proptest_cases as cases, Mode, Outcome,
};
use proptest::prelude::*;

/// The heap games, as the oracle knows them.
#[derive(Clone, Copy, Debug)]
enum Game {
    Nim,
    Lasker,
    Misere,
    Bounded {
        max_take: u64,
    },
    /// A game given by its rule, with the values it computes up to `upto`
    /// (a proven period, or a table whose end refuses heaps).
    Rule {
        code: &'static str,
        upto: usize,
    },
}

impl Game {
    fn problem(self) -> &'static Problem {
        let name = match self {
            Game::Nim => "nim",
            Game::Lasker => "lasker",
            Game::Misere => "misere",
            Game::Bounded { .. } => "bounded",
            Game::Rule { .. } => return &RULE_PROBLEM,
        };
        Problem::find(name).unwrap()
    }

    fn params(self) -> GameParams {
        match self {
            Game::Bounded { max_take } => GameParams {
                max_take: Some(max_take),
                ..GameParams::default()
            },
            Game::Rule { code, upto } => GameParams {
                rule: Some(Rule::parse(code).unwrap()),
                upto: Some(upto),
                ..GameParams::default()
            },
            _ => GameParams::default(),
        }
    }
}

/// `G(heap)` of a rule game by the plainest reading of its sequence: the
/// table, or the residue by `%` in a proven period; `None` past both.
fn rule_value(code: &'static str, upto: usize, heap: u64) -> Option<u32> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static SEQUENCES: OnceLock<Mutex<HashMap<(&str, usize), NimSequence>>> = OnceLock::new();
    let mut all = SEQUENCES.get_or_init(Default::default).lock().unwrap();
    let seq = all.entry((code, upto)).or_insert_with(|| {
        let mut seq = NimSequence::new(Rule::parse(code).unwrap(), Method::Naive);
        seq.find_period(upto, &mut nimstream::grundy::sequence::no_progress)
            .unwrap();
        seq
    });
    let at = match seq.period() {
        Some(p) if heap >= p.preperiod => p.preperiod + (heap - p.preperiod) % p.period,
        _ => heap,
    };
    (at < seq.values().len() as u64).then(|| seq.values().get(at as usize))
}

fn run(game: Game, bytes: &[u8], mode: Mode) -> Outcome {
    outcome(game.problem(), &game.params(), bytes, mode)
}

// ---- The oracle: the simplest reading of the format. ----

#[derive(Debug, PartialEq)]
enum Item {
    Number(u64, usize),
    /// A fault at this offset: a bad byte, an overflowing run, or the end.
    Fault(usize),
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// All numbers, then one fault (the end of input counts as one).
fn oracle_tokens(bytes: &[u8]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut i = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() || !bytes[i].is_ascii_digit() {
            items.push(Item::Fault(i));
            return items;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let text = std::str::from_utf8(&bytes[start..i]).unwrap();
        match text.parse::<u64>() {
            Ok(v) => items.push(Item::Number(v, start)),
            Err(_) => {
                items.push(Item::Fault(start));
                return items;
            }
        }
    }
}

/// Verdict lines and the offset of the error, by the oracle.
fn oracle(game: Game, bytes: &[u8]) -> (Vec<bool>, Option<usize>) {
    let items = oracle_tokens(bytes);
    let mut it = items.iter();
    let mut verdicts = Vec::new();
    let mut next_at = || match it.next() {
        Some(Item::Number(v, at)) => Ok((*v, *at)),
        Some(Item::Fault(at)) => Err(*at),
        None => unreachable!(),
    };
    let result: Result<(), usize> = (|| {
        let (t, _) = next_at()?;
        for _ in 0..t {
            let (n, _) = next_at()?;
            let mut heaps = Vec::new();
            for _ in 0..n {
                let (heap, at) = next_at()?;
                if let Game::Rule { code, upto } = game {
                    // A heap the game cannot decide is an error where it is.
                    rule_value(code, upto, heap).ok_or(at)?;
                }
                heaps.push(heap);
            }
            verdicts.push(heap_verdict(game, &heaps));
        }
        Ok(())
    })();
    let mut next = || next_at().map(|(v, _)| v);
    match result {
        Err(at) => (verdicts, Some(at)),
        Ok(()) => match next() {
            // A number after the last case, or a fault there.
            Ok(_) => {
                let at = items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Number(_, s) => Some(*s),
                        _ => None,
                    })
                    .nth(consumed_numbers(game, &items))
                    .unwrap();
                (verdicts, Some(at))
            }
            Err(at) if at == bytes.len() => (verdicts, None),
            Err(at) => (verdicts, Some(at)),
        },
    }
}

/// Numbers a complete heap-game input uses.
fn consumed_numbers(_game: Game, items: &[Item]) -> usize {
    let nums: Vec<u64> = items
        .iter()
        .filter_map(|i| match i {
            Item::Number(v, _) => Some(*v),
            _ => None,
        })
        .collect();
    let mut i = 1;
    for _ in 0..nums[0] {
        i += 1 + nums[i] as usize;
    }
    i
}

/// The heap games' verdicts, from the definitions rather than the crate's
/// folds: Sprague-Grundy values (Lasker's swap, mod K+1) and the misère rule.
fn heap_verdict(game: Game, heaps: &[u64]) -> bool {
    let lasker = |h: u64| -> u128 {
        let h = u128::from(h);
        match h % 4 {
            0 if h > 0 => h - 1,
            3 => h + 1,
            _ => h,
        }
    };
    match game {
        Game::Nim => heaps.iter().fold(0, |x, &h| x ^ h) != 0,
        Game::Lasker => heaps.iter().fold(0u128, |x, &h| x ^ lasker(h)) != 0,
        Game::Bounded { max_take } => {
            let m = u128::from(max_take) + 1;
            heaps.iter().fold(0u128, |x, &h| x ^ (u128::from(h) % m)) != 0
        }
        Game::Rule { code, upto } => {
            heaps
                .iter()
                .fold(0, |x, &h| x ^ rule_value(code, upto, h).unwrap())
                != 0
        }
        Game::Misere => {
            let x = heaps.iter().fold(0, |x, &h| x ^ h);
            if heaps.iter().all(|&h| h <= 1) {
                heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
            } else {
                x != 0
            }
        }
    }
}

fn line_col(bytes: &[u8], offset: usize) -> (u64, u64) {
    let before = &bytes[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, (offset - start) as u64 + 1)
}

// ---- Inputs. ----

fn heap_games() -> impl Strategy<Value = Game> {
    prop_oneof![
        Just(Game::Nim),
        Just(Game::Lasker),
        Just(Game::Misere),
        (1u64..5).prop_map(|k| Game::Bounded { max_take: k }),
        Just(Game::Bounded { max_take: u64::MAX }),
        prop::sample::select(vec![
            Game::Rule {
                code: "0.77",
                upto: 1 << 12
            },
            Game::Rule {
                code: "sub:1,3,4",
                upto: 1 << 12
            },
            Game::Rule {
                code: "4.07",
                upto: 1 << 12
            },
            Game::Rule {
                code: "0.137",
                upto: 1 << 12
            },
            // No period within 5 values: heaps from 5 on are refused.
            Game::Rule {
                code: "0.77",
                upto: 5
            },
        ]),
    ]
}

fn heap_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => 0u64..6,
        2 => 0u64..=u64::from(u32::MAX),
        1 => any::<u64>(),
        1 => prop::sample::select(vec![u64::MAX, u64::MAX - 1, 1 << 63, (1 << 31) - 1]),
    ]
}

fn separator() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just(" ".to_string()),
        2 => Just("\n".to_string()),
        1 => Just("\r\n".to_string()),
        1 => "[ \t\n\r\x0b\x0c]{1,4}",
    ]
}

/// A valid heap-game file with random whitespace, CRLF, BOM and leading zeros.
fn heap_file() -> impl Strategy<Value = Vec<u8>> {
    let case = prop::collection::vec((heap_value(), 0usize..3), 0..12);
    (
        prop::collection::vec(case, 0..6),
        prop::collection::vec(separator(), 64),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(cases, seps, bom, final_newline)| {
            let mut text = String::new();
            if bom {
                text.push('\u{feff}');
            }
            let mut s = seps.iter().cycle();
            text += &cases.len().to_string();
            for case in &cases {
                text += s.next().unwrap();
                text += &case.len().to_string();
                for &(heap, zeros) in case {
                    text += s.next().unwrap();
                    text += &"0".repeat(zeros);
                    text += &heap.to_string();
                }
            }
            if final_newline {
                text += s.next().unwrap();
            }
            text.into_bytes()
        })
}

#[derive(Clone, Debug)]
enum Corruption {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
}

fn corruption() -> impl Strategy<Value = Corruption> {
    let byte = prop_oneof![
        3 => prop::sample::select(b"0123456789 \n-+x.\0\r\xff".to_vec()),
        1 => any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Corruption::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Corruption::Insert(i, b)),
        any::<usize>().prop_map(Corruption::Delete),
        any::<usize>().prop_map(Corruption::Truncate),
    ]
}

fn corrupt(mut bytes: Vec<u8>, corruption: &[Corruption]) -> Vec<u8> {
    for c in corruption {
        let len = bytes.len();
        match *c {
            Corruption::Replace(i, b) if len > 0 => bytes[i % len] = b,
            Corruption::Insert(i, b) => bytes.insert(i % (len + 1), b),
            Corruption::Delete(i) if len > 0 => {
                bytes.remove(i % len);
            }
            Corruption::Truncate(i) => bytes.truncate(i % (len + 1)),
            _ => {}
        }
    }
    bytes
}

/// Checks every mode against the oracle on one input.
fn check(game: Game, bytes: &[u8]) {
    let (verdicts, error_at) = oracle(game, bytes);
    let (win, lose) = (game.problem().verdicts.win, game.problem().verdicts.lose);
    let expected_out: String = verdicts
        .iter()
        .map(|&w| format!("{}\n", if w { win } else { lose }))
        .collect();
    let first = run(game, bytes, Mode::Slice(Kernel::REFERENCE));
    assert_eq!(
        first.0,
        expected_out,
        "verdicts of {:?}",
        String::from_utf8_lossy(bytes)
    );
    match (&first.1, error_at) {
        (None, None) => {}
        (Some(error), Some(at)) => {
            assert_eq!(
                error.offset,
                at as u64,
                "error offset in {:?}: {:?}",
                String::from_utf8_lossy(bytes),
                first.1
            );
            assert_eq!((error.line, error.column), line_col(bytes, at));
        }
        (got, want) => panic!(
            "error {:?}, oracle says {:?}, input {:?}",
            got,
            want,
            String::from_utf8_lossy(bytes)
        ),
    }
    for mode in modes() {
        assert_eq!(
            run(game, bytes, mode),
            first,
            "{:?} on {:?}",
            mode,
            String::from_utf8_lossy(bytes)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn valid_files_agree_everywhere(game in heap_games(), bytes in heap_file()) {
        check(game, &bytes);
    }

    #[test]
    fn moves_are_the_same_on_every_reading_path(game in heap_games(), bytes in heap_file()) {
        let problem = game.problem();
        let params = game.params();
        let first = outcome_with_moves(problem, &params, &bytes, Mode::Slice(Kernel::REFERENCE));
        // Every win names a move, except misère's empty position.
        let win = problem.verdicts.win;
        for line in first.0.lines().filter(|l| l.starts_with(win)) {
            prop_assert!(line.len() > win.len() || matches!(game, Game::Misere), "{}", line);
        }
        for mode in modes() {
            let other = outcome_with_moves(problem, &params, &bytes, mode);
            prop_assert_eq!(&other, &first, "{:?}", mode);
        }
    }

    #[test]
    fn corrupted_files_fail_at_the_true_position(
        game in heap_games(),
        bytes in heap_file(),
        corruption in prop::collection::vec(corruption(), 1..3),
    ) {
        check(game, &corrupt(bytes, &corruption));
    }
}

/// `bytes`, a [`heap_file`], without its case count: HDU 2509's layout,
/// cases until the input ends.
fn without_case_count(bytes: &[u8]) -> Vec<u8> {
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let count_end = bom
        + bytes[bom..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
    let rest = bytes[count_end..].iter().skip_while(|&&b| is_space(b));
    bytes[..bom].iter().chain(rest).copied().collect()
}

/// Misère Nim's verdicts of HDU 2509's cases, read plainly; `None` if the
/// input is not a whole number of cases.
fn cases_to_end_oracle(bytes: &[u8]) -> Option<Vec<bool>> {
    let mut numbers = Vec::new();
    for item in oracle_tokens(bytes) {
        match item {
            Item::Number(v, _) => numbers.push(v),
            Item::Fault(at) if at == bytes.len() => break,
            Item::Fault(_) => return None,
        }
    }
    let mut verdicts = Vec::new();
    let mut rest = &numbers[..];
    while let Some((&n, tail)) = rest.split_first() {
        let heaps = tail.get(..n as usize)?;
        verdicts.push(heap_verdict(Game::Misere, heaps));
        rest = &tail[n as usize..];
    }
    Some(verdicts)
}

/// HDU 2509's layout on every path, the split into blocks included: the
/// verdicts are misère Nim's, and a corrupted file fails the same way
/// everywhere as on one thread.
fn check_cases_to_end(bytes: &[u8]) -> Result<(), TestCaseError> {
    let problem = Problem::find("hdu2509").unwrap();
    let params = GameParams::default();
    let first = outcome(problem, &params, bytes, Mode::Slice(Kernel::REFERENCE));
    if let Some(verdicts) = cases_to_end_oracle(bytes) {
        let expected: String = verdicts
            .iter()
            .map(|&w| format!("{}\n", if w { "Yes" } else { "No" }))
            .collect();
        prop_assert_eq!(&first, &(expected, None));
    }
    for mode in modes() {
        let other = outcome(problem, &params, bytes, mode);
        prop_assert_eq!(
            &other,
            &first,
            "{:?} on {:?}",
            mode,
            String::from_utf8_lossy(bytes)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn cases_to_the_end_read_the_same_on_every_path(
        bytes in heap_file(),
        corruption in prop::collection::vec(corruption(), 0..3),
    ) {
        check_cases_to_end(&corrupt(without_case_count(&bytes), &corruption))?;
    }
}

#[test]
fn long_digit_runs_across_stream_refills() {
    let zeros = "0".repeat(1000);
    for text in [
        format!("1 3 {zeros}5 {zeros}7 {zeros}"),
        format!("1 1 {zeros}18446744073709551616"),
        format!("1 1 {zeros}"),
        format!("1 2 {zeros}1x 3"),
        format!("{zeros}1\n1\n{zeros}"),
    ] {
        check(Game::Nim, text.as_bytes());
    }
}

/// A fold that decides heaps up to `limit` only, as a game with a computed
/// table does: it must stop at the first heap beyond, on every source.
#[derive(Clone, Copy)]
struct Table {
    limit: u64,
}

impl HeapFold for Table {
    const MAY_REFUSE: bool = true;

    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= heap;
    }

    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0
    }

    fn decides(&self, heap: u64) -> bool {
        heap <= self.limit
    }
}

/// Folds all of `bytes` as heaps, in steps of `step`: the xor so far, how
/// many heaps, and where and why it stopped.
fn fold_all(source: &mut impl TokenSource, step: u64, fold: &Table) -> (u64, u64, u64, String) {
    let mut heaps = FoldHeaps::<_, NoTrace>::new(fold, CaseSummary::default());
    let mut count = 0;
    loop {
        match source.fold_heaps(step, &mut heaps) {
            Ok(()) => count += step,
            Err((read, fault)) => {
                let kind = match fault.kind {
                    FaultKind::Refused(value) => format!("refused {value}"),
                    other => format!("{other:?}"),
                };
                return (heaps.acc.xor, count + read, fault.offset, kind);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn a_refused_heap_stops_every_source_at_its_offset(
        heaps in prop::collection::vec(heap_value(), 0..80),
        seps in prop::collection::vec(separator(), 80),
        limit in prop_oneof![Just(5u64), Just(1 << 32), Just(u64::MAX)],
        step in 1u64..9,
        block in 1usize..64,
        threads in 1usize..4,
    ) {
        let mut text = String::new();
        for (heap, sep) in heaps.iter().zip(&seps) {
            text += &heap.to_string();
            text += sep;
        }
        let bytes = text.as_bytes();
        let fold = Table { limit };
        // The oracle: the first heap above the limit, and the xor before it.
        let refused = heaps.iter().position(|&h| h > limit);
        let before = &heaps[..refused.unwrap_or(heaps.len())];
        let xor = before.iter().fold(0, |x, &h| x ^ h);
        let expected_kind = match refused {
            Some(i) => format!("refused {}", heaps[i]),
            None => "End".to_string(),
        };
        let mut offsets = Vec::new();
        let mut at = 0;
        for (heap, sep) in heaps.iter().zip(&seps) {
            offsets.push(at as u64);
            at += heap.to_string().len() + sep.len();
        }
        let expected_offset = refused.map_or(bytes.len() as u64, |i| offsets[i]);
        let expected = (xor, before.len() as u64, expected_offset, expected_kind);
        for kernel in Kernel::available() {
            let slice = fold_all(&mut SliceSource::new(bytes, kernel), step, &fold);
            prop_assert_eq!(&slice, &expected, "slice {:?}", kernel);
            let stream = fold_all(&mut StreamSource::with_capacity(bytes, kernel, 64 + block).unwrap(), step, &fold);
            prop_assert_eq!(&stream, &expected, "stream {:?}", kernel);
        }
        let bounds = parallel::split(bytes, block);
        let pass = parallel::summarize::<_, NoTrace>(
            bytes, &bounds, &fold, Kernel::detect(), threads, &mut |_| {},
        );
        let blocked = fold_all(&mut BlockedSource::new(bytes, pass.blocks, Kernel::detect()), step, &fold);
        prop_assert_eq!(&blocked, &expected, "blocks of {} on {} threads", block, threads);
    }
}

/// A file for a position problem: valid for its layout, with random
/// whitespace, before any corruption.
fn position_file(layout: nimstream::problem::Layout) -> impl Strategy<Value = Vec<u8>> {
    use nimstream::problem::Layout;
    // Now and then a number too large for a u64: the split finds it only
    // when it converts its block, after the blocks before it are written.
    let number = prop_oneof![
        40 => (1u64..40).prop_map(|n| n.to_string()),
        20 => (1u64..100_000).prop_map(|n| n.to_string()),
        10 => (1u64..10_000_000).prop_map(|n| n.to_string()),
        1 => "1844674407370955161[6-9]|[2-9][0-9]{19}|[1-9][0-9]{20,22}",
    ];
    (
        prop::collection::vec(number, 0..40),
        prop::collection::vec(separator(), 64),
    )
        .prop_map(move |(mut numbers, seps)| {
            let mut s = seps.iter().cycle();
            let mut text = String::new();
            match layout {
                Layout::CountedPairs => {
                    numbers.truncate(numbers.len() / 2 * 2);
                    text += &(numbers.len() / 2).to_string();
                    text += s.next().unwrap();
                }
                Layout::PairsToEnd => numbers.truncate(numbers.len() / 2 * 2),
                _ => numbers.push("0".to_string()),
            }
            for n in numbers {
                text += &n;
                text += s.next().unwrap();
            }
            text.into_bytes()
        })
}

/// Every reading path prints the same as the reference kernel on a slice,
/// with and without moves.
fn check_positions(problem: &Problem, bytes: &[u8]) -> Result<(), TestCaseError> {
    let params = GameParams::default();
    let first = outcome(problem, &params, bytes, Mode::Slice(Kernel::REFERENCE));
    let first_moves = outcome_with_moves(problem, &params, bytes, Mode::Slice(Kernel::REFERENCE));
    prop_assert_eq!(&first_moves.1, &first.1);
    for mode in modes() {
        prop_assert_eq!(
            &outcome(problem, &params, bytes, mode),
            &first,
            "{:?}",
            mode
        );
        let moved = outcome_with_moves(problem, &params, bytes, mode);
        prop_assert_eq!(&moved, &first_moves, "moves {:?}", mode);
    }
    Ok(())
}

/// A position problem and a file for it.
fn position_input() -> impl Strategy<Value = (&'static Problem, Vec<u8>)> {
    let names = vec!["bash", "fibonacci", "kmultiple", "wythoff", "poj3922"];
    prop::sample::select(names).prop_flat_map(|name| {
        let problem = Problem::find(name).unwrap();
        (Just(problem), position_file(problem.layout))
    })
}

proptest! {
    // Each case runs every mode twice; capped so that CI's 10,000 cases for
    // the other properties do not make this one take minutes.
    #![proptest_config(ProptestConfig::with_cases(cases(200).min(1000)))]

    #[test]
    fn position_games_agree_on_every_path(
        (problem, bytes) in position_input(),
        corruption in prop::collection::vec(corruption(), 0..2),
    ) {
        check_positions(problem, &corrupt(bytes, &corruption))?;
    }
}
