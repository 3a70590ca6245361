//! Decompression bombs: a few kilobytes of compressed data that expand to
//! hundreds of megabytes. `validate` holds the text in memory, but no more
//! of it than decides the verdict, so a bomb costs a few megabytes; its
//! peak memory is measured here (the child's maximum resident set size).

use std::io::Write;
use std::process::Command;

use crate::programs::program;

/// `pieces` times `piece`, compressed with zstd (the best of the three at
/// long runs: 256 MiB of spaces take 8 KB).
fn bomb(header: &[u8], piece: &[u8], pieces: usize) -> Vec<u8> {
    let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
    encoder.write_all(header).unwrap();
    let block = piece.repeat((1 << 20) / piece.len());
    for _ in 0..pieces {
        encoder.write_all(&block).unwrap();
    }
    encoder.finish().unwrap()
}

/// Where `validate` reads the data from.
#[derive(Clone, Copy)]
enum From {
    File,
    Stdin,
}

/// Runs `nimstream validate PROBLEM` on `data`, from a file or from standard
/// input: its exit status, standard error and peak memory in KiB, measured
/// by `programs/peak.c` (a child's peak counts the memory of the process it
/// was forked from, which here would be the whole test suite's).
fn validate(problem: &str, data: &[u8], from: From) -> (Option<i32>, String, i64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.zst");
    std::fs::write(&path, data).unwrap();
    let mut command = Command::new(program("peak"));
    command.args([env!("CARGO_BIN_EXE_nimstream"), "validate", problem]);
    match from {
        From::File => command.arg(&path),
        From::Stdin => command.arg("-").stdin(std::fs::File::open(&path).unwrap()),
    };
    let output = command.output().unwrap();
    assert!(output.status.success(), "peak failed");
    let measured = String::from_utf8(output.stdout).unwrap();
    let mut words = measured
        .split_whitespace()
        .map(|w| w.parse::<i64>().unwrap());
    let (code, kib) = (words.next().unwrap(), words.next().unwrap());
    let stderr = String::from_utf8(output.stderr).unwrap();
    (Some(code as i32).filter(|&c| c >= 0), stderr, kib)
}

/// The most memory a bomb may take, in KiB: the text read past the damage
/// is a few MiB.
const MOST_KIB: i64 = 48 << 10;

#[test]
fn a_bomb_of_spaces_is_refused_at_its_second_line() {
    // 256 MiB of spaces after a valid first line.
    let data = bomb(b"1\n", b" ", 256);
    assert!(data.len() < 100_000, "{} bytes", data.len());
    for from in [From::File, From::Stdin] {
        let (code, err, kib) = validate("nim", &data, from);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(":2:1: expected N of case 1, found ' '"),
            "{err}"
        );
        assert!(kib < MOST_KIB, "{kib} KiB");
    }
}

#[test]
fn a_bomb_of_numbers_stops_past_the_largest_valid_file() {
    // Luogu P2197 allows 10 cases of 10,000 heaps: 500 KB at most. One
    // case claims 10,000 heaps and goes on with 128 MiB of them.
    let data = bomb(b"1\n10000\n", b"1 ", 128);
    let (code, err, kib) = validate("nim", &data, From::File);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains(":3:20000: "), "{err}");
    assert!(kib < MOST_KIB, "{kib} KiB");
}

#[test]
fn a_bomb_of_empty_lines_is_refused_where_no_file_ends() {
    // wythoff's lines go on to the end of the file, so no size is too
    // large; but no valid file has an empty line.
    let data = bomb(b"1 2\n", b"\n", 256);
    let (code, err, kib) = validate("wythoff", &data, From::Stdin);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("<stdin>:2:1: "), "{err}");
    assert!(kib < MOST_KIB, "{kib} KiB");
}
