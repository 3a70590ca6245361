use proptest::prelude::*;

use std::io;

use super::*;
use crate::problem::Problem;

fn check(problem: &str, expected: &str, output: &[u8], mode: Mode) -> Checked {
    let problem = Problem::find(problem).unwrap();
    compare(problem, expected.as_bytes(), output, mode, None).unwrap()
}

fn tokens(problem: &str, expected: &str, output: &str) -> Checked {
    check(problem, expected, output.as_bytes(), Mode::Tokens)
}

#[test]
fn answers_that_match_as_tokens_are_accepted_whatever_their_spacing() {
    let checked = tokens("lasker", "Alice\nBob\n", "  Alice \r\n\n\tBob");
    assert_eq!(checked, Checked::accepted(2));
}

#[test]
fn a_wrong_word_names_the_case_the_output_line_and_both_answers() {
    let checked = tokens("lasker", "Alice\nBob\nAlice\n", "Alice\n\nBob\nBob\n");
    assert_eq!(checked.verdict, Verdict::WrongAnswer);
    assert_eq!(
        checked.message,
        "case 3 (output line 4): expected 'Alice', found 'Bob'"
    );
    assert_eq!(checked.cases, 2);
}

#[test]
fn words_of_several_tokens_are_shown_whole() {
    let checked = tokens(
        "hdu1517",
        "Stan wins.\nOllie wins.\n",
        "Stan wins.\nStan wins.\n",
    );
    assert_eq!(
        checked.message,
        "case 2 (output line 2): expected 'Ollie wins.', found 'Stan wins.'"
    );
}

#[test]
fn a_word_no_answer_has_is_a_presentation_error() {
    let checked = tokens("nim", "Yes\nNo\n", "Yes\nNO\n");
    assert_eq!(checked.verdict, Verdict::PresentationError);
    assert!(checked
        .message
        .contains("found 'NO', which is not an answer nim gives"));
    let junk = check("nim", "Yes\n", b"\x80\xff\n", Mode::Tokens);
    assert_eq!(junk.verdict, Verdict::PresentationError);
    let nan = tokens("hdu1850", "3\n", "NaN\n");
    assert_eq!(nan.verdict, Verdict::PresentationError);
}

#[test]
fn a_wrong_number_is_a_wrong_answer_however_large() {
    for found in ["-1", "2147483648", "184467440737095516160000"] {
        let checked = tokens("hdu1850", "3\n", found);
        assert_eq!(checked.verdict, Verdict::WrongAnswer, "{found}");
    }
}

#[test]
fn an_output_that_ends_early_or_runs_on_is_a_wrong_answer() {
    let empty = tokens("nim", "Yes\nNo\n", "");
    assert_eq!(empty.verdict, Verdict::WrongAnswer);
    assert_eq!(
        empty.message,
        "case 1: the output ends where 'Yes' is expected (0 cases answered)"
    );
    let short = tokens("hdu1517", "Stan wins.\nOllie wins.\n", "Stan wins.\nOllie");
    assert_eq!(
        short.message,
        "case 2: the output ends where 'Ollie wins.' is expected (1 case answered)"
    );
    let long = tokens("nim", "Yes\n", "Yes\nNo\n");
    assert_eq!(long.verdict, Verdict::WrongAnswer);
    assert_eq!(
        long.message,
        "output line 2: 'No' after the last case's answer (1 case)"
    );
}

#[test]
fn a_token_too_long_to_be_an_answer_is_not_held() {
    let mut output = vec![b'1'; 10 << 20];
    output.push(b'\n');
    let checked = check("hdu1850", "3\n", &output, Mode::Tokens);
    assert_eq!(checked.verdict, Verdict::PresentationError);
    assert!(checked.message.contains("a token of over 4096 bytes"));
}

#[test]
fn cases_of_several_lines_are_counted_as_cases() {
    // HDU 2176: the word, then every winning move.
    let expected = "Yes\n1 0\nNo\nYes\n3 2\n4 1\n";
    let checked = tokens("hdu2176", expected, "Yes\n1 0\nNo\nYes\n3 2\n4 2\n");
    assert_eq!(
        checked.message,
        "case 3 (output line 6): expected '4 1', found '4 2'"
    );
    // P1247: a move and a line of heaps, or the losing word.
    let expected = "1 2\n3 0 4\nlose\n2 1\n0 1\n";
    let checked = tokens("p1247", expected, "1 2\n3 0 4\nlose\n2 1\n0 2\n");
    assert!(
        checked.message.starts_with("case 3 "),
        "{}",
        checked.message
    );
}

