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
    layout: Layout::PairsToZero,
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
