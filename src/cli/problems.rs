//! `nimstream problems`: the catalogue, one line per problem, one problem
//! in full, as docs/usage.md's Markdown table, or as JSON. Every text about
//! a problem comes from its catalogue entry's own methods, so the four
//! views cannot disagree.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use nimstream::games::GameParams;
use nimstream::problem::{self, Problem, CATALOGUE};
use nimstream::Error;
use serde_json::json;

use crate::{check_stdout, stdout_error};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream problems               one line per problem
  nimstream problems hdu2176       one problem in full
  nimstream problems --markdown    the table in docs/usage.md
  nimstream problems --json        every entry, for programs
  nimstream problems lasker --toml a problem file to start one's own from")]
pub struct ProblemsArgs {
    /// Show this problem in full (by name or judge id, in any case).
    #[arg(
        value_name = "PROBLEM",
        value_parser = crate::completion::problems(),
        hide_possible_values = true
    )]
    name: Option<String>,
    /// Print the Markdown table of every problem that docs/usage.md shows
    /// (the README lists their names).
    #[arg(long, conflicts_with = "json")]
    markdown: bool,
    /// Print every entry (or the one named) as JSON: names, input, output,
    /// limits and options.
    #[arg(long)]
    json: bool,
    /// Print the problem named as a problem file (TOML), which `solve`,
    /// `gen` and `validate` read with `--problem FILE`: a start for a
    /// problem of one's own.
    #[arg(long, requires = "name", conflicts_with_all = ["markdown", "json"])]
    toml: bool,
}

pub fn problems_command(args: ProblemsArgs) -> Result<ExitCode, Error> {
    check_stdout()?;
    let chosen: Vec<&Problem> = match &args.name {
        Some(name) => vec![find(name)?],
        None => CATALOGUE.iter().collect(),
    };
    let text = if args.toml {
        chosen[0].to_toml()?
    } else if args.markdown {
        if args.name.is_some() {
            return Err(Error::Usage(
                "--markdown prints the whole table; leave out the problem's name".into(),
            ));
        }
        problem::markdown_table()
    } else if args.json {
        let entries: Vec<_> = chosen.iter().map(|p| entry_json(p)).collect();
        let value = match &args.name {
            Some(_) => entries.into_iter().next().unwrap_or_default(),
            None => entries.into(),
        };
        format!("{value:#}\n")
    } else if args.name.is_some() {
        chosen.iter().map(|p| in_full(p)).collect()
    } else {
        chosen.iter().map(|p| one_line(p)).collect()
    };
    io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// The entry `name` names, or the catalogue's own message.
fn find(name: &str) -> Result<&'static Problem, Error> {
    match Problem::find(name) {
        Some(problem) => Ok(problem),
        None => Err(Problem::find_or_rule(name)
            .err()
            .unwrap_or_else(|| Error::Usage(format!("'{name}' is a rule, not a judge problem")))),
    }
}

/// A catalogue text made plain: Markdown's backquotes removed.
fn plain(text: &str) -> String {
    text.replace('`', "")
}

/// `lasker (hdu3032): HDU 3032, Lasker's Nim …; Alice / Bob`.
fn one_line(p: &Problem) -> String {
    format!(
        "{}: {}, {}; {}\n",
        p.names(),
        p.source,
        p.title,
        plain(&p.output())
    )
}

/// The entry in full, one field a line, and what `gen`'s options mean
/// for it, one a line.
fn in_full(p: &Problem) -> String {
    let mut text = format!("{}: {}, {}\n", p.names(), p.source, p.title);
    let mut field = |name: &str, value: String| {
        text += &format!("    {name:<10}{value}\n");
    };
    field("input:", plain(&p.layout.describe(&p.vars)));
    field("output:", plain(&p.output()));
    field("limits:", p.limits_text());
    if let Some(note) = p.reconstructed() {
        field("note:", note.to_string());
    }
    for parameter in p.game.parameters {
        field(
            "needs:",
            format!("--max-take {}: {}", parameter.name, parameter.meaning),
        );
    }
    field("interact:", interactive(p));
    field("options:", options(p).join(", "));
    for (i, (option, meaning)) in nimstream::gen::option_meanings(p).iter().enumerate() {
        let label = if i == 0 { "gen:" } else { "" };
        field(label, plain(&format!("{option}: {meaning}")));
    }
    text
}

/// How `interact`, `judge --interactive` and `play` play the problem: its
/// protocol, or why it is not played yet. A game that needs a parameter
/// is judged with it, so its protocol is shown.
fn interactive(p: &Problem) -> String {
    let refused = p
        .build_game(&GameParams::default())
        .ok()
        .and_then(|game| nimstream::interact::refusal(p, &game));
    match refused {
        Some(why) => format!("not played: {why}"),
        None => p.fixed.protocol.describe(),
    }
}

/// The options of `solve` that change what this problem prints.
fn options(p: &Problem) -> Vec<&'static str> {
    let mut options = Vec::new();
    if p.takes_moves() {
        options.push("--move (a winning move after each win)");
    }
    if p.takes_words() {
        options.push("--words WIN,LOSE (other words)");
    }
    if options.is_empty() {
        options.push("none");
    }
    options
}

fn entry_json(p: &Problem) -> serde_json::Value {
    let limits: serde_json::Map<String, serde_json::Value> = p
        .limit_list()
        .into_iter()
        .map(|(name, bounds)| {
            (
                name.to_string(),
                json!({"min": bounds.min, "max": bounds.max}),
            )
        })
        .collect();
    let parameters: Vec<_> = p
        .game
        .parameters
        .iter()
        .map(|parameter| {
            json!({"name": parameter.name, "option": "--max-take", "meaning": parameter.meaning})
        })
        .collect();
    json!({
        "name": p.name,
        "aliases": p.aliases,
        "source": p.source,
        "title": p.title,
        "input": plain(&p.layout.describe(&p.vars)),
        "output": plain(&p.output()),
        "output_markdown": p.output(),
        "limits": limits,
        "limits_text": p.limits_text(),
        "note": p.reconstructed(),
        "parameters": parameters,
        "move": p.takes_moves(),
        "words": p.takes_words(),
        "interactive": interactive(p),
    })
}