#[test]
fn strict_lines_must_match_byte_for_byte() {
    let strict = |output: &str| check("lasker", "Alice\nBob\n", output.as_bytes(), Mode::Strict);
    assert_eq!(strict("Alice\nBob\n").verdict, Verdict::Accepted);
    assert_eq!(strict("Alice\nBob").verdict, Verdict::Accepted);
    let spaced = strict("Alice \nBob\n");
    assert_eq!(spaced.verdict, Verdict::PresentationError);
    assert_eq!(
        spaced.message,
        "case 1 (output line 1): the spacing differs: expected 'Alice', found 'Alice '"
    );
    assert_eq!(
        strict("Alice\r\nBob\r\n").verdict,
        Verdict::PresentationError
    );
    assert_eq!(strict("Alice\nAlice\n").verdict, Verdict::WrongAnswer);
    assert_eq!(strict("Alice\nBob\n\n").verdict, Verdict::PresentationError);
    assert_eq!(strict("Alice\nBob\nBob\n").verdict, Verdict::WrongAnswer);
    assert_eq!(strict("Alice\n").verdict, Verdict::WrongAnswer);
}

#[test]
fn a_strict_line_far_longer_than_expected_is_skipped_not_held() {
    let mut output = b"Alice".to_vec();
    output.extend(std::iter::repeat_n(b' ', 10 << 20));
    output.extend_from_slice(b"\nBob\n");
    let checked = check("lasker", "Alice\nBob\n", &output, Mode::Strict);
    assert_eq!(checked.verdict, Verdict::PresentationError);
}

/// The jury's fault found by comparing `output` with `expected`, the
/// answers to an input of `cases` cases.
fn jury_fault(problem: &str, expected: &[u8], output: &str, cases: Option<u64>) -> JuryFault {
    let problem = Problem::find(problem).unwrap();
    match compare(problem, expected, output.as_bytes(), Mode::Tokens, cases) {
        Err(Failure::Jury(fault)) => fault,
        other => panic!("no fault of the jury's: {other:?}"),
    }
}

#[test]
fn expected_answers_that_are_no_answers_are_the_jurys_fault() {
    let maybe = jury_fault("lasker", b"Alice\nMaybe\n", "Alice\nBob\n", None);
    assert_eq!(maybe.line, 2);
    assert!(
        maybe
            .message
            .starts_with("'Maybe' is no answer lasker gives"),
        "{}",
        maybe.message
    );
    // Found though the output went wrong before it, and shown escaped.
    let junk = jury_fault(
        "misere",
        b"John\nBrother\n\x80\xff\x01\n",
        "Brother\n",
        None,
    );
    assert_eq!(junk.line, 3);
    assert!(
        junk.message.starts_with("'\\x80\\xff\\u{1}' is no answer"),
        "{}",
        junk.message
    );
    assert_eq!(
        jury_fault("misere", b"John\nJon\n", "John\nJon\n", None).line,
        2
    );
    let unspelt = jury_fault("wythoff", b"01\n", "01\n", None);
    assert!(unspelt.message.starts_with("'01' is no answer"));
}

#[test]
fn expected_answers_for_another_number_of_cases_are_the_jurys_fault() {
    let cut = b"Yes\nNo\nYes\n";
    for output in ["Yes\nNo\nYes\nNo\nNo\n", "Yes\nNo\nYes\n", "No\n", ""] {
        let fault = jury_fault("nim", cut, output, Some(5));
        assert_eq!(fault.line, 4, "{output:?}");
        assert!(
            fault
                .message
                .starts_with("the expected answers end after 3 cases of the input's 5"),
            "{}",
            fault.message
        );
    }
    let long = jury_fault("nim", b"Yes\n\nNo\nYes\n", "Yes\nNo\nYes\n", Some(1));
    assert_eq!(long.line, 3);
    assert!(long
        .message
        .starts_with("case 2 of the expected answers, but the input has 1 case"));
    // A case of several lines is one case.
    let problem = Problem::find("hdu2176").unwrap();
    let expected = "Yes\n1 0\nNo\nYes\n3 2\n4 1\n";
    let checked = compare(
        problem,
        expected.as_bytes(),
        expected.as_bytes(),
        Mode::Strict,
        Some(3),
    );
    assert_eq!(checked.unwrap(), Checked::accepted(3));
}

#[test]
fn tokens_are_split_as_wcmp_splits_them() {
    let nim = |output: &[u8]| check("nim", "Yes\nNo\n", output, Mode::Tokens).verdict;
    assert_eq!(nim(b"Yes\r\n\tNo  "), Verdict::Accepted);
    // A vertical tab or a form feed is no space to wcmp: part of a token.
    assert_eq!(nim(b"Yes\x0bNo\n"), Verdict::PresentationError);
    assert_eq!(nim(b"Yes\x0c\nNo\n"), Verdict::PresentationError);
    // A byte order mark is skipped at the very start, and only there.
    assert_eq!(nim(b"\xef\xbb\xbfYes\nNo\n"), Verdict::Accepted);
    assert_eq!(nim(b"\xef\xbb\xbf\nYes\nNo\n"), Verdict::Accepted);
    assert_eq!(nim(b" \xef\xbb\xbfYes\nNo\n"), Verdict::PresentationError);
    assert_eq!(nim(b"Yes\n\xef\xbb\xbfNo\n"), Verdict::PresentationError);
    assert_eq!(nim(b"\xef\xbbYes\nNo\n"), Verdict::PresentationError);
    let strict = check("nim", "Yes\nNo\n", b"\xef\xbb\xbfYes\nNo\n", Mode::Strict);
    assert_eq!(strict.verdict, Verdict::Accepted);
    // The mark read a byte at a time, as a pipe may give it.
    let problem = Problem::find("nim").unwrap();
    let output = io::BufReader::with_capacity(1, &b"\xef\xbb\xbfYes No"[..]);
    let checked = compare(problem, &b"Yes\nNo\n"[..], output, Mode::Tokens, Some(2));
    assert_eq!(checked.unwrap(), Checked::accepted(2));
}

