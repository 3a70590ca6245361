//! Problems as files: a judge problem written in TOML, so that a setter
//! whose problem nimstream does not know describes it rather than writes
//! Rust. The catalogue's entries are the same data: `nimstream problems
//! NAME --toml` prints one in this form, and reading that back gives the
//! entry again (a test checks every one).
//!
//! ```toml
//! name = "kayles"
//! source = "a contest of ours"
//! title = "Kayles"
//! rule = "0.77"              # or game = "lasker" (see games::known)
//! play = "misere"            # beside a rule: misère play ("normal" is the default)
//! layout = "heap-cases"      # T, then per case N and N heaps
//! answer = "verdict"         # the default
//! win = "W"
//! lose = "L"
//!
//! [limits]                   # each [min, max] or [min]; one left out is unbounded
//! cases = [1, 100]
//! heaps = [1, 1000]
//! value = [1, 1000]
//!
//! [interactive]              # optional: the protocol when played interactively
//! side = "first"             # the program moves first, writing no side
//! ```
//!
//! Every mistake is an error naming the file, the line and column, and the
//! key: a key the format does not have, one left out or given twice, a
//! value of the wrong type, a game or layout or answer that does not exist
//! (with the layout or answer most likely meant, when one is close), a rule
//! that does not parse, a bound whose minimum exceeds its maximum, and a
//! game that the layout or the answer cannot go with ([`super::check`]),
//! all found as the file is read, before any game is built. A byte that is
//! not UTF-8 is an error at its line and column.
//!
//! A problem read from a file lives as long as the run: its strings are
//! leaked into `&'static str`, so that it is the same `Problem` as the
//! catalogue's entries, which the whole crate borrows as `&'static`.

use std::io::Read;

use serde::{Deserialize, Serialize};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::check::{check, Key};
use super::limits::{Bounds, Limits};
use super::names::{ANSWERS, LAYOUTS, PREFIXES};
use super::spelling;
use super::{Answer, Fixed, Layout, LinePrefix, Problem, Var, Vars, Verdicts};
use crate::error::{describe_byte, Error, Position};
use crate::games::known::{KnownGame, MISERE_RULE, RULE};
use game::read_game;
use interactive::{read_protocol, write_protocol, FileInteractive};

/// A problem file, as `serde` reads and writes it. Spans say where a value
/// was, for the errors found after reading.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ProblemFile {
    name: Spanned<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    aliases: Vec<String>,
    source: String,
    title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    play: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_take: Option<Spanned<u64>>,
    layout: Spanned<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<Spanned<String>>,
    win: Spanned<String>,
    lose: Spanned<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prefix: Option<Spanned<String>>,
    #[serde(default)]
    limits: FileLimits,
    #[serde(default)]
    vars: FileVars,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    interactive: Option<FileInteractive>,
}

/// Each variable's `[min, max]`, or `[min]` for no maximum (TOML's
/// integers end at 2^63-1, below the largest bound a catalogue entry has);
/// one left out is unbounded.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileLimits {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cases: Option<Spanned<Vec<u64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heaps: Option<Spanned<Vec<u64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<Spanned<Vec<u64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    second: Option<Spanned<Vec<u64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    set_size: Option<Spanned<Vec<u64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    positions: Option<Spanned<Vec<u64>>>,
}

/// The names of the variables; each left out takes the layout's usual one.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct FileVars {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heaps: Option<FileVar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<FileVar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    second: Option<FileVar>,
}

/// A variable's name, and how messages introduce it (by default, its name
/// after what it is: "heap size a").
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct FileVar {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    label: Option<String>,
}

/// Where a key was, to put an error found after reading at its place.
type Spans = Vec<(Key, std::ops::Range<usize>)>;

