//! Compressed judge files through the built binary: gzip, zstd and xz, by
//! path and on standard input, recognized by their magic whatever their
//! name; errors in the text at the plain file's positions; damaged and
//! truncated data named as such after the verdicts before it; `gen -o`
//! writing each format; `validate` reading them.
//!
//! The files are compressed here with the crates themselves, not with
//! nimstream's own encoder, so that a fault in the encoder cannot hide one
//! in the decoder. Nothing here needs the network or an external tool.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{nimstream, stderr, stdout};

const SAMPLES: [(&str, &str); 7] = [
    ("nim", "nim-p2197"),
    ("lasker", "lasker-hdu3032"),
    ("misere", "misere-hdu1907"),
    ("bash", "bash-hdu1846"),
    ("fibonacci", "fibonacci-hdu2516"),
    ("kmultiple", "kmultiple-poj3922"),
    ("wythoff", "wythoff-poj1067"),
];

const CODECS: [&str; 3] = ["gzip", "zstd", "xz"];

fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name)
}

/// `text` compressed in `codec`'s format.
fn compress(codec: &str, text: &[u8]) -> Vec<u8> {
    match codec {
        "gzip" => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        }
        "zstd" => {
            let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
            encoder.include_checksum(true).unwrap();
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        }
        "xz" => {
            let mut encoder = liblzma::write::XzEncoder::new(Vec::new(), 6);
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        }
        _ => unreachable!("{codec}"),
    }
}

/// `data` decompressed, whatever its format.
fn decompress(data: &[u8]) -> Vec<u8> {
    let mut text = Vec::new();
    let result = if data.starts_with(&[0x1F, 0x8B]) {
        std::io::copy(&mut flate2::read::MultiGzDecoder::new(data), &mut text)
    } else if data.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        std::io::copy(
            &mut zstd::stream::read::Decoder::new(data).unwrap(),
            &mut text,
        )
    } else if data.starts_with(b"\xFD7zXZ\x00") {
        std::io::copy(&mut liblzma::read::XzDecoder::new(data), &mut text)
    } else {
        panic!("not compressed: {:?}", &data[..data.len().min(8)]);
    };
    result.unwrap();
    text
}

/// Runs `nimstream ARGS PATH` with `data` in a file named `name`, and
/// `nimstream ARGS -` with `data` on standard input; both must agree once
/// the file's path is called `<stdin>`, and the first is returned.
fn both_ways(args: &[&str], name: &str, data: &[u8]) -> Output {
    let [by_path, on_stdin] = each_way(args, name, data);
    assert!(by_path.stdout == on_stdin.stdout, "{args:?} {name}: stdout");
    assert_eq!(by_path.status.code(), on_stdin.status.code(), "{args:?}");
    assert_eq!(stderr(&by_path), stderr(&on_stdin), "{args:?} {name}");
    on_stdin
}

/// Runs `nimstream ARGS PATH` and `nimstream ARGS -` as [`both_ways`]
/// does, with the file's path in messages replaced by `<stdin>`, and
/// returns both.
fn each_way(args: &[&str], name: &str, data: &[u8]) -> [Output; 2] {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, data).unwrap();
    let path = path.to_str().unwrap();
    let mut by_path = nimstream(&[args, &[path]].concat(), b"");
    by_path.stderr = stderr(&by_path).replace(path, "<stdin>").into_bytes();
    let on_stdin = nimstream(&[args, &["-"]].concat(), data);
    [by_path, on_stdin]
}

#[test]
fn every_sample_compressed_gives_the_plain_answers() {
    for (game, name) in SAMPLES {
        let text = std::fs::read(testdata(&format!("{name}.in"))).unwrap();
        let expected = std::fs::read_to_string(testdata(&format!("{name}.out"))).unwrap();
        for codec in CODECS {
            // Named as plain text: the magic decides, not the name.
            let output = both_ways(&["solve", game], "cases.in", &compress(codec, &text));
            assert!(
                output.status.success(),
                "{name} {codec}: {}",
                stderr(&output)
            );
            assert_eq!(stdout(&output), expected, "{name} {codec}");
            assert_eq!(stderr(&output), "", "{name} {codec}");
        }
    }
}

