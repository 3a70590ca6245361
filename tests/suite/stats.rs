//! `solve --stats`: the line for a person, and `--stats=json`'s object for
//! programs, each field checked against what is known about the input.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{nimstream, stderr, stdout};
use serde_json::Value;

fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name)
}

/// The one JSON object a `--stats=json` run printed on standard error.
fn stats_of(output: &Output) -> serde_json::Map<String, Value> {
    assert!(output.status.success(), "{}", stderr(output));
    let err = stderr(output);
    assert_eq!(err.lines().count(), 1, "one line only: {err}");
    match serde_json::from_str(err.trim_end()) {
        Ok(Value::Object(object)) => object,
        other => panic!("not a JSON object: {err} ({other:?})"),
    }
}

/// Checks the fields every run has: counts, a time and a speed that agree,
/// the kernel and the threads.
fn check_common(stats: &serde_json::Map<String, Value>, bytes: u64, cases: u64) {
    assert_eq!(stats["bytes"], bytes, "{stats:?}");
    assert_eq!(stats["cases"], cases, "{stats:?}");
    let seconds = stats["seconds"].as_f64().unwrap();
    let speed = stats["gb_per_s"].as_f64().unwrap();
    assert!(seconds > 0.0, "{stats:?}");
    let expected = bytes as f64 / seconds / 1e9;
    assert!(
        (speed - expected).abs() <= 1e-6 * expected.max(1.0),
        "{stats:?}"
    );
    let kernel = stats["kernel"].as_str().unwrap();
    assert!(
        ["reference", "swar", "avx2", "avx512"].contains(&kernel),
        "{stats:?}"
    );
    assert!(stats["threads"].as_u64().unwrap() >= 1, "{stats:?}");
}

#[test]
fn a_mapped_file_a_stream_and_compressed_data_are_told_apart() {
    let path = testdata("lasker-hdu3032.in");
    let text = std::fs::read(&path).unwrap();
    let mapped = nimstream(
        &["solve", "lasker", path.to_str().unwrap(), "--stats=json"],
        b"",
    );
    let stream = nimstream(&["solve", "lasker", "--stats=json", "-"], &text);
    for (output, kind) in [(&mapped, "mapped"), (&stream, "stream")] {
        assert_eq!(stdout(output), "Alice\nBob\n");
        let stats = stats_of(output);
        check_common(&stats, text.len() as u64, 2);
        assert_eq!(stats["input"], kind);
        assert_eq!(stats["codec"], Value::Null);
        assert_eq!(stats["problem"], "lasker");
        // HDU 3032's sample has 3 + 2 heaps.
        assert_eq!(stats["heaps"], 5);
        assert!(!stats.contains_key("numbers"));
        assert_eq!(stats["kernel_chosen"], "detected");
        assert_eq!(stats["threads"], 1);
    }

    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gzip.write_all(&text).unwrap();
    let zstd = zstd::stream::encode_all(&text[..], 1).unwrap();
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 1);
    xz.write_all(&text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (codec, data) in [
        ("gzip", gzip.finish().unwrap()),
        ("zstd", zstd),
        ("xz", xz.finish().unwrap()),
    ] {
        let file = dir.path().join("cases.in");
        std::fs::write(&file, &data).unwrap();
        let by_path = nimstream(
            &["solve", "lasker", "--stats=json", file.to_str().unwrap()],
            b"",
        );
        let on_stdin = nimstream(&["solve", "lasker", "--stats=json"], &data);
        for output in [by_path, on_stdin] {
            assert_eq!(stdout(&output), "Alice\nBob\n", "{codec}");
            let stats = stats_of(&output);
            // The bytes are those of the text, not of the compressed data.
            check_common(&stats, text.len() as u64, 2);
            assert_eq!(stats["input"], "compressed", "{codec}");
            assert_eq!(stats["codec"], codec);
            assert_eq!(stats["heaps"], 5);
        }
    }
}

