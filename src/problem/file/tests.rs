use super::*;
use crate::problem::CATALOGUE;

#[test]
fn every_entry_reads_back_as_itself() {
    for problem in &CATALOGUE {
        let text = problem.to_toml().unwrap();
        let read = Problem::from_toml(&text, "entry.toml")
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", problem.name));
        assert_eq!(read, *problem, "{text}");
        assert_eq!(read.to_toml().unwrap(), text);
    }
}

const KAYLES: &str = r#"name = "kayles"
source = "a contest of ours"
title = "Kayles"
rule = "0.77"
layout = "heap-cases"
win = "W"
lose = "L"

[limits]
cases = [1, 100]
value = [1, 1000]
"#;

#[test]
fn what_a_file_leaves_out_takes_its_usual_value() {
    let kayles = Problem::from_toml(KAYLES, "k.toml").unwrap();
    assert_eq!(kayles.fixed.rule, Some("0.77"));
    assert_eq!(kayles.answer, Answer::Verdict);
    assert_eq!(kayles.verdicts.prefix, LinePrefix::None);
    assert_eq!(kayles.limits.heaps, Bounds::ANY);
    assert_eq!(kayles.limits.value, Bounds::new(1, 1000));
    assert_eq!(kayles.vars.heaps.name, "N");
    assert_eq!(kayles.vars.value.label, "heap size a");
    assert_eq!(kayles.vars.second, None);
    let named = KAYLES.replace("\"0.77\"", "\"kayles\"");
    let game = Problem::from_toml(&named, "k.toml").unwrap();
    assert_eq!(game.fixed.rule, Some("kayles"));
}

/// The error for `text`: its place and message.
fn error(text: &str) -> (u64, u64, String) {
    match Problem::from_toml(text, "bad.toml") {
        Err(Error::Input {
            path,
            position,
            message,
            ..
        }) => {
            assert_eq!(path, "bad.toml");
            (position.line, position.column, message)
        }
        other => panic!("expected an input error, got {other:?}"),
    }
}

#[test]
fn a_bad_file_is_an_error_at_the_key() {
    let cases = [
        // A key the format does not have.
        (KAYLES.replace("win =", "wni ="), 6, 1, "key `wni`: unknown field"),
        // A value of the wrong type, inside a table.
        (
            KAYLES.replace("[1, 100]", "[1, \"x\"]"),
            10,
            13,
            "key `limits.cases`: invalid type",
        ),
        (
            KAYLES.replace("[1, 1000]", "[1000, 1]"),
            11,
            9,
            "key `limits.value`: the minimum 1000 exceeds the maximum 1",
        ),
        (
            KAYLES.replace("rule = \"0.77\"", "rule = \"0.g\""),
            4,
            8,
            "key `rule`: rule `0.g`",
        ),
        (
            KAYLES.replace("rule = \"0.77\"", "game = \"kayles\""),
            4,
            8,
            "key `game`: unknown game `kayles`",
        ),
        (
            KAYLES.replace("rule = \"0.77\"", "game = \"nim\"\nrule = \"0.77\""),
            4,
            8,
            "not both",
        ),
        (
            KAYLES.replace("heap-cases", "heap-case"),
            5,
            10,
            "key `layout`: unknown layout `heap-case`; did you mean `heap-cases`?",
        ),
        (
            KAYLES.replace("heap-cases", "triangle"),
            5,
            10,
            "key `layout`: unknown layout `triangle`; expected one of: heap-cases,",
        ),
        (
            KAYLES.replace("win = \"W\"", "answer = \"move-cont\"\nwin = \"W\""),
            6,
            10,
            "key `answer`: unknown answer `move-cont`; did you mean `move-count`?",
        ),
        (
            KAYLES.replace("win = \"W\"", "answer = \"moves\"\nwin = \"W\""),
            6,
            10,
            "key `answer`: unknown answer `moves`; expected one of: verdict, all-moves,",
        ),
        // Counting the moves of a game that splits, found as the file is read.
        (
            KAYLES
                .replace("heap-cases", "heap-cases-to-zero")
                .replace("win = \"W\"", "answer = \"move-count\"\nwin = \"W\""),
            6,
            10,
            "key `answer`: the rule 0.77 splits heaps, so its winning moves cannot be listed or \
             counted",
        ),
        (
            KAYLES.replace("heap-cases", "counted-pairs"),
            5,
            10,
            "key `layout`: the layout cannot read the positions of a game given by its rule, which are heaps (layouts heap-cases,",
        ),
        (
            KAYLES.replace("win = \"W\"", "answer = \"all-moves\"\nwin = \"W\""),
            6,
            10,
            "key `answer`",
        ),
        (KAYLES.replace("\"W\"", "\"\""), 6, 7, "key `win`: a word"),
        (
            KAYLES.replace("rule = \"0.77\"", "game = \"nim\"\nmax-take = 3"),
            5,
            12,
            "key `max-take`: nim takes no max-take",
        ),
        // A key left out is named as missing, not as the first key.
        (KAYLES.replace("layout = \"heap-cases\"\n", ""), 1, 1, "missing key `layout`"),
        (KAYLES.replace("source = \"a contest of ours\"\n", ""), 1, 1, "missing key `source`"),
        (
            format!("{KAYLES}\n[vars.heaps]\nlabel = \"piles\"\n"),
            13,
            1,
            "missing key `vars.heaps.name`",
        ),
        // A key given twice is named, with its table.
        (KAYLES.replace("lose = \"L\"", "lose = \"L\"\nwin = \"V\""), 8, 1, "duplicate key `win`"),
        (
            KAYLES.replace("lose = \"L\"", "lose = \"L\"\n\"win\" = \"V\""),
            8,
            1,
            "duplicate key `win`",
        ),
        (
            format!("{KAYLES}value = [2, 3]\n"),
            12,
            1,
            "duplicate key `limits.value`",
        ),
        (format!("{KAYLES}\n[limits]\n"), 13, 2, "duplicate key `limits`"),
        (KAYLES.replace("= \"W\"", "\"W\""), 6, 5, "expected `=`"),
    ];
    for (text, line, column, words) in cases {
        let (l, c, message) = error(&text);
        assert!(message.contains(words), "{message}\n{text}");
        assert_eq!((l, c), (line, column), "{message}\n{text}");
        if words.starts_with("missing key") || words.starts_with("duplicate key") {
            assert_eq!(message, words, "{text}");
        }
    }
}

