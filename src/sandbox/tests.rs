//! The box, tried with `sh` scripts. The hostile C programs (escapes by
//! `vfork` and `clone`, memory in children, deep recursion) are the
//! suite's (`tests/suite/sandbox.rs`), which runs `nimstream judge`.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::Write;
use std::time::Duration;

use super::scratch::stale_owner;
use super::*;

const MIB: u64 = 1 << 20;

fn limits(cpu_ms: u64) -> Limits {
    Limits::new(Duration::from_millis(cpu_ms), 256 * MIB, MIB, 64)
}

/// Runs `sh -c script` on `input` and returns its outcome, its output
/// and the scratch folder its files were in (still there).
fn sh_in(script: &str, input: &[u8], limits: &Limits) -> (Outcome, Vec<u8>, Scratch) {
    let scratch = Scratch::new().unwrap();
    std::fs::File::create(scratch.file("in"))
        .unwrap()
        .write_all(input)
        .unwrap();
    let program = Program {
        command: ["sh", "-c", script].map(OsString::from).to_vec(),
        env: Vec::new(),
    };
    let (outcome, output) = run_in(&scratch, &program, limits);
    (outcome, output, scratch)
}

/// Runs `program` on `scratch`'s file `in`; its outcome and output.
fn run_in(scratch: &Scratch, program: &Program, limits: &Limits) -> (Outcome, Vec<u8>) {
    let (input, output, errors) = (scratch.file("in"), scratch.file("out"), scratch.file("err"));
    let outcome = run(program, &input, &output, &errors, limits).unwrap();
    // No output file where the program was not started.
    (outcome, std::fs::read(output).unwrap_or_default())
}

fn sh(script: &str, input: &[u8], limits: &Limits) -> (Outcome, Vec<u8>) {
    let (outcome, output, _) = sh_in(script, input, limits);
    (outcome, output)
}

fn text(output: &[u8]) -> String {
    String::from_utf8_lossy(output).into_owned()
}

/// Whether a process whose command line holds `marker` runs anywhere on
/// the machine.
fn running_with(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline"))
            .is_ok_and(|line| String::from_utf8_lossy(&line).contains(marker))
    })
}

/// A marker no other test uses: a number `sleep` takes.
fn marker(tag: u32) -> String {
    format!("{}.{tag}{}", 900 + tag, std::process::id())
}

#[test]
fn a_program_reads_its_input_and_its_status_and_errors_are_kept() {
    let (outcome, output) = sh("cat; echo oops >&2; exit 3", b"1 2 3\n", &limits(2000));
    assert_eq!(output, b"1 2 3\n");
    assert_eq!(outcome.ending, Ending::Exited(3));
    assert_eq!(outcome.stderr_tail, "oops");
    assert_eq!(outcome.output_bytes, 6);
    assert_eq!(outcome.describe_ending(), "exit status 3");
}

#[test]
fn a_program_that_spins_is_stopped_at_its_cpu_limit() {
    let limits = limits(300);
    let (outcome, _) = sh("while :; do :; done", b"", &limits);
    // Under load the wall clock may come first: both are the time limit.
    assert!(outcome.time_limited(&limits), "{outcome:?}");
    assert!(
        matches!(outcome.ending, Ending::CpuTime | Ending::WallClock),
        "{outcome:?}"
    );
}

#[test]
fn a_program_that_sleeps_is_stopped_at_its_wall_clock() {
    let mut limits = limits(200);
    limits.wall = Duration::from_millis(300);
    let (outcome, _) = sh("sleep 30", b"", &limits);
    assert_eq!(outcome.ending, Ending::WallClock);
    assert!(outcome.time_limited(&limits));
    assert!(outcome.wall < Duration::from_secs(10), "{outcome:?}");
}

#[test]
fn a_program_that_writes_without_end_is_stopped_at_the_output_limit() {
    let limits = limits(5000);
    let (outcome, output) = sh("yes", b"", &limits);
    assert!(outcome.output_limited(&limits), "{outcome:?}");
    assert!(output.len() as u64 <= limits.output + 1);
}

#[test]
fn standard_error_is_limited_too_even_with_sigxfsz_ignored() {
    let limits = limits(5000);
    let (outcome, _) = sh("trap '' XFSZ; yes >&2; exit 0", b"", &limits);
    assert!(outcome.output_limited(&limits), "{outcome:?}");
}

#[test]
fn the_files_a_program_writes_are_bounded_together() {
    let limits = limits(5000);
    // Four files, each under the output limit, more than it together.
    let script = "for i in 1 2 3 4; do head -c 400000 /dev/zero > f$i || exit 7; done; exit 0";
    let (outcome, _) = sh(script, b"", &limits);
    assert_ne!(outcome.ending, Ending::Exited(0), "{outcome:?}");
}

