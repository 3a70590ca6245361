//! The crate's shape, checked from its source: modules form no cycle, the
//! tokenizer knows nothing of games, the library knows nothing of the
//! command line, every module with children is a folder with a `mod.rs`, no
//! source file holds more than one concern's worth of lines, and the
//! README's list of problems and docs/usage.md's table are the catalogue's.
//!
//! The command line is its own crate, the binary, rooted at
//! `src/cli/main.rs`: its modules are read as `cli::…`, and `crate::` in
//! them names `cli`.
//!
//! A module's dependencies are the `crate::` and `super::` paths its files
//! name. A reference between two modules counts as an edge between the
//! children of their nearest common ancestor on the way to each (so
//! `scan::arch::portable` naming `scan::window` is an edge from `arch` to
//! `window` inside `scan`); a module naming its own ancestor or descendant
//! is the ordinary parent-child relation and is not counted. Test code (a
//! `tests.rs` file, or a file's `#[cfg(test)] mod tests`) is left out: it
//! may use the hidden `testing` helpers, which sit above everything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a source file: `src/scan/arch/portable.rs` is
/// `["scan", "arch", "portable"]`, `src/scan/mod.rs` is `["scan"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules a file's paths name, resolved against the known modules.
fn references(
    module: &[String],
    text: &str,
    known: &BTreeSet<Vec<String>>,
) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    let code: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if start > 0 && code[..start].ends_with(|c: char| is_ident(c) || c == '$') {
            continue;
        }
        let path: Vec<&str> = code[start..]
            .split(|c: char| !(is_ident(c) || c == ':'))
            .next()
            .unwrap()
            .split("::")
            .filter(|s| !s.is_empty())
            .collect();
        let mut resolved: Vec<String> = Vec::new();
        let mut rest = &path[..];
        if rest.first() == Some(&"crate") {
            rest = &rest[1..];
            if module.first().is_some_and(|m| m == "cli") {
                resolved.push("cli".to_string());
            }
        } else {
            resolved = module.to_vec();
            // In a `mod.rs`, `super` is the parent of the folder's module;
            // `module` already names the folder, so each `super` pops one.
            while rest.first() == Some(&"super") {
                resolved.pop();
                rest = &rest[1..];
            }
        }
        // The longest known module along the path.
        let mut best = resolved.clone();
        for part in rest {
            resolved.push(part.to_string());
            if known.contains(&resolved) {
                best = resolved.clone();
            }
        }
        found.insert(best);
    }
    found
}

struct Crate {
    /// Each module's source text.
    files: BTreeMap<Vec<String>, String>,
    /// Each file's path and line count.
    lines: Vec<(PathBuf, usize)>,
}

fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let mut files = BTreeMap::new();
    let mut lines = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        lines.push((path.clone(), text.lines().count()));
        if path.file_name().is_some_and(|name| name == "tests.rs") {
            continue;
        }
        let text = match text.find("#[cfg(test)]\nmod tests") {
            Some(at) => text[..at].to_string(),
            None => text,
        };
        let module = module_of(&src, &path);
        files
            .entry(module)
            .or_insert_with(String::new)
            .push_str(&text);
    }
    Crate { files, lines }
}

/// Edges between sibling modules, keyed by their parent.
fn sibling_edges(krate: &Crate) -> BTreeMap<Vec<String>, BTreeSet<(String, String)>> {
    let known: BTreeSet<Vec<String>> = krate.files.keys().cloned().collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<(String, String)>> = BTreeMap::new();
    for (module, text) in &krate.files {
        for target in references(module, text, &known) {
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common == module.len() || common == target.len() {
                continue; // an ancestor or a descendant
            }
            edges
                .entry(module[..common].to_vec())
                .or_default()
                .insert((module[common].clone(), target[common].clone()));
        }
    }
    edges
}

