//! Long `misere` runs: checkpoints that a stop at a heap, SIGKILL or
//! SIGTERM leave, and that the same command carries on from to the same
//! quotient as a run never stopped.

use crate::common::scratch_file;
use std::fs;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
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

/// Heaps in a misère checkpoint, from its heaps field.
fn saved_heaps(path: &Path) -> u64 {
    let bytes = fs::read(path).unwrap_or_default();
    let Some(len) = bytes.get(32..36) else {
        return 0;
    };
    let at = 36 + u32::from_le_bytes(len.try_into().unwrap()) as usize;
    match bytes.get(at..at + 8) {
        Some(heaps) => u64::from_le_bytes(heaps.try_into().unwrap()),
        None => 0,
    }
}

/// Dawson's Kayles to heap `upto`, with `more` arguments; exit 1, as no
/// period is proven.
fn dawson(upto: u64, more: &[&str]) -> Vec<u8> {
    let upto = upto.to_string();
    let mut args = vec!["misere", "0.07", "--upto", &upto];
    args.extend(more);
    let output = run(&args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    output.stdout
}

#[test]
fn a_run_stopped_at_a_heap_resumes_to_the_same_quotient() {
    let (_dir, path) = scratch_file("stopped.ckpt");
    let file = path.to_str().unwrap();
    // Dawson's Kayles grows at heap 25 (24 elements to 144): after the
    // stop, from what the checkpoint kept.
    dawson(20, &["--checkpoint", file]);
    assert_eq!(saved_heaps(&path), 21);
    let resumed = dawson(25, &["--checkpoint", file]);
    assert_eq!(saved_heaps(&path), 26);
    assert_eq!(resumed, dawson(25, &[]));
}

/// Starts a checkpointed run of Dawson's Kayles to heap 25, saving after
/// every heap, and waits until its checkpoint holds 12 heaps.
fn start_and_wait(path: &Path) -> Child {
    let child = nimstream()
        .args(["misere", "0.07", "--upto", "25", "--checkpoint"])
        .arg(path)
        .args(["--checkpoint-every", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while saved_heaps(path) < 12 && start.elapsed() < Duration::from_secs(60) {
        sleep(Duration::from_millis(5));
    }
    child
}

#[test]
fn a_run_killed_half_way_resumes_to_the_same_quotient() {
    let (_dir, path) = scratch_file("killed.ckpt");
    let mut child = start_and_wait(&path);
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = saved_heaps(&path);
    assert!(
        (12..=26).contains(&saved),
        "killed with {saved} heaps saved"
    );
    let resumed = dawson(25, &["--checkpoint", path.to_str().unwrap()]);
    assert_eq!(resumed, dawson(25, &[]));
}

#[test]
fn sigterm_saves_and_stops_and_the_same_command_resumes() {
    let (_dir, path) = scratch_file("terminated.ckpt");
    let child = start_and_wait(&path);
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let output = child.wait_with_output().unwrap();
    let message = stderr(&output);
    if output.status.code() == Some(1) {
        // It finished before the signal came: nothing to resume.
        return assert_eq!(saved_heaps(&path), 26);
    }
    assert_eq!(output.status.code(), Some(128 + libc::SIGTERM), "{message}");
    assert!(message.contains("the same command resumes"), "{message}");
    let saved = saved_heaps(&path);
    assert!(
        message.contains(&format!("heaps 0 to {} saved to", saved - 1)),
        "{message}"
    );
    let resumed = dawson(25, &["--checkpoint", path.to_str().unwrap()]);
    assert_eq!(resumed, dawson(25, &[]));
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_an_error() {
    let (_dir, path) = scratch_file("foreign.ckpt");
    let file = path.to_str().unwrap();
    let output = run(&["misere", "kayles", "--upto", "5", "--checkpoint", file]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let output = run(&["misere", "0.07", "--checkpoint", file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("a checkpoint of 0.77, not of 0.07"),
        "{}",
        stderr(&output)
    );
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let output = run(&["misere", "kayles", "--checkpoint", file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("checksum"), "{}", stderr(&output));
    // A grundy checkpoint is not a misère one.
    let (_dir, grundy) = scratch_file("grundy.ckpt");
    let output = run(&["grundy", "kayles", "--values", "10", "--checkpoint"]
        .into_iter()
        .chain([grundy.to_str().unwrap()])
        .collect::<Vec<_>>());
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&["misere", "kayles", "--checkpoint", grundy.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("not a nimstream misere checkpoint"),
        "{}",
        stderr(&output)
    );
}
