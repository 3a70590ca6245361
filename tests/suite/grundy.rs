//! `nimstream grundy` and `nimstream solve RULE` through the built binary:
//! published periods, the exit statuses, messages for malformed rules, and
//! verdicts under a rule against a brute-force mex written here.

use crate::common;

use common::{nimstream, stderr, stdout};
use nimstream::testing::brute_force_grundy;

#[test]
fn periods_are_printed_on_one_line_and_exit_zero() {
    for (rule, line) in [
        ("0.77", "preperiod 71 period 12\n"),
        ("0.07", "preperiod 53 period 34\n"),
        // Gangolli and Plambeck: the last exceptional value is at 105350.
        ("0.16", "preperiod 105351 period 149459\n"),
        ("sub:1,3,4", "preperiod 0 period 7\n"),
    ] {
        let out = nimstream(&["grundy", rule, "--period"], b"");
        assert_eq!(out.status.code(), Some(0), "{rule}: {}", stderr(&out));
        assert_eq!(stdout(&out), line, "{rule}");
    }
    // --period is the default.
    assert_eq!(
        stdout(&nimstream(&["grundy", "0.77"], b"")),
        "preperiod 71 period 12\n"
    );
}

#[test]
fn no_period_within_upto_exits_one() {
    let out = nimstream(&["grundy", "0.77", "--period", "--upto", "100"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "no period proven up to 100\n");
}

#[test]
fn values_are_the_nim_sequence() {
    let out = nimstream(&["grundy", "sub:1,3,4", "--values", "10"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "0\n1\n0\n1\n2\n3\n2\n0\n1\n0\n");
    let kayles = nimstream(
        &["grundy", "0.77", "--values", "12", "--method", "naive"],
        b"",
    );
    assert_eq!(stdout(&kayles), "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n");
}

#[test]
fn malformed_rules_and_options_are_usage_errors() {
    for (args, words) in [
        (vec!["grundy", "0.8g"], "column 4"),
        (vec!["grundy", "sub:1,0"], "outside 1 to"),
        (vec!["grundy", "0.77", "--values", "0"], "from 1 to"),
        (
            vec!["grundy", "0.77", "--method", "fast"],
            "auto, naive or sparse",
        ),
        (vec!["solve", "0.7g", "-"], "not a digit of a code"),
        (vec!["solve", "chess", "-"], "a rule such as 0.77"),
        (vec!["solve", "nim", "--upto", "10", "-"], "--upto applies"),
    ] {
        let out = nimstream(&args, b"1\n1\n1\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn solving_under_a_rule_agrees_with_brute_force() {
    // Kayles: heaps below 200 by brute force; beyond, by its period 12 from 71.
    let g = brute_force_grundy(|i| [0, 7, 7].get(i).copied().unwrap_or(0), 200);
    let value = |h: u64| {
        if h < 200 {
            g[h as usize]
        } else {
            g[(71 + (h - 71) % 12) as usize]
        }
    };
    let cases: Vec<Vec<u64>> = vec![
        vec![1, 2],
        vec![3, 3],
        vec![70, 71, 72],
        vec![1_000_000_007, 5],
        vec![u64::MAX, 4, 199],
        vec![0],
    ];
    let mut input = format!("{}\n", cases.len());
    let mut expected = String::new();
    for case in &cases {
        input += &format!("{}\n", case.len());
        input += &case
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        input += "\n";
        let x = case.iter().fold(0, |x, &h| x ^ value(h));
        expected += if x != 0 { "Yes\n" } else { "No\n" };
    }
    let out = nimstream(&["solve", "0.77", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), expected);
}

#[test]
fn a_heap_past_an_unproven_table_is_an_error_at_its_position() {
    let out = nimstream(
        &["solve", "0.77", "--upto", "50", "-"],
        b"2\n1\n49\n2\n3 50\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "Yes\n");
    assert!(
        stderr(&out).contains("<stdin>:5:3: heap 2 of 2 in case 2: a heap of 50 is beyond"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn plot_writes_an_svg_with_the_period_marked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.svg");
    let path = path.to_str().unwrap();
    let out = nimstream(&["grundy", "0.77", "--values", "100", "--plot", path], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 100);
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("0.77: preperiod 71, period 12"));
    assert_eq!(svg.matches("<circle").count(), 100);
    let missing = nimstream(&["grundy", "0.77", "--plot", "/nonexistent/dir/x.svg"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("/nonexistent/dir/x.svg"));
}

#[test]
fn the_judge_samples_under_rules() {
    let snim =
        b"2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n";
    for name in ["hdu1536", "snim", "poj2960"] {
        let out = nimstream(&["solve", name, "-"], snim);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "LWW\nWWL\n");
    }
    let fib = b"1 1 1\n1 4 1\n0 0 0\n";
    let out = nimstream(&["solve", "hdu1848", "-", "--move"], fib);
    assert_eq!(stdout(&out), "Fibo 1:1->0\nNacci\n");
    let out = nimstream(&["solve", "fibsub", "--words", "F,N", "-"], fib);
    assert_eq!(stdout(&out), "F\nN\n");
}

#[test]
fn a_move_that_leaves_three_heaps_is_printed() {
    // 0.8: a move takes one object and splits the rest into three non-empty
    // heaps, its only kind of move; G(5) = 1, and 1+1+2 is worth 0.
    let out = nimstream(
        &["solve", "0.8", "--move", "--upto", "100", "-"],
        b"1\n1\n5\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Yes 1:5->1+1+2\n");
}

#[test]
fn judge_files_under_rules_fail_where_they_go_wrong() {
    for (name, input, at) in [
        (
            "hdu1536",
            &b"1 0\n1\n1 5\n0\n"[..],
            "<stdin>:1:3: s of case 1",
        ),
        (
            "hdu1536",
            &b"1 2\n2\n1 5\n"[..],
            "<stdin>:4:1: expected l of case 1, found the end",
        ),
        (
            "hdu1848",
            &b"1 1 1\n1 4 2000000\n0 0 0\n"[..],
            "<stdin>:2:5: p of case 2: a heap of 2000000",
        ),
        (
            "hdu1848",
            &b"1 1 1\n"[..],
            "<stdin>:2:1: expected m of case 2 or the 0",
        ),
    ] {
        let out = nimstream(&["solve", name, "-"], input);
        assert_eq!(out.status.code(), Some(2), "{name} {input:?}");
        assert!(stderr(&out).contains(at), "{name}: {}", stderr(&out));
    }
}

#[test]
fn a_long_plot_stays_small_and_a_range_draws_its_heaps() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.svg");
    let path = path.to_str().unwrap();
    // Grundy's game proves no period: 2^16 values, drawn by pixel columns.
    let out = nimstream(
        &["grundy", "grundy", "--upto", "65536", "--plot", path],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.len() < 200 << 10, "{} bytes", svg.len());
    assert!(svg.contains("no period proven in 65536 values"));
    // Heaps 60 to 120 of Kayles, each a point, Kayles' period beyond them.
    let args = [
        "grundy", "kayles", "--plot", path, "--from", "60", "--to", "120",
    ];
    let out = nimstream(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(path).unwrap();
    assert_eq!(svg.matches("<circle").count(), 61);
    // --to past the values the search computes computes them.
    let args = [
        "grundy", "kayles", "--plot", path, "--from", "5000", "--to", "5009",
    ];
    let out = nimstream(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = std::fs::read_to_string(path).unwrap();
    assert_eq!(svg.matches("<circle").count(), 10);
    for (args, message) in [
        (&["--from", "9", "--to", "3"][..], "--from 9 is past --to 3"),
        (
            &["--from", "5000"][..],
            "--from 5000: the plot ends at heap",
        ),
    ] {
        let out = nimstream(
            &[&["grundy", "kayles", "--plot", path][..], args].concat(),
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
}

/// Without --to a plot ends at the values computed, at most --values or
/// --upto: a --from at or past them is refused before any is computed
/// (no value printed, no checkpoint saved), not after the work.
#[test]
fn a_from_past_every_value_computed_is_refused_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("p.svg");
    let plot = plot.to_str().unwrap();
    let saved = dir.path().join("c.ckpt");
    let checkpoint = saved.to_str().unwrap();
    let searched = [
        "grundy",
        "0.007",
        "--plot",
        plot,
        "--upto",
        "2000",
        "--from",
        "5000",
        "--checkpoint",
        checkpoint,
    ];
    let listed = [
        "grundy", "0.77", "--values", "10", "--plot", plot, "--from", "10",
    ];
    for (args, last) in [(&searched[..], 1999), (&listed[..], 9)] {
        let out = nimstream(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let message = format!("the plot ends at heap {last}; give --to N");
        assert!(stderr(&out).contains(&message), "{}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    assert!(
        !saved.exists(),
        "the checkpoint was saved: values were computed"
    );
}

#[test]
fn upto_bounds_the_search_a_plot_makes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.svg");
    let path = path.to_str().unwrap();
    // --plot alone means --period, so --upto bounds the search and the
    // plot is still drawn when nothing is proven.
    let out = nimstream(&["grundy", "0.77", "--plot", path, "--upto", "50"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "no period proven up to 50\n");
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(
        svg.contains("0.77: no period proven in 50 values"),
        "{svg:.400}"
    );
    // With --values alone nothing is searched, and --upto is refused.
    let out = nimstream(&["grundy", "0.77", "--values", "5", "--upto", "50"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--upto"));
}

/// A file `gen` writes under a rule is one `solve` decides: heaps past a
/// table with no proven period cannot be planted or checked, so asking for
/// them is an error that points to --upto, not a file of guesses.
#[test]
fn gen_refuses_heaps_the_rule_cannot_decide() {
    let args = [
        "gen", "0.6", "--upto", "4096", "--cases", "3", "--heaps", "3",
    ];
    let out = nimstream(&[&args[..], &["--max", "2000000"]].concat(), b"");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("--upto"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    // Within the table, the file is written and solved.
    let out = nimstream(&[&args[..], &["--max", "4095"]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solved = nimstream(&["solve", "0.6", "--upto", "4096", "-"], &out.stdout);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
}

#[test]
fn plot_refuses_a_name_that_is_not_svg() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("k.png");
    let out = nimstream(&["grundy", "0.77", "--plot", png.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--plot writes SVG"),
        "{}",
        stderr(&out)
    );
    assert!(!png.exists(), "an SVG was written into {}", png.display());
    let svg = dir.path().join("k.SVG");
    let out = nimstream(&["grundy", "0.77", "--plot", svg.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}
