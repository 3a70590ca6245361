//! Every judge problem nimstream knows, one entry each. Nothing else in the
//! crate lists problems: the command line, its help, `gen`, `validate`, the
//! README's list and docs/usage.md's table (both checked by a test) and the
//! fuzz targets all read this.

use super::entry::{heap_vars, pair_vars, words, HEAPS_N};
use super::limits::{Bounds, Limits};
use super::rows;
use super::to_zero;
use super::{Answer, Fixed, Layout, LinePrefix, Problem, Var, Vars, Verdicts};
use crate::games;

const I31: u64 = (1 << 31) - 1;

/// The catalogue, in the order `nimstream problems` lists it.
pub static CATALOGUE: [Problem; 29] = [
    Problem {
        name: "nim",
        aliases: &["p2197"],
        source: "Luogu P2197",
        title: "Nim",
        game: games::nim::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCases,
        answer: Answer::Verdict,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::new(1, 10),
            heaps: Bounds::new(1, 10_000),
            value: Bounds::new(0, 9_999),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "a", "heap size a"),
    },
    Problem {
        name: "lasker",
        aliases: &["hdu3032"],
        source: "HDU 3032",
        title: "Lasker's Nim (a move may split a heap in two)",
        game: games::lasker::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCases,
        answer: Answer::Verdict,
        verdicts: words("Alice", "Bob"),
        limits: Limits {
            cases: Bounds::new(1, 100),
            heaps: Bounds::new(1, 1_000_000),
            value: Bounds::new(1, I31),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "s", "heap size s"),
    },
    Problem {
        name: "misere",
        aliases: &["hdu1907"],
        source: "HDU 1907",
        title: "misère Nim (taking the last object loses)",
        game: games::misere::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCases,
        answer: Answer::Verdict,
        verdicts: words("John", "Brother"),
        limits: Limits {
            cases: Bounds::new(1, 474),
            heaps: Bounds::new(1, 47),
            value: Bounds::new(1, 4747),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "A", "heap size A"),
    },
    Problem {
        name: "bounded",
        aliases: &[],
        source: "Luogu P2197's format",
        title: "Nim where a move removes 1 to K objects",
        game: games::bounded::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCases,
        answer: Answer::Verdict,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::new(1, 10),
            heaps: Bounds::new(1, 10_000),
            value: Bounds::new(0, 9_999),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "a", "heap size a"),
    },
    Problem {
        name: "bash",
        aliases: &["hdu1846"],
        source: "HDU 1846",
        title: "Bash's game (take 1 to m from one pile)",
        game: games::bash::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::CountedPairs,
        answer: Answer::Verdict,
        verdicts: words("first", "second"),
        limits: Limits {
            cases: Bounds::new(1, 100),
            heaps: Bounds::ANY,
            value: Bounds::new(1, 1000),
            second: Bounds::new(1, 1000),
            ..Limits::ANY
        },
        vars: pair_vars("n", "m"),
    },
    Problem {
        name: "fibonacci",
        aliases: &["hdu2516"],
        source: "HDU 2516",
        title: "Fibonacci Nim",
        game: games::fibonacci::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::ZeroTerminated,
        answer: Answer::Verdict,
        verdicts: words("First win", "Second win"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::ANY,
            value: Bounds::new(2, I31),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "n", "n"),
    },
    Problem {
        name: "kmultiple",
        aliases: &["hdu2580"],
        source: "POJ 3922 (as HDU 2580 asks it)",
        title: "the k-multiple game, win or lose",
        game: games::kmultiple::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::CountedPairs,
        answer: Answer::Verdict,
        verdicts: Verdicts {
            win: "win",
            lose: "lose",
            prefix: LinePrefix::CaseNumber,
        },
        limits: Limits {
            cases: Bounds::new(1, 20),
            heaps: Bounds::ANY,
            value: Bounds::new(2, 100_000_000),
            second: Bounds::new(1, 100_000),
            ..Limits::ANY
        },
        vars: pair_vars("n", "k"),
    },
    Problem {
        name: "wythoff",
        aliases: &["poj1067"],
        source: "POJ 1067",
        title: "Wythoff's game",
        game: games::wythoff::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::PairsToEnd,
        answer: Answer::Verdict,
        verdicts: words("1", "0"),
        limits: Limits {
            // Lines to the end of the file: at least one.
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::ANY,
            value: Bounds::new(0, 1_000_000_000),
            second: Bounds::new(0, 1_000_000_000),
            ..Limits::ANY
        },
        vars: pair_vars("a", "b"),
    },
    Problem {
        name: "hdu2176",
        aliases: &[],
        source: "HDU 2176",
        title: "Nim, with every winning first move",
        game: games::nim::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCasesToZero { same_line: true },
        answer: Answer::AllMoves,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::new(1, 200_000),
            value: Bounds::new(1, I31),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "m",
                label: "number of heaps m",
            },
            "a",
            "heap size a",
        ),
    },
    Problem {
        name: "hdu1850",
        aliases: &[],
        source: "HDU 1850",
        title: "Nim, counting the winning first moves",
        game: games::nim::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCasesToZero { same_line: false },
        answer: Answer::MoveCount,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::new(2, 100),
            value: Bounds::new(1, 1_000_000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "M",
                label: "number of heaps M",
            },
            "N",
            "heap size N",
        ),
    },
    Problem {
        name: "poj3922",
        aliases: &[],
        source: "POJ 3922",
        title: "the k-multiple game, with the smallest winning first take",
        game: games::kmultiple::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::CountedPairs,
        answer: Answer::LoseOrTake,
        verdicts: Verdicts {
            win: "win",
            lose: "lose",
            prefix: LinePrefix::CaseNumber,
        },
        limits: Limits {
            cases: Bounds::new(1, 20),
            heaps: Bounds::ANY,
            value: Bounds::new(2, 100_000_000),
            second: Bounds::new(1, 100_000),
            ..Limits::ANY
        },
        vars: pair_vars("n", "k"),
    },
    Problem {
        name: "hdu1536",
        aliases: &["snim", "poj2960"],
        source: "HDU 1536 / POJ 2960",
        title: "S-Nim (remove a number of objects from a given set)",
        game: games::rule::PER_CASE_SET,
        fixed: Fixed::NONE,
        layout: Layout::SubtractionSetCases,
        answer: Answer::Verdict,
        verdicts: words("W", "L"),
        // HDU 1536's statement: 0 < k ≤ 100, 0 < s_i ≤ 10000, 0 < m ≤ 100,
        // 0 < l ≤ 100, 0 ≤ h_i ≤ 10000.
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::new(1, 100),
            value: Bounds::new(0, 10_000),
            second: Bounds::new(1, 10_000),
            set_size: Bounds::new(1, 100),
            positions: Bounds::new(1, 100),
        },
        vars: Vars {
            heaps: Var {
                name: "l",
                label: "number of heaps l",
            },
            value: Var {
                name: "h",
                label: "heap size h",
            },
            second: Some(Var {
                name: "s",
                label: "subtraction s",
            }),
        },
    },
    Problem {
        name: "hdu1848",
        aliases: &["fibsub"],
        source: "HDU 1848",
        title: "Fibonacci again and again (remove a Fibonacci number of objects)",
        game: games::rule::FIBONACCI_SUBTRACTION,
        fixed: Fixed::NONE,
        layout: Layout::HeapTriplesToZero,
        answer: Answer::Verdict,
        verdicts: words("Fibo", "Nacci"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::new(3, 3),
            value: Bounds::new(1, 1000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "m", "heap size m"),
    },
    // POJ 2975's statement (as fjnuacm.top and blog.lordash.cf copy it):
    // 1 ≤ n ≤ 1000, 1 ≤ ki ≤ 1,000,000,000, a case with n = 0 ends the
    // input; HDU 1850's layout and answer.
    Problem {
        name: "poj2975",
        aliases: &[],
        source: "POJ 2975",
        title: "Nim, counting the winning moves",
        game: games::nim::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCasesToZero { same_line: false },
        answer: Answer::MoveCount,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::new(1, 1000),
            value: Bounds::new(1, 1_000_000_000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "n",
                label: "number of piles n",
            },
            "k",
            "pile size k",
        ),
    },
    // HDU 5795's statement: 1 ≤ T ≤ 100, 1 ≤ n ≤ 10^6, 1 ≤ s[i] ≤ 10^9. Its
    // output section writes "Second player wins" without the full stop its
    // sample output has; the sample's words are used.
    Problem {
        name: "hdu5795",
        aliases: &[],
        source: "HDU 5795",
        title: "A Simple Nim (a move may split a heap into three)",
        game: games::split_three::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCases,
        answer: Answer::Verdict,
        verdicts: words("First player wins.", "Second player wins."),
        limits: Limits {
            cases: Bounds::new(1, 100),
            heaps: Bounds::new(1, 1_000_000),
            value: Bounds::new(1, 1_000_000_000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "n",
                label: "number of heaps n",
            },
            "s",
            "heap size s",
        ),
    },
    // HDU 1847's statement: one n per line to the end of the input,
    // 1 ≤ n ≤ 1000; "Kiki" when Kiki, who moves first, wins, else "Cici".
    Problem {
        name: "hdu1847",
        aliases: &[],
        source: "HDU 1847",
        title: "Good Luck in CET-4 Everybody! (take a power of two)",
        game: games::powers::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::NumbersToEnd,
        answer: Answer::Verdict,
        verdicts: words("Kiki", "Cici"),
        limits: Limits {
            // Lines to the end of the file: at least one.
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::ANY,
            value: Bounds::new(1, 1000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "n", "n"),
    },
    // HDU 1517's statement (POJ 2505 and UVa 847 are the same problem):
    // one n per line to the end of the input, 1 < n < 4294967295.
    Problem {
        name: "hdu1517",
        aliases: &["poj2505"],
        source: "HDU 1517 / POJ 2505",
        title: "A Multiplication Game (multiply p by 2 to 9 until p ≥ n)",
        game: games::multiplication::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::NumbersToEnd,
        answer: Answer::Verdict,
        verdicts: words("Stan wins.", "Ollie wins."),
        limits: Limits {
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::ANY,
            value: Bounds::new(2, 4_294_967_294),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(HEAPS_N, "n", "n"),
    },
    // POJ 2311's statement (as blog.youkuaiyun.com and topic.alibabacloud.com
    // copy it, with its sample): lines `W H` to the end of the input,
    // 2 ≤ W, H ≤ 200, "WIN" when the first to cut wins, else "LOSE". A
    // machine translation writes "win" / "Lose" in its output section,
    // against its own sample output and the other copies: the sample's
    // words are used.
    Problem {
        name: "poj2311",
        aliases: &[],
        source: "POJ 2311",
        title: "Cutting Game (whoever first cuts out a 1 × 1 piece wins)",
        game: games::cutting::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::PairsToEnd,
        answer: Answer::Verdict,
        verdicts: words("WIN", "LOSE"),
        limits: Limits {
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::ANY,
            value: Bounds::new(2, 200),
            second: Bounds::new(2, 200),
            ..Limits::ANY
        },
        vars: pair_vars("W", "H"),
    },
    // HDU 2509's statement: cases until the input ends, each `n`
    // (1 ≤ n ≤ 100) and a line of the n piles' sizes, each of at most 100
    // apples (and at least one: a pile of none is no pile); whoever takes
    // the last apple loses; "Yes" when the first player can win, else "No".
    // A move takes any run of consecutive apples from one pile, which may
    // leave two piles ("@@@" becomes "@@", "@" or "@ @"); the verdicts are
    // misère Nim's all the same (games::misere says why, and
    // tests/classics.rs searches the statement's moves, splits included),
    // and misère Nim's winning move takes from one end, a move of this game
    // too. The statement says a blank line separates the cases, but its
    // sample has none; validate follows the sample, so a file with blank
    // lines is invalid (solve reads either).
    Problem {
        name: "hdu2509",
        aliases: &[],
        source: "HDU 2509",
        title: "Be the Winner (misère: take a run of apples from a row)",
        game: games::misere::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCasesToEnd,
        answer: Answer::Verdict,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::new(1, 100),
            value: Bounds::new(1, 100),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "n",
                label: "number of piles n",
            },
            "a",
            "pile size a",
        ),
    },
    rows::POJ1704,
    rows::HDU1730,
    rows::HDU4315,
    rows::HDU3389,
    rows::P2148,
    // Luogu P1247's statement: a line `k` (a positive integer), a line of
    // k heap sizes, k ≤ 500000 and n_i ≤ 10^9 (with no lower bound: a
    // heap may be empty); "lose", or the first move as `a b` (take a from
    // heap b) and the heaps after it, the smallest b and then the smallest
    // a (in Nim a heap has one winning move). One case: heap-cases-to-end
    // with the cases bound to 1, which validate checks. A copy elsewhere
    // (课课通 P9-6-5) writes "Lose" and 1 ≤ n_i; Luogu's is followed.
    Problem {
        name: "p1247",
        aliases: &[],
        source: "Luogu P1247",
        title: "Taking matches (Nim: the first winning move and the heaps it leaves)",
        game: games::nim::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::HeapCasesToEnd,
        answer: Answer::MoveAndHeaps,
        verdicts: words("win", "lose"),
        limits: Limits {
            cases: Bounds::new(1, 1),
            heaps: Bounds::new(1, 500_000),
            value: Bounds::new(0, 1_000_000_000),
            second: Bounds::ANY,
            ..Limits::ANY
        },
        vars: heap_vars(
            Var {
                name: "k",
                label: "number of heaps k",
            },
            "n",
            "heap size n",
        ),
    },
    to_zero::HDU2147,
    // HDU 1524's statement (POJ 2425 is the same problem), as codetd.com
    // and a solution report copy it: graphs to the end of the input, each
    // a line N (1 ≤ N ≤ 1000), N lines `Xi` and Xi successors (positions
    // 0 to N-1, no cycle), then queries `M p1 … pM` (1 ≤ M ≤ 10) until a
    // line 0; "WIN" when the first player wins, else "LOSE". The statement
    // bounds no Xi and no number of queries; its sample puts an empty line
    // between the two graphs, which validate allows there.
    Problem {
        name: "hdu1524",
        aliases: &["poj2425"],
        source: "HDU 1524 / POJ 2425",
        title: "A Chess Game (pieces on a directed acyclic graph)",
        game: games::graph::SPEC,
        fixed: Fixed::NONE,
        layout: Layout::GraphCases,
        answer: Answer::Verdict,
        verdicts: words("WIN", "LOSE"),
        limits: Limits {
            cases: Bounds::new(1, u64::MAX),
            heaps: Bounds::new(1, 10),
            value: Bounds::new(0, 999),
            second: Bounds::new(1, 1000),
            ..Limits::ANY
        },
        vars: Vars {
            heaps: Var {
                name: "M",
                label: "number of pieces M",
            },
            value: Var {
                name: "p",
                label: "position p",
            },
            second: Some(Var {
                name: "N",
                label: "number of positions N",
            }),
        },
    },
    to_zero::HDU2177,
    rows::HDU3595,
];

