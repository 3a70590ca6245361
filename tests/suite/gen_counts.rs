//! `gen --heaps MIN..MAX`: each case draws its own count of heaps (items,
//! pieces) from the range, as a testlib generator varies `N`, and the file
//! is still the problem's strict format, the same for the same seed.

use crate::common;

use common::{nimstream, stderr, stdout};
use nimstream::problem::{Layout, CATALOGUE};

/// `gen ARGS`, which must succeed: the file.
fn gen(args: &[&str]) -> Vec<u8> {
    let output = nimstream(&[&["gen"][..], args].concat(), b"");
    assert!(output.status.success(), "gen {args:?}: {}", stderr(&output));
    output.stdout
}

/// `validate PROBLEM - FLAGS --summary` on `input`: its output.
fn validate(problem: &[&str], input: &[u8], flags: &[&str]) -> std::process::Output {
    let args = [&["validate"][..], problem, &["-", "--summary"], flags].concat();
    nimstream(&args, input)
}

#[test]
fn a_range_of_heaps_gives_each_case_its_own_count_within_it() {
    let args = [
        "lasker", "--cases", "200", "--heaps", "1..9", "--seed", "7", "--losing", "0.3",
    ];
    let file = gen(&args);
    let text = String::from_utf8(file.clone()).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("200"));
    let mut counts = Vec::new();
    while let Some(count) = lines.next() {
        let n: usize = count.parse().unwrap();
        let heaps = lines.next().expect("a line of heaps after its count");
        assert_eq!(heaps.split(' ').count(), n, "{count}\n{heaps}");
        counts.push(n);
    }
    assert_eq!(counts.len(), 200);
    assert!(counts.iter().all(|n| (1..=9).contains(n)), "{counts:?}");
    let mut seen = counts.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (1..=9).collect::<Vec<_>>(), "every count drawn");
    let checked = validate(&["lasker"], &file, &["--cases-max", "200"]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    // --losing still holds exactly: 60 of the 200 cases lose.
    let solved = nimstream(&["solve", "lasker", "-"], &file);
    assert_eq!(stdout(&solved).lines().filter(|l| *l == "Bob").count(), 60);
    // The same seed gives the same bytes, on any number of threads.
    assert_eq!(gen(&args), file);
    assert_eq!(gen(&[&args[..], &["--threads", "3"]].concat()), file);
    let other = gen(&["lasker", "--cases", "200", "--heaps", "1..9", "--seed", "8"]);
    assert_ne!(other, file);
}

#[test]
fn a_range_of_one_count_is_that_count() {
    let one = gen(&["hdu5795", "--cases", "30", "--heaps", "5"]);
    assert_eq!(gen(&["hdu5795", "--cases", "30", "--heaps", "5..5"]), one);
}

#[test]
fn cases_too_large_to_cut_keep_their_bytes_on_any_number_of_threads() {
    // Counts past a job's 2^16 heaps: each case is a job of its own.
    let args = ["lasker", "--cases", "4", "--heaps", "60000..70000"];
    let file = gen(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(gen(&[&args[..], &["--threads", "2"]].concat()), file);
    let checked = validate(&["lasker"], &file, &[]);
    assert!(checked.status.success(), "{}", stderr(&checked));
}

#[test]
fn every_problem_with_a_count_takes_a_range_within_its_limits() {
    for problem in &CATALOGUE {
        let limits = problem.limits;
        if !problem.layout.has_count() || problem.layout == Layout::HeapTriplesToZero {
            continue;
        }
        let fewest = limits.heaps.min.max(1);
        let most = limits.heaps.max.min(fewest + 6);
        let cases = limits.cases.max.min(20).max(limits.cases.min).to_string();
        let range = format!("{fewest}..{most}");
        let name = match problem.name {
            "bounded" => vec!["bounded", "--max-take", "3"],
            name => vec![name],
        };
        let args = [&name[..], &["--cases", &cases, "--heaps", &range]].concat();
        let output = nimstream(&[&["gen"][..], &args].concat(), b"");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{args:?}");
        let checked = validate(&name, &output.stdout, &[]);
        assert!(checked.status.success(), "{args:?}: {}", stderr(&checked));
        // The summary's line of the count: `N: min 2, max 8, allowed …`.
        let label = format!("{}: min ", problem.vars.heaps.name);
        let line = stdout(&checked)
            .lines()
            .find(|line| line.starts_with(&label))
            .unwrap_or_else(|| panic!("{args:?}: {}", stdout(&checked)));
        let number = |after: &str| -> u64 {
            let rest = &line[line.find(after).unwrap() + after.len()..];
            let digits = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap();
            digits.parse().unwrap()
        };
        let (least, largest) = (number("min "), number("max "));
        assert!(fewest <= least && largest <= most, "{args:?}: {line}");
        // Luogu P1247's input is one case: one count.
        if cases != "1" {
            assert!(
                least < largest,
                "{args:?}: one count for every case: {line}"
            );
        }
    }
}

#[test]
fn ranges_the_problem_cannot_take_are_refused_with_the_argument() {
    for (args, words) in [
        (&["lasker", "--heaps", "9..1"][..], "--heaps 9..1: "),
        (&["hdu1848", "--heaps", "1..9"], "--heaps 1..9: hdu1848"),
        (&["hdu1848", "--heaps", "3..4"], "--heaps must be 3"),
        (
            &["wythoff", "--heaps", "1..3"],
            "--heaps 1..3: the cases of wythoff",
        ),
        (&["lasker", "--heaps", "1..x"], "'1..x'"),
        (
            &["hdu2176", "--heaps", "0..3"],
            "--heaps must be at least 1",
        ),
    ] {
        let output = nimstream(&[&["gen"][..], args].concat(), b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let three = gen(&["hdu1848", "--heaps", "3..3", "--cases", "5"]);
    assert!(validate(&["hdu1848"], &three, &[]).status.success());
    // Past the limits, as --heaps N: written, with a warning naming the
    // flag validate needs.
    let output = nimstream(
        &["gen", "misere", "--heaps", "40..48", "--cases", "30"],
        b"",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("N up to 48 is outside HDU 1907's limits"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("--heaps-max 48"));
    assert!(!validate(&["misere"], &output.stdout, &[]).status.success());
    let widened = validate(&["misere"], &output.stdout, &["--heaps-max", "48"]);
    assert!(widened.status.success(), "{}", stderr(&widened));
}
