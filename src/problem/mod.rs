//! Judge problems: what a problem *is*, apart from the game it plays.
//!
//! A [`Problem`] is one judge's format: its name and judge ids, the game it
//! plays ([`crate::games`] holds the mathematics), the layout of its input,
//! the words its judge expects, its limits and the names of its variables.
//! Several problems may share a game (`nim` and `bounded` share a layout and
//! words, `fibonacci` is `kmultiple` with `k = 2`), and a game knows nothing
//! of the files it is read from.
//!
//! The problems themselves are listed once, in [`CATALOGUE`]. Adding a
//! problem whose layout and game exist is one entry there; a problem of
//! one's own is a TOML file ([`Problem::from_toml`]), read into the same
//! [`Problem`], and `check` says which games a layout and an answer can go
//! with.

mod catalogue;
mod check;
mod entry;
mod file;
mod largest;
pub mod limits;
mod listing;
mod names;
mod notes;
mod protocol;
mod rows;
mod rule_problems;
pub mod spelling;
mod to_zero;

pub use catalogue::{CATALOGUE, MISERE_RULE_PROBLEM, RULE_PROBLEM};
pub use largest::largest_number;
pub use limits::{Bounds, Limits};
pub use listing::{markdown_list, markdown_table, names};
pub use names::LAYOUTS;
pub use protocol::{Opening, Protocol, Reply, SideRule};
use rule_problems::rule_problem;
pub use rule_problems::{Play, MISERE_PREFIX};

use crate::games::{Game, GameParams, GameSpec};
use crate::grundy::rule::{rule_names, NAMED_RULES};
use crate::grundy::Rule;

/// One judge problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The name used on the command line.
    pub name: &'static str,
    /// Other names it answers to: the judges' problem ids.
    pub aliases: &'static [&'static str],
    /// Where the problem comes from ("HDU 3032").
    pub source: &'static str,
    /// What is played, in a few words.
    pub title: &'static str,
    /// The game, before its parameters are given.
    pub game: GameSpec,
    /// The game's parameters the problem fixes; the command line gives the
    /// others.
    pub fixed: Fixed,
    /// How the input is laid out.
    pub layout: Layout,
    /// How each case's verdict is written.
    pub verdicts: Verdicts,
    /// What each case's line says.
    pub answer: Answer,
    /// The original problem's limits.
    pub limits: Limits,
    /// The names of the variables, as in the statement.
    pub vars: Vars,
}

/// What a problem fixes beyond its input and output: the game's parameters,
/// so that the command line need not give them (a problem file of Kayles
/// says `rule = "0.77"`), and how it is played interactively.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The rule of a game given by its rule, as written (`0.77`, `kayles`).
    pub rule: Option<&'static str>,
    /// `K`, the most objects a move of bounded Nim takes.
    pub max_take: Option<u64>,
    /// The interaction protocol (a problem file's `[interactive]`).
    pub protocol: Protocol,
}

impl Fixed {
    /// Nothing fixed: the catalogue's entries, whose games need no
    /// parameter or take it from the command line.
    pub const NONE: Fixed = Fixed {
        rule: None,
        max_take: None,
        protocol: Protocol::DEFAULT,
    };
}

/// The shapes a problem's input takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `T`, then per case `N` and `N` heap sizes.
    HeapCases,
    /// `T`, then `T` cases of two numbers.
    CountedPairs,
    /// One number per case; a `0` ends the input.
    ZeroTerminated,
    /// Cases of two numbers until the input ends.
    PairsToEnd,
    /// Lines of two numbers; a line `0 0` ends the input.
    PairsToZero {
        /// Whether the first number is at most the second (HDU 2177's
        /// `a ≤ b`), which `validate` checks and `gen` keeps to.
        ordered: bool,
    },
    /// One number per case until the input ends.
    NumbersToEnd,
    /// Per case `N` on a line and a line of `N` heap sizes, until the
    /// input ends.
    HeapCasesToEnd,
    /// Per case `m` and `m` heap sizes, on the same line as `m` or on the
    /// next; a case with `m = 0` ends the input.
    HeapCasesToZero {
        /// Whether the heaps follow `m` on its line.
        same_line: bool,
    },
    /// Lines of three heap sizes; a line `0 0 0` ends the input.
    HeapTriplesToZero,
    /// S-Nim's cases until a lone `0`: a line `k s1 … sk` (the subtraction
    /// set), a line `m`, then `m` lines `l h1 … hl` (positions of `l`
    /// heaps); each case's answer is one line of `m` words.
    SubtractionSetCases,
    /// A row of numbers per case, read whole by a row game: a line `N`
    /// (and a parameter), then the row.
    Rows(Rows),
    /// HDU 1524's graphs until the end of the input: a line `N`, `N` lines
    /// `X v1 … vX` (the moves from each position), then query lines
    /// `M p1 … pM` (pieces on positions) until a `0`; each query's answer
    /// is one line. A case is a graph; the number of positions `N` is its
    /// second variable, a piece its value, `M` its heaps.
    GraphCases,
}

