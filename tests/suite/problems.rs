//! `nimstream problems` in its four views (the list, one entry in full,
//! `--markdown`, `--json`) tells one story, and each entry's description
//! of its output is what `solve` prints on the entry's sample in
//! `testdata/`.

use crate::common;

use std::path::{Path, PathBuf};

use common::{nimstream, stderr, stdout};
use serde_json::Value;

/// Words of an output description that stand for a number: the case
/// number `i`, a take or a count `X`, a move `a b`.
const PLACEHOLDERS: [&str; 6] = ["i", "X", "a", "b", "x", "y"];

fn catalogue() -> Vec<Value> {
    let output = nimstream(&["problems", "--json"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let entries: Value = serde_json::from_slice(&output.stdout).unwrap();
    entries.as_array().unwrap().clone()
}

/// The entry's sample: `testdata/NAME.in`, or `NAME-SUFFIX.in` (a judge
/// id, or `k3` for the parameter the sample is solved with).
fn samples(name: &str) -> Vec<PathBuf> {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&testdata)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let file = p.file_name().unwrap().to_str().unwrap();
            p.extension().is_some_and(|e| e == "in")
                && (file == format!("{name}.in") || file.starts_with(&format!("{name}-")))
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "{name} has no sample in testdata/");
    found
}

/// The backquoted templates of a Markdown output description.
fn templates(markdown: &str) -> Vec<String> {
    markdown
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `text` with each placeholder word, or each run of digits, made `#`.
fn shape(text: &str, placeholders: bool) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let is_number = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
        let stands_for_one = placeholders && PLACEHOLDERS.contains(&word.as_str());
        match (is_number && !placeholders) || stands_for_one {
            true => out.push('#'),
            false => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

fn matches(line: &str, template: &str) -> bool {
    line == template || shape(line, false) == shape(template, true)
}

/// Whether `line` is made of `words` only, one per position (S-Nim).
fn made_of(mut line: &str, words: &[String]) -> bool {
    while !line.is_empty() {
        match words.iter().find(|w| line.starts_with(w.as_str())) {
            Some(word) => line = &line[word.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn every_entry_describes_what_solve_prints_on_its_sample() {
    for entry in catalogue() {
        let name = entry["name"].as_str().unwrap();
        let markdown = entry["output_markdown"].as_str().unwrap();
        let templates = templates(markdown);
        assert!(!templates.is_empty(), "{name}: {markdown}");
        let per_position = markdown.contains("for each position");
        let mut used = vec![false; templates.len()];
        // Every template shows up in one of the samples (Luogu P1247's
        // file is one case, so it takes two to win and to lose).
        for sample in samples(name) {
            let mut args = vec!["solve", name, sample.to_str().unwrap()];
            if !entry["parameters"].as_array().unwrap().is_empty() {
                assert!(sample.to_str().unwrap().ends_with("-k3.in"), "{name}");
                args.extend(["--max-take", "3"]);
            }
            let output = nimstream(&args, b"");
            assert!(output.status.success(), "{name}: {}", stderr(&output));
            for line in stdout(&output).lines() {
                if per_position {
                    assert!(
                        made_of(line, &templates),
                        "{name}: '{line}' against {markdown}"
                    );
                    for (i, t) in templates.iter().enumerate() {
                        used[i] |= line.contains(t.as_str());
                    }
                    continue;
                }
                let at = templates.iter().position(|t| matches(line, t));
                let numbers = |line: &str| line.split(' ').all(|w| w.parse::<u64>().is_ok());
                if at.is_none()
                    && markdown.contains("then on a line the heaps left")
                    && numbers(line)
                {
                    // Luogu P1247's second line: the heaps, as many as the case has.
                    continue;
                }
                let at = at.unwrap_or_else(|| panic!("{name}: '{line}' is not {markdown}"));
                used[at] = true;
            }
        }
        for (template, used) in templates.iter().zip(used) {
            assert!(used, "{name}: its sample never prints `{template}`");
        }
    }
}

#[test]
fn the_list_one_entry_and_the_table_say_what_the_json_says() {
    let list = nimstream(&["problems"], b"");
    let table = nimstream(&["problems", "--markdown"], b"");
    assert!(list.status.success() && table.status.success());
    let entries = catalogue();
    assert_eq!(stdout(&list).lines().count(), entries.len());
    for entry in entries {
        let name = entry["name"].as_str().unwrap();
        let output = entry["output"].as_str().unwrap();
        let markdown = entry["output_markdown"].as_str().unwrap();
        assert!(
            stdout(&list)
                .lines()
                .any(|l| l.starts_with(name) && l.ends_with(&format!("; {output}"))),
            "{name}: {}",
            stdout(&list)
        );
        let row = format!("| `{name}` |");
        let row = stdout(&table)
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap();
        assert!(row.contains(markdown), "{row}");
        let upper = name.to_ascii_uppercase();
        let full = nimstream(&["problems", &upper], b"");
        assert!(full.status.success(), "{}", stderr(&full));
        let text = stdout(&full);
        let field = |label: &str| {
            text.lines()
                .find_map(|l| l.trim_start().strip_prefix(label))
                .map(str::trim)
                .unwrap_or_else(|| panic!("{name}: no {label}: {text}"))
                .to_string()
        };
        assert_eq!(field("output:"), output);
        assert_eq!(field("limits:"), entry["limits_text"].as_str().unwrap());
        assert_eq!(field("input:"), entry["input"].as_str().unwrap());
        let one: Value =
            serde_json::from_slice(&nimstream(&["problems", name, "--json"], b"").stdout).unwrap();
        assert_eq!(one, entry);
    }
}

#[test]
fn a_misspelt_problem_gets_a_suggestion() {
    let output = nimstream(&["problems", "hdu2167"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean 'hdu2176'?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_shape_of_a_line_replaces_numbers_and_placeholders() {
    assert!(matches("Case 12: 7", "Case i: X"));
    assert!(matches("Case 3: lose", "Case i: lose"));
    assert!(!matches("Case 3: win", "Case i: lose"));
    assert!(matches("9 5", "a b"));
    assert!(matches("1", "1") && !matches("0", "1"));
    assert!(made_of("LWWL", &["W".into(), "L".into()]));
    assert!(!made_of("LWX", &["W".into(), "L".into()]));
}

#[test]
fn the_markdown_help_names_the_page_that_holds_the_table() {
    let help = nimstream(&["problems", "--help"], b"");
    assert!(help.status.success(), "{}", stderr(&help));
    let markdown = stdout(&help)
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--markdown"))
        .take_while(|l| !l.trim_start().starts_with("--json"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(markdown.contains("docs/usage.md"), "{markdown}");
    assert!(
        !stdout(&help).contains("README's table"),
        "{}",
        stdout(&help)
    );
    let table = nimstream(&["problems", "--markdown"], b"");
    let usage = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/usage.md");
    let usage = std::fs::read_to_string(usage).unwrap();
    assert!(usage.contains(stdout(&table)), "{}", stdout(&table));
}

/// The lines of `problems NAME`'s `gen:` section, without the label.
fn gen_section(name: &str) -> Vec<String> {
    let output = nimstream(&["problems", name], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<String> = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("gen:"))
        .map(|l| l.trim_start().trim_start_matches("gen:").trim().to_string())
        .collect();
    assert!(!lines.is_empty(), "{name}: {text}");
    lines
}

#[test]
fn one_entry_says_what_each_gen_option_means_there() {
    let meaning = |name: &str, option: &str| {
        let prefix = format!("{option}: ");
        gen_section(name)
            .iter()
            .find_map(|l| l.strip_prefix(&prefix).map(str::to_string))
            .unwrap_or_default()
    };
    let graph = [
        ("--heaps", "number of pieces M"),
        ("--second-min, --second-max", "number of positions N"),
        ("--positions", "queries"),
        ("--min, --max", "position p"),
        ("--losing", "queries"),
    ];
    let snim = [
        ("--heaps", "number of heaps l"),
        ("--second-min, --second-max", "subtraction s"),
        ("--set-size", "k"),
        ("--positions", "m"),
    ];
    let rows = [
        ("--heaps", "number of rows n"),
        ("--second-min, --second-max", "width m"),
    ];
    for (name, expected) in [
        ("hdu1524", &graph[..]),
        ("hdu1536", &snim),
        ("hdu1730", &rows),
    ] {
        for (option, words) in expected {
            let said = meaning(name, option);
            assert!(said.contains(words), "{name} {option}: {said:?}");
        }
    }
    // Only what applies: Nim has no second number, no sets, no queries.
    let nim = gen_section("nim").join("\n");
    for option in ["--second-min", "--set-size", "--positions"] {
        assert!(!nim.contains(option), "{nim}");
    }
    // Every option listed is one gen takes.
    let help = stdout(&nimstream(&["gen", "--help"], b"")).to_string();
    for line in gen_section("hdu1524") {
        let options = line.split(": ").next().unwrap();
        for option in options.split(", ") {
            assert!(help.contains(&format!("{option} ")), "{option}");
        }
    }
}
