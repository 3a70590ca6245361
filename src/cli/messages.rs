//! Every message nimstream writes on standard error, in one style: a line
//! that starts `nimstream: `, clap's own errors included. The prefix is
//! coloured (red for an error, yellow for a warning) only when colour is
//! wanted: `--color always`, or `auto` (the default) with standard error
//! on a terminal and `NO_COLOR` unset. `--quiet` silences warnings and
//! hints, never errors.

use std::fmt::Display;
use std::io::{self, IsTerminal};
use std::sync::OnceLock;

use clap::ValueEnum;

/// When messages are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard error is a terminal and `NO_COLOR` is unset.
    #[default]
    Auto,
    /// Always, even into a file.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether this choice colours standard error here.
    pub fn colors(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                !no_color && io::stderr().is_terminal()
            }
        }
    }

    /// The same choice, for clap's help and errors.
    pub fn for_clap(self) -> clap::ColorChoice {
        match self {
            ColorChoice::Auto if !self.colors() => clap::ColorChoice::Never,
            ColorChoice::Auto => clap::ColorChoice::Auto,
            ColorChoice::Always => clap::ColorChoice::Always,
            ColorChoice::Never => clap::ColorChoice::Never,
        }
    }
}

/// How messages are written, set once from the arguments.
#[derive(Clone, Copy, Debug, Default)]
struct Style {
    color: bool,
    quiet: bool,
}

static STYLE: OnceLock<Style> = OnceLock::new();

fn style() -> Style {
    STYLE.get().copied().unwrap_or_default()
}

/// Sets the style of every later message.
pub fn init(color: ColorChoice, quiet: bool) {
    let _ = STYLE.set(Style {
        color: color.colors(),
        quiet,
    });
}

/// Whether warnings and hints are silenced.
pub fn quiet() -> bool {
    style().quiet
}

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const RESET: &str = "\x1b[0m";

/// `nimstream:` in `color` when colour is wanted.
fn prefix(color: &str) -> String {
    match style().color {
        true => format!("{color}nimstream:{RESET}"),
        false => "nimstream:".to_string(),
    }
}

/// An error: the command fails because of it.
pub fn error(message: impl Display) {
    eprintln!("{} {message}", prefix(RED));
}

/// A warning: the command goes on; `--quiet` silences it.
pub fn warning(message: impl Display) {
    if !quiet() {
        let word = match style().color {
            true => format!("{YELLOW}warning:{RESET}"),
            false => "warning:".to_string(),
        };
        eprintln!("{} {word} {message}", prefix(YELLOW));
    }
}

/// A hint about what nimstream is doing; `--quiet` silences it.
pub fn hint(message: impl Display) {
    if !quiet() {
        eprintln!("nimstream: {message}");
    }
}

/// A report the user asked for (`--stats`, `--check`'s count): never
/// silenced, never coloured.
pub fn report(message: impl Display) {
    eprintln!("nimstream: {message}");
}

/// clap's error in nimstream's style: `nimstream: ` and clap's message,
/// then its usage line, without clap's own `error:` and closing advice.
pub fn clap_error(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.starts_with("For more information") {
            continue;
        }
        if line.starts_with("Usage:") {
            lines.push(format!("  {line}"));
        } else if !line.trim().is_empty() {
            lines.push(line.to_string());
        }
    }
    lines.join("\n")
}

/// The colour chosen on the command line, read before clap parses it so
/// that clap's own help and errors follow it too: `--color WHEN` or
/// `--color=WHEN`, the last one winning.
pub fn color_from_args(args: &[std::ffi::OsString]) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut words = args.iter().filter_map(|a| a.to_str());
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--color") {
            Some("") => words.next(),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(parsed) = value.and_then(|v| ColorChoice::from_str(v, true).ok()) {
            choice = parsed;
        }
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<std::ffi::OsString> {
        list.iter().map(Into::into).collect()
    }

    #[test]
    fn the_color_flag_is_read_in_both_spellings() {
        assert_eq!(color_from_args(&args(&["solve"])), ColorChoice::Auto);
        assert_eq!(
            color_from_args(&args(&["--color", "always", "solve"])),
            ColorChoice::Always
        );
        assert_eq!(
            color_from_args(&args(&["solve", "--color=never"])),
            ColorChoice::Never
        );
        assert_eq!(color_from_args(&args(&["--color=bad"])), ColorChoice::Auto);
    }
}