#[test]
fn a_plain_file_named_like_a_compressed_one_is_read_as_plain() {
    let text = std::fs::read(testdata("lasker-hdu3032.in")).unwrap();
    let expected = std::fs::read_to_string(testdata("lasker-hdu3032.out")).unwrap();
    for name in ["cases.gz", "cases.zst", "cases.xz"] {
        let output = both_ways(&["solve", "lasker"], name, &text);
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
}

#[test]
fn an_error_in_the_text_is_at_the_plain_files_line_and_column() {
    let inputs = [
        ("lasker", "2\n3\n2 2 3\n2\n3 x\n"),
        ("lasker", "2\n3\n2 2 3\n2\n3 3\n7\n"),
        ("nim", "2\n2\n1 1\n2\n1 18446744073709551616\n"),
        ("bash", "3\r\n4 3\r\n5 2\r\n"),
        ("wythoff", "1 2\n3 4\n5 -6\n"),
        ("fibonacci", "13\n8\n"),
    ];
    for (game, text) in inputs {
        let plain = both_ways(&["solve", game], "cases.in", text.as_bytes());
        assert_eq!(plain.status.code(), Some(2), "{text:?}");
        assert!(
            stderr(&plain).starts_with("nimstream: <stdin>:"),
            "{text:?}"
        );
        for codec in CODECS {
            let data = compress(codec, text.as_bytes());
            let output = both_ways(&["solve", game], "cases.in", &data);
            assert_eq!(output.status.code(), Some(2), "{codec} {text:?}");
            assert_eq!(stderr(&output), stderr(&plain), "{codec} {text:?}");
            assert_eq!(stdout(&output), stdout(&plain), "{codec} {text:?}");
        }
    }
}

/// `cases` cases of Bash's game, one a line, and their verdicts' lines.
fn bash_file(cases: u64) -> (Vec<u8>, Vec<String>) {
    let mut text = format!("{cases}\n");
    let mut verdicts = Vec::new();
    for i in 0..cases {
        let n = 1 + i * 7919 % 1_000_003;
        let m = 1 + i % 997;
        text += &format!("{n} {m}\n");
        let first = n % (m + 1) != 0;
        verdicts.push(if first { "first" } else { "second" }.to_string());
    }
    (text.into_bytes(), verdicts)
}

/// Checks a run on truncated data: exit status 2, one line naming the file
/// and the format, and the verdicts of exactly the cases whose text came
/// out whole before the end.
fn assert_truncated(output: &Output, codec: &str, text: &[u8], verdicts: &[String], what: &str) {
    assert_eq!(output.status.code(), Some(2), "{codec} {what}");
    let err = stderr(output);
    let prefix = format!("nimstream: <stdin>: corrupt {codec} data: ");
    assert!(err.starts_with(&prefix), "{codec} {what}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let printed: Vec<&str> = stdout(output).lines().collect();
    assert!(
        printed.iter().zip(verdicts).all(|(p, v)| p == v),
        "{codec} {what}: a wrong verdict"
    );
    // The text decoded before the damage, from the message: each case
    // whose line ended in it was answered, and no other.
    let produced: usize = err
        .rsplit_once("(after ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of bytes in {err}"));
    let whole_lines = text[..produced].iter().filter(|&&b| b == b'\n').count();
    assert_eq!(
        printed.len(),
        whole_lines.saturating_sub(1),
        "{codec} {what}"
    );
}

#[test]
fn truncated_data_is_named_after_the_verdicts_before_it() {
    let (text, verdicts) = bash_file(300_000);
    for codec in CODECS {
        let data = compress(codec, &text);
        for share in [0.3, 0.7, 0.999] {
            let cut = &data[..(data.len() as f64 * share) as usize];
            let output = both_ways(&["solve", "bash"], "cases.in", cut);
            assert_truncated(&output, codec, &text, &verdicts, &format!("cut at {share}"));
            assert!(stderr(&output).contains("truncated"), "{}", stderr(&output));
            assert!(!stdout(&output).is_empty(), "{codec}: no verdicts kept");
        }
    }
}

/// Damage inside the data is found where the format checks it: at once if
/// the compressed data cannot be decoded, or else at the end of a gzip
/// member, an xz block or a zstd frame, by their checksums. Until then the
/// decoder gives garbage, which may read as numbers: the verdicts printed
/// before the error cannot be checked, only that the run fails and says why.
/// The compressed bytes reach the decoder in the same pieces from a file
/// and from a pipe, so both give the same garbage and the same message.
#[test]
fn damaged_data_is_named_as_such() {
    let (text, _) = bash_file(300_000);
    for codec in CODECS {
        let mut data = compress(codec, &text);
        let middle = data.len() / 2;
        for byte in &mut data[middle..middle + 64] {
            *byte ^= 0xA5;
        }
        let output = both_ways(&["solve", "bash"], "cases.in", &data);
        assert_eq!(output.status.code(), Some(2), "{codec}");
        let err = stderr(&output);
        let prefix = format!("nimstream: <stdin>: corrupt {codec} data: ");
        assert!(err.starts_with(&prefix), "{codec}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Checks a run whose text came out whole before damage: every verdict,
/// then the damage named.
fn assert_all_answered(output: &Output, codec: &str, verdicts: &[String], what: &str) {
    assert_eq!(output.status.code(), Some(2), "{codec} {what}");
    let err = stderr(output);
    let prefix = format!("nimstream: <stdin>: corrupt {codec} data: ");
    assert!(err.starts_with(&prefix), "{codec} {what}: {err}");
    let printed: Vec<&str> = stdout(output).lines().collect();
    assert_eq!(printed.len(), verdicts.len(), "{codec} {what}: {err}");
    assert!(printed == verdicts, "{codec} {what}: a wrong verdict");
}

/// A whole stream (member, frame), verified by its checksum, then damage:
/// bad padding and a second stream. Every case of the first is answered,
/// from a file and from a pipe alike; xz lost the last read's worth of
/// text, which its decoder produced in the call that met the damage.
#[test]
fn the_text_of_a_whole_stream_before_damage_is_all_answered() {
    let (text, verdicts) = bash_file(100_000);
    for codec in CODECS {
        let data = [
            &compress(codec, &text)[..],
            &[0, 0, 0],
            &compress(codec, b"1 2\n"),
        ]
        .concat();
        let output = both_ways(&["solve", "bash"], "cases.in", &data);
        assert_all_answered(&output, codec, &verdicts, "then bad padding");
    }
    // xz: one stream whose index is corrupt. Its footer (the last 12
    // bytes) gives the index's size, in fours less one, at bytes 4..8.
    let mut data = compress("xz", &text);
    let footer = data.len() - 12;
    let size = u32::from_le_bytes(data[footer + 4..footer + 8].try_into().unwrap());
    let index = footer - (size as usize + 1) * 4;
    data[index + 2] ^= 0x40;
    let output = both_ways(&["solve", "bash"], "cases.in", &data);
    assert_all_answered(&output, "xz", &verdicts, "a corrupt index");
}

/// A flipped bit in gzip data that turns the text wrong before the member's
/// checksum catches it: the message names the error in the text and the
/// damage, from a file and from a pipe, on a text short enough that the
/// reader has the damage before the solver meets the error.
#[test]
fn an_error_in_damaged_text_is_named_with_the_damage() {
    let text = format!("40\n{}", "3\n1 2 3\n5\n14 15 92 65 35\n".repeat(20));
    let data = compress("gzip", text.as_bytes());
    let mut named = 0;
    // Flip each bit of the deflate data after the 10-byte header, in order,
    // until three flips decode (ignoring the checksum) to a wrong text.
    for bit in 10 * 8..(data.len() - 8) * 8 {
        let mut flipped = data.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        let mut garbled = Vec::new();
        let inflated = std::io::Read::read_to_end(
            &mut flate2::read::DeflateDecoder::new(&flipped[10..]),
            &mut garbled,
        );
        if inflated.is_err() || garbled.len() != text.len() {
            continue;
        }
        let plain = both_ways(&["solve", "lasker"], "cases.in", &garbled);
        if plain.status.success() {
            continue;
        }
        let output = both_ways(&["solve", "lasker"], "cases.in", &flipped);
        let err = stderr(&output);
        assert!(
            err.starts_with("nimstream: <stdin>: corrupt gzip data: "),
            "{err}"
        );
        let text_error = stderr(&plain).trim_start_matches("nimstream: ").trim_end();
        assert!(
            err.contains(&format!(
                "explains the error found before it in the text: {text_error}"
            )),
            "bit {bit}: {err}"
        );
        assert!(output.stdout == plain.stdout, "bit {bit}");
        named += 1;
        if named == 3 {
            return;
        }
    }
    panic!("only {named} flips made the text wrong");
}

#[test]
fn gen_writes_each_format_by_the_output_files_extension() {
    let dir = tempfile::tempdir().unwrap();
    let gen = |name: &str| {
        let path = dir.path().join(name);
        let path = path.to_str().unwrap();
        let args = [
            "gen", "lasker", "--cases", "7", "--heaps", "3000", "--seed", "5", "-o", path,
        ];
        let output = nimstream(&args, b"");
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        std::fs::read(path).unwrap()
    };
    let plain = gen("cases.in");
    assert!(plain.starts_with(b"7\n"));
    for extension in ["gz", "zst", "xz", "ZST"] {
        let data = gen(&format!("cases.in.{extension}"));
        assert!(data != plain, "{extension}: not compressed");
        assert!(decompress(&data) == plain, "{extension}: other bytes");
        let output = both_ways(&["solve", "lasker"], "any.name", &data);
        assert!(output.status.success(), "{extension}: {}", stderr(&output));
        assert_eq!(stdout(&output).lines().count(), 7);
    }
    // Other names, and standard output, stay plain.
    assert!(gen("cases.gz.txt") == plain);
    let to_stdout = nimstream(
        &[
            "gen", "lasker", "--cases", "7", "--heaps", "3000", "--seed", "5", "-o", "-",
        ],
        b"",
    );
    assert!(to_stdout.stdout == plain);
}

#[test]
fn validate_reads_compressed_files() {
    for (game, name) in SAMPLES {
        let text = std::fs::read(testdata(&format!("{name}.in"))).unwrap();
        let plain = both_ways(&["validate", game, "--summary"], "cases.in", &text);
        for codec in CODECS {
            let data = compress(codec, &text);
            let output = both_ways(&["validate", game, "--summary"], "cases.in", &data);
            assert_eq!(output.status.code(), plain.status.code(), "{name} {codec}");
            assert!(output.stdout == plain.stdout, "{name} {codec}");
            assert_eq!(stderr(&output), stderr(&plain), "{name} {codec}");
        }
    }
    // An invalid file is reported at the plain file's place (exit 1), and
    // damaged data as such (exit 2).
    let bad = b"1\n2\n3  4\n";
    let plain = both_ways(&["validate", "lasker"], "cases.in", bad);
    assert_eq!(plain.status.code(), Some(1));
    for codec in CODECS {
        let output = both_ways(&["validate", "lasker"], "cases.in", &compress(codec, bad));
        assert_eq!(output.status.code(), Some(1), "{codec}");
        assert_eq!(stderr(&output), stderr(&plain), "{codec}");
        let data = compress(
            codec,
            &std::fs::read(testdata("lasker-hdu3032.in")).unwrap(),
        );
        let output = both_ways(&["validate", "lasker"], "cases.in", &data[..data.len() - 3]);
        assert_eq!(output.status.code(), Some(2), "{codec}");
        let err = stderr(&output);
        assert!(
            err.starts_with(&format!("nimstream: <stdin>: corrupt {codec} data: ")),
            "{codec}: {err}"
        );
    }
}

#[test]
fn a_folders_compressed_inputs_are_found_with_their_answers_in_name_out() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read(testdata("lasker-hdu3032.in")).unwrap();
    let answers = nimstream(&["solve", "lasker", "-"], &text).stdout;
    for (name, codec) in [("a.in.gz", "gzip"), ("b.in.zst", "zstd"), ("c.in.xz", "xz")] {
        std::fs::write(dir.path().join(name), compress(codec, &text)).unwrap();
    }
    std::fs::write(dir.path().join("d.in"), &text).unwrap();
    // Compressed, but not an input by its name.
    std::fs::write(dir.path().join("notes.gz"), compress("gzip", b"x")).unwrap();
    let folder = dir.path().to_str().unwrap();

    let solved = nimstream(&["solve", "lasker", folder], b"");
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    assert!(solved.stdout == answers.repeat(4));
    let valid = nimstream(&["validate", "lasker", folder, "--summary"], b"");
    assert_eq!(valid.status.code(), Some(0), "{}", stderr(&valid));
    let summarized = stdout(&valid).lines().filter(|l| l.starts_with(folder));
    assert_eq!(summarized.count(), 4, "{}", stdout(&valid));

    let written = dir.path().join("answers");
    common::solve_lasker_into(folder, &written, &[]);
    for name in ["a.out", "b.out", "c.out", "d.out"] {
        assert!(
            std::fs::read(written.join(name)).unwrap() == answers,
            "{name}"
        );
        std::fs::copy(written.join(name), dir.path().join(name)).unwrap();
    }
    let checked = nimstream(&["solve", "lasker", folder, "--check"], b"");
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    assert_eq!(stderr(&checked), "nimstream: 4 files checked: 4 match\n");
}
