//! The catalogue's problems whose case is a row of numbers read whole by a
//! row game ([`crate::games::row`]): chessmen on a strip, pieces on a
//! board, people on a hill, cards in boxes, pairs of piles. Each is an
//! entry of [`super::CATALOGUE`], kept here for the length of
//! `catalogue.rs`.

use super::entry::{heap_vars, words, HEAPS_N};
use super::limits::{Bounds, Limits};
use super::{Answer, Fixed, Layout, LinePrefix, Problem, Rows, Var, Vars, Verdicts};
use crate::games;

/// POJ 1704's statement: 1 ≤ T ≤ 20, 1 ≤ N ≤ 1000, N different cells
/// 1 ≤ Pi ≤ 10000, not necessarily sorted. Its output section offers
/// "Not sure" besides the two verdicts, but a finite game without draws
/// always has a winner, so it is never printed.
pub(super) const POJ1704: Problem = Problem {
    name: "poj1704",
    aliases: &[],
    source: "POJ 1704",
    title: "Georgia and Bob (chessmen moving left on a strip: staircase Nim)",
    game: games::staircase::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: true,
        parameter: false,
        pairs: false,
    }),
    answer: Answer::Verdict,
    verdicts: words("Georgia will win", "Bob will win"),
    limits: Limits {
        cases: Bounds::new(1, 20),
        heaps: Bounds::new(1, 1000),
        value: Bounds::new(1, 10_000),
        second: Bounds::ANY,
        ..Limits::ANY
    },
    vars: heap_vars(
        Var {
            name: "N",
            label: "number of chessmen N",
        },
        "P",
        "cell P",
    ),
};

/// HDU 1730's statement: cases to the end of the input, each a line `n m`
/// (1 ≤ n ≤ 1000, 2 ≤ m ≤ 100) and n lines `Ti Ji`, the columns (1 ≤ Ti,
/// Ji ≤ m) of Tom's black piece, which moves first, and Jerry's white one.
/// The statement allows any number of blank lines between cases: solve
/// reads them (any whitespace separates numbers), validate holds a file to
/// the format gen writes, without them.
pub(super) const HDU1730: Problem = Problem {
    name: "hdu1730",
    aliases: &["northcott"],
    source: "HDU 1730",
    title: "Northcott Game (a black and a white piece on each row of a board)",
    game: games::northcott::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: false,
        parameter: true,
        pairs: true,
    }),
    answer: Answer::Verdict,
    verdicts: words("I WIN!", "BAD LUCK!"),
    limits: Limits {
        cases: Bounds::new(1, u64::MAX),
        heaps: Bounds::new(1, 1000),
        value: Bounds::new(1, 100),
        second: Bounds::new(2, 100),
        ..Limits::ANY
    },
    vars: Vars {
        heaps: Var {
            name: "n",
            label: "number of rows n",
        },
        value: Var {
            name: "column",
            label: "column",
        },
        second: Some(Var {
            name: "m",
            label: "width m",
        }),
    },
};

/// HDU 4315's statement: cases to the end of the input, each a line `N k`
/// (1 ≤ N ≤ 1000, 1 ≤ k ≤ N, the king k-th nearest the top) and a line of
/// N different cells, increasing, more than 0 and less than 100000;
/// "Alice" (who moves first) or "Bob".
pub(super) const HDU4315: Problem = Problem {
    name: "hdu4315",
    aliases: &[],
    source: "HDU 4315",
    title: "Climbing the Hill (people climbing to the top, whoever takes the king there wins)",
    game: games::hill::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: false,
        parameter: true,
        pairs: false,
    }),
    answer: Answer::Verdict,
    verdicts: words("Alice", "Bob"),
    limits: Limits {
        cases: Bounds::new(1, u64::MAX),
        heaps: Bounds::new(1, 1000),
        value: Bounds::new(1, 99_999),
        second: Bounds::new(1, 1000),
        ..Limits::ANY
    },
    vars: Vars {
        heaps: Var {
            name: "N",
            label: "number of people N",
        },
        value: Var {
            name: "a",
            label: "cell a",
        },
        second: Some(Var {
            name: "k",
            label: "the king's place k",
        }),
    },
};

