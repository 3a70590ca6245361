//! The catalogue's problems of two numbers a line until a line `0 0`
//! (`pairs-to-zero`), kept apart from `catalogue` so that neither file
//! passes the 600 lines the architecture test allows.

use super::entry::{pair_vars, words};
use super::limits::{Bounds, Limits};
use super::{Answer, Fixed, Layout, Problem};
use crate::games;

/// HDU 2147's statement (as acm.hdu.edu.cn gives it and the copies on
/// cloud.tencent.com, blog.csdn.net and runxinzhi.com agree): lines `n m`,
/// `0 < n, m ≤ 2000`, until `0 0`; a coin starts in the top right corner
/// `(1, m)` of an `n × m` board and moves "into the left, the underneath
/// or the left-underneath blank space"; whoever cannot move loses; kiki
/// moves first; "Wonderful!" when kiki wins, else "What a pity!". One
/// copy (developer.aliyun.com) garbles the bounds to "(0<=2000)"; the
/// others' `0 < n, m ≤ 2000` is used.
pub(super) const HDU2147: Problem = Problem {
    name: "hdu2147",
    aliases: &["kiki"],
    source: "HDU 2147",
    title: "kiki's game (a coin steps left, down or diagonally to the corner)",
    game: games::corner::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::PairsToZero { ordered: false },
    answer: Answer::Verdict,
    verdicts: words("Wonderful!", "What a pity!"),
    limits: Limits {
        cases: Bounds::ANY,
        heaps: Bounds::ANY,
        value: Bounds::new(1, 2000),
        second: Bounds::new(1, 2000),
        ..Limits::ANY
    },
    vars: pair_vars("n", "m"),
};

/// HDU 2177's statement (取(2堆)石子游戏, as w3help.cc copies it with its
/// sample): lines `a b` of two piles, `0 ≤ a ≤ b ≤ 1,000,000`, until
/// `a = b = 0`; a move takes any number of stones from one pile, or the
/// same number from both (Wythoff's game, played by `games::wythoff`);
/// whoever takes the last stone wins. `0` when the player to move loses,
/// else `1` and then, a line each, the piles `x y` (`x ≤ y`) that a
/// winning first move leaves, the move from both piles first.
///
/// The statement says no more of the order, nor whether a pair left by two
/// moves is printed twice, and the solutions published for it differ on
/// both. Its sample settles the second: `2 2` prints `0 0` and then `1 2`
/// once, though taking one stone from either pile leaves `1 2`. So each
/// pair is listed once, and the pairs left by a move from one pile (at
/// most two: lowering the larger pile to the smaller's partner, or the
/// smaller to the larger's) follow by their smaller pile, which agrees
/// with the sample's `5 8`: `4 7`, then `3 5`. Which order the judge's
/// own solution uses when there are two (`5 7` leaves `3 5` by either
/// kind of move and `4 7` by lowering the 5) could not be found in the
/// stored copies: this is the rule followed, stated, not the judge's.
/// `validate` holds a file to `a ≤ b`; `solve` reads either order.
pub(super) const HDU2177: Problem = Problem {
    name: "hdu2177",
    aliases: &[],
    source: "HDU 2177",
    title: "Wythoff's game, with the pair every winning first move leaves",
    game: games::wythoff::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::PairsToZero { ordered: true },
    answer: Answer::PairsLeft,
    verdicts: words("1", "0"),
    limits: Limits {
        cases: Bounds::ANY,
        heaps: Bounds::ANY,
        value: Bounds::new(0, 1_000_000),
        second: Bounds::new(0, 1_000_000),
        ..Limits::ANY
    },
    vars: pair_vars("a", "b"),
};