/// How the cases of a row game are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    /// Whether the input starts with the number of cases `T`; else the
    /// cases run to the end of the input.
    pub counted: bool,
    /// Whether the count's line holds a parameter after it (`N k`).
    pub parameter: bool,
    /// Whether the row is of pairs, one a line; else it is one line of
    /// `N` numbers.
    pub pairs: bool,
}

/// What a problem prints for each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The winning or losing word (and, with `--move`, a winning move).
    Verdict,
    /// The word, then every winning first move on lines of its own, `a b`
    /// (a heap of `a` objects is left with `b`), in heap order.
    AllMoves,
    /// The number of winning first moves.
    MoveCount,
    /// The losing word, or the smallest winning first take.
    LoseOrTake,
    /// The losing word, or the first winning move as `a b` (take `a`
    /// objects from heap `b`, the first heap that has a winning move, and
    /// the fewest objects) and a line of the heaps it leaves.
    MoveAndHeaps,
    /// The losing word, or the winning word and then, on lines of their
    /// own, each position `x y` (`x ≤ y`) a winning first move leaves, once
    /// each, in the order the game lists them (HDU 2177).
    PairsLeft,
}

impl Layout {
    /// Whether the input starts with the number of cases `T`.
    pub fn has_case_count(self) -> bool {
        matches!(
            self,
            Layout::HeapCases | Layout::CountedPairs | Layout::Rows(Rows { counted: true, .. })
        )
    }

    /// Whether a case is a row of numbers for a row game.
    pub fn has_rows(self) -> bool {
        matches!(self, Layout::Rows(_))
    }

    /// Whether each case starts with a count (`N`) of what follows: heaps,
    /// or a row's numbers.
    pub fn has_count(self) -> bool {
        self.has_heaps() || self.has_rows()
    }

    /// Whether a case is a list of heaps (and the game a heap game).
    pub fn has_heaps(self) -> bool {
        matches!(
            self,
            Layout::HeapCases
                | Layout::HeapCasesToEnd
                | Layout::HeapCasesToZero { .. }
                | Layout::HeapTriplesToZero
                | Layout::SubtractionSetCases
                | Layout::GraphCases
        )
    }