#[test]
fn signals_a_program_raises_itself_are_run_time_errors_not_limits() {
    let limits = limits(2000);
    for (signal, number) in [("XCPU", libc::SIGXCPU), ("XFSZ", libc::SIGXFSZ)] {
        let (outcome, _) = sh(&format!("kill -{signal} $$"), b"", &limits);
        assert_eq!(outcome.ending, Ending::Signalled(number), "{outcome:?}");
        assert!(!outcome.time_limited(&limits), "{outcome:?}");
        assert!(!outcome.output_limited(&limits), "{outcome:?}");
        assert!(!outcome.memory_limited(), "{outcome:?}");
    }
    let (outcome, _) = sh("echo 'out of memory: bad_alloc' >&2; exit 1", b"", &limits);
    assert!(!outcome.memory_limited(), "{outcome:?}");
}

#[test]
fn what_a_program_leaves_running_is_killed() {
    let marks = [marker(1), marker(2), marker(3), marker(4)];
    let script = format!(
        "sleep {} & setsid sleep {} & (sleep {} &) & sh -c 'set -m; sleep {} &' ; exit 0",
        marks[0], marks[1], marks[2], marks[3]
    );
    let (outcome, _) = sh(&script, b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    for mark in &marks {
        assert!(!running_with(mark), "sleep {mark} still runs");
    }
}

#[test]
fn a_fork_bomb_ends_and_leaves_nothing_behind() {
    let mut limits = limits(1000);
    limits.wall = Duration::from_secs(2);
    limits.processes = 32;
    let mark = marker(5);
    let script = format!("sleep {mark} & b() {{ b | b & }}; b; wait");
    let (outcome, _) = sh(&script, b"", &limits);
    assert!(outcome.wall < Duration::from_secs(20), "{outcome:?}");
    assert!(!running_with(&mark), "the bomb's sleep lives on");
}

#[test]
fn a_program_sees_only_its_box() {
    let (outcome, output) = sh("ls -A /; echo --; ls -A /box; pwd", b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    let text = text(&output);
    let (root, rest) = text.split_once("--\n").unwrap();
    let root: BTreeSet<&str> = root.lines().collect();
    let mut expected: BTreeSet<&str> = ["box", "dev", "etc", "proc", "tmp"].into();
    expected.extend(
        ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"]
            .into_iter()
            .filter(|name| Path::new("/").join(name).exists()),
    );
    assert_eq!(root, expected);
    assert_eq!(rest, "/box\n", "the working folder is empty and /box");
}

#[test]
fn the_machines_tree_is_out_of_reach_and_out_of_sight() {
    let script = "ls -A /; echo --; cd /.. && ls -A; echo --; cut -d' ' -f5 /proc/self/mountinfo";
    let (outcome, output) = sh(script, b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    let text = text(&output);
    let parts: Vec<&str> = text.split("--\n").collect();
    assert_eq!(parts.len(), 3, "{text}");
    assert_eq!(parts[0], parts[1], "/.. is / itself");
    // The machine's own mount points (its /sys, /run, this test's
    // folders...) are not the box's: none may show there.
    let boxs = [
        "/usr", "/bin", "/sbin", "/lib", "/etc", "/dev", "/proc", "/tmp", "/box",
    ];
    let machine = std::fs::read_to_string("/proc/self/mountinfo").unwrap();
    let foreign: Vec<&str> = machine
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .filter(|point| *point != "/" && !boxs.iter().any(|b| point.starts_with(b)))
        .collect();
    for point in parts[2].lines() {
        assert!(
            !foreign.contains(&point),
            "the box sees {point}:\n{}",
            parts[2]
        );
    }
}

#[test]
fn nimstreams_files_beside_the_input_and_the_output_are_out_of_reach() {
    let script = r#"
        d=$(dirname "$(readlink /proc/self/fd/0)")
        cat "$d/secret" /proc/self/fd/1 2>/dev/null && echo READ
        ls "$d" 2>/dev/null && echo LISTED
        exit 0"#;
    let scratch_check = |outcome: &Outcome, output: &[u8]| {
        assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
        let text = text(output);
        assert!(!text.contains("READ") && !text.contains("LISTED"), "{text}");
        assert!(!text.contains("answers"), "{text}");
    };
    let scratch = Scratch::new().unwrap();
    std::fs::write(scratch.file("secret"), "answers").unwrap();
    std::fs::write(scratch.file("in"), "").unwrap();
    let program = Program {
        command: ["sh", "-c", script].map(OsString::from).to_vec(),
        env: Vec::new(),
    };
    let (outcome, output) = run_in(&scratch, &program, &limits(2000));
    scratch_check(&outcome, &output);
}

#[test]
fn the_environment_is_the_boxs_and_what_env_adds() {
    let scratch = Scratch::new().unwrap();
    std::fs::write(scratch.file("in"), "").unwrap();
    let program = Program {
        command: vec![OsString::from("env")],
        env: vec![OsString::from("ANSWER=42")],
    };
    let (outcome, output) = run_in(&scratch, &program, &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    let output = text(&output);
    let lines: BTreeSet<&str> = output.lines().collect();
    let expected: BTreeSet<&str> = ["PATH=/usr/bin:/bin", "HOME=/box", "ANSWER=42"].into();
    assert_eq!(lines, expected);
}

#[test]
fn the_network_is_the_boxs_own_loopback() {
    let (outcome, output) = sh("tail -n +3 /proc/net/dev | cut -d: -f1", b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    assert_eq!(text(&output).trim(), "lo");
}

#[test]
fn files_in_tmp_and_shared_memory_go_with_the_box() {
    let mark = marker(6);
    let script =
        format!("echo x > /tmp/{mark} && echo x > /dev/shm/{mark} && echo x > /box/{mark}");
    let (outcome, _) = sh(&script, b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    for folder in ["/tmp", "/dev/shm"] {
        assert!(!Path::new(folder).join(&mark).exists(), "{folder}/{mark}");
    }
}

#[test]
fn shared_memory_counts_as_the_boxs_memory() {
    if !Isolation::detect().is_full() {
        // Without control groups tmpfs is bounded by the output limit only,
        // which the docs say.
        eprintln!("no control groups here: shared memory is bounded by the output limit");
        return;
    }
    let mut limits = limits(5000);
    limits.memory = 64 * MIB;
    limits.output = 1 << 30;
    let (outcome, _) = sh(
        "head -c 200000000 /dev/zero > /dev/shm/x; exit 0",
        b"",
        &limits,
    );
    assert!(outcome.memory_limited(), "{outcome:?}");
}

#[test]
fn two_runs_at_once_have_users_of_their_own_and_cannot_reach_each_other() {
    let killer = std::thread::spawn(|| {
        sh(
            "id -u; sleep 0.3; kill -KILL -1; ls /proc | grep -c '^[0-9]'; exit 0",
            b"",
            &limits(2000),
        )
    });
    let (outcome, output) = sh("id -u; sleep 1; echo alive", b"", &limits(2000));
    let (killer_outcome, killer_output) = killer.join().unwrap();
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    assert!(text(&output).ends_with("alive\n"), "{}", text(&output));
    assert_eq!(
        killer_outcome.ending,
        Ending::Exited(0),
        "{killer_outcome:?}"
    );
    let (mine, theirs) = (text(&output), text(&killer_output));
    let uid = |text: &str| text.lines().next().unwrap_or("").to_string();
    assert_ne!(uid(&mine), uid(&theirs), "{mine} / {theirs}");
}

#[test]
fn a_program_that_takes_too_much_memory_is_killed_there() {
    let limits = limits(5000);
    // Holds 64 MiB of text in memory: a shell variable grown by doubling.
    let script =
        "x=0123456789abcdef; i=0; while [ $i -lt 22 ]; do x=$x$x; i=$((i+1)); done; echo ${#x}";
    let small = Limits {
        memory: 16 * MIB,
        ..limits
    };
    let (outcome, _) = sh(script, b"", &small);
    assert!(outcome.memory_limited(), "{outcome:?}");
    let roomy = Limits {
        memory: 1 << 30,
        ..limits
    };
    let (outcome, output) = sh(script, b"", &roomy);
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    assert_eq!(output, b"67108864\n");
    assert!(!outcome.memory_limited(), "{outcome:?}");
    assert!(outcome.peak_memory > 64 * MIB, "{outcome:?}");
}

#[test]
fn a_missing_program_is_not_started_and_says_why() {
    let scratch = Scratch::new().unwrap();
    std::fs::write(scratch.file("in"), b"").unwrap();
    for (command, words) in [
        ("/no/such/program", "no such file"),
        ("no-such-cmd", "PATH"),
    ] {
        let program = Program {
            command: vec![OsString::from(command)],
            env: Vec::new(),
        };
        assert!(program.check().is_err_and(|why| why.contains(words)));
        let (outcome, _) = run_in(&scratch, &program, &limits(1000));
        assert!(
            matches!(&outcome.ending, Ending::NotStarted(why) if why.contains(words)),
            "{outcome:?}"
        );
    }
}

#[test]
fn a_scratch_folder_is_private_and_stale_ones_are_recognised() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new().unwrap();
    let mode = std::fs::metadata(&scratch.path)
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
    assert_eq!(stale_owner("nimstream-judge-123-4"), Some(123));
    assert_eq!(stale_owner("nimstream-run-77-0"), Some(77));
    assert_eq!(stale_owner("nimstream-judge-x-4"), None);
    assert_eq!(stale_owner("other-judge-123-4"), None);
}

#[test]
fn relative_words_that_name_files_are_made_absolute() {
    let program = Program::resolved(&["Cargo.toml", "--flag", "no-such-file"].map(OsString::from));
    assert!(Path::new(&program.command[0]).is_absolute());
    assert_eq!(program.command[1], "--flag");
    assert_eq!(program.command[2], "no-such-file");
}
