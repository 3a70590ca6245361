//! Every judge problem nimstream knows, one entry each. Nothing else in the
//! crate lists problems: the command line, its help, `gen`, `validate`, the
//! README's table (checked by a test) and the fuzz targets all read this.

use super::limits::{Bounds, Limits};
use super::{Layout, LinePrefix, Problem, Var, Vars, Verdicts};
use crate::games;

const I31: u64 = (1 << 31) - 1;

/// The variables of a `T` cases of `N` heaps problem, heaps named `name`.
const fn heap_vars(name: &'static str, label: &'static str) -> Vars {
    Vars {
        value: Var { name, label },
        second: None,
    }
}

/// The variables of a problem of two numbers per case.
const fn pair_vars(first: &'static str, second: &'static str) -> Vars {
    Vars {
        value: Var {
            name: first,
            label: first,
        },
        second: Some(Var {
            name: second,
            label: second,
        }),
    }
}

const fn words(win: &'static str, lose: &'static str) -> Verdicts {
    Verdicts {
        win,
        lose,
        prefix: LinePrefix::None,
    }
}

/// The catalogue, in the order `nimstream problems` lists it.
pub static CATALOGUE: [Problem; 8] = [
    Problem {
        name: "nim",
        aliases: &["p2197"],
        source: "Luogu P2197",
        title: "Nim",
        game: games::nim::SPEC,
        layout: Layout::HeapCases,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::new(1, 10),
            heaps: Bounds::new(1, 10_000),
            value: Bounds::new(0, 9_999),
            second: Bounds::ANY,
        },
        vars: heap_vars("a", "heap size a"),
    },
    Problem {
        name: "lasker",
        aliases: &["hdu3032"],
        source: "HDU 3032",
        title: "Lasker's Nim (a move may split a heap in two)",
        game: games::lasker::SPEC,
        layout: Layout::HeapCases,
        verdicts: words("Alice", "Bob"),
        limits: Limits {
            cases: Bounds::new(1, 100),
            heaps: Bounds::new(1, 1_000_000),
            value: Bounds::new(1, I31),
            second: Bounds::ANY,
        },
        vars: heap_vars("s", "heap size s"),
    },
    Problem {
        name: "misere",
        aliases: &["hdu1907"],
        source: "HDU 1907",
        title: "misère Nim (taking the last object loses)",
        game: games::misere::SPEC,
        layout: Layout::HeapCases,
        verdicts: words("John", "Brother"),
        limits: Limits {
            cases: Bounds::new(1, 474),
            heaps: Bounds::new(1, 47),
            value: Bounds::new(1, 4747),
            second: Bounds::ANY,
        },
        vars: heap_vars("A", "heap size A"),
    },
    Problem {
        name: "bounded",
        aliases: &[],
        source: "Luogu P2197's format",
        title: "Nim where a move removes 1 to K objects",
        game: games::bounded::SPEC,
        layout: Layout::HeapCases,
        verdicts: words("Yes", "No"),
        limits: Limits {
            cases: Bounds::new(1, 10),
            heaps: Bounds::new(1, 10_000),
            value: Bounds::new(0, 9_999),
            second: Bounds::ANY,
        },
        vars: heap_vars("a", "heap size a"),
    },
    Problem {
        name: "bash",
        aliases: &["hdu1846"],
        source: "HDU 1846",
        title: "Bash's game (take 1 to m from one pile)",
        game: games::bash::SPEC,
        layout: Layout::CountedPairs,
        verdicts: words("first", "second"),
        limits: Limits {
            cases: Bounds::new(1, 100),
            heaps: Bounds::ANY,
            value: Bounds::new(1, 1000),
            second: Bounds::new(1, 1000),
        },
        vars: pair_vars("n", "m"),
    },
    Problem {
        name: "fibonacci",
        aliases: &["hdu2516"],
        source: "HDU 2516",
        title: "Fibonacci Nim",
        game: games::fibonacci::SPEC,
        layout: Layout::ZeroTerminated,
        verdicts: words("First win", "Second win"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::ANY,
            value: Bounds::new(2, I31),
            second: Bounds::ANY,
        },
        vars: heap_vars("n", "n"),
    },
    Problem {
        name: "kmultiple",
        aliases: &["poj3922", "hdu2580"],
        source: "POJ 3922",
        title: "the k-multiple game",
        game: games::kmultiple::SPEC,
        layout: Layout::CountedPairs,
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
        },
        vars: pair_vars("n", "k"),
    },
    Problem {
        name: "wythoff",
        aliases: &["poj1067"],
        source: "POJ 1067",
        title: "Wythoff's game",
        game: games::wythoff::SPEC,
        layout: Layout::PairsToEnd,
        verdicts: words("1", "0"),
        limits: Limits {
            cases: Bounds::ANY,
            heaps: Bounds::ANY,
            value: Bounds::new(0, 1_000_000_000),
            second: Bounds::new(0, 1_000_000_000),
        },
        vars: pair_vars("a", "b"),
    },
];
