//! Long `grundy` runs: checkpoints that survive SIGKILL and SIGTERM,
//! binary output, and the errors that must come before the work (issue
//! 29's edges of the rule engine).

use crate::common::scratch_file;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

fn nimstream() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nimstream"))
}

fn run(args: &[&str]) -> Output {
    nimstream().args(args).output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Values in a checkpoint file, from its count field (rule "0.6").
fn saved_count(path: &Path) -> u64 {
    let bytes = fs::read(path).unwrap_or_default();
    let at = 28 + 4 + 4 + 3 + 1;
    match bytes.get(at..at + 8) {
        Some(count) => u64::from_le_bytes(count.try_into().unwrap()),
        None => 0,
    }
}

const VALUES: &str = "400000";

fn uninterrupted() -> Vec<u8> {
    let output = run(&["grundy", "0.6", "--values", VALUES]);
    assert!(output.status.success(), "{}", stderr(&output));
    output.stdout
}

/// Starts a checkpointed run of 0.6, saving at every chance, and waits
/// until its checkpoint holds some values.
fn start_and_wait(path: &Path) -> std::process::Child {
    let child = nimstream()
        .args(["grundy", "0.6", "--values", VALUES, "--checkpoint"])
        .arg(path)
        .args(["--checkpoint-every", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while saved_count(path) < 50_000 && start.elapsed() < Duration::from_secs(60) {
        sleep(Duration::from_millis(5));
    }
    child
}

fn resume(path: &Path) -> Vec<u8> {
    let output = nimstream()
        .args(["grundy", "0.6", "--values", VALUES, "--checkpoint"])
        .arg(path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    output.stdout
}

/// `nimstream ARGS` with an address space of `bytes`, standard output
/// discarded.
fn under_memory_limit(args: &[&str], bytes: libc::rlim_t) -> Output {
    // SAFETY: setrlimit in the child before exec, nothing else.
    unsafe {
        nimstream()
            .args(args)
            .stdout(Stdio::null())
            .pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                libc::setrlimit(libc::RLIMIT_AS, &limit);
                Ok(())
            })
            .output()
            .unwrap()
    }
}

#[test]
fn a_run_killed_half_way_resumes_to_the_same_values() {
    let whole = uninterrupted();
    let (_dir, path) = scratch_file("killed.ckpt");
    let mut child = start_and_wait(&path);
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = saved_count(&path);
    assert!(
        (50_000..400_000).contains(&saved),
        "killed with {saved} values saved"
    );
    assert_eq!(resume(&path), whole);
}

#[test]
fn sigterm_saves_and_stops_and_the_same_command_resumes() {
    let whole = uninterrupted();
    let (_dir, path) = scratch_file("terminated.ckpt");
    let child = start_and_wait(&path);
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let output = child.wait_with_output().unwrap();
    let message = stderr(&output);
    if output.status.success() {
        // It finished before the signal came: nothing to resume.
        return assert_eq!(saved_count(&path), 400_000);
    }
    assert_eq!(output.status.code(), Some(128 + libc::SIGTERM), "{message}");
    assert!(message.contains("the same command resumes"), "{message}");
    assert!(saved_count(&path) < 400_000);
    assert_eq!(resume(&path), whole);
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_an_error() {
    let (_dir, path) = scratch_file("damaged.ckpt");
    let output = run(&[
        "grundy",
        "0.6",
        "--values",
        "9000",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let mut bytes = fs::read(&path).unwrap();
    let foreign = run(&["grundy", "0.7", "--checkpoint", path.to_str().unwrap()]);
    assert_eq!(foreign.status.code(), Some(2));
    assert!(stderr(&foreign).contains("a checkpoint of 0.6, not of 0.7"));
    bytes[5000] ^= 4;
    fs::write(&path, &bytes).unwrap();
    let damaged = run(&[
        "grundy",
        "0.6",
        "--values",
        "9000",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    assert_eq!(damaged.status.code(), Some(2));
    assert!(damaged.stdout.is_empty());
    assert!(
        stderr(&damaged).contains("checksum"),
        "{}",
        stderr(&damaged)
    );
}

#[test]
fn a_period_search_resumed_from_a_longer_checkpoint_honours_upto() {
    let (_dir, path) = scratch_file("kayles.ckpt");
    let ckpt = path.to_str().unwrap();
    let saved = run(&[
        "grundy",
        "kayles",
        "--values",
        "100000",
        "--checkpoint",
        ckpt,
    ]);
    assert!(saved.status.success(), "{}", stderr(&saved));
    let fresh = run(&["grundy", "kayles", "--period", "--upto", "50"]);
    let resumed = run(&[
        "grundy",
        "kayles",
        "--period",
        "--upto",
        "50",
        "--checkpoint",
        ckpt,
    ]);
    assert_eq!(fresh.status.code(), Some(1), "{}", stderr(&fresh));
    assert_eq!(
        String::from_utf8_lossy(&fresh.stdout),
        "no period proven up to 50\n"
    );
    assert_eq!(
        resumed.status.code(),
        fresh.status.code(),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(resumed.stdout, fresh.stdout);
    let proven = run(&["grundy", "kayles", "--upto", "5000", "--checkpoint", ckpt]);
    assert_eq!(
        String::from_utf8_lossy(&proven.stdout),
        "preperiod 71 period 12\n"
    );
}

#[test]
fn values_written_as_u16le_are_the_text_values() {
    let (_dir, path) = scratch_file("values.u16");
    let text = run(&["grundy", "0.6", "--values", "5000"]);
    let binary = run(&[
        "grundy",
        "0.6",
        "--values",
        "5000",
        "--format",
        "u16le",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(binary.status.success(), "{}", stderr(&binary));
    assert!(binary.stdout.is_empty());
    let bytes = fs::read(&path).unwrap();
    let decoded: String = bytes
        .chunks_exact(2)
        .map(|b| format!("{}\n", u16::from_le_bytes([b[0], b[1]])))
        .collect();
    assert_eq!(decoded.as_bytes(), text.stdout);
    let lonely = run(&["grundy", "0.6", "--out", path.to_str().unwrap()]);
    assert_eq!(lonely.status.code(), Some(2));
}

#[test]
fn a_closed_standard_output_is_an_error() {
    let output = nimstream()
        .args(["grundy", "0.77"])
        .stdout(Stdio::from(fs::File::open("/dev/null").unwrap()))
        .output()
        .unwrap();
    assert!(output.status.success(), "an open output is fine");
    // SAFETY: closes descriptor 1 in the child before exec.
    let closed = unsafe {
        nimstream()
            .args(["grundy", "0.77"])
            .pre_exec(|| {
                libc::close(1);
                Ok(())
            })
            .output()
            .unwrap()
    };
    assert_eq!(closed.status.code(), Some(2));
    assert!(stderr(&closed).contains("standard output is closed"));
}

#[test]
fn sparse_is_refused_where_there_is_no_sparse_space() {
    let output = run(&["grundy", "sub:1,3,4", "--method", "sparse"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no sparse space"),
        "{}",
        stderr(&output)
    );
    assert!(
        run(&["grundy", "0.6", "--method", "sparse", "--upto", "5000"])
            .status
            .code()
            == Some(1)
    );
}

#[test]
fn an_unwritable_plot_fails_before_the_work() {
    let output = run(&[
        "grundy",
        "0.6",
        "--upto",
        "400000",
        "--plot",
        "/nonexistent/x.svg",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        output.stdout.is_empty(),
        "nothing computed, nothing printed"
    );
    assert!(stderr(&output).contains("/nonexistent/x.svg"));
}

#[test]
fn too_many_values_for_the_memory_is_an_error_not_an_abort() {
    let output = under_memory_limit(&["grundy", "0.3", "--values", "4294967296"], 300 << 20);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("not enough memory for 4294967296 values"));
}

#[test]
fn values_are_written_as_they_go_not_gathered_first() {
    // 2^26 values of 0.3 take 64 MiB, their text 128 MiB more: gathered
    // before writing, it aborted (exit 134) under a 200 MiB limit.
    let output = under_memory_limit(&["grundy", "0.3", "--values", "67108864"], 200 << 20);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn fibonacci_subtraction_takes_upto_past_its_old_table() {
    let output = nimstream()
        .args(["solve", "hdu1848", "--upto", "1346270"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"1 2 3\n0 0 0\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(output.stdout, b"Nacci\n");
}
