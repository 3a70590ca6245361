//! Names that forgive: judge ids and names in any case, named rules, a
//! suggestion for a near miss, and `--stats json` spelt with a space.

use crate::common;

use common::{nimstream, stderr, stdout};

const SAMPLE: &[u8] = b"2\n3\n2 2 3\n2\n3 3\n";

#[test]
fn judge_ids_and_names_are_read_in_any_case() {
    for name in ["lasker", "Lasker", "HDU3032", "Hdu3032", "hdu3032"] {
        let output = nimstream(&["solve", name, "-"], SAMPLE);
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), "Alice\nBob\n", "{name}");
    }
}

#[test]
fn named_rules_are_games_to_solve_and_study() {
    let by_name = nimstream(&["solve", "kayles", "-"], SAMPLE);
    let by_code = nimstream(&["solve", "0.77", "-"], SAMPLE);
    assert!(by_name.status.success(), "{}", stderr(&by_name));
    assert_eq!(by_name.stdout, by_code.stdout);
    let grundy = nimstream(&["grundy", "Kayles"], b"");
    assert_eq!(stdout(&grundy), "preperiod 71 period 12\n");
}

#[test]
fn a_near_miss_is_answered_with_the_name_it_meant() {
    for (command, typed, meant) in [
        ("solve", "laskr", "lasker"),
        ("solve", "kayle", "kayles"),
        ("validate", "HDU3023", "hdu3032"),
        ("gen", "misre", "misere"),
        ("grundy", "kayle", "kayles"),
        ("grundy", "dawsn", "dawson"),
    ] {
        // `solve` and `validate` read a file; `gen` and `grundy` take none.
        let args = match command {
            "solve" | "validate" => vec![command, typed, "x"],
            _ => vec![command, typed],
        };
        let output = nimstream(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{command} {typed}");
        let err = stderr(&output);
        assert!(
            err.contains(&format!("did you mean '{meant}'?")),
            "{command} {typed}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Nothing close: the names are listed instead.
    let far = nimstream(&["solve", "chess", "x"], b"");
    assert!(!stderr(&far).contains("did you mean"), "{}", stderr(&far));
    assert!(stderr(&far).contains("lasker"), "{}", stderr(&far));
}

#[test]
fn stats_json_with_a_space_is_the_json_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sample.in");
    std::fs::write(&path, SAMPLE).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        vec!["solve", "lasker", "--stats", "json", path],
        vec!["solve", "lasker", path, "--stats", "json"],
        vec!["solve", "lasker", "--stats=json", path, "--threads", "1"],
    ] {
        let output = nimstream(&args, b"");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), "Alice\nBob\n");
        let stats: serde_json::Value = serde_json::from_str(stderr(&output).trim())
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&output)));
        assert_eq!(stats["problem"], "lasker");
    }
}

/// Runs nimstream with arguments that need not be UTF-8.
fn nimstream_os(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn every_command_takes_a_file_name_that_is_not_utf8() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(OsStr::from_bytes(b"caf\xe9.in"));
    let answer = dir.path().join(OsStr::from_bytes(b"caf\xe9.ans"));
    let problem = dir.path().join(OsStr::from_bytes(b"pr\xf6blem.toml"));
    let plot = dir.path().join(OsStr::from_bytes(b"pl\xf6t.svg"));
    let os = |text: &'static str| OsStr::new(text);
    let gen = nimstream_os(&[
        os("gen"),
        os("nim"),
        os("--cases"),
        os("3"),
        os("-o"),
        input.as_os_str(),
    ]);
    assert!(gen.status.success(), "gen: {}", stderr(&gen));
    let solve = nimstream_os(&[os("solve"), os("nim"), input.as_os_str()]);
    assert!(solve.status.success(), "solve: {}", stderr(&solve));
    std::fs::write(&answer, &solve.stdout).unwrap();
    let toml = nimstream(&["problems", "nim", "--toml"], b"");
    std::fs::write(&problem, &toml.stdout).unwrap();
    let runs: [Vec<&OsStr>; 4] = [
        vec![os("validate"), os("nim"), input.as_os_str()],
        vec![
            os("solve"),
            os("--problem"),
            problem.as_os_str(),
            input.as_os_str(),
        ],
        vec![
            os("check"),
            os("nim"),
            input.as_os_str(),
            answer.as_os_str(),
            answer.as_os_str(),
        ],
        vec![os("grundy"), os("0.07"), os("--plot"), plot.as_os_str()],
    ];
    for args in runs {
        let run = nimstream_os(&args);
        assert!(run.status.success(), "{args:?}: {}", stderr(&run));
    }
    assert!(plot.exists());
    // A name printed on standard output is the bytes it is.
    let summary = nimstream_os(&[
        os("validate"),
        os("nim"),
        input.as_os_str(),
        input.as_os_str(),
        os("--summary"),
    ]);
    let shown = [input.as_os_str().as_bytes(), b":\n"].concat();
    assert!(
        summary
            .stdout
            .windows(shown.len())
            .any(|window| window == shown),
        "{}",
        stdout(&summary)
    );
}