    /// What a heap of a case is called where heaps are counted (with an
    /// `s`, in the plural): piece for HDU 1524, whose queries place pieces
    /// on a graph's positions, heap for the other heap games.
    pub fn heap_noun(self) -> &'static str {
        match self {
            Layout::GraphCases => "piece",
            _ => "heap",
        }
    }

    /// Whether a case has a second number.
    pub fn has_second(self) -> bool {
        matches!(
            self,
            Layout::CountedPairs
                | Layout::PairsToEnd
                | Layout::PairsToZero { .. }
                | Layout::SubtractionSetCases
                | Layout::Rows(Rows {
                    parameter: true,
                    ..
                })
                | Layout::GraphCases
        )
    }

    /// The layout in a few words, naming the variables.
    pub fn describe(self, vars: &Vars) -> String {
        let second = vars.second.map_or("", |v| v.name);
        let value = vars.value.name;
        let n = vars.heaps.name;
        match self {
            Layout::HeapCases => format!("`T`; per case `{n}` and `{n}` heap sizes `{value}`"),
            Layout::HeapCasesToEnd => {
                format!("per case `{n}` and `{n}` heap sizes `{value}`, to the end")
            }
            Layout::HeapCasesToZero { same_line: true } => {
                format!("lines `{n}` and `{n}` heap sizes `{value}`, `{n} = 0` ends")
            }
            Layout::HeapCasesToZero { same_line: false } => {
                format!(
                    "per case a line `{n}`, a line of `{n}` heap sizes `{value}`; `{n} = 0` ends"
                )
            }
            Layout::HeapTriplesToZero => "lines `m n p` of three heap sizes, `0 0 0` ends".into(),
            Layout::SubtractionSetCases => "per case a line `k s1 … sk` (the set), a line `m`, \
                                            then `m` lines `l h1 … hl`; a lone `0` ends"
                .into(),
            Layout::GraphCases => format!(
                "per graph a line `{second}`, `{second}` lines `X v1 … vX` (the moves from each \
                 position), then lines `{n} {value}1 … {value}{n}` until `0`; graphs to the end"
            ),
            Layout::CountedPairs => format!("`T`; then `T` lines `{value} {second}`"),
            Layout::ZeroTerminated => format!("one `{value}` per line, `0` ends"),
            Layout::PairsToEnd => format!("lines `{value} {second}` to the end"),
            Layout::PairsToZero { ordered: false } => {
                format!("lines `{value} {second}`, `0 0` ends")
            }
            Layout::PairsToZero { ordered: true } => {
                format!("lines `{value} {second}` with `{value} ≤ {second}`, `0 0` ends")
            }
            Layout::NumbersToEnd => format!("one `{value}` per line to the end"),
            Layout::Rows(rows) => {
                let head = match rows.parameter {
                    true => format!("`{n} {second}`"),
                    false => format!("`{n}`"),
                };
                let row = match rows.pairs {
                    true => format!("`{n}` lines of two `{value}`"),
                    false => format!("a line of `{n}` numbers `{value}`"),
                };
                match rows.counted {
                    true => format!("`T`; per case a line {head}, then {row}"),
                    false => format!("per case a line {head}, then {row}; to the end"),
                }
            }
        }
    }
}

/// How a verdict line is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdicts {
    /// The word for a first-player win.
    pub win: &'static str,
    /// The word for a first-player loss.
    pub lose: &'static str,
    /// What comes before the word.
    pub prefix: LinePrefix,
}

/// How a case's line begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinePrefix {
    /// Just the word.
    None,
    /// `Case i: ` with `i` counted from 1 (POJ 3922's format).
    CaseNumber,
}

/// One of a problem's variables, as the statement names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Var {
    /// Its name: `s`, `n`, `k`, …
    pub name: &'static str,
    /// How messages introduce it: "heap size s", "n".
    pub label: &'static str,
}

/// The names of a problem's variables besides `T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vars {
    /// The number of heaps of a case (`N`, `m`, `M`), for heap layouts.
    pub heaps: Var,
    /// Heap sizes, or the first number of a case.
    pub value: Var,
    /// The second number of a case, for layouts that have one.
    pub second: Option<Var>,
}