#[test]
fn a_byte_that_is_not_utf8_is_an_error_at_its_place() {
    let mut bytes = KAYLES.as_bytes().to_vec();
    let at = KAYLES.find("Kayles").unwrap() + 2;
    bytes[at] = 0xFF;
    match utf8(&bytes, "bad.toml") {
        Err(error) => assert_eq!(
            error.to_string(),
            "bad.toml:3:12: the non-ASCII byte 0xFF is not UTF-8; a problem file is UTF-8 text"
        ),
        Ok(text) => panic!("read as {text}"),
    }
    assert_eq!(utf8(KAYLES.as_bytes(), "k.toml").unwrap(), KAYLES);
}

#[test]
fn a_bound_toml_cannot_hold_is_an_error_to_write() {
    let mut problem = *Problem::find("nim").unwrap();
    problem.limits.value = Bounds::new(1, u64::MAX - 1);
    let error = problem.to_toml().unwrap_err().to_string();
    assert!(error.contains("2^63-1"), "{error}");
}

#[test]
fn a_bound_without_a_maximum_is_written_as_its_minimum() {
    let mut problem = *Problem::find("nim").unwrap();
    problem.limits.cases = Bounds::new(1, u64::MAX);
    let text = problem.to_toml().unwrap();
    assert!(text.contains("cases = [1]"), "{text}");
    let read = Problem::from_toml(&text, "nim.toml").unwrap();
    assert_eq!(read.limits.cases, Bounds::new(1, u64::MAX));
    for bad in ["cases = []", "cases = [1, 2, 3]"] {
        let text = text.replace("cases = [1]", bad);
        let (_, _, message) = error(&text);
        assert!(message.contains("[min, max], or [min]"), "{message}");
    }
}

#[test]
fn play_misere_beside_a_rule_plays_it_misere_and_reads_back() {
    let text = KAYLES.replace("rule = \"0.77\"", "rule = \"0.77\"\nplay = \"misere\"");
    let misere = Problem::from_toml(&text, "k.toml").unwrap();
    assert_eq!(misere.game, crate::games::misere_rule::SPEC);
    assert_eq!(misere.fixed.rule, Some("0.77"));
    let written = misere.to_toml().unwrap();
    assert!(written.contains("play = \"misere\""), "{written}");
    assert!(!written.contains("game ="), "{written}");
    assert_eq!(Problem::from_toml(&written, "w.toml").unwrap(), misere);
    let normal = KAYLES.replace("rule = \"0.77\"", "rule = \"0.77\"\nplay = \"normal\"");
    let normal = Problem::from_toml(&normal, "k.toml").unwrap();
    assert_eq!(normal, Problem::from_toml(KAYLES, "k.toml").unwrap());
    assert!(!normal.to_toml().unwrap().contains("play"));
}

