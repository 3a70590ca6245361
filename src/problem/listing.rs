//! The catalogue as text: the names in a line, the README's list and
//! docs/usage.md's table, which tests/architecture.rs keeps equal to the
//! catalogue.

use std::fmt::Write as _;

use super::CATALOGUE;

/// Every name of every problem, for messages: `nim, lasker, …`.
pub fn names() -> String {
    CATALOGUE
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The catalogue in a few lines, as the README lists it: each name with
/// its source, unless the name is the judge's id, wrapped before 76
/// columns.
pub fn markdown_list() -> String {
    let mut text = String::new();
    let mut line = String::new();
    let last = CATALOGUE.len() - 1;
    for (i, p) in CATALOGUE.iter().enumerate() {
        let end = if i == last { "." } else { "," };
        let item = if p.source.replace(' ', "").eq_ignore_ascii_case(p.name) {
            format!("`{}`{end}", p.name)
        } else {
            format!("`{}` ({}){end}", p.name, p.source)
        };
        if !line.is_empty() && line.len() + 1 + item.len() > 75 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// The catalogue as a Markdown table, as docs/usage.md shows it.
pub fn markdown_table() -> String {
    let mut table = String::from(
        "| name | aliases | problem | input | first player wins / loses | limits |\n\
         |---|---|---|---|---|---|\n",
    );
    for p in &CATALOGUE {
        let aliases: Vec<String> = p.aliases.iter().map(|a| format!("`{a}`")).collect();
        let _ = writeln!(
            table,
            "| `{}` | {} | {}, {} | {} | {} | {} |",
            p.name,
            aliases.join(" "),
            p.source,
            p.title,
            p.layout.describe(&p.vars),
            p.output(),
            p.limits_text(),
        );
    }
    table
}