impl Problem {
    /// The problem called `name`, by its name or an alias, in any case
    /// (`HDU3032` is `hdu3032`).
    pub fn find(name: &str) -> Option<&'static Problem> {
        CATALOGUE.iter().find(|p| {
            std::iter::once(&p.name)
                .chain(p.aliases)
                .any(|known| known.eq_ignore_ascii_case(name))
        })
    }

    /// The problem `name` names: a catalogue entry by its name or an alias,
    /// or, for an octal code or a subtraction set, [`RULE_PROBLEM`] under the
    /// rule's name (`0.77`, also for `kayles`), and the rule; a rule after
    /// [`MISERE_PREFIX`] is played misère ([`MISERE_RULE_PROBLEM`], named
    /// `misere:0.77`). The error says which problems there are, or what is
    /// wrong with a rule.
    pub fn find_or_rule(name: &str) -> Result<(&'static Problem, Option<Rule>), crate::Error> {
        if let Some(problem) = Problem::find(name) {
            return Ok((problem, None));
        }
        if let Some(code) = name.strip_prefix(MISERE_PREFIX) {
            return match Rule::parse(code) {
                Ok(rule) => Ok((rule_problem(&rule, Play::Misere), Some(rule))),
                Err(error) => Err(crate::Error::Usage(spelling::misere_rule_error(
                    code, &error,
                ))),
            };
        }
        match Rule::parse(name) {
            Ok(rule) => Ok((rule_problem(&rule, Play::Normal), Some(rule))),
            Err(error) if name.contains('.') || name.starts_with("sub:") => {
                Err(crate::Error::Usage(error.to_string()))
            }
            Err(_) => Err(crate::Error::Usage(unknown_problem(name))),
        }
    }

    /// Builds the problem's game with `params`; the error is the game's own
    /// word on what is missing.
    /// The parameters the problem fixes fill those `params` leave out.
    pub fn build_game(&self, params: &GameParams) -> Result<Game, crate::Error> {
        let mut params = params.clone();
        if let (None, Some(code)) = (&params.rule, self.fixed.rule) {
            let rule = Rule::parse(code).map_err(|e| crate::Error::Usage(e.to_string()))?;
            params.rule = Some(rule);
        }
        params.max_take = params.max_take.or(self.fixed.max_take);
        let game = (self.game.build)(&params).map_err(crate::Error::Usage)?;
        let lists = matches!(
            self.answer,
            Answer::AllMoves | Answer::MoveCount | Answer::MoveAndHeaps
        );
        if lists && !game.lists_every_move() {
            return Err(crate::Error::Usage(format!(
                "{} lists or counts every winning move, which a game that splits heaps \
                 cannot: a heap of n objects splits about n/2 ways",
                self.name
            )));
        }
        Ok(game)
    }

    /// The limits that apply to the problem's layout, each with the name
    /// the statement gives its variable: `("T", 1..=100)`, `("N", …)`.
    pub fn limit_list(&self) -> Vec<(&'static str, Bounds)> {
        let mut list = Vec::new();
        let cases = if self.layout.has_case_count() {
            "T"
        } else {
            "cases"
        };
        list.push((cases, self.limits.cases));
        if self.layout.has_count() {
            list.push((self.vars.heaps.name, self.limits.heaps));
        }
        list.push((self.vars.value.name, self.limits.value));
        if let Some(second) = self.vars.second {
            list.push((second.name, self.limits.second));
        }
        if self.layout == Layout::SubtractionSetCases {
            list.push(("k", self.limits.set_size));
            list.push(("m", self.limits.positions));
        }
        list.retain(|(_, bounds)| *bounds != Bounds::ANY);
        list
    }

    /// The limits, as a statement writes them: `1 ≤ T ≤ 100, …`.
    pub fn limits_text(&self) -> String {
        let part = |(name, bounds): (&str, Bounds)| {
            if bounds.min == bounds.max {
                format!("{} = {}", name, limits::bound(bounds.min))
            } else if bounds.max == u64::MAX {
                format!("{} ≥ {}", name, limits::bound(bounds.min))
            } else {
                format!(
                    "{} ≤ {} ≤ {}",
                    limits::bound(bounds.min),
                    name,
                    limits::bound(bounds.max)
                )
            }
        };
        let parts: Vec<String> = self.limit_list().into_iter().map(part).collect();
        parts.join(", ")
    }

    /// What the answer is, when it is more than a verdict: "lists every
    /// winning move". For messages about options that need a verdict.
    pub fn answer_is(&self) -> Option<&'static str> {
        match self.answer {
            Answer::Verdict => None,
            Answer::AllMoves => Some("lists every winning move"),
            Answer::MoveCount => Some("is the number of winning moves"),
            Answer::LoseOrTake => Some("is the losing word or the smallest winning take"),
            Answer::MoveAndHeaps => Some("is the first winning move and the heaps it leaves"),
            Answer::PairsLeft => Some("lists the positions the winning moves leave"),
        }
    }

    /// Whether `--move` applies: a move follows a verdict.
    pub fn takes_moves(&self) -> bool {
        self.answer == Answer::Verdict && !self.layout.has_rows()
    }

    /// Whether `--words` applies: the answer has words to replace.
    pub fn takes_words(&self) -> bool {
        self.answer != Answer::MoveCount
    }

    /// What a case's line says, in a few words: `` `Yes` / `No` ``.
    pub fn output(&self) -> String {
        let prefix = match self.verdicts.prefix {
            LinePrefix::None => "",
            LinePrefix::CaseNumber => "Case i: ",
        };
        let (win, lose) = (self.verdicts.win, self.verdicts.lose);
        match self.answer {
            Answer::Verdict if self.layout == Layout::SubtractionSetCases => {
                format!("one line per case, `{win}` / `{lose}` for each position")
            }
            Answer::Verdict if self.layout == Layout::GraphCases => {
                format!("one line per query, `{win}` / `{lose}`")
            }
            Answer::Verdict => format!("`{prefix}{win}` / `{prefix}{lose}`"),
            Answer::AllMoves => format!("`{win}` and each winning move `a b` / `{lose}`"),
            Answer::MoveCount => "`X` (the number of winning first moves)".to_string(),
            Answer::LoseOrTake => {
                format!("`{prefix}X` (the smallest winning take) / `{prefix}{lose}`")
            }
            Answer::MoveAndHeaps => format!(
                "`{prefix}a b` (take a from heap b), then on a line the heaps left / \
                 `{prefix}{lose}`"
            ),
            Answer::PairsLeft => {
                format!("`{win}` and each pair `x y` a winning move leaves / `{lose}`")
            }
        }
    }

    /// Every name the problem answers to: `lasker (hdu3032)`.
    pub fn names(&self) -> String {
        if self.aliases.is_empty() {
            self.name.to_string()
        } else {
            format!("{} ({})", self.name, self.aliases.join(", "))
        }
    }
}