#[test]
fn problems_without_heaps_count_numbers() {
    // Bash's game: T, then T pairs; Wythoff's: pairs to the end.
    for (game, name, cases) in [
        ("bash", "bash-hdu1846", 2),
        ("wythoff", "wythoff-poj1067", 3),
    ] {
        let path = testdata(&format!("{name}.in"));
        let bytes = std::fs::metadata(&path).unwrap().len();
        let output = nimstream(
            &["solve", game, path.to_str().unwrap(), "--stats=json"],
            b"",
        );
        let stats = stats_of(&output);
        check_common(&stats, bytes, cases);
        assert_eq!(stats["numbers"], 2 * cases, "{game}");
        assert!(!stats.contains_key("heaps"), "{game}");
        assert_eq!(stats["problem"], game);
    }
}

/// HDU 1524's queries place pieces on graphs: the pieces are counted, as
/// `validate --summary` counts them, not the graphs' numbers (32 in the
/// sample, which has 10 pieces).
#[test]
fn graph_queries_count_their_pieces() {
    let path = testdata("hdu1524.in");
    let path = path.to_str().unwrap();
    let summary = nimstream(&["validate", "hdu1524", path, "--summary"], b"");
    assert!(
        stdout(&summary).contains("pieces: 10 in total"),
        "{}",
        stdout(&summary)
    );
    let bytes = std::fs::metadata(path).unwrap().len();
    let stats = stats_of(&nimstream(&["solve", "hdu1524", path, "--stats=json"], b""));
    check_common(&stats, bytes, 5);
    assert_eq!(stats["pieces"], 10, "{stats:?}");
    assert!(!stats.contains_key("heaps"), "{stats:?}");
    let line = nimstream(&["solve", "hdu1524", path, "--stats"], b"");
    let expected = format!("nimstream: {bytes} bytes, 5 cases, 10 pieces, ");
    assert!(stderr(&line).starts_with(&expected), "{}", stderr(&line));
}

/// A count of one is in the singular: `1 case`, not `1 cases`.
#[test]
fn the_line_words_a_count_of_one_in_the_singular() {
    let output = nimstream(&["solve", "nim", "--stats", "-"], b"1\n1\n1\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stderr(&output);
    assert!(
        text.starts_with("nimstream: 6 bytes, 1 case, 1 heap, "),
        "{text}"
    );
    assert!(text.ends_with(", 1 thread\n"), "{text}");
}

#[test]
fn a_kernel_asked_for_is_requested() {
    let path = testdata("nim-p2197.in");
    let output = nimstream(
        &[
            "solve",
            "nim",
            path.to_str().unwrap(),
            "--stats=json",
            "--kernel",
            "swar",
        ],
        b"",
    );
    let stats = stats_of(&output);
    assert_eq!(stats["kernel"], "swar");
    assert_eq!(stats["kernel_chosen"], "requested");
}

#[test]
fn the_line_and_the_object_agree() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.in");
    let path = path.to_str().unwrap();
    let gen = nimstream(
        &[
            "gen",
            "lasker",
            "--cases",
            "8",
            "--heaps",
            "200000",
            "--max",
            "2147483647",
            "-o",
            path,
        ],
        b"",
    );
    assert!(gen.status.success(), "{}", stderr(&gen));
    let bytes = std::fs::metadata(path).unwrap().len();
    for threads in ["1", "2"] {
        let args = [
            "solve",
            "lasker",
            path,
            "--threads",
            threads,
            "--kernel",
            "swar",
        ];
        let line = nimstream(&[&args[..], &["--stats"]].concat(), b"");
        let object = nimstream(&[&args[..], &["--stats=json"]].concat(), b"");
        assert!(line.stdout == object.stdout);
        let stats = stats_of(&object);
        check_common(&stats, bytes, 8);
        assert_eq!(stats["heaps"], 8 * 200_000);
        // The line: the same counts, kernel and threads.
        let text = stderr(&line);
        let expected_start = format!("nimstream: {bytes} bytes, 8 cases, 1600000 heaps, ");
        assert!(text.starts_with(&expected_start), "{text}");
        let threads_used = stats["threads"].as_u64().unwrap();
        let expected_end = match threads_used {
            1 => "GB/s, kernel swar, 1 thread\n".to_string(),
            n => format!("GB/s, kernel swar, {n} threads\n"),
        };
        assert!(text.ends_with(&expected_end), "{text}");
        assert!(stats["threads"].as_u64().unwrap() <= threads.parse().unwrap());
    }
}

