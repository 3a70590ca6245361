//! What makes a problem one nimstream can play: a layout that reads the
//! game's kind of position, an answer the layout and the game can give,
//! parameters the game takes. The catalogue's entries pass it (a test
//! checks), and a problem file that does not is an error at the key that
//! breaks it.

use super::names::LAYOUTS;
use super::{Answer, Layout, Problem};
use crate::games::bounded::MAX_TAKE;
use crate::games::known::{Kind, KnownGame, MISERE_RULE};
use crate::grundy::Rule;

/// A key of a problem file, for errors found after reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    Name,
    Game,
    Rule,
    Play,
    MaxTake,
    Layout,
    Answer,
    Win,
    Lose,
    Prefix,
    Cases,
    Heaps,
    Value,
    Second,
    SetSize,
    Positions,
    Send,
    Side,
    Reply,
    Won,
    Lost,
}

impl Key {
    /// The key as the file writes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Key::Name => "name",
            Key::Game => "game",
            Key::Rule => "rule",
            Key::Play => "play",
            Key::MaxTake => "max-take",
            Key::Layout => "layout",
            Key::Answer => "answer",
            Key::Win => "win",
            Key::Lose => "lose",
            Key::Prefix => "prefix",
            Key::Cases => "limits.cases",
            Key::Heaps => "limits.heaps",
            Key::Value => "limits.value",
            Key::Second => "limits.second",
            Key::SetSize => "limits.set-size",
            Key::Positions => "limits.positions",
            Key::Send => "interactive.send",
            Key::Side => "interactive.side",
            Key::Reply => "interactive.reply",
            Key::Won => "interactive.won",
            Key::Lost => "interactive.lost",
        }
    }
}

/// Whether `problem` can be played; the key at fault and why not.
pub(crate) fn check(problem: &Problem) -> Result<(), (Key, String)> {
    let game = KnownGame::of(&problem.game)
        .ok_or_else(|| (Key::Game, format!("{} is no known game", problem.game.name)))?;
    let layout = problem.layout;
    if !reads(layout, game.kind) {
        return Err((
            Key::Layout,
            format!(
                "the layout cannot read the positions of {}, which are {}",
                who(game),
                describe(game.kind)
            ),
        ));
    }
    let heaps = matches!(game.kind, Kind::Heaps { .. });
    let answers = match problem.answer {
        Answer::Verdict => true,
        Answer::AllMoves | Answer::MoveCount => {
            matches!(layout, Layout::HeapCasesToZero { .. }) && heaps
        }
        Answer::LoseOrTake => matches!(game.kind, Kind::Position { takes: true, .. }),
        Answer::MoveAndHeaps => layout == Layout::HeapCasesToEnd && heaps,
        Answer::PairsLeft => matches!(game.kind, Kind::Position { lists: true, .. }),
    };
    if !answers {
        let why = match problem.answer {
            Answer::LoseOrTake => {
                "the smallest winning take is an answer of games of one pile \
                                   (bash, fibonacci, kmultiple)"
            }
            Answer::PairsLeft => {
                "the positions the winning moves leave are listed by wythoff alone"
            }
            Answer::MoveAndHeaps => {
                "the first winning move and the heaps it leaves are an answer of heap games \
                 in the layout heap-cases-to-end"
            }
            _ => {
                "every winning move, or their number, is an answer of heap games in the \
                  layouts heap-cases-to-zero and heap-lines-to-zero"
            }
        };
        return Err((Key::Answer, why.into()));
    }
    let lists = matches!(
        problem.answer,
        Answer::AllMoves | Answer::MoveCount | Answer::MoveAndHeaps
    );
    if lists && game.id == MISERE_RULE.id {
        return Err((
            Key::Play,
            "a misère game's winning moves depend on every heap of the case, so they \
             cannot be listed or counted"
                .into(),
        ));
    }
    if lists && splits_heaps(problem, game) {
        let name = match problem.fixed.rule {
            Some(rule) => format!("the rule {rule}"),
            None => who(game),
        };
        return Err((
            Key::Answer,
            format!(
                "{name} splits heaps, so its winning moves cannot be listed or counted \
                 (a heap of n objects splits about n/2 ways)"
            ),
        ));
    }
    if problem.fixed.max_take.is_some() && !problem.game.parameters.contains(&MAX_TAKE) {
        return Err((Key::MaxTake, format!("{} takes no max-take", who(game))));
    }
    Ok(())
}

/// Whether a move of the game may split a heap: the rule's word for a
/// game given by its rule (one that does not parse is left to the key
/// `rule`'s own error), the game's kind for the others.
fn splits_heaps(problem: &Problem, game: &KnownGame) -> bool {
    match problem.fixed.rule {
        Some(code) => Rule::parse(code).is_ok_and(|rule| rule.splits()),
        None => matches!(game.kind, Kind::Heaps { splits: true }),
    }
}

