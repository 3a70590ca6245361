//! What a command-line tool is expected to have: shell completions, manual
//! pages, `--quiet`, `--color` and `NO_COLOR`, one style of error, examples
//! in every command's help, and a word when it waits on a terminal.

use crate::common;

use std::process::{Command, Stdio};

use common::{nimstream, stderr, stdout};

const COMMANDS: [&str; 7] = [
    "solve",
    "gen",
    "validate",
    "problems",
    "grundy",
    "completions",
    "man",
];

/// The long options `nimstream COMMAND --help` lists.
fn long_options(command: &str) -> Vec<String> {
    let help = nimstream(&[command, "--help"], b"");
    stdout(&help)
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line.strip_prefix("-q, ").unwrap_or(line);
            let option = line.strip_prefix("--")?;
            let name: String = option
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            Some(format!("--{name}"))
        })
        .collect()
}

#[test]
fn completions_name_every_command_and_option() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let output = nimstream(&["completions", shell], b"");
        assert!(output.status.success(), "{shell}: {}", stderr(&output));
        let script = stdout(&output);
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
    }
    let bash = nimstream(&["completions", "bash"], b"");
    for command in COMMANDS {
        for option in long_options(command) {
            assert!(
                stdout(&bash).contains(&option),
                "bash lacks {command} {option}"
            );
        }
    }
    let unknown = nimstream(&["completions", "tcsh"], b"");
    assert_eq!(unknown.status.code(), Some(2));
}

/// The words bash's script offers for `nimstream COMMAND`: its `opts`.
fn bash_words(script: &str, command: &str) -> Vec<String> {
    let label = format!("nimstream__subcmd__{command})");
    let mut lines = script.lines().skip_while(|line| line.trim() != label);
    let opts = lines.find_map(|line| line.trim().strip_prefix("opts=\""));
    let opts = opts.unwrap_or_else(|| panic!("no words for {command}"));
    opts.trim_end_matches('"')
        .split(' ')
        .map(str::to_string)
        .collect()
}

#[test]
fn completions_offer_problem_names_judge_ids_and_named_rules() {
    let bash = nimstream(&["completions", "bash"], b"");
    let bash = stdout(&bash);
    let offered = |command, word: &str| bash_words(bash, command).iter().any(|w| w == word);
    for command in ["solve", "gen", "validate"] {
        for word in ["lasker", "hdu3032", "snim", "kayles", "dawson-chess"] {
            assert!(offered(command, word), "bash {command} lacks {word}");
        }
    }
    assert!(offered("problems", "hdu3032") && !offered("problems", "kayles"));
    assert!(offered("grundy", "kayles") && !offered("grundy", "lasker"));
    // zsh describes each word by its title.
    let zsh = nimstream(&["completions", "zsh"], b"");
    for word in [
        "lasker\\:\"Lasker",
        "hdu3032\\:\"Lasker",
        "kayles\\:\"Kayles",
    ] {
        assert!(stdout(&zsh).contains(word), "zsh lacks {word}");
    }
    // Offering names changes nothing of what is accepted.
    for (args, out) in [
        (&["grundy", "KAYLES"][..], "preperiod 71 period 12\n"),
        (&["grundy", "sub:1,2"], "preperiod 0 period 3\n"),
        (&["solve", "HDU3032", "-"], "Alice\n"),
        (&["solve", "0.77", "-"], "Yes\n"),
    ] {
        let output = nimstream(args, b"1\n1\n1\n");
        assert_eq!(stdout(&output), out, "{args:?}: {}", stderr(&output));
    }
    let help = nimstream(&["completions", "--help"], b"");
    assert!(
        stdout(&help).contains("bash-completion package"),
        "{}",
        stdout(&help)
    );
    let help = nimstream(&["solve", "--help"], b"");
    assert!(
        !stdout(&help).contains("possible values"),
        "{}",
        stdout(&help)
    );
}

/// Checks that `page` is roff made of the requests a man page uses, and
/// returns its text with roff's escaped hyphens made plain.
fn check_roff(page: &str) -> String {
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "{page}");
    assert!(page.contains("\n.TH "), "no title: {page}");
    const REQUESTS: [&str; 18] = [
        "TH", "SH", "SS", "TP", "PP", "IP", "RS", "RE", "B", "I", "BR", "IR", "br", "sp", "ie",
        "el", "nf", "fi",
    ];
    for line in page.lines().filter(|l| l.starts_with('.')) {
        let request: String = line[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(
            REQUESTS.contains(&request.as_str()) || request == "fi" || request == "\\",
            "unexpected roff request in {line:?}"
        );
    }
    page.replace("\\-", "-")
}

/// A page's examples are under EXAMPLES (not clap_mangen's EXTRA), in a
/// no-fill block, one command a line as `--help` shows them.
fn examples_are_set_as_typed(command: &str, page: &str) {
    assert!(
        !page.contains(".SH EXTRA"),
        "nimstream-{command}(1): {page}"
    );
    let help = nimstream(&[command, "--help"], b"");
    let help = stdout(&help);
    let Some((_, examples)) = help.split_once("EXAMPLES:") else {
        return;
    };
    let block = page
        .split(".SH EXAMPLES\n.nf\n")
        .nth(1)
        .and_then(|rest| rest.split("\n.fi").next())
        .unwrap_or_else(|| panic!("nimstream-{command}(1) has no EXAMPLES block: {page}"));
    let typed: Vec<&str> = examples
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let set: Vec<&str> = block.lines().collect();
    assert_eq!(set, typed, "nimstream-{command}(1)");
}