#[test]
fn listing_moves_counts_the_thread_that_converts_and_lists() {
    // Over 2 MiB, so that the second thread converts the blocks ahead of
    // the reader; with one thread there is none.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hdu2176.in");
    let path = path.to_str().unwrap();
    let args = [
        "gen", "hdu2176", "--cases", "20", "--heaps", "20000", "-o", path,
    ];
    let gen = nimstream(&args, b"");
    assert!(gen.status.success(), "{}", stderr(&gen));
    let bytes = std::fs::metadata(path).unwrap().len();
    assert!(bytes > 2 << 20, "{bytes} bytes");
    for (threads, expected) in [("1", 1), ("2", 2)] {
        let args = [
            "solve",
            "hdu2176",
            path,
            "--threads",
            threads,
            "--stats=json",
        ];
        let stats = stats_of(&nimstream(&args, b""));
        check_common(&stats, bytes, 20);
        assert_eq!(stats["threads"], expected, "--threads {threads}");
    }
}

#[test]
fn the_format_is_checked_and_the_option_takes_no_separate_value() {
    let output = nimstream(&["solve", "nim", "--stats=xml", "-"], b"1\n1\n1\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("possible values: text, json"));
    // `--stats FILE` reads FILE, with the line.
    let path = testdata("nim-p2197.in");
    let output = nimstream(&["solve", "nim", "--stats", path.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).starts_with("nimstream: "));
    let output = nimstream(
        &["solve", "nim", "--stats=text", path.to_str().unwrap()],
        b"",
    );
    assert!(stderr(&output).contains(" bytes, 2 cases, "));
}

/// A game given by its rule is named by the rule, not by `rule`.
#[test]
fn a_rule_game_is_named_by_its_rule() {
    for (rule, name) in [("0.77", "0.77"), ("dawson", "0.07"), ("sub:1,2", "sub:1,2")] {
        let output = nimstream(&["solve", rule, "--stats=json", "-"], b"1\n2\n1 2\n");
        let stats = stats_of(&output);
        assert_eq!(stats["problem"], name, "{rule}");
    }
}

/// Issue 39: standard input and compressed files tell the largest heap only
/// once read, so they are read ahead before the rule's values are computed.
/// 0.007 proves no period within 2^20 values, which take minutes to
/// compute in a debug build: before the fix, `rule_values` was 1048576.
#[test]
fn a_rule_computes_only_the_values_a_small_stream_or_compressed_file_needs() {
    let text = b"2\n1\n5\n2\n3 1\n";
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("cases.in");
    std::fs::write(&plain, text).unwrap();
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gzip.write_all(text).unwrap();
    let compressed = dir.path().join("cases.in.gz");
    std::fs::write(&compressed, gzip.finish().unwrap()).unwrap();
    let from_file = nimstream(&["solve", "0.007", plain.to_str().unwrap()], b"");
    // The same answers as a table that reaches well past the heaps.
    let reference = nimstream(&["solve", "0.007", "--upto", "100", "-"], text);
    assert_eq!(stdout(&from_file), stdout(&reference));
    let on_stdin = nimstream(&["solve", "0.007", "--stats=json", "-"], text);
    let gz_path = compressed.to_str().unwrap();
    let by_gz = nimstream(&["solve", "0.007", "--stats=json", gz_path], b"");
    for (output, input) in [(on_stdin, "stream"), (by_gz, "compressed")] {
        assert_eq!(stdout(&output), stdout(&reference), "{input}");
        let stats = stats_of(&output);
        check_common(&stats, text.len() as u64, 2);
        assert_eq!(stats["input"], input);
        // Heaps 0 to 5.
        assert_eq!(stats["rule_values"], 6, "{input}");
    }
    let asked = nimstream(&["solve", "0.007", "--upto", "100", "--stats=json"], text);
    assert_eq!(stats_of(&asked)["rule_values"], 100, "--upto is kept");
    let catalogue = nimstream(&["solve", "nim", "--stats=json"], text);
    assert!(!stats_of(&catalogue).contains_key("rule_values"));
}

/// `text` compressed with gzip.
fn gzip(text: &[u8]) -> Vec<u8> {
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gzip.write_all(text).unwrap();
    gzip.finish().unwrap()
}

/// The JSON objects a `--stats=json` run printed, one per line.
fn each_stats(output: &Output) -> Vec<serde_json::Map<String, Value>> {
    let err = stderr(output);
    let objects = err.lines().filter(|line| line.starts_with('{'));
    objects
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(object)) => object,
            other => panic!("not a JSON object: {line} ({other:?})"),
        })
        .collect()
}