impl Problem {
    /// Reads a problem file's text; `path` is what errors call it.
    pub fn from_toml(text: &str, path: &str) -> Result<Problem, Error> {
        let file: ProblemFile = toml::from_str(text).map_err(|error| {
            let span = error.span().unwrap_or(0..0);
            at(text, path, span.start, toml_message(text, &error, span))
        })?;
        let mut spans = Spans::new();
        let problem = read(file, &mut spans).map_err(|(key, message)| {
            let offset = spans
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(0, |(_, span)| span.start);
            at(
                text,
                path,
                offset,
                format!("key `{}`: {message}", key.name()),
            )
        })?;
        check(&problem).map_err(|(key, message)| {
            let key = match (key, problem.fixed.rule) {
                (Key::Game, Some(_)) => Key::Rule,
                _ => key,
            };
            let offset = spans
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(0, |(_, span)| span.start);
            at(
                text,
                path,
                offset,
                format!("key `{}`: {message}", key.name()),
            )
        })?;
        Ok(problem)
    }

    /// Reads the problem file at `path` (`-` is standard input).
    pub fn load(path: &std::path::Path) -> Result<Problem, Error> {
        let shown = path.display().to_string();
        let io_error = |source| Error::Io {
            path: shown.clone(),
            source,
        };
        let stdin = path.as_os_str() == "-";
        let bytes = if stdin {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map_err(io_error)?;
            bytes
        } else {
            std::fs::read(path).map_err(io_error)?
        };
        let name = if stdin { "<stdin>" } else { &shown };
        Problem::from_toml(utf8(&bytes, name)?, name)
    }

    /// The problem as a file that [`Problem::from_toml`] reads back as the
    /// same problem. A bound TOML cannot write (above 2^63-1, other than
    /// no bound at all) is an error.
    pub fn to_toml(&self) -> Result<String, Error> {
        let known = KnownGame::of(&self.game);
        let game = known
            .filter(|game| ![RULE.id, MISERE_RULE.id].contains(&game.id))
            .map(|game| Spanned::new(0..0, game.id.to_string()));
        let play = known
            .filter(|game| game.id == MISERE_RULE.id)
            .map(|_| Spanned::new(0..0, "misere".to_string()));
        let file = ProblemFile {
            name: Spanned::new(0..0, self.name.to_string()),
            aliases: self.aliases.iter().map(|a| a.to_string()).collect(),
            source: self.source.to_string(),
            title: self.title.to_string(),
            game,
            rule: self.fixed.rule.map(|r| Spanned::new(0..0, r.to_string())),
            play,
            max_take: self.fixed.max_take.map(|k| Spanned::new(0..0, k)),
            layout: Spanned::new(0..0, name_of(LAYOUTS, self.layout).to_string()),
            answer: Some(Spanned::new(0..0, name_of(ANSWERS, self.answer).into())),
            win: Spanned::new(0..0, self.verdicts.win.to_string()),
            lose: Spanned::new(0..0, self.verdicts.lose.to_string()),
            prefix: Some(Spanned::new(
                0..0,
                name_of(PREFIXES, self.verdicts.prefix).into(),
            )),
            limits: write_limits(self)?,
            vars: FileVars {
                heaps: self.layout.has_count().then(|| write_var(self.vars.heaps)),
                value: Some(write_var(self.vars.value)),
                second: self.vars.second.map(write_var),
            },
            interactive: write_protocol(&self.fixed.protocol),
        };
        toml::to_string(&file).map_err(|e| Error::Usage(format!("{}: {e}", self.name)))
    }
}

/// An error at byte `offset` of the file's `text`.
fn at(text: &str, path: &str, offset: usize, message: String) -> Error {
    Error::Input {
        path: path.to_string(),
        offset: offset as u64,
        position: Position::in_bytes(text.as_bytes(), offset),
        message,
    }
}

