use std::ffi::OsString;
use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

use super::*;

/// Runs that may fill a user's process count go one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const MIB: u64 = 1 << 20;

fn limits(cpu_ms: u64) -> Limits {
    Limits::new(Duration::from_millis(cpu_ms), 256 * MIB, MIB, 64)
}

/// Runs `sh -c script` on `input` and returns its outcome and output.
fn sh(script: &str, input: &[u8], limits: &Limits) -> (Outcome, Vec<u8>) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let scratch = Scratch::new().unwrap();
    let stdin = scratch.file("in");
    std::fs::File::create(&stdin)
        .unwrap()
        .write_all(input)
        .unwrap();
    let program = Program {
        command: ["sh", "-c", script].map(OsString::from).to_vec(),
    };
    let outcome = run(
        &program,
        &stdin,
        &scratch.file("out"),
        &scratch.file("err"),
        limits,
    )
    .unwrap();
    let output = std::fs::read(scratch.file("out")).unwrap();
    (outcome, output)
}

fn gone(pid: libc::pid_t) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    unsafe { libc::kill(pid, 0) != 0 }
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
    assert!(outcome.time_limited(&limits), "{outcome:?}");
    assert_eq!(outcome.ending, Ending::CpuTime);
    // Polled, not the kernel's whole seconds.
    assert!(outcome.cpu < Duration::from_millis(900), "{outcome:?}");
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
    assert!(!outcome.time_limited(&limits), "{outcome:?}");
}

#[test]
fn a_program_that_writes_a_huge_file_of_its_own_is_stopped_at_the_output_limit() {
    let limits = limits(5000);
    let (outcome, _) = sh("exec yes > big", b"", &limits);
    assert_eq!(
        outcome.ending,
        Ending::Signalled(libc::SIGXFSZ),
        "{outcome:?}"
    );
    assert!(outcome.output_limited(&limits), "{outcome:?}");
}

#[test]
fn what_a_program_leaves_running_is_killed() {
    let (outcome, output) = sh("sleep 1000 & echo $!", b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0));
    let pid: libc::pid_t = String::from_utf8(output).unwrap().trim().parse().unwrap();
    assert!(gone(pid), "the background sleep {pid} still runs");
}

#[test]
fn a_fork_bomb_ends_and_leaves_nothing_behind() {
    let mut limits = limits(1000);
    limits.wall = Duration::from_secs(2);
    limits.processes = 32;
    let (outcome, output) = sh("echo $$; b() { b | b & }; b; wait", b"", &limits);
    assert!(outcome.wall < Duration::from_secs(20), "{outcome:?}");
    let group: libc::pid_t = String::from_utf8_lossy(&output)
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // SAFETY: signal 0 only asks whether the group has a process.
    assert!(unsafe { libc::kill(-group, 0) } != 0, "the group lives on");
}

#[test]
fn a_program_runs_in_an_empty_folder_of_its_own_that_is_removed() {
    let (outcome, output) = sh("pwd; ls -A | wc -l; touch made", b"", &limits(2000));
    assert_eq!(outcome.ending, Ending::Exited(0));
    let text = String::from_utf8(output).unwrap();
    let mut lines = text.lines();
    let folder = lines.next().unwrap().to_string();
    assert_eq!(lines.next().unwrap().trim(), "0");
    assert!(!Path::new(&folder).exists(), "{folder} is left");
}

#[test]
fn a_missing_program_is_not_started() {
    let scratch = Scratch::new().unwrap();
    std::fs::write(scratch.file("in"), b"").unwrap();
    let program = Program {
        command: vec![OsString::from("/no/such/program")],
    };
    let outcome = run(
        &program,
        &scratch.file("in"),
        &scratch.file("out"),
        &scratch.file("err"),
        &limits(1000),
    )
    .unwrap();
    assert!(
        matches!(&outcome.ending, Ending::NotStarted(why) if why.contains("no such file")),
        "{outcome:?}"
    );
}

#[test]
fn a_failed_run_that_neared_its_address_space_limit_is_memory_limited() {
    let limits = limits(1000);
    let mut outcome = Outcome {
        ending: Ending::Signalled(libc::SIGSEGV),
        cpu: Duration::ZERO,
        wall: Duration::ZERO,
        peak_memory: 0,
        peak_address_space: limits.address_space() - MIB,
        output_bytes: 0,
        stderr_tail: String::new(),
    };
    assert!(outcome.memory_limited(&limits));
    outcome.peak_address_space = 10 * MIB;
    assert!(!outcome.memory_limited(&limits));
    outcome.stderr_tail = "terminate called after throwing an instance of 'std::bad_alloc'".into();
    assert!(outcome.memory_limited(&limits));
    outcome.stderr_tail = "sol: Cannot Allocate the table".into();
    assert!(outcome.memory_limited(&limits));
    outcome.stderr_tail.clear();
    outcome.ending = Ending::Memory;
    assert!(outcome.memory_limited(&limits));
    outcome.ending = Ending::Exited(0);
    outcome.peak_memory = limits.memory + 1;
    assert!(outcome.memory_limited(&limits));
    outcome.peak_memory = 0;
    outcome.ending = Ending::Exited(0);
    assert!(!outcome.memory_limited(&limits));
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
    assert!(outcome.memory_limited(&small), "{outcome:?}");
    // The shell copies the string as it doubles it: its peak is several
    // times the 64 MiB it ends with.
    let roomy = Limits {
        memory: 1 << 30,
        ..limits
    };
    let (outcome, output) = sh(script, b"", &roomy);
    assert_eq!(outcome.ending, Ending::Exited(0), "{outcome:?}");
    assert_eq!(output, b"67108864\n");
    assert!(!outcome.memory_limited(&roomy), "{outcome:?}");
    assert!(outcome.peak_memory > 64 * MIB, "{outcome:?}");
}

#[test]
fn relative_words_that_name_files_are_made_absolute() {
    let program = Program::resolved(&["Cargo.toml", "--flag", "no-such-file"].map(OsString::from));
    assert!(Path::new(&program.command[0]).is_absolute());
    assert_eq!(program.command[1], "--flag");
    assert_eq!(program.command[2], "no-such-file");
}
