//! `nimstream package --interactive`: the package of an interactive game
//! problem holds the interactor as its output validator, a sample
//! dialogue, tests of small games and players in C++; the validator,
//! run as a judge runs it (the program's output on its standard input,
//! its output on the program's), accepts the player that wins and rejects
//! the wrong ones; and `verifyproblem` finds no error in it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::common::{nimstream, stderr, stdout};
use crate::package::{compile, verify_with};

/// How long one session may take before the test gives up: far above
/// what these small games need, even on a loaded machine.
const SESSION_TIMEOUT: Duration = Duration::from_secs(120);

/// Writes the interactive package of `problem` into `dir/name`;
/// `problem` may be `--problem FILE`.
fn packaged(problem: &str, dir: &Path, name: &str) -> PathBuf {
    let out = dir.join(name);
    let mut args: Vec<&str> = vec!["package"];
    args.extend(problem.split(' '));
    args.extend([out.to_str().unwrap(), "--interactive"]);
    let run = nimstream(&args, b"");
    assert!(run.status.success(), "{}{}", stdout(&run), stderr(&run));
    out
}

/// The tests of a package: the samples' and the secret inputs.
fn tests(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for folder in ["data/sample", "data/secret"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Runs the package's output validator on `input` against `program`, as
/// verifyproblem does: `run INPUT ANSWER FEEDBACK_DIR [extra]`, over two
/// pipes. Its exit status and judgemessage.txt.
fn judged(root: &Path, input: &Path, program: &Path, extra: &[&str]) -> (i32, String) {
    let feedback = tempfile::tempdir().unwrap();
    let mut validator = Command::new(root.join("output_validators/nimstream/run"))
        .arg(input)
        .arg(input.with_extension("ans"))
        .arg(feedback.path())
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut player = Command::new(program)
        .stdin(Stdio::from(validator.stdout.take().unwrap()))
        .stdout(Stdio::from(validator.stdin.take().unwrap()))
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = validator.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > SESSION_TIMEOUT {
            let _ = validator.kill();
            let _ = player.kill();
            panic!(
                "{} on {} ran over {SESSION_TIMEOUT:?}",
                program.display(),
                input.display()
            );
        }
        thread::sleep(Duration::from_millis(10));
    };
    let _ = player.kill();
    let _ = player.wait();
    let mut said = String::new();
    validator
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    let message =
        std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap_or_default();
    (status.code().expect("the validator exits"), message + &said)
}

#[test]
fn an_interactive_package_has_the_interactor_a_dialogue_and_players() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("lasker", dir.path(), "lasker");
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("\nvalidation: custom interactive\n"),
        "{yaml}"
    );
    assert!(!yaml.contains("validator_flags"), "{yaml}");
    assert!(yaml.contains("name: \"Lasker's Nim"), "{yaml}");
    // Timed: the accepted player against the interactor, on every test.
    assert!(
        yaml.contains("the slowest accepted run against the interactor, "),
        "{yaml}"
    );
    let limit = std::fs::read_to_string(root.join(".timelimit")).unwrap();
    let seconds: u32 = limit.trim().parse().unwrap();
    assert!(
        yaml.contains(&format!("(.timelimit, for DOMjudge): {seconds} s: ")),
        "{yaml}"
    );
    for file in ["build", "run", "nimstream", "problem.toml"] {
        for folder in ["input_validators", "output_validators"] {
            let path = root.join(folder).join("nimstream").join(file);
            assert!(path.is_file(), "{} is missing", path.display());
        }
    }
    let run = std::fs::read_to_string(root.join("output_validators/nimstream/run")).unwrap();
    assert!(run.contains(" interact --problem "), "{run}");
    // The sample's dialogue: the judge's lines (<) and the program's (>),
    // the program choosing a side, and every game won (0), none lost.
    let dialogue =
        std::fs::read_to_string(root.join("data/sample/lasker-hdu3032.interaction")).unwrap();
    let lines: Vec<&str> = dialogue.lines().collect();
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with('<') || l.starts_with('>')),
        "{dialogue}"
    );
    assert!(
        lines.contains(&">First") || lines.contains(&">Second"),
        "{dialogue}"
    );
    assert!(
        lines.contains(&"<0") && !lines.contains(&"<-1"),
        "{dialogue}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(">1:") || l.starts_with(">2:") || l.starts_with(">3:")),
        "{dialogue}"
    );
    let statement = std::fs::read_to_string(root.join("problem_statement/problem.en.tex")).unwrap();
    for words in [
        "\\section*{Interaction}",
        "\\texttt{First}",
        "\\texttt{-1}",
        "i:a->b+c",
        "fflush",
    ] {
        assert!(statement.contains(words), "{words} missing:\n{statement}");
    }
    let secret = tests(&root);
    assert!(secret.len() > 5, "{secret:?}");
    // Each test has its .desc, and data/generate.sh writes the secret
    // tests again, byte for byte, with their empty answers.
    for input in &secret {
        assert!(
            input.with_extension("desc").is_file(),
            "{}",
            input.display()
        );
    }
    let generated: Vec<&PathBuf> = secret
        .iter()
        .filter(|p| p.to_string_lossy().contains("/data/secret/"))
        .collect();
    let made: Vec<Vec<u8>> = generated
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    for input in &generated {
        std::fs::remove_file(input).unwrap();
        std::fs::remove_file(input.with_extension("ans")).unwrap();
    }
    let again = Command::new("sh")
        .arg("data/generate.sh")
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    for (input, bytes) in generated.iter().zip(&made) {
        assert_eq!(&std::fs::read(input).unwrap(), bytes, "{}", input.display());
        assert!(std::fs::read(input.with_extension("ans"))
            .unwrap()
            .is_empty());
    }
    for input in &secret {
        let answer = std::fs::read(input.with_extension("ans")).unwrap();
        assert!(answer.is_empty(), "{}", input.display());
    }
    for submission in [
        "accepted/lasker.cpp",
        "wrong_answer/lasker-nim-xor.cpp",
        "wrong_answer/lasker-random-move.cpp",
        "time_limit_exceeded/lasker-never-flushes.cpp",
    ] {
        assert!(
            root.join("submissions").join(submission).is_file(),
            "{submission}"
        );
    }
}

