//! A file larger than 4 GiB: offsets, positions and the verdict must not be
//! truncated to 32 bits anywhere (mapped, split across threads, streamed).

use std::io::Write;
use std::process::{Command, Stdio};

const GAP: u64 = (4 << 30) + 12345;

/// Writes `head`, `GAP` spaces, then `tail`.
fn write_spaced(path: &std::path::Path, head: &[u8], tail: &[u8]) {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    file.write_all(head).unwrap();
    let spaces = vec![b' '; 1 << 20];
    let mut left = GAP;
    while left > 0 {
        let n = left.min(spaces.len() as u64) as usize;
        file.write_all(&spaces[..n]).unwrap();
        left -= n as u64;
    }
    file.write_all(tail).unwrap();
    file.flush().unwrap();
}

fn solve(args: &[&str], stdin: Option<&std::path::Path>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command.args(args);
    if let Some(path) = stdin {
        command.stdin(Stdio::from(std::fs::File::open(path).unwrap()));
    }
    command.output().unwrap()
}

#[test]
fn a_file_over_4_gib_is_solved_and_located_with_64_bit_offsets() {
    // In memory where the system has a tmpfs: the test is about offsets, not disks.
    let shm = std::path::Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm).unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    let path = dir.path().join("large.in");
    // One case of two heaps, 3 and 3 (a loss), with the second heap past 4 GiB
    // and then a stray byte on the same line.
    write_spaced(&path, b"1\n2\n3", b"3 x");
    let name = path.to_str().unwrap();
    let column = 1 + GAP + 2; // "3" at column 1, then the gap, "3", " ", "x"
    let expected = format!("nimstream: {}:3:{}: ", name, column + 1);
    for threads in ["1", "2"] {
        let output = solve(&["solve", "nim", name, "--threads", threads], None);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "No\n");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.starts_with(&expected), "{err} vs {expected}");
        assert!(err.contains("found 'x'"), "{err}");
    }
    let output = solve(&["solve", "nim", "-"], Some(&path));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "No\n");
    assert!(String::from_utf8_lossy(&output.stderr)
        .starts_with(&format!("nimstream: <stdin>:3:{}: ", column + 1)));
}
