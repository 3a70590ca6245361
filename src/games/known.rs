//! Every game a problem can name, with the word a problem file uses for it
//! and the shape of its positions, which says which layouts can read it.
//!
//! The catalogue's entries and the problem files name games through this
//! list alone, so a game added here can be played in any layout that reads
//! its kind of position. A game given by its rule is not listed: a problem
//! names it by the rule itself (`rule = "0.77"`), and it plays on heaps.

use super::{
    bash, bounded, boxes, corner, cutting, every_euclid, fibonacci, graph, hill, kmultiple, lasker,
    misere, multiplication, nim, northcott, pair_split, powers, rule, split_three, staircase,
    wythoff, GameSpec,
};

/// What a game's positions are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Heaps, folded one at a time ([`super::HeapGame`]): any number of
    /// them per case.
    Heaps {
        /// Whether a move may split a heap (Lasker's, HDU 5795's), so
        /// that the winning moves from a heap cannot all be listed. A game
        /// given by its rule splits as its rule says ([`RULE`]).
        splits: bool,
    },
    /// S-Nim's heaps, played under the subtraction set each case brings:
    /// only S-Nim's own layout reads them.
    SetPerCase,
    /// Pieces on the graph each case brings: only HDU 1524's layout reads
    /// them.
    Graph,
    /// One position per case, of one number (`n`) or two (`n m`).
    Position {
        /// How many numbers make a position.
        numbers: u8,
        /// Whether a winning move takes from one pile (a `LoseOrTake`
        /// answer prints how much).
        takes: bool,
        /// Whether the game lists the positions its winning moves leave
        /// ([`super::PositionGame::winning_leaves`], a `PairsLeft` answer).
        lists: bool,
    },
    /// A row of numbers per case, read whole ([`super::row::RowGame`]).
    Row {
        /// Whether the game reads a parameter from the case's first line.
        parameter: bool,
        /// Whether the row is of pairs, one a line.
        pairs: bool,
    },
}

/// A game as problems name it.
#[derive(Clone, Copy, Debug)]
pub struct KnownGame {
    /// The word a problem file uses: `game = "lasker"`.
    pub id: &'static str,
    /// The game.
    pub spec: GameSpec,
    /// What its positions are.
    pub kind: Kind,
}

const fn position(numbers: u8, takes: bool) -> Kind {
    Kind::Position {
        numbers,
        takes,
        lists: false,
    }
}

/// The games, in the order help texts list them.
pub const GAMES: &[KnownGame] = &[
    KnownGame {
        id: "nim",
        spec: nim::SPEC,
        kind: Kind::Heaps { splits: false },
    },
    KnownGame {
        id: "lasker",
        spec: lasker::SPEC,
        kind: Kind::Heaps { splits: true },
    },
    KnownGame {
        id: "misere",
        spec: misere::SPEC,
        kind: Kind::Heaps { splits: false },
    },
    KnownGame {
        id: "split-three",
        spec: split_three::SPEC,
        kind: Kind::Heaps { splits: true },
    },
    KnownGame {
        id: "bounded",
        spec: bounded::SPEC,
        kind: Kind::Heaps { splits: false },
    },
    KnownGame {
        id: "fibonacci-subtraction",
        spec: rule::FIBONACCI_SUBTRACTION,
        kind: Kind::Heaps { splits: false },
    },
    KnownGame {
        id: "s-nim",
        spec: rule::PER_CASE_SET,
        kind: Kind::SetPerCase,
    },
    KnownGame {
        id: "bash",
        spec: bash::SPEC,
        kind: position(2, true),
    },
    KnownGame {
        id: "powers-of-two",
        spec: powers::SPEC,
        kind: position(1, true),
    },
    KnownGame {
        id: "multiplication",
        spec: multiplication::SPEC,
        kind: position(1, false),
    },
    KnownGame {
        id: "fibonacci",
        spec: fibonacci::SPEC,
        kind: position(1, true),
    },
    KnownGame {
        id: "kmultiple",
        spec: kmultiple::SPEC,
        kind: position(2, true),
    },
    KnownGame {
        id: "wythoff",
        spec: wythoff::SPEC,
        kind: Kind::Position {
            numbers: 2,
            takes: false,
            lists: true,
        },
    },
    KnownGame {
        id: "cutting",
        spec: cutting::SPEC,
        kind: position(2, false),
    },
    KnownGame {
        id: "corner-walk",
        spec: corner::SPEC,
        kind: position(2, false),
    },
    KnownGame {
        id: "every-euclid",
        spec: every_euclid::SPEC,
        kind: row(false, true),
    },
    KnownGame {
        id: "staircase",
        spec: staircase::SPEC,
        kind: row(false, false),
    },
    KnownGame {
        id: "northcott",
        spec: northcott::SPEC,
        kind: row(true, true),
    },
    KnownGame {
        id: "hill",
        spec: hill::SPEC,
        kind: row(true, false),
    },
    KnownGame {
        id: "boxes",
        spec: boxes::SPEC,
        kind: row(false, false),
    },
    KnownGame {
        id: "pair-split",
        spec: pair_split::SPEC,
        kind: row(false, false),
    },
    KnownGame {
        id: "graph",
        spec: graph::SPEC,
        kind: Kind::Graph,
    },
];