#[test]
fn the_packages_interactor_accepts_its_player_and_rejects_the_wrong_ones() {
    let dir = tempfile::tempdir().unwrap();
    for (problem, wrong) in [
        ("lasker", &["lasker-nim-xor", "lasker-random-move"][..]),
        ("kayles", &["0.77-nim-xor", "0.77-random-move"][..]),
        (
            "--problem testdata/kayles.toml",
            &["kayles-nim-xor", "kayles-random-move"][..],
        ),
        ("nim", &["nim-random-move"][..]),
        ("bash", &["bash-random-move"][..]),
        ("misere", &["misere-as-nim"][..]),
        ("wythoff", &["wythoff-float-phi", "wythoff-random-move"][..]),
        ("hdu2177", &["hdu2177-random-move"][..]),
        (
            "fibonacci",
            &[
                "fibonacci-int-table",
                "fibonacci-takes-all",
                "fibonacci-random-move",
            ][..],
        ),
        (
            "kmultiple",
            &["kmultiple-as-fibonacci", "kmultiple-takes-all"][..],
        ),
    ] {
        let name = problem.replace(['/', ' ', '.', '-'], "");
        let root = packaged(problem, dir.path(), &name);
        let submissions = root.join("submissions");
        // The one accepted player, named after the problem (`0.77` for
        // the rule kayles).
        let accepted: Vec<PathBuf> = std::fs::read_dir(submissions.join("accepted"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        assert_eq!(accepted.len(), 1, "{problem}: {accepted:?}");
        let right = compile(&accepted[0], dir.path());
        for input in tests(&root) {
            let (code, message) = judged(&root, &input, &right, &[]);
            assert_eq!(code, 42, "{problem}: {}: {message}", input.display());
        }
        for name in wrong {
            let source = submissions.join(format!("wrong_answer/{name}.cpp"));
            let program = compile(&source, dir.path());
            // The secret data alone catches it, not only the sample.
            let rejected = tests(&root)
                .iter()
                .filter(|input| input.to_string_lossy().contains("/data/secret/"))
                .map(|input| judged(&root, input, &program, &[]))
                .find(|(code, _)| *code != 42);
            let (code, message) = rejected.unwrap_or_else(|| panic!("{name} won every test"));
            assert_eq!(code, 43, "{name}: {message}");
            assert!(message.contains("wrong answer"), "{name}: {message}");
        }
    }
}

#[test]
fn a_player_that_never_flushes_is_cut_off_by_the_interactor() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("nim", dir.path(), "nim");
    let source = root.join("submissions/time_limit_exceeded/nim-never-flushes.cpp");
    let program = compile(&source, dir.path());
    let input = &tests(&root)[0];
    // A judge stops it at its time limit; the interactor's own wait ends
    // it here, made short by a flag after the three files.
    let (code, message) = judged(&root, input, &program, &["--move-time", "1"]);
    assert_eq!(code, 43, "{message}");
    assert!(message.contains("idleness"), "{message}");
}

#[test]
fn games_without_a_kept_player_or_not_played_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (problem, why) in [
        ("hdu1847", "no interactive player is kept"),
        ("hdu1524", "cannot be played interactively"),
    ] {
        let out = dir.path().join(problem);
        let run = nimstream(
            &["package", problem, out.to_str().unwrap(), "--interactive"],
            b"",
        );
        assert_eq!(run.status.code(), Some(2), "{problem}: {}", stdout(&run));
        assert!(stderr(&run).contains(why), "{problem}: {}", stderr(&run));
        assert!(
            !out.exists(),
            "{problem}: a refused package wrote {}",
            out.display()
        );
    }
}

/// Writes the interactive package of `problem` and runs verifyproblem on
/// it (see `package::verify_with`).
fn verified(problem: &str) {
    let dir = tempfile::tempdir().unwrap();
    // A folder name of letters: the problem's short name.
    let name = problem.replace(['/', ' ', '.', '-'], "");
    verify_with(problem, |dir| packaged(problem, dir, &name), dir.path());
}

#[test]
fn verifyproblem_accepts_the_interactive_nim_package() {
    verified("nim");
}

#[test]
fn verifyproblem_accepts_the_interactive_lasker_package() {
    verified("lasker");
}

#[test]
fn verifyproblem_accepts_the_interactive_wythoff_package() {
    verified("wythoff");
}

#[test]
fn verifyproblem_accepts_the_interactive_fibonacci_package() {
    verified("fibonacci");
}

#[test]
fn verifyproblem_accepts_the_interactive_kayles_file_package() {
    verified("--problem testdata/kayles.toml");
}
