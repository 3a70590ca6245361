//! The box `nimstream judge` runs a program in, attacked as a contestant
//! would: by `tests/suite/programs/hostile.c` (one attack per mode) and
//! by shell scripts. Each attack got past the judge before the box; each
//! must now get the verdict a trusted judge gives, and leave nothing
//! behind. The test runs as root in CI; [`as_nobody`] drops to a user
//! for the mode without privileges.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{nimstream, stderr, stdout};
use crate::programs::program;

/// A test folder readable by every user, holding `1.in` (one lost nim
/// case: "No") and, if `answers`, the jury's `1.ans`.
fn tests(answers: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o755);
    std::fs::write(dir.path().join("1.in"), "1\n2\n1 1\n").unwrap();
    if answers {
        std::fs::write(dir.path().join("1.ans"), "No\n").unwrap();
    }
    dir
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// `nimstream judge nim DIR OPTIONS -- COMMAND`.
fn judge(dir: &Path, options: &[&str], command: &[&str]) -> Output {
    let mut args = vec!["judge", "nim", dir.to_str().unwrap()];
    args.extend_from_slice(options);
    args.push("--");
    args.extend_from_slice(command);
    nimstream(&args, b"")
}

/// The verdict of the only test.
fn verdict(run: &Output) -> &str {
    stdout(run)
        .lines()
        .next()
        .and_then(|line| line.split(": ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or("")
}

fn hostile() -> String {
    program("hostile").to_str().unwrap().to_string()
}

/// A marker no other run has: a number of seconds `sleep` takes.
fn marker(tag: u32) -> String {
    format!("{}.{tag}{}", 1000 + tag, std::process::id())
}

/// Whether a process whose command line holds `mark` runs on the machine,
/// waiting up to two seconds for it to go.
fn lives(mark: &str) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(2) {
        if !lives_now(mark) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// The shell script of a program that looks for answers everywhere a
/// judge once left them, and prints the first it can read.
const ANSWER_THIEF: &str = r#"
in=$(dirname "$(readlink /proc/self/fd/0)")
out=$(dirname "$(readlink /proc/self/fd/1)")
for f in "$in"/*.ans "$in"/*.out "$in"/test.ans "$out"/own.ans "$out"/*; do
    [ -f "$f" ] && cat "$f" 2>/dev/null && exit 0
done
exit 0"#;

#[test]
fn a_program_cannot_read_the_answers() {
    for answers in [true, false] {
        let dir = tests(answers);
        let run = judge(dir.path(), &[], &["sh", "-c", ANSWER_THIEF]);
        assert_eq!(verdict(&run), "WA", "answers {answers}: {}", stdout(&run));
    }
    // A compressed test is decompressed beside nimstream's own answers.
    let dir = tests(false);
    let gz = Command::new("gzip").arg(dir.path().join("1.in")).status();
    assert!(gz.unwrap().success());
    let run = judge(dir.path(), &[], &["sh", "-c", ANSWER_THIEF]);
    assert_eq!(verdict(&run), "WA", "gzip: {}", stdout(&run));
    // --stress writes test.in and test.ans side by side.
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let stress = [
        "judge",
        "nim",
        "--stress",
        "--cases",
        "20",
        "--out-dir",
        out,
    ];
    let run = nimstream(
        &[&stress[..], &["--", "sh", "-c", ANSWER_THIEF]].concat(),
        b"",
    );
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
}

#[test]
fn escapes_die_with_the_run() {
    let dir = tests(false);
    for (tag, mode) in ["setsid", "setpgid", "vfork", "clone", "double-fork", "bomb"]
        .into_iter()
        .enumerate()
    {
        let mark = marker(tag as u32);
        let run = judge(dir.path(), &[], &[&hostile(), mode, &mark]);
        assert_eq!(
            verdict(&run),
            "AC",
            "{mode}: {}{}",
            stdout(&run),
            stderr(&run)
        );
        assert!(!lives(&mark), "{mode}: sleep {mark} outlived the run");
    }
}

#[test]
fn an_unwaited_childs_cpu_time_counts() {
    let dir = tests(false);
    let run = judge(
        dir.path(),
        &["--time-limit", "1"],
        &[&hostile(), "unwaited", "1.8"],
    );
    assert_eq!(verdict(&run), "TLE", "{}", stdout(&run));
}

#[test]
fn memory_of_children_and_of_shared_memory_counts() {
    let dir = tests(false);
    let limit = ["--memory-limit", "256M", "--output-limit", "1G"];
    let run = judge(dir.path(), &limit, &[&hostile(), "children", "100"]);
    assert_eq!(verdict(&run), "MLE", "children: {}", stdout(&run));
    if !full_box() {
        // Memory in files is bounded by the output limit there: docs/usage.md.
        return;
    }
    for mode in ["memfd", "shm"] {
        let run = judge(dir.path(), &limit, &[&hostile(), mode, "400"]);
        assert_eq!(verdict(&run), "MLE", "{mode}: {}", stdout(&run));
    }
    let run = judge(dir.path(), &limit, &[&hostile(), "shm", "100"]);
    assert_eq!(verdict(&run), "AC", "shm within: {}", stdout(&run));
}

/// Whether judge runs here in the whole box (root with control groups):
/// it warns before its first test where it does not.
fn full_box() -> bool {
    let dir = tests(false);
    !stderr(&judge(dir.path(), &[], &["true"])).contains("less isolation")
}

#[test]
fn the_network_is_closed() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let dir = tests(false);
    let run = judge(dir.path(), &[], &[&hostile(), "connect", &port]);
    assert_eq!(verdict(&run), "RE", "{}", stdout(&run));
    assert!(stdout(&run).contains("exit status 3"), "{}", stdout(&run));
    assert!(
        listener.accept().is_err(),
        "the box reached the machine's loopback"
    );
}

#[test]
fn deep_recursion_runs_within_the_default_stack() {
    let dir = tests(false);
    // The calling shell's 8 MiB stack is not the program's: the default
    // stack limit is the memory limit.
    let script = format!(
        "ulimit -S -s 8192; exec {} judge nim {} -- {} stack 64",
        env!("CARGO_BIN_EXE_nimstream"),
        dir.path().display(),
        hostile()
    );
    let run = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(verdict(&run), "AC", "{}{}", stdout(&run), stderr(&run));
    let run = judge(
        dir.path(),
        &["--stack-limit", "8M"],
        &[&hostile(), "stack", "64"],
    );
    assert_eq!(verdict(&run), "RE", "{}", stdout(&run));
}

#[test]
fn a_program_in_a_private_folder_runs() {
    let private = tempfile::tempdir().unwrap();
    set_mode(private.path(), 0o700);
    let copy = private.path().join("sol");
    std::fs::copy(program("nim_right"), &copy).unwrap();
    set_mode(&copy, 0o755);
    let dir = tests(true);
    let run = judge(dir.path(), &[], &[copy.to_str().unwrap()]);
    assert_eq!(verdict(&run), "AC", "{}{}", stdout(&run), stderr(&run));
}

#[test]
fn the_setters_mistakes_are_errors_before_any_test() {
    let dir = tests(false);
    let private = tempfile::tempdir().unwrap();
    let locked = private.path().join("sol");
    std::fs::copy(program("nim_right"), &locked).unwrap();
    set_mode(&locked, 0o700);
    let not_executable = private.path().join("text");
    std::fs::write(&not_executable, "").unwrap();
    set_mode(&not_executable, 0o644);
    let cases: [(&str, &str); 3] = [
        ("/no/such/program", "no such file"),
        ("no-such-command", "not in the box's PATH"),
        (not_executable.to_str().unwrap(), "chmod"),
    ];
    for (command, words) in cases {
        let run = judge(dir.path(), &[], &[command]);
        assert_eq!(run.status.code(), Some(2), "{command}: {}", stderr(&run));
        assert!(stderr(&run).contains(words), "{command}: {}", stderr(&run));
        assert!(stdout(&run).is_empty(), "{command}: a test ran");
    }
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        let run = judge(dir.path(), &[], &[locked.to_str().unwrap()]);
        assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
        assert!(stderr(&run).contains("o+rx"), "{}", stderr(&run));
    }
}

/// Starts `nimstream judge` on a program that leaves `sleep MARK` in a
/// session of its own, writes into its /tmp and waits; returns the judge
/// once the sleep runs.
fn judge_in_background(dir: &Path, mark: &str, ignore_interrupts: bool) -> std::process::Child {
    // The mark is put together by the shell, so that only the sleep's
    // command line holds it, not nimstream's.
    let (head, tail) = mark.split_at(2);
    let script = format!(
        "m={head}; setsid sleep ${{m}}{tail} & echo x > /tmp/${{m}}{tail}; echo x > /dev/shm/${{m}}{tail}; sleep 1000"
    );
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command
        .args([
            "judge",
            "nim",
            dir.to_str().unwrap(),
            "--time-limit",
            "100",
            "--",
        ])
        .args(["sh", "-c", &script])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if ignore_interrupts {
        // SAFETY: signal is async-signal-safe; as a background job of a
        // script starts, with SIGINT ignored.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_IGN);
                Ok(())
            });
        }
    }
    let judge = command.spawn().unwrap();
    let started = Instant::now();
    while !lives_now(mark) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the program never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    judge
}

/// Whether a process whose command line holds `mark` runs now.
fn lives_now(mark: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline"))
            .is_ok_and(|line| String::from_utf8_lossy(&line).contains(mark))
    })
}

/// nimstream's folders of the process `pid` in the temporary folder.
fn folders_of(pid: u32) -> Vec<PathBuf> {
    std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("nimstream-") && name.contains(&format!("-{pid}-"))
        })
        .collect()
}

#[test]
fn interrupting_nimstream_leaves_nothing() {
    let dir = tests(false);
    let cases = [
        (libc::SIGINT, true),
        (libc::SIGTERM, false),
        (libc::SIGHUP, false),
    ];
    for (tag, (signal, ignored)) in cases.into_iter().enumerate() {
        let mark = marker(10 + tag as u32);
        let mut judge = judge_in_background(dir.path(), &mark, ignored);
        // SAFETY: a signal to the judge this test started.
        unsafe { libc::kill(judge.id() as i32, signal) };
        let status = judge.wait().unwrap();
        assert!(!status.success(), "signal {signal}");
        assert!(
            !lives(&mark),
            "signal {signal}: sleep {mark} outlived nimstream"
        );
        assert_eq!(
            folders_of(judge.id()),
            Vec::<PathBuf>::new(),
            "signal {signal}"
        );
        for folder in ["/tmp", "/dev/shm"] {
            assert!(!Path::new(folder).join(&mark).exists(), "{folder}/{mark}");
        }
    }
}

#[test]
fn a_killed_nimstreams_box_dies_and_its_folders_are_removed_by_the_next() {
    let dir = tests(false);
    let mark = marker(20);
    let mut judge = judge_in_background(dir.path(), &mark, false);
    judge.kill().unwrap();
    judge.wait().unwrap();
    assert!(!lives(&mark), "sleep {mark} outlived a killed nimstream");
    // Its scratch folder is left (another judge of the suite may have
    // removed it already): the next nimstream removes it.
    let run = judge_run_once(dir.path());
    assert_eq!(verdict(&run), "AC", "{}", stdout(&run));
    assert_eq!(folders_of(judge.id()), Vec::<PathBuf>::new());
}

fn judge_run_once(dir: &Path) -> Output {
    judge(dir, &[], &[&hostile(), "setsid", "1"])
}

#[test]
fn two_judges_at_once_cannot_reach_or_starve_each_other() {
    let dir = tests(false);
    let attacker = {
        let dir = dir.path().to_owned();
        std::thread::spawn(move || {
            let killall = judge(&dir, &[], &[&hostile(), "killall"]);
            let fill = judge(
                &dir,
                &["--time-limit", "1", "--wall-limit", "2"],
                &[&hostile(), "fill"],
            );
            (killall, fill)
        })
    };
    // Runs while the attacker kills, traces and fills.
    let mut victims = Vec::new();
    for _ in 0..3 {
        victims.push(judge(
            dir.path(),
            &[],
            &["sh", "-c", "sleep 0.5; sh -c 'echo No'"],
        ));
    }
    let (killall, fill) = attacker.join().unwrap();
    for victim in victims {
        assert_eq!(
            verdict(&victim),
            "AC",
            "{}{}",
            stdout(&victim),
            stderr(&victim)
        );
    }
    assert_eq!(verdict(&killall), "AC", "{}", stdout(&killall));
    assert_eq!(verdict(&fill), "TLE", "{}", stdout(&fill));
}

/// `nimstream ARGS` as the user `nobody`, the test's own folders readable.
fn as_nobody(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command.args(args);
    // SAFETY: setgroups, setgid and setuid are async-signal-safe here: the
    // child is single-threaded after fork.
    unsafe {
        command.pre_exec(|| {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(65534) != 0
                || libc::setuid(65534) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.output().unwrap()
}

#[test]
fn without_privileges_the_box_still_hides_the_answers_and_nimstream() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("not root: the test runs as the user it is, the other tests cover it");
        return;
    }
    let dir = tests(true);
    let solution = dir.path().join("sol");
    std::fs::copy(program("nim_right"), &solution).unwrap();
    set_mode(&solution, 0o755);
    let folder = dir.path().to_str().unwrap();
    let right = as_nobody(&["judge", "nim", folder, "--", solution.to_str().unwrap()]);
    assert_eq!(
        verdict(&right),
        "AC",
        "{}{}",
        stdout(&right),
        stderr(&right)
    );
    let said = stderr(&right);
    assert!(
        said.contains("less isolation") && said.contains("user namespace"),
        "{said}"
    );
    let thief = as_nobody(&["judge", "nim", folder, "--", "sh", "-c", ANSWER_THIEF]);
    assert_eq!(verdict(&thief), "WA", "{}", stdout(&thief));
    // nimstream is out of the box's sight: it lives to give the verdict.
    let killer = as_nobody(&["judge", "nim", folder, "--", &hostile(), "killall"]);
    assert_eq!(
        verdict(&killer),
        "AC",
        "{}{}",
        stdout(&killer),
        stderr(&killer)
    );
    let mark = marker(30);
    let escape = as_nobody(&["judge", "nim", folder, "--", &hostile(), "setsid", &mark]);
    assert_eq!(verdict(&escape), "AC", "{}", stdout(&escape));
    assert!(!lives(&mark), "sleep {mark} outlived the run");
}

#[test]
fn the_box_cannot_be_left_for_the_machines_tree() {
    let dir = tests(false);
    // A file the box's user could read, were it in reach.
    let secret = dir.path().join("secret");
    std::fs::write(&secret, "answers").unwrap();
    set_mode(&secret, 0o644);
    let env = format!("SECRET={}", secret.display());
    let run = judge(dir.path(), &["--env", &env], &[&hostile(), "chroot-escape"]);
    assert_eq!(verdict(&run), "WA", "{}", stdout(&run));
}

#[test]
fn no_key_is_kept_for_the_next_box_and_no_disk_reserved_past_the_output_limit() {
    let dir = tests(false);
    let run = judge(dir.path(), &[], &[&hostile(), "keyring"]);
    assert_eq!(verdict(&run), "WA", "keyring: {}", stdout(&run));
    let limit = ["--output-limit", "1"];
    let run = judge(dir.path(), &limit, &[&hostile(), "fallocate", "64"]);
    assert_eq!(verdict(&run), "WA", "fallocate: {}", stdout(&run));
}

#[test]
fn a_socket_a_test_leaves_is_not_in_the_next_tests_network() {
    let dir = tests(false);
    for test in 2..=6 {
        std::fs::write(dir.path().join(format!("{test}.in")), "1\n2\n1 1\n").unwrap();
    }
    let mark = marker(40);
    let run = judge(dir.path(), &[], &[&hostile(), "unix-leak", &mark]);
    let text = stdout(&run);
    // Each test looks for the socket the tests before it left.
    assert_eq!(text.matches(": WA").count(), 6, "{text}");
}