/// A file's text, or the error at its first byte that is not UTF-8.
fn utf8<'a>(bytes: &'a [u8], path: &str) -> Result<&'a str, Error> {
    std::str::from_utf8(bytes).map_err(|error| {
        let offset = error.valid_up_to();
        let message = format!(
            "{} is not UTF-8; a problem file is UTF-8 text",
            describe_byte(bytes[offset])
        );
        Error::Input {
            path: path.to_string(),
            offset: offset as u64,
            position: Position::in_bytes(bytes, offset),
            message,
        }
    })
}

/// What a TOML or `serde` error at `span` says, with the key it is about:
/// a key left out or given twice by its name, any other error under the
/// key its span points into.
fn toml_message(text: &str, error: &toml::de::Error, span: std::ops::Range<usize>) -> String {
    let message = error.message().trim_end();
    // serde words every required field left out this way.
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        return match table_at(text, span.start) {
            Some(table) => format!("missing key `{table}.{field}`"),
            None => format!("missing key `{field}`"),
        };
    }
    if message == "duplicate key" {
        if let Some(key) = duplicate_key(text, span.clone()) {
            return format!("duplicate key `{key}`");
        }
    }
    match key_at(text, span.start) {
        Some(key) => format!("key `{key}`: {message}"),
        None => message.to_string(),
    }
}

/// The dotted name of the key given twice whose second name is `span`: the
/// text does not parse as it is, so the second name is replaced by one of
/// its own for the path to be found, then put back.
fn duplicate_key(text: &str, span: std::ops::Range<usize>) -> Option<String> {
    const STAND_IN: &str = "nimstream-duplicate-key";
    let written = text.get(span.clone())?;
    // A quoted name (`"win"`) is read as TOML reads it.
    let name = DeTable::parse(&format!("{written} = 0"))
        .ok()
        .and_then(|table| {
            let table = table.into_inner();
            table
                .iter()
                .next()
                .map(|(key, _)| key.get_ref().to_string())
        })
        .unwrap_or_else(|| written.to_string());
    let stood_in = format!("{}{STAND_IN}{}", &text[..span.start], &text[span.end..]);
    let table = key_at(&stood_in, span.start)
        .and_then(|path| path.strip_suffix(STAND_IN).map(str::to_string))
        .unwrap_or_default();
    Some(format!("{table}{name}"))
}

/// The dotted key whose key or value holds byte `offset`: what a `serde`
/// error's span points into, which its message does not name.
fn key_at(text: &str, offset: usize) -> Option<String> {
    find_in(text, offset, false)
}

/// The dotted name of the table (not the top level) whose header or body
/// holds byte `offset`: where a key was left out.
fn table_at(text: &str, offset: usize) -> Option<String> {
    find_in(text, offset, true)
}

fn find_in(text: &str, offset: usize, tables_only: bool) -> Option<String> {
    let table = DeTable::parse(text).ok()?;
    let mut path = Vec::new();
    find_key(table.get_ref(), offset, tables_only, &mut path).then(|| path.join("."))
}

/// Whether a key of `table` (or of a table in it), a table's key alone if
/// `tables_only`, holds byte `offset`; its path, if so, is pushed on
/// `path`. A table's own span may be its header alone, so every table is
/// searched, not only one whose span holds it.
fn find_key(table: &DeTable<'_>, offset: usize, tables_only: bool, path: &mut Vec<String>) -> bool {
    for (key, value) in table.iter() {
        path.push(key.get_ref().to_string());
        let is_table = if let DeValue::Table(inner) = value.get_ref() {
            if find_key(inner, offset, tables_only, path) {
                return true;
            }
            true
        } else {
            false
        };
        let holds = key.span().contains(&offset) || value.span().contains(&offset);
        if holds && (is_table || !tables_only) {
            return true;
        }
        path.pop();
    }
    false
}

