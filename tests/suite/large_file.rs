//! Inputs larger than 4 GiB: offsets, positions and the verdict must not be
//! truncated to 32 bits anywhere (streamed, mapped, split across threads).
//!
//! None of the default tests needs the 4 GiB on disk or in memory:
//!
//! * Standard input is fed through a pipe, so more than 4 GiB of whitespace
//!   is streamed and nothing is stored. This checks the verdict of a heap
//!   past 4 GiB and the 64-bit line and column of an error after it.
//! * A mapped file is sparse: its hole takes no space, but reads as NUL
//!   bytes, which are invalid input, so nimstream stops at the hole's first
//!   byte. That test checks that the whole file is mapped (were its length
//!   cut to 32 bits, the input would end before the hole), with one thread
//!   and split across two.
//!
//! Going past 4 GiB on the mapped path needs 4 GiB of real bytes; the
//! ignored test does that, in a temporary directory with that much room:
//! `cargo test --release --test large_file -- --ignored`.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Whitespace between the head and the tail: past 4 GiB, and not a multiple
/// of 2^32, so that a truncated offset lands somewhere else.
const GAP: u64 = (4 << 30) + 12345;

/// One case of two heaps, 3 and 3 (a loss), the second heap after the gap
/// and then a stray byte on the same line: `HEAD`, `GAP` spaces, `TAIL`.
const HEAD: &[u8] = b"1\n2\n3";
const TAIL: &[u8] = b"3 x";

/// Where the stray byte is: "3" at column 1, the gap, "3", " ", then "x".
const X_COLUMN: u64 = 1 + GAP + 3;

/// Writes `head`, `gap` spaces and `tail` to `out`.
fn write_spaced(out: &mut impl Write, head: &[u8], gap: u64, tail: &[u8]) -> std::io::Result<()> {
    let spaces = vec![b' '; 1 << 20];
    out.write_all(head)?;
    let mut left = gap;
    while left > 0 {
        let n = left.min(spaces.len() as u64) as usize;
        out.write_all(&spaces[..n])?;
        left -= n as u64;
    }
    out.write_all(tail)?;
    out.flush()
}

fn nimstream() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nimstream"))
}

/// Runs `nimstream solve nim -`, streaming head, gap and tail into its
/// standard input from another thread.
fn solve_streamed() -> Output {
    let mut child = nimstream()
        .args(["solve", "nim", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A reader that stops early must fail the assertions, not the writer.
    let writer = std::thread::spawn(move || {
        let _ = write_spaced(&mut stdin, HEAD, GAP, TAIL);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn solve_file(path: &Path, threads: &str) -> Output {
    nimstream()
        .args(["solve", "nim", path.to_str().unwrap(), "--threads", threads])
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

#[test]
fn a_stream_over_4_gib_is_solved_and_located_with_64_bit_offsets() {
    let output = solve_streamed();
    assert_eq!(output.status.code(), Some(2));
    // The heap past 4 GiB was read: 3 xor 3 is a loss.
    assert_eq!(text(&output.stdout), "No\n");
    // Cut to 32 bits, the column would be 12349.
    let expected = format!("nimstream: <stdin>:3:{X_COLUMN}: ");
    let err = text(&output.stderr);
    assert!(err.starts_with(&expected), "{err} vs {expected}");
    assert!(err.contains("found 'x'"), "{err}");
}

#[test]
fn a_sparse_file_over_4_gib_is_mapped_whole() {
    // "1\n2\n3 " and then a hole up to 2^32 + 6 bytes. Mapped whole, the
    // hole's first byte is a NUL where the second heap should be; cut to 32
    // bits, the mapping would be those 6 bytes and the input would end
    // there instead.
    let head = b"1\n2\n3 ";
    let len = (1u64 << 32) + head.len() as u64;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sparse.in");
    let mut file = File::create(&path).unwrap();
    file.write_all(head).unwrap();
    // The split across threads ends each block at the first whitespace byte
    // after a multiple of the block size, and would read the whole hole to
    // find one: put one at each multiple, a page of disk each (64 MiB in
    // all for 256 KiB blocks).
    let block = nimstream::parallel::BLOCK as u64;
    for at in (1..).map(|i| i * block).take_while(|&at| at < len) {
        file.seek(SeekFrom::Start(at)).unwrap();
        file.write_all(b" ").unwrap();
    }
    file.set_len(len).unwrap();
    drop(file);
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let used = std::fs::metadata(&path).unwrap().blocks() * 512;
        assert!(used < len / 16, "the file is not sparse: {used} bytes used");
    }
    let expected = format!(
        "nimstream: {}:3:3: expected heap 2 of 2 in case 1 (digits 0-9), found a NUL byte\n",
        path.display()
    );
    for threads in ["1", "2"] {
        let output = solve_file(&path, threads);
        assert_eq!(output.status.code(), Some(2), "threads {threads}");
        assert_eq!(text(&output.stdout), "", "threads {threads}");
        assert_eq!(text(&output.stderr), expected, "threads {threads}");
    }
}

#[test]
#[ignore = "writes 4 GiB to a temporary directory"]
fn a_file_over_4_gib_is_solved_and_located_with_64_bit_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.in");
    let mut file = std::io::BufWriter::new(File::create(&path).unwrap());
    write_spaced(&mut file, HEAD, GAP, TAIL).unwrap();
    drop(file);
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        GAP + (HEAD.len() + TAIL.len()) as u64
    );
    let expected = format!("nimstream: {}:3:{X_COLUMN}: ", path.display());
    for threads in ["1", "2"] {
        let output = solve_file(&path, threads);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(text(&output.stdout), "No\n");
        let err = text(&output.stderr);
        assert!(err.starts_with(&expected), "{err} vs {expected}");
        assert!(err.contains("found 'x'"), "{err}");
    }
}