const fn row(parameter: bool, pairs: bool) -> Kind {
    Kind::Row { parameter, pairs }
}

/// A game given by its rule, which problems name by the rule itself.
/// Whether it splits heaps is its rule's to say (`Rule::splits`), so a
/// problem's check asks the rule rather than this entry.
pub const RULE: KnownGame = KnownGame {
    id: "rule",
    spec: rule::SPEC,
    kind: Kind::Heaps { splits: false },
};

/// A game given by its rule, in misère play: a problem gives the rule and
/// `play = "misere"`. Its winning moves depend on every heap of the case,
/// so they are never listed or counted.
pub const MISERE_RULE: KnownGame = KnownGame {
    id: "misere-rule",
    spec: super::misere_rule::SPEC,
    kind: Kind::Heaps { splits: false },
};

impl KnownGame {
    /// The game a problem file calls `id`.
    pub fn by_id(id: &str) -> Option<&'static KnownGame> {
        GAMES.iter().find(|game| game.id == id)
    }

    /// The entry of `spec`, the rule's (in either play) included.
    pub fn of(spec: &GameSpec) -> Option<&'static KnownGame> {
        GAMES
            .iter()
            .chain([&RULE, &MISERE_RULE])
            .find(|game| game.spec == *spec)
    }
}

/// Every id, comma-separated, for messages.
pub fn ids() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|game| game.id).collect();
    ids.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameParams;
    use crate::grundy::Rule;
    use std::collections::HashSet;

    /// Each game's kind says what it is once built.
    #[test]
    fn every_kind_is_the_games_own() {
        let params = GameParams {
            max_take: Some(3),
            rule: Some(Rule::parse("0.77").unwrap()),
            upto: Some(1 << 10),
            largest_heap: None,
        };
        for game in GAMES.iter().chain([&RULE, &MISERE_RULE]) {
            let built = (game.spec.build)(&params).unwrap();
            let heaps = matches!(
                game.kind,
                Kind::Heaps { .. } | Kind::SetPerCase | Kind::Graph
            );
            assert_eq!(built.is_heap_game(), heaps, "{}", game.id);
            // The rule given here, 0.77, splits; RULE leaves it to the rule.
            let by_rule = [RULE.id, MISERE_RULE.id].contains(&game.id);
            if let (Kind::Heaps { splits }, false) = (game.kind, by_rule) {
                assert_eq!(built.lists_every_move(), !splits, "{}", game.id);
            }
            let row = matches!(game.kind, Kind::Row { .. });
            assert_eq!(built.is_row_game(), row, "{}", game.id);
            assert_eq!(KnownGame::of(&game.spec).map(|g| g.id), Some(game.id));
        }
        let (mut names, mut ids) = (HashSet::new(), HashSet::new());
        for game in GAMES.iter().chain([&RULE, &MISERE_RULE]) {
            assert!(names.insert(game.spec.name), "{}", game.spec.name);
            assert!(ids.insert(game.id), "{}", game.id);
        }
    }
}