#[test]
fn a_bad_play_is_an_error_at_its_key() {
    let cases = [
        (
            KAYLES.replace("rule = \"0.77\"", "rule = \"0.77\"\nplay = \"misre\""),
            "key `play`: unknown play `misre`; did you mean `misere`?",
        ),
        (
            KAYLES.replace("rule = \"0.77\"", "rule = \"0.77\"\nplay = \"last\""),
            "key `play`: unknown play `last`; expected one of: normal, misere",
        ),
        (
            KAYLES.replace("rule = \"0.77\"", "game = \"nim\"\nplay = \"misere\""),
            "key `play`: play applies to a game given by its rule",
        ),
        (
            KAYLES
                .replace("rule = \"0.77\"", "rule = \"sub:1,2\"\nplay = \"misere\"")
                .replace("heap-cases", "heap-cases-to-zero")
                .replace("win = \"W\"", "answer = \"move-count\"\nwin = \"W\""),
            "key `play`: a misère game's winning moves depend on every heap",
        ),
    ];
    for (text, words) in cases {
        let (line, column, message) = error(&text);
        assert!(message.starts_with(words), "{message}\n{text}");
        assert_eq!((line, column), (5, 8), "{message}\n{text}");
    }
}

#[test]
fn an_interactive_section_states_the_protocol_and_reads_back() {
    use crate::problem::{Protocol, Reply, SideRule};
    let text = format!(
        "{KAYLES}\n[interactive]\nsend = \"line\"\nside = \"second\"\nreply = \"position\"\n\
         won = \"WIN\"\n"
    );
    let problem = Problem::from_toml(&text, "k.toml").unwrap();
    let protocol = Protocol {
        send: crate::problem::Opening::Line,
        side: SideRule::Second,
        reply: Reply::Position,
        won: "WIN",
        ..Protocol::DEFAULT
    };
    assert_eq!(problem.fixed.protocol, protocol);
    let written = problem.to_toml().unwrap();
    assert!(
        written.contains("[interactive]\nsend = \"line\"\nside = \"second\""),
        "{written}"
    );
    assert!(!written.contains("lost"), "{written}");
    assert_eq!(Problem::from_toml(&written, "w.toml").unwrap(), problem);
    // The default protocol is no section at all.
    let kayles = Problem::from_toml(KAYLES, "k.toml").unwrap();
    assert_eq!(kayles.fixed.protocol, Protocol::DEFAULT);
    let section = format!("{KAYLES}\n[interactive]\nside = \"chosen\"\n");
    let chosen = Problem::from_toml(&section, "k.toml").unwrap();
    assert_eq!(chosen, kayles);
    assert!(!chosen.to_toml().unwrap().contains("interactive"));
}

#[test]
fn a_bad_interactive_key_is_an_error_at_its_line() {
    let cases = [
        (
            "side = \"frist\"\n",
            8,
            "key `interactive.side`: unknown side `frist`; did you mean `first`?",
        ),
        (
            "reply = \"board\"\n",
            9,
            "key `interactive.reply`: unknown reply `board`; expected one of: move, position",
        ),
        (
            "who = \"first\"\n",
            1,
            "key `interactive.who`: unknown field `who`",
        ),
        (
            "won = \"\"\n",
            7,
            "key `interactive.won`: the line that ends a game is one line",
        ),
        (
            "lost = \"0\"\n",
            8,
            "key `interactive.lost`: a game won and a game lost end with the same line `0`",
        ),
        ("side = 1\n", 8, "key `interactive.side`: invalid type"),
        (
            "send = \"lines\"\n",
            8,
            "key `interactive.send`: unknown send `lines`; did you mean `line`?",
        ),
    ];
    for (section, column, words) in cases {
        let text = format!("{KAYLES}\n[interactive]\n{section}");
        let (line, at, message) = error(&text);
        assert!(message.starts_with(words), "{message}\n{text}");
        assert_eq!((line, at), (14, column), "{message}\n{text}");
    }
}