/// The name a file gives `value` in `names`.
fn name_of<T: PartialEq + Copy>(names: &[(&'static str, T)], value: T) -> &'static str {
    names
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |(name, _)| name)
}

/// The value `name` names in `names`, or the message with the name it
/// most likely meant, or else listing them.
fn named<T: Copy>(names: &[(&str, T)], name: &str, what: &str) -> Result<T, String> {
    if let Some(&(_, value)) = names.iter().find(|(n, _)| *n == name) {
        return Ok(value);
    }
    let all: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
    Err(match spelling::closest(name, all.iter().copied()) {
        Some(meant) => format!("unknown {what} `{name}`; did you mean `{meant}`?"),
        None => format!(
            "unknown {what} `{name}`; expected one of: {}",
            all.join(", ")
        ),
    })
}

/// Turns a file into a problem, noting each key's span in `spans`.
fn read(file: ProblemFile, spans: &mut Spans) -> Result<Problem, (Key, String)> {
    let mut note = |key: Key, span: std::ops::Range<usize>| spans.push((key, span));
    note(Key::Name, file.name.span());
    note(Key::Layout, file.layout.span());
    note(Key::Win, file.win.span());
    note(Key::Lose, file.lose.span());
    let game_span = match (&file.game, &file.rule) {
        (Some(game), _) => game.span(),
        (None, Some(rule)) => rule.span(),
        (None, None) => file.name.span(),
    };
    note(Key::Game, game_span);
    if let Some(rule) = &file.rule {
        note(Key::Rule, rule.span());
    }
    if let Some(play) = &file.play {
        note(Key::Play, play.span());
    }
    if let Some(answer) = &file.answer {
        note(Key::Answer, answer.span());
    }
    if let Some(k) = &file.max_take {
        note(Key::MaxTake, k.span());
    }
    let layout = named(LAYOUTS, file.layout.get_ref(), "layout").map_err(|m| (Key::Layout, m))?;
    let answer = match &file.answer {
        Some(answer) => named(ANSWERS, answer.get_ref(), "answer").map_err(|m| (Key::Answer, m))?,
        None => Answer::Verdict,
    };
    let prefix = match &file.prefix {
        Some(prefix) => {
            note(Key::Prefix, prefix.span());
            named(PREFIXES, prefix.get_ref(), "prefix").map_err(|m| (Key::Prefix, m))?
        }
        None => LinePrefix::None,
    };
    let (game, rule) = read_game(&file)?;
    for (key, word) in [(Key::Win, &file.win), (Key::Lose, &file.lose)] {
        if word.get_ref().is_empty() || word.get_ref().contains(['\n', '\r']) {
            return Err((key, "a word is one line of at least one character".into()));
        }
    }
    let limits = read_limits(&file.limits, &mut note)?;
    let protocol = read_protocol(&file.interactive, &mut note)?;
    Ok(Problem {
        name: leak(file.name.into_inner()),
        aliases: Box::leak(file.aliases.into_iter().map(leak).collect()),
        source: leak(file.source),
        title: leak(file.title),
        game: game.spec,
        fixed: Fixed {
            rule,
            max_take: file.max_take.map(Spanned::into_inner),
            protocol,
        },
        layout,
        verdicts: Verdicts {
            win: leak(file.win.into_inner()),
            lose: leak(file.lose.into_inner()),
            prefix,
        },
        answer,
        limits,
        vars: read_vars(file.vars, layout),
    })
}

/// The limits, each checked to have its minimum at most its maximum.
fn read_limits(
    file: &FileLimits,
    note: &mut impl FnMut(Key, std::ops::Range<usize>),
) -> Result<Limits, (Key, String)> {
    let mut bounds = |key: Key, given: &Option<Spanned<Vec<u64>>>| match given {
        None => Ok(Bounds::ANY),
        Some(pair) => {
            note(key, pair.span());
            let (min, max) = match pair.get_ref()[..] {
                [min] => (min, u64::MAX),
                [min, max] => (min, max),
                _ => return Err((key, "a bound is [min, max], or [min] for no maximum".into())),
            };
            if min > max {
                return Err((key, format!("the minimum {min} exceeds the maximum {max}")));
            }
            Ok(Bounds::new(min, max))
        }
    };
    Ok(Limits {
        cases: bounds(Key::Cases, &file.cases)?,
        heaps: bounds(Key::Heaps, &file.heaps)?,
        value: bounds(Key::Value, &file.value)?,
        second: bounds(Key::Second, &file.second)?,
        set_size: bounds(Key::SetSize, &file.set_size)?,
        positions: bounds(Key::Positions, &file.positions)?,
    })
}

/// The variables, each left out named as the layout usually names it.
fn read_vars(file: FileVars, layout: Layout) -> Vars {
    let usual = usual_vars(layout);
    let var = |given: Option<FileVar>, usual: Var, label: &dyn Fn(&str) -> String| match given {
        None => usual,
        Some(FileVar { name, label: given }) => Var {
            label: leak(given.unwrap_or_else(|| label(&name))),
            name: leak(name),
        },
    };
    let heap_layout = layout.has_heaps();
    Vars {
        heaps: var(file.heaps, usual.heaps, &|n| match layout.has_rows() {
            true => format!("count {n}"),
            false => format!("number of heaps {n}"),
        }),
        value: var(file.value, usual.value, &|n| match heap_layout {
            true => format!("heap size {n}"),
            false => n.to_string(),
        }),
        second: match file.second {
            Some(given) => Some(var(Some(given), usual.value, &str::to_string)),
            None => usual.second,
        },
    }
}

/// How a layout's variables are named when a file does not say: `N` heaps
/// of size `a`, or numbers `n` and `m`.
fn usual_vars(layout: Layout) -> Vars {
    let var = |name, label| Var { name, label };
    let heaps = var("N", "number of heaps N");
    match layout {
        Layout::GraphCases => Vars {
            heaps: var("M", "number of pieces M"),
            value: var("p", "position p"),
            second: Some(var("N", "number of positions N")),
        },
        Layout::SubtractionSetCases => Vars {
            heaps: var("l", "number of heaps l"),
            value: var("h", "heap size h"),
            second: Some(var("s", "subtraction s")),
        },
        Layout::Rows(rows) => Vars {
            heaps: var("N", "count N"),
            value: var("a", "a"),
            second: rows.parameter.then_some(var("k", "k")),
        },
        _ if layout.has_heaps() => Vars {
            heaps,
            value: var("a", "heap size a"),
            second: None,
        },
        _ => Vars {
            heaps,
            value: var("n", "n"),
            second: layout.has_second().then_some(var("m", "m")),
        },
    }
}

fn write_var(var: Var) -> FileVar {
    FileVar {
        name: var.name.to_string(),
        label: Some(var.label.to_string()),
    }
}

/// The bounds of `problem` that are not [`Bounds::ANY`], as `[min, max]`.
fn write_limits(problem: &Problem) -> Result<FileLimits, Error> {
    let pair = |bounds: Bounds| -> Result<Option<Spanned<Vec<u64>>>, Error> {
        if bounds == Bounds::ANY {
            return Ok(None);
        }
        if bounds.max == u64::MAX {
            return Ok(Some(Spanned::new(0..0, vec![bounds.min])));
        }
        if bounds.max > i64::MAX as u64 {
            return Err(Error::Usage(format!(
                "{}: the bounds {bounds} cannot be written in TOML, whose integers end at 2^63-1",
                problem.name
            )));
        }
        Ok(Some(Spanned::new(0..0, vec![bounds.min, bounds.max])))
    };
    let limits = problem.limits;
    Ok(FileLimits {
        cases: pair(limits.cases)?,
        heaps: pair(limits.heaps)?,
        value: pair(limits.value)?,
        second: pair(limits.second)?,
        set_size: pair(limits.set_size)?,
        positions: pair(limits.positions)?,
    })
}

/// A string that lives as long as the run (see the module's doc).
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

mod game;
mod interactive;
#[cfg(test)]
mod tests;
