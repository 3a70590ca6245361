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

/// Asserts that `output` is the clean error (exit 2) that names what did
/// not fit, `words`, and not an abort.
fn assert_out_of_memory(output: &Output, words: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(words), "{stderr}");
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
    assert_out_of_memory(&output, "<stdin>: out of memory");
    // Within the limit, the same program answers.
    let output = limited(&["solve", "hdu2176", "-"], b"3 1 2 4\n0\n".to_vec());
    assert_eq!(output.status.code(), Some(0));
}

/// Read ahead from a mapped file on two threads (`hdu2176 --threads 2`
/// converts the input's blocks on both), a case too large to keep is the
/// same error: the case's heaps grow fallibly there too.
#[test]
fn a_case_too_large_to_keep_is_an_error_on_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.in");
    let heaps = 20_000_000;
    let mut text = format!("{heaps} ").into_bytes();
    text.extend("1 ".repeat(heaps).bytes());
    text.extend_from_slice(b"\n0\n");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let output = limited(&["solve", "hdu2176", path, "--threads", "2"], vec![]);
    assert_out_of_memory(&output, "out of memory keeping");
}

/// `gen` on two threads holds each case whole until its turn to be
/// written: room for cases of 4 million heaps of 19 digits (76 MB each) is
/// asked for fallibly, so that running short is an error, not an abort.
#[test]
fn gen_cases_too_large_to_hold_are_an_error() {
    let args = "gen nim --cases 4 --heaps 4000000 --min 1000000000000000000 \
                --max 9000000000000000000 --threads 2 -o /dev/null";
    let output = limited(&args.split_whitespace().collect::<Vec<_>>(), vec![]);
    assert_out_of_memory(&output, "not enough memory to hold a case");
}

/// A case of 4,000,001 heaps from 2^62 up: their xor has bit 62 set, so
/// every heap has a winning move, a line of about 40 bytes each (160 MB in
/// all) while the heaps take 32 MB. Listing them runs out of memory: an
/// error that says so, not an abort. (On one thread: on two, the case is
/// listed in pieces on both, and the same error is what comes out, but
/// while one thread's lines fill the last of the memory the other may ask
/// for a few bytes of its own, the channel's, and abort; not tested.)
#[test]
fn move_lines_too_large_to_hold_are_an_error() {
    let heaps: u64 = 4_000_001;
    let mut text = format!("{heaps}\n").into_bytes();
    for i in 0..heaps {
        let heap = (1u64 << 62) | i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 2;
        text.extend(format!("{heap} ").bytes());
    }
    text.extend_from_slice(b"\n0\n");
    let output = limited(&["solve", "hdu2176", "-", "--threads", "1"], text);
    assert_out_of_memory(
        &output,
        "<stdin>: out of memory listing the winning moves of a case",
    );
}

/// A checkpoint whose values do not fit in memory (its count says 2^40)
/// is an error that says so, and does not call the file damaged: it may
/// be sound, and hours of work, to resume where there is more memory.
#[test]
fn a_checkpoint_too_large_to_load_is_not_called_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.ckpt");
    let path = path.to_str().unwrap();
    let args = ["grundy", "kayles", "--values", "10", "--checkpoint", path];
    let written = super::common::nimstream(&args, b"");
    assert_eq!(written.status.code(), Some(0));
    let mut bytes = std::fs::read(path).unwrap();
    // The magic line (28 bytes), the version, the rule's length and the
    // rule, then the width (one byte) and the count.
    let rule_len = u32::from_le_bytes(bytes[32..36].try_into().unwrap()) as usize;
    let count_at = 36 + rule_len + 1;
    bytes[count_at..count_at + 8].copy_from_slice(&(1u64 << 40).to_le_bytes());
    std::fs::write(path, &bytes).unwrap();
    let output = limited(&args, vec![]);
    assert_out_of_memory(
        &output,
        "cannot resume from this checkpoint: not enough memory for its 1099511627776 values",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("not a checkpoint"), "{stderr}");
}

/// Resumed from a checkpoint of 34 million values of a byte each, the
/// first value past 255 widens them to two bytes: 68 MB reserved, copied
/// straight into, with no 68 MB copy on the way (which once made the peak
/// 170 MB and aborted). The checkpoint's values are random bytes, so that
/// the next heap of Officers (0.6) has every xor below 256 as an option.
#[test]
fn widening_resumed_values_fits_or_is_an_error() {
    use nimstream::grundy::{checkpoint, values::Values, Method, NimSequence, Rule};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("officers.ckpt");
    let count = 34_000_000;
    let mut rng = 1u64;
    let values: Values = (0..count)
        .map(|_| {
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (rng >> 56) as u32
        })
        .collect();
    let rule = Rule::parse("0.6").unwrap();
    let seq = NimSequence::resume(rule, Method::Auto, values);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    checkpoint::write(&seq, &mut file).unwrap();
    std::io::Write::flush(&mut file).unwrap();
    drop((seq, file));
    let wanted = (count + 3).to_string();
    let path = path.to_str().unwrap();
    let args = ["grundy", "0.6", "--values", &wanted, "--checkpoint", path];
    let output = limited(&args, vec![]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => {}
        Some(2) => assert!(stderr.contains("not enough memory"), "{stderr}"),
        code => panic!("exit {code:?}: {stderr}"),
    }
}