/// HDU 3389's statement: T ≤ 100 (at least 1 here), 1 ≤ n ≤ 10000, n box
/// sizes, each at most 100 (a box may be empty); "Case x: Alice" (who
/// moves first) or "Case x: Bob".
pub(super) const HDU3389: Problem = Problem {
    name: "hdu3389",
    aliases: &[],
    source: "HDU 3389",
    title: "Game (cards moved from box A to box B < A, A + B odd and a multiple of 3)",
    game: games::boxes::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: true,
        parameter: false,
        pairs: false,
    }),
    answer: Answer::Verdict,
    verdicts: Verdicts {
        win: "Alice",
        lose: "Bob",
        prefix: LinePrefix::CaseNumber,
    },
    limits: Limits {
        cases: Bounds::new(1, 100),
        heaps: Bounds::new(1, 10_000),
        value: Bounds::new(0, 100),
        second: Bounds::ANY,
        ..Limits::ANY
    },
    vars: heap_vars(
        Var {
            name: "n",
            label: "number of boxes n",
        },
        "c",
        "cards c",
    ),
};

/// Luogu P2148's statement (SDOI 2009, BZOJ 1228): T ≤ 20 (at least 1
/// here), N ≤ 2·10^4 piles, N even (so at least 2), 1 ≤ Si ≤ 2·10^9;
/// "YES" when the first player, E, wins, else "NO".
pub(super) const P2148: Problem = Problem {
    name: "p2148",
    aliases: &["bzoj1228"],
    source: "Luogu P2148",
    title: "[SDOI2009] E&D (remove a pile of a pair, split the other in two)",
    game: games::pair_split::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: true,
        parameter: false,
        pairs: false,
    }),
    answer: Answer::Verdict,
    verdicts: words("YES", "NO"),
    limits: Limits {
        cases: Bounds::new(1, 20),
        heaps: Bounds::new(2, 20_000),
        value: Bounds::new(1, 2_000_000_000),
        second: Bounds::ANY,
        ..Limits::ANY
    },
    vars: heap_vars(HEAPS_N, "S", "pile size S"),
};

/// HDU 3595, GG and MM. No copy of its statement, and no solution to read,
/// was found in the stored pages and code (searched by its title, its id,
/// "Every-SG" and the game's words): this entry is built from the game as
/// notes on Every-SG describe it, from memory, and says so. As described:
/// cases to the end of the
/// input, each a line `N` and `N` lines `x y`, the two piles of each of N
/// games of Euclid (a move takes a positive multiple of the smaller pile
/// from the larger; a game with an empty pile is over); each turn moves in
/// every game not over, whoever cannot move loses, MM moves first; `MM`
/// when MM wins, else `GG`. The judge's limits are unknown: those here
/// (N ≤ 1000, piles below 2^31) are chosen, not the statement's, so that
/// `gen` and `validate` have bounds; `solve` decides any piles. Played by
/// `games::every_euclid` (the Every-SG step counts). The sample in
/// testdata/hdu3595 is made from the description, not copied.
pub(super) const HDU3595: Problem = Problem {
    name: "hdu3595",
    aliases: &[],
    source: "HDU 3595",
    title: "GG and MM (games of Euclid, every one moved each turn: Every-SG)",
    game: games::every_euclid::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::Rows(Rows {
        counted: false,
        parameter: false,
        pairs: true,
    }),
    answer: Answer::Verdict,
    verdicts: words("MM", "GG"),
    limits: Limits {
        cases: Bounds::new(1, u64::MAX),
        heaps: Bounds::new(1, 1000),
        value: Bounds::new(0, (1 << 31) - 1),
        second: Bounds::ANY,
        ..Limits::ANY
    },
    vars: heap_vars(
        Var {
            name: "N",
            label: "number of games N",
        },
        "x",
        "pile x",
    ),
};
