//! Memory sized by the input is asked for fallibly: a case too large to
//! hold under a memory limit is an error that says so (exit 2), not an
//! abort (exit 134). The limit is the child's address space
//! (`RLIMIT_AS`), set before it starts.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Output, Stdio};

/// The child's address space: enough for nimstream's threads and buffers,
/// and for an ordinary case, not for 20 million heaps kept whole.
const LIMIT: libc::rlim_t = 160 << 20;

/// Runs `nimstream ARGS` on `stdin` with its address space limited.
fn limited(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe, and the closure touches
    // nothing else between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: LIMIT,
                rlim_max: LIMIT,
            };
            match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        })
    };
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// HDU 2176 lists every winning move, so `solve` keeps a case's heaps: a
/// case of 20 million (40 MB of text from a pipe) outgrows the limit: its
/// heaps take 160 MB, 256 MiB once the vector doubles.
#[test]
fn a_case_too_large_to_keep_is_an_error() {
    let heaps = 20_000_000;
    let mut text = format!("{heaps} ").into_bytes();
    text.extend("1 ".repeat(heaps).bytes());
    text.extend_from_slice(b"\n0\n");
    let output = limited(&["solve", "hdu2176", "-"], text);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("<stdin>: out of memory"), "{stderr}");
    // Within the limit, the same program answers.
    let output = limited(&["solve", "hdu2176", "-"], b"3 1 2 4\n0\n".to_vec());
    assert_eq!(output.status.code(), Some(0));
}