#[test]
fn a_number_not_spelt_as_the_answers_spell_it_is_a_presentation_error() {
    for found in ["01", "+1", "-0", "1.0", "00", "1e0", "0x1"] {
        let checked = tokens("wythoff", "1\n", found);
        assert_eq!(checked.verdict, Verdict::PresentationError, "{found}");
    }
    assert_eq!(tokens("wythoff", "1\n", "0").verdict, Verdict::WrongAnswer);
    for found in ["-1", "10", "0"] {
        assert_eq!(
            tokens("hdu1850", "3\n", found).verdict,
            Verdict::WrongAnswer,
            "{found}"
        );
    }
    // Moves too: `+` and `:` make no answer unless they make a move.
    let wrong_move = tokens("hdu2176", "Yes\n1 0\n", "Yes\n1 01\n");
    assert_eq!(wrong_move.verdict, Verdict::PresentationError);
}

#[test]
fn every_verdict_has_a_code_and_words() {
    let codes: Vec<_> = Verdict::ALL.iter().map(|v| v.code()).collect();
    assert_eq!(codes, ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RE"]);
    assert_eq!(Verdict::TimeLimit.words(), "time limit exceeded");
}

proptest! {
    /// Junk of any kind is judged without a panic, and accepted only
    /// when its tokens are the expected ones.
    #[test]
    fn junk_output_is_judged_never_accepted_by_mistake(
        junk in proptest::collection::vec(any::<u8>(), 0..200),
        words in proptest::collection::vec(prop_oneof![Just("Alice"), Just("Bob")], 1..6),
        strict in any::<bool>(),
    ) {
        let expected: String = words.iter().map(|w| format!("{w}\n")).collect();
        let mode = if strict { Mode::Strict } else { Mode::Tokens };
        let checked = check("lasker", &expected, &junk, mode);
        // testlib skips a byte order mark that starts the output.
        let text = junk.strip_prefix(super::tokens::BOM).unwrap_or(&junk);
        let same = text
            .split(|&b| super::tokens::is_space(b))
            .filter(|t| !t.is_empty())
            .eq(words.iter().map(|w| w.as_bytes()));
        prop_assert_eq!(checked.verdict == Verdict::Accepted, same && (!strict || {
            let text = text.strip_suffix(b"\n").unwrap_or(text);
            text == expected.trim_end_matches('\n').as_bytes()
        }));
        prop_assert!(checked.verdict != Verdict::Accepted || checked.message.is_empty());
    }
}

#[test]
fn s_nim_lines_of_a_word_for_each_position_are_answers() {
    // HDU 1536: each case's line is W or L for each position, unspaced.
    let problem = Problem::find("hdu1536").unwrap();
    let expected = "LWLLW\nWW\n";
    let same = compare(
        problem,
        expected.as_bytes(),
        expected.as_bytes(),
        Mode::Tokens,
        Some(2),
    );
    assert_eq!(same.unwrap(), Checked::accepted(2));
    let wrong = tokens("hdu1536", expected, "LWLLW\nWL\n");
    assert_eq!(wrong.verdict, Verdict::WrongAnswer);
    assert_eq!(
        wrong.message,
        "case 2 (output line 2): expected 'WW', found 'WL'"
    );
    assert_eq!(
        tokens("hdu1536", expected, "LWLXW\nWW\n").verdict,
        Verdict::PresentationError
    );
    let fault = jury_fault("hdu1536", b"LWLLW\nWWx\n", "LWLLW\nWW\n", None);
    assert_eq!(fault.line, 2);
}

#[test]
fn a_case_starts_at_its_verdict_word_even_when_the_word_is_a_number() {
    // HDU 2177: `1` and the pairs the winning moves leave, or `0`.
    let problem = Problem::find("hdu2177").unwrap();
    let expected = "1\n0 0\n1 2\n0\n1\n3 5\n";
    let same = compare(
        problem,
        expected.as_bytes(),
        expected.as_bytes(),
        Mode::Tokens,
        Some(3),
    );
    assert_eq!(same.unwrap(), Checked::accepted(3));
    let strict = compare(
        problem,
        expected.as_bytes(),
        expected.as_bytes(),
        Mode::Strict,
        Some(3),
    );
    assert_eq!(strict.unwrap(), Checked::accepted(3));
    let wrong = tokens("hdu2177", expected, "1\n0 0\n1 2\n0\n1\n3 4\n");
    assert_eq!(
        wrong.message,
        "case 3 (output line 6): expected '3 5', found '3 4'"
    );
}
