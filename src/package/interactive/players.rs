//! The interactive package's submissions: C++ players kept in
//! `solutions/interactive/`, one source per game family, each submission
//! being that source under a few `#define` lines that choose the game and
//! the player (`STYLE`: 0 right, 2 random, 3 never flushing, others the
//! family's wrong ones).

use crate::games::Game;
use crate::package::Submission;
use crate::problem::{Layout, Problem};

/// Nim, Lasker's Nim and misère Nim, by `#define GAME` and `STYLE`.
const HEAP_PLAYER: &str = include_str!("../solutions/interactive/heap_player.cpp");

/// Bash's game, by `#define STYLE`.
const BASH_PLAYER: &str = include_str!("../solutions/interactive/bash_player.cpp");

/// Wythoff's game, by `#define END_ZERO` (a line `0 0` ends the input)
/// and `STYLE`.
const WYTHOFF_PLAYER: &str = include_str!("../solutions/interactive/wythoff_player.cpp");

/// Fibonacci Nim and the k-multiple game, by `#define GAME` and `STYLE`.
const PILE_PLAYER: &str = include_str!("../solutions/interactive/pile_player.cpp");

/// Take-and-break games given by a code, by `#define DIGITS`, `MAX_HEAP`
/// and `STYLE`.
const RULE_PLAYER: &str = include_str!("../solutions/interactive/rule_player.cpp");

/// The longest code the rule player is kept for: it tries every removal
/// of every heap on each move.
const MAX_CODE: usize = 64;

/// What the interactive packages are kept for, for the refusal.
const KEPT: &str = "there are players of Nim, Lasker's Nim and misère Nim laid out as T, then \
                    N and the heaps per case (nim, lasker, misere), of Bash's game laid out as \
                    T, then n m per case (bash), of Wythoff's game laid out as pairs a b \
                    (wythoff, hdu2177), of Fibonacci Nim laid out as n per line to a 0 \
                    (fibonacci) and of the k-multiple game laid out as T, then n k per case \
                    (kmultiple, poj3922), and of octal rules without unequal splits, in normal \
                    play, laid out as T, then N and the heaps per case (kayles, 0.07, \
                    sub:1,3,4, problem files)";

/// A family's source, the `#define` lines above `STYLE` that choose its
/// game, and its wrong players beyond the random one: style and name.
struct Family {
    source: &'static str,
    defines: String,
    wrong: Vec<(u8, &'static str)>,
}

/// The family that plays `game` laid out as `problem` has it; `largest`
/// is the largest heap of the tests, up to which the rule player computes
/// its values.
fn family(problem: &Problem, game: &Game, largest: u64) -> Option<Family> {
    let heaps = |number: u8, wrong: Vec<(u8, &'static str)>| Family {
        source: HEAP_PLAYER,
        defines: format!("#define GAME {number}\n"),
        wrong,
    };
    Some(match (game, problem.layout) {
        (Game::Nim(_), Layout::HeapCases) => heaps(0, vec![]),
        (Game::Lasker(_), Layout::HeapCases) => heaps(1, vec![(1, "nim-xor")]),
        (Game::Misere(_), Layout::HeapCases) => heaps(2, vec![(1, "as-nim")]),
        (Game::Bash(_), Layout::CountedPairs) => Family {
            source: BASH_PLAYER,
            defines: String::new(),
            wrong: vec![],
        },
        (Game::Wythoff(_), Layout::PairsToEnd | Layout::PairsToZero { .. }) => Family {
            source: WYTHOFF_PLAYER,
            defines: format!(
                "#define END_ZERO {}\n",
                u8::from(problem.layout != Layout::PairsToEnd)
            ),
            // Below the float traps' pairs double is exact: no test can
            // catch it.
            wrong: match crate::package::plan::crafted(problem).is_empty() {
                true => vec![],
                false => vec![(1, "float-phi")],
            },
        },
        (Game::Fibonacci(_), Layout::ZeroTerminated) => Family {
            source: PILE_PLAYER,
            defines: "#define GAME 0\n".into(),
            wrong: vec![(1, "int-table"), (4, "takes-all")],
        },
        (Game::KMultiple(_), Layout::CountedPairs) => Family {
            source: PILE_PLAYER,
            defines: "#define GAME 1\n".into(),
            wrong: vec![(1, "as-fibonacci"), (4, "takes-all")],
        },
        (Game::Rule(rule), Layout::HeapCases) => {
            let rule = rule.rule();
            if rule.max_parts() > 2 || rule.unequal_parts() || rule.max_removal() > MAX_CODE {
                return None;
            }
            let digits: String = (0..=rule.max_removal())
                .map(|i| char::from_digit(u32::from(rule.digit(i)), 16).unwrap_or('0'))
                .collect();
            Family {
                source: RULE_PLAYER,
                defines: format!("#define DIGITS \"{digits}\"\n#define MAX_HEAP {largest}\n"),
                wrong: vec![(1, "nim-xor")],
            }
        }
        _ => return None,
    })
}

/// The submissions: per game family, a player that wins, and players the
/// interactor must beat; `largest` is the largest heap of the tests.
pub fn submissions(
    problem: &Problem,
    game: &Game,
    largest: u64,
) -> Result<Vec<Submission>, String> {
    let Some(family) = family(problem, game, largest) else {
        return Err(format!(
            "no interactive player is kept for its game and input: {KEPT}"
        ));
    };
    let stem = crate::package::submissions::file_stem(problem.name);
    let player = |style: u8| format!("{}#define STYLE {style}\n{}", family.defines, family.source);
    let mut list = vec![
        ("accepted", format!("{stem}.cpp"), player(0)),
        ("wrong_answer", format!("{stem}-random-move.cpp"), player(2)),
        (
            "time_limit_exceeded",
            format!("{stem}-never-flushes.cpp"),
            player(3),
        ),
    ];
    for &(style, name) in &family.wrong {
        list.push(("wrong_answer", format!("{stem}-{name}.cpp"), player(style)));
    }
    Ok(list)
}
