//! The README's examples, run as a reader would run them.
//!
//! Each `console` block of README.md is a session: lines starting with `$ `
//! are commands, and the lines after each, up to the next command, are its
//! output (standard output and standard error together). The commands run
//! in `sh`, in a fresh folder that holds a copy of `testdata/`, with the
//! built `nimstream` first on the `PATH`; `cargo run --release --` stands
//! for `nimstream` (the build is not the point here).

use std::path::Path;
use std::process::Command;

/// One command of a session and the output shown after it.
struct Step {
    command: String,
    output: String,
}

/// The console blocks of `text`, each a list of steps.
fn sessions(text: &str) -> Vec<Vec<Step>> {
    let mut sessions = Vec::new();
    let mut current: Option<Vec<Step>> = None;
    for line in text.lines() {
        match (&mut current, line) {
            (None, "```console") => current = Some(Vec::new()),
            (Some(_), "```") => sessions.push(current.take().unwrap()),
            (Some(steps), line) => match line.strip_prefix("$ ") {
                Some(command) => steps.push(Step {
                    command: command.to_string(),
                    output: String::new(),
                }),
                None => {
                    let step = steps.last_mut().expect("a console block starts with `$ `");
                    step.output.push_str(line);
                    step.output.push('\n');
                }
            },
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "a console block is not closed");
    sessions
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

#[test]
fn every_readme_session_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let sessions = sessions(&readme);
    assert!(
        sessions.len() >= 2,
        "the README's console blocks were not found"
    );
    let binary = Path::new(env!("CARGO_BIN_EXE_nimstream"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for session in sessions {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&root.join("testdata"), &dir.path().join("testdata"));
        for step in session {
            let command = step
                .command
                .replace("cargo run --release -- ", "nimstream ");
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("{command} 2>&1"))
                .current_dir(dir.path())
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&output.stdout);
            assert_eq!(
                printed, step.output,
                "README command `{}` printed something else",
                step.command
            );
        }
    }
}

#[test]
fn the_session_reader_splits_commands_from_their_output() {
    let text = "intro\n```console\n$ a\nx\ny\n$ b\n```\n```sh\n$ not\n```\n";
    let sessions = sessions(text);
    assert_eq!(sessions.len(), 1);
    let steps = &sessions[0];
    assert_eq!(
        (steps[0].command.as_str(), steps[0].output.as_str()),
        ("a", "x\ny\n")
    );
    assert_eq!(
        (steps[1].command.as_str(), steps[1].output.as_str()),
        ("b", "")
    );
}