/// The game, as messages name it.
fn who(game: &KnownGame) -> String {
    match game.id {
        "rule" => "a game given by its rule".to_string(),
        "misere-rule" => "a game given by its rule, in misère play".to_string(),
        id => id.to_string(),
    }
}

/// Whether `layout` reads positions of `kind`.
fn reads(layout: Layout, kind: Kind) -> bool {
    match kind {
        Kind::Heaps { .. } => {
            layout.has_heaps()
                && !matches!(layout, Layout::SubtractionSetCases | Layout::GraphCases)
        }
        Kind::SetPerCase => layout == Layout::SubtractionSetCases,
        Kind::Graph => layout == Layout::GraphCases,
        Kind::Position { numbers, .. } => {
            !layout.has_count() && numbers == 1 + u8::from(layout.has_second())
        }
        Kind::Row { parameter, pairs } => {
            matches!(layout, Layout::Rows(rows) if rows.parameter == parameter && rows.pairs == pairs)
        }
    }
}

/// Positions of `kind`, in a few words, and the layouts that read them.
fn describe(kind: Kind) -> String {
    let what = match kind {
        Kind::Heaps { .. } => "heaps",
        Kind::SetPerCase => "heaps under each case's own subtraction set",
        Kind::Graph => "pieces on each case's own graph",
        Kind::Position { numbers: 1, .. } => "one number",
        Kind::Position { .. } => "two numbers",
        Kind::Row {
            parameter: false,
            pairs: false,
        } => "a row of numbers",
        Kind::Row {
            parameter: true,
            pairs: false,
        } => "a row of numbers with a parameter",
        Kind::Row {
            parameter: false,
            pairs: true,
        } => "a row of pairs",
        Kind::Row {
            parameter: true,
            pairs: true,
        } => "a row of pairs with a parameter",
    };
    let layouts: Vec<&str> = LAYOUTS
        .iter()
        .filter(|(_, layout)| reads(*layout, kind))
        .map(|(name, _)| *name)
        .collect();
    format!("{what} (layouts {})", layouts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{CATALOGUE, RULE_PROBLEM};

    #[test]
    fn every_entry_of_the_catalogue_can_be_played() {
        for problem in &CATALOGUE {
            assert_eq!(check(problem), Ok(()), "{}", problem.name);
        }
    }

    #[test]
    fn a_game_the_layout_cannot_read_is_refused() {
        let mut lasker = *Problem::find("lasker").unwrap();
        lasker.layout = Layout::CountedPairs;
        let (key, why) = check(&lasker).unwrap_err();
        assert_eq!(key, Key::Layout);
        assert!(why.contains("heaps"), "{why}");
        let mut bash = *Problem::find("bash").unwrap();
        bash.layout = Layout::ZeroTerminated;
        assert_eq!(check(&bash).unwrap_err().0, Key::Layout);
        bash.layout = Layout::PairsToEnd;
        bash.answer = Answer::AllMoves;
        assert_eq!(check(&bash).unwrap_err().0, Key::Answer);
        let mut wythoff = *Problem::find("wythoff").unwrap();
        wythoff.answer = Answer::LoseOrTake;
        assert_eq!(check(&wythoff).unwrap_err().0, Key::Answer);
    }

    /// Every answer that lists or counts winning moves, in its layout, with
    /// each game that splits heaps: refused by the check, before any game
    /// is built; with a game that does not, accepted.
    #[test]
    fn listing_the_moves_of_a_game_that_splits_is_refused() {
        let rule = RULE_PROBLEM.game;
        let splitting = [
            (Problem::find("lasker").unwrap().game, None),
            (Problem::find("hdu5795").unwrap().game, None),
            (rule, Some("0.77")),
            (rule, Some("grundy")),
        ];
        let listing = [
            ("hdu2176", Answer::AllMoves),
            ("hdu1850", Answer::MoveCount),
            ("p1247", Answer::MoveAndHeaps),
        ];
        for (lister, answer) in listing {
            let lister = Problem::find(lister).unwrap();
            for (game, code) in splitting {
                let mut problem = *lister;
                (problem.game, problem.fixed.rule) = (game, code);
                assert_eq!(problem.answer, answer);
                let (key, why) = check(&problem).unwrap_err();
                assert_eq!(key, Key::Answer, "{} {code:?} {answer:?}", game.name);
                assert!(why.contains("splits heaps"), "{why}");
            }
            let mut subtraction = *lister;
            subtraction.game = rule;
            subtraction.fixed.rule = Some("sub:1,3,4");
            assert_eq!(check(&subtraction), Ok(()), "{answer:?}");
        }
    }
}