/// The message for a name that is neither a problem nor a rule: the name
/// it most likely meant, or else every problem's name.
fn unknown_problem(name: &str) -> String {
    let problems = CATALOGUE
        .iter()
        .flat_map(|p| std::iter::once(&p.name).chain(p.aliases));
    let rules = NAMED_RULES.iter().map(|r| &r.name);
    match spelling::closest(name, problems.chain(rules).copied()) {
        Some(meant) => format!(
            "unknown problem '{name}'; did you mean '{meant}'? (`nimstream problems` lists \
             the problems)"
        ),
        None => format!(
            "unknown problem '{name}'; expected one of: {}, or a rule such as 0.77, \
             sub:1,3,4 or a name ({}) (see `nimstream problems`)",
            names(),
            rule_names()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_found() {
        let mut seen = std::collections::HashSet::new();
        for p in &CATALOGUE {
            for name in std::iter::once(&p.name).chain(p.aliases) {
                assert!(seen.insert(*name), "{name} is listed twice");
                assert_eq!(Problem::find(name).map(|q| q.name), Some(p.name));
            }
        }
        assert!(Problem::find("hdu9999").is_none());
    }

    #[test]
    fn judge_ids_and_names_are_found_in_any_case() {
        for name in ["HDU3032", "Hdu3032", "Lasker", "LASKER"] {
            assert_eq!(
                Problem::find(name).map(|p| p.name),
                Some("lasker"),
                "{name}"
            );
        }
    }

    #[test]
    fn a_near_miss_is_answered_with_the_name_it_meant() {
        for (typed, meant) in [
            ("laskr", "lasker"),
            ("kayle", "kayles"),
            ("HDU3023", "hdu3032"),
            ("wythof", "wythoff"),
        ] {
            let error = Problem::find_or_rule(typed).unwrap_err().to_string();
            assert!(
                error.contains(&format!("did you mean '{meant}'?")),
                "{typed}: {error}"
            );
        }
        let far = Problem::find_or_rule("chess").unwrap_err().to_string();
        assert!(
            !far.contains("did you mean") && far.contains("lasker"),
            "{far}"
        );
    }

    #[test]
    fn every_entry_pairs_a_layout_with_a_game_that_fits_it() {
        let params = GameParams {
            max_take: Some(3),
            ..GameParams::default()
        };
        for p in &CATALOGUE {
            let game = p.build_game(&params).unwrap();
            assert_eq!(game.is_heap_game(), p.layout.has_heaps(), "{}", p.name);
            assert_eq!(p.vars.second.is_some(), p.layout.has_second(), "{}", p.name);
            for bounds in [
                p.limits.cases,
                p.limits.heaps,
                p.limits.value,
                p.limits.second,
                p.limits.set_size,
                p.limits.positions,
            ] {
                assert!(bounds.min <= bounds.max, "{}", p.name);
            }
        }
    }

    #[test]
    fn a_game_that_needs_a_parameter_says_which() {
        let bounded = Problem::find("bounded").unwrap();
        let error = bounded.build_game(&GameParams::default()).unwrap_err();
        assert!(error.to_string().contains("needs K"), "{error}");
        assert!(!error.to_string().contains("--"), "{error}");
    }
}
