//! What the catalogue's entries are written with: the usual variables and
//! words, shared by `catalogue` and `rows`.

use super::{LinePrefix, Var, Vars, Verdicts};

/// `N`, the number of heaps of a case in most statements.
pub(super) const HEAPS_N: Var = Var {
    name: "N",
    label: "number of heaps N",
};

/// The variables of a problem of heaps (or single numbers) named `name`,
/// `heaps` of them per case.
pub(super) const fn heap_vars(heaps: Var, name: &'static str, label: &'static str) -> Vars {
    Vars {
        heaps,
        value: Var { name, label },
        second: None,
    }
}

/// The variables of a problem of two numbers per case.
pub(super) const fn pair_vars(first: &'static str, second: &'static str) -> Vars {
    Vars {
        heaps: HEAPS_N,
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

/// The two words of a verdict, with no prefix.
pub(super) const fn words(win: &'static str, lose: &'static str) -> Verdicts {
    Verdicts {
        win,
        lose,
        prefix: LinePrefix::None,
    }
}