#[test]
fn man_pages_are_roff_naming_every_command_and_option() {
    let output = nimstream(&["man"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let page = check_roff(stdout(&output));
    assert!(page.contains(".TH nimstream 1"), "{page}");
    for command in COMMANDS {
        assert!(page.contains(command), "nimstream(1) lacks {command}");
        let output = nimstream(&["man", command], b"");
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        let page = check_roff(stdout(&output));
        let version = format!("\"nimstream-{command} {}\"", env!("CARGO_PKG_VERSION"));
        assert!(
            page.contains(&version),
            "no version in nimstream-{command}(1): {page}"
        );
        assert!(
            page.contains(&format!(".TH nimstream-{command} 1")),
            "{page}"
        );
        examples_are_set_as_typed(command, &page);
        for option in long_options(command) {
            assert!(
                page.contains(&option),
                "nimstream-{command}(1) lacks {option}"
            );
        }
    }
    let unknown = nimstream(&["man", "slove"], b"");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("solve"), "{}", stderr(&unknown));
}

#[test]
fn groff_reads_the_man_page_without_a_warning() {
    // Where groff is installed (not everywhere), it checks the roff too;
    // -k reads UTF-8 as man does, through preconv.
    if Command::new("groff").arg("--version").output().is_err() {
        return;
    }
    let page = nimstream(&["man", "solve"], b"").stdout;
    let mut groff = Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    groff.stdin.take().unwrap().write_all(&page).unwrap();
    let output = groff.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(stderr(&output), "");
}

#[test]
fn every_command_s_help_ends_with_examples() {
    for command in COMMANDS {
        let output = nimstream(&[command, "--help"], b"");
        let help = stdout(&output);
        let at = help
            .find("EXAMPLES:")
            .unwrap_or_else(|| panic!("{command}: {help}"));
        let after = &help[at..];
        assert!(
            after.lines().skip(1).all(|l| l.starts_with("  nimstream ")),
            "{command}: {after}"
        );
    }
}

/// gen past the problem's limits, which warns.
const PAST_LIMITS: [&str; 4] = ["gen", "nim", "--cases", "11"];

#[test]
fn quiet_silences_warnings_but_not_errors() {
    let loud = nimstream(&PAST_LIMITS, b"");
    assert!(
        stderr(&loud).contains("nimstream: warning: T = 11"),
        "{}",
        stderr(&loud)
    );
    for quiet in ["--quiet", "-q"] {
        let mut args = PAST_LIMITS.to_vec();
        args.push(quiet);
        let silent = nimstream(&args, b"");
        assert!(silent.status.success());
        assert_eq!(silent.stdout, loud.stdout);
        assert_eq!(stderr(&silent), "", "{quiet}");
    }
    let error = nimstream(&["--quiet", "solve", "nim", "-"], b"x");
    assert_eq!(error.status.code(), Some(2));
    assert!(
        stderr(&error).starts_with("nimstream: <stdin>:1:1:"),
        "{}",
        stderr(&error)
    );
}

fn run_with_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command
        .args(args)
        .stdin(Stdio::null())
        .env_remove("NO_COLOR");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

#[test]
fn colour_is_used_only_when_asked_for_or_on_a_terminal() {
    let bad = ["solve", "nosuch", "x"];
    let has_escape = |output: &std::process::Output| output.stderr.contains(&0x1b);
    // Standard error is a pipe here: auto means none.
    assert!(!has_escape(&run_with_env(&bad, &[])));
    let always = run_with_env(&["--color", "always", "solve", "nosuch", "x"], &[]);
    assert!(has_escape(&always), "{}", stderr(&always));
    let always = run_with_env(&["solve", "nosuch", "x", "--color=always"], &[]);
    assert!(has_escape(&always));
    let never = run_with_env(&["--color", "never", "solve", "nosuch", "x"], &[]);
    assert!(!has_escape(&never));
    // clap's own errors follow the choice too.
    let clap_error = run_with_env(&["--color", "always", "solve"], &[]);
    assert!(has_escape(&clap_error), "{}", stderr(&clap_error));
    let no_color = run_with_env(&["--color", "never", "solve"], &[("NO_COLOR", "1")]);
    assert!(!has_escape(&no_color));
}

#[test]
fn every_error_is_one_style_clap_s_included() {
    for args in [
        vec!["solve", "lasker", "--no-such-flag"],
        vec!["solve"],
        vec!["solve", "nim", "--threads", "0"],
        vec!["gen", "nim", "--losing", "2"],
        vec!["solve", "nosuch"],
        vec!["nosuch"],
    ] {
        let output = nimstream(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.starts_with("nimstream: "), "{args:?}: {err}");
        assert!(!err.contains("error:"), "{args:?}: {err}");
    }
}

#[test]
fn a_terminal_on_standard_input_gets_a_hint() {
    // A pseudo-terminal as standard input; Ctrl-D on an empty line ends it.
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two descriptors into the integers given and
    // reads no other pointer (the others are null).
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty failed");
    use std::os::fd::{FromRawFd, OwnedFd};
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let child = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["solve", "nim"])
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut terminal = std::fs::File::from(master);
    use std::io::Write;
    terminal.write_all(b"1\n1\n3\n\x04").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(stdout(&output), "Yes\n", "{}", stderr(&output));
    assert!(
        stderr(&output).contains("reading the cases from the terminal"),
        "{}",
        stderr(&output)
    );
    // Not on a pipe.
    let piped = nimstream(&["solve", "nim"], b"1\n1\n3\n");
    assert_eq!(stderr(&piped), "");
}