/// Issue 39, for every way `solve` reads several inputs: their largest
/// number sizes the table of a rule's values, standard input and
/// compressed files included. 0.007 proves no period within 2^20 values;
/// before the fix, `--stats` was refused with several inputs and the
/// table held 2^20 values. Here the largest heap, 9, is in the `.gz`.
#[test]
fn several_inputs_size_a_rules_values_by_their_largest_heap() {
    let (small, large) = (b"1\n2\n1 5\n".as_slice(), b"2\n1\n9\n2\n3 4\n".as_slice());
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("tests");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.in"), small).unwrap();
    std::fs::write(folder.join("b.in.gz"), gzip(large)).unwrap();
    let (a, b) = (folder.join("a.in"), folder.join("b.in.gz"));
    let answers = |text| {
        let reference = nimstream(&["solve", "0.007", "--upto", "100", "-"], text);
        stdout(&reference).to_string()
    };
    let (a_answers, b_answers) = (answers(small), answers(large));
    std::fs::write(folder.join("a.out"), &a_answers).unwrap();
    std::fs::write(folder.join("b.out"), &b_answers).unwrap();
    let out_dir = dir.path().join("answers");
    let (b_path, folder_path) = (b.to_str().unwrap(), folder.to_str().unwrap());
    let out_path = out_dir.to_str().unwrap();
    let both = [Path::new("-"), &b];
    let the_folder = [a.as_path(), &b];
    let runs: [(&[&str], &[u8], &[&Path]); 3] = [
        // Standard input and a `.gz`, answered on standard output.
        (&["-", b_path], small, &both),
        // A folder holding a `.gz`, answered into `--out-dir`.
        (&[folder_path, "--out-dir", out_path], b"", &the_folder),
        (&[folder_path, "--check"], b"", &the_folder),
    ];
    for (inputs, text, paths) in runs {
        let args = [&["solve", "0.007", "--stats=json"], inputs].concat();
        let output = nimstream(&args, text);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let stats = each_stats(&output);
        assert_eq!(stats.len(), paths.len(), "{args:?}: {}", stderr(&output));
        for (stats, path) in stats.iter().zip(paths) {
            assert_eq!(stats["path"], path.to_str().unwrap(), "{args:?}");
            // Heaps 0 to 9.
            assert_eq!(stats["rule_values"], 10, "{args:?}");
        }
    }
    let stdout_run = nimstream(&["solve", "0.007", "-", b_path], small);
    assert_eq!(stdout(&stdout_run), format!("{a_answers}{b_answers}"));
    assert_eq!(
        std::fs::read_to_string(out_dir.join("b.out")).unwrap(),
        b_answers
    );
}