/// A cycle among `edges`, if there is one.
fn find_cycle(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeSet<(String, String)>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for (_, next) in edges.iter().filter(|(from, _)| from == node) {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for (from, _) in edges {
        if let Some(cycle) = visit(from, edges, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn modules_form_no_cycle() {
    let krate = read_crate();
    let edges = sibling_edges(&krate);
    assert!(
        edges.contains_key(&Vec::new()),
        "no top-level edges were found at all"
    );
    for (parent, edges) in &edges {
        if let Some(cycle) = find_cycle(edges) {
            panic!(
                "modules under crate::{} form a cycle: {}",
                parent.join("::"),
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_cycle_check_sees_a_cycle() {
    let edges: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(find_cycle(&edges).unwrap().len(), 4);
}

#[test]
fn the_tokenizer_knows_nothing_of_games() {
    let krate = read_crate();
    let known: BTreeSet<Vec<String>> = krate.files.keys().cloned().collect();
    for (module, text) in &krate.files {
        if module.first().is_some_and(|m| m == "scan") {
            for target in references(module, text, &known) {
                let inside = target.first().is_some_and(|t| t == "scan");
                assert!(
                    inside,
                    "crate::{} refers to crate::{}",
                    module.join("::"),
                    target.join("::")
                );
            }
        }
    }
}

/// The library's modules, each with its references into the crate.
fn library_references(krate: &Crate) -> Vec<(Vec<String>, BTreeSet<Vec<String>>)> {
    let known: BTreeSet<Vec<String>> = krate.files.keys().cloned().collect();
    krate
        .files
        .iter()
        .filter(|(module, _)| module.first().is_none_or(|m| m != "cli"))
        .map(|(module, text)| (module.clone(), references(module, text, &known)))
        .collect()
}

#[test]
fn the_library_knows_nothing_of_the_command_line() {
    let krate = read_crate();
    assert!(
        krate
            .files
            .keys()
            .any(|m| m.first().is_some_and(|m| m == "cli")),
        "no module of the command line was read"
    );
    for (module, targets) in library_references(&krate) {
        for target in targets {
            assert!(
                target.first().is_none_or(|t| t != "cli"),
                "crate::{} refers to the command line's crate::{}",
                module.join("::"),
                target.join("::")
            );
        }
        let text = &krate.files[&module];
        assert!(
            !text.contains("clap::"),
            "crate::{} uses clap, which belongs to the command line",
            module.join("::")
        );
    }
}

/// `stress` serves `judge --stress`: it knows the problems' files through
/// `problem`, `gen` and `validate` (and the games, errors and random numbers
/// they use), and only the command line, `judge` (whose move checker
/// reads an input as `stress`'s cases), `package` (which writes crafted
/// tests as such cases) and `interact` (which plays each case as a game
/// and writes it to the program as the input has it) use it.
#[test]
fn stress_knows_only_the_files_and_only_the_command_line_judge_package_and_interact_know_stress() {
    let krate = read_crate();
    let allowed = [
        "stress", "problem", "games", "gen", "validate", "error", "rng",
    ];
    let mut read = false;
    for (module, targets) in library_references(&krate) {
        let in_stress = module.first().is_some_and(|m| m == "stress");
        read |= in_stress;
        for target in targets {
            // An empty path is the crate root's re-exports (`crate::Error`).
            let top = target.first().map(String::as_str);
            let fine = match in_stress {
                true => top.is_none_or(|top| allowed.contains(&top)),
                false => {
                    top != Some("stress")
                        || module
                            .first()
                            .is_some_and(|m| matches!(m.as_str(), "judge" | "package" | "interact"))
                }
            };
            assert!(
                fine,
                "crate::{} refers to crate::{}",
                module.join("::"),
                target.join("::")
            );
        }
    }
    assert!(read, "no module of stress was read");
}

#[test]
fn a_module_with_children_is_a_folder_with_mod_rs() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    for path in paths {
        let folder = path.with_extension("");
        assert!(
            !folder.is_dir(),
            "{} sits beside the folder {}; move it to {}/mod.rs",
            path.display(),
            folder.display(),
            folder.display()
        );
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    for (path, lines) in read_crate().lines {
        assert!(lines <= 600, "{} has {lines} lines", path.display());
    }
}

#[test]
fn the_readme_list_and_the_usage_table_are_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let list = nimstream::problem::markdown_list();
    assert!(
        readme.contains(&format!("\n\n{list}\n")),
        "README.md's list of problems differs from the catalogue; it reads:\n{list}"
    );
    let usage = std::fs::read_to_string(root.join("docs/usage.md")).unwrap();
    let table = nimstream::problem::markdown_table();
    assert!(
        usage.contains(&table),
        "docs/usage.md's problem table differs from the catalogue; paste `nimstream problems --markdown`:\n{table}"
    );
}