/// The problem of a game given by its rule on the command line
/// (`nimstream solve 0.77 cases.in`): Nim's layout and words. It is not in
/// [`CATALOGUE`], whose entries are judges' problems, and
/// [`Problem::find_or_rule`] gives it the rule's name in place of `rule`.
pub static RULE_PROBLEM: Problem = Problem {
    name: "rule",
    aliases: &[],
    source: "a rule given on the command line",
    title: "a take-and-break game given by its octal code or subtraction set",
    game: games::rule::SPEC,
    fixed: Fixed::NONE,
    layout: Layout::HeapCases,
    answer: Answer::Verdict,
    verdicts: words("Yes", "No"),
    limits: Limits {
        cases: Bounds::new(1, u64::MAX),
        heaps: Bounds::new(1, u64::MAX),
        value: Bounds::ANY,
        second: Bounds::ANY,
        ..Limits::ANY
    },
    vars: heap_vars(HEAPS_N, "a", "heap size a"),
};

/// [`RULE_PROBLEM`] in misère play (`nimstream solve misere:0.77
/// cases.in`): the same layout and words, the game played from the rule's
/// misère quotient. [`Problem::find_or_rule`] names it `misere:` and the
/// rule.
pub static MISERE_RULE_PROBLEM: Problem = Problem {
    name: "misere-rule",
    source: "a rule given on the command line, played misère",
    title: "a take-and-break game given by its rule, in misère play",
    game: games::misere_rule::SPEC,
    ..RULE_PROBLEM
};
