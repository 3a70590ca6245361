//! The words problem files use for layouts, answers and line prefixes.

use super::{Answer, Layout, LinePrefix, Rows};

/// The layouts by the names files give them.
pub const LAYOUTS: &[(&str, Layout)] = &[
    ("heap-cases", Layout::HeapCases),
    ("heap-cases-to-end", Layout::HeapCasesToEnd),
    (
        "heap-cases-to-zero",
        Layout::HeapCasesToZero { same_line: false },
    ),
    (
        "heap-lines-to-zero",
        Layout::HeapCasesToZero { same_line: true },
    ),
    ("heap-triples-to-zero", Layout::HeapTriplesToZero),
    ("subtraction-set-cases", Layout::SubtractionSetCases),
    ("graph-cases", Layout::GraphCases),
    ("counted-pairs", Layout::CountedPairs),
    ("zero-terminated", Layout::ZeroTerminated),
    ("pairs-to-end", Layout::PairsToEnd),
    ("pairs-to-zero", Layout::PairsToZero { ordered: false }),
    (
        "ordered-pairs-to-zero",
        Layout::PairsToZero { ordered: true },
    ),
    ("numbers-to-end", Layout::NumbersToEnd),
    (
        "row-cases",
        Layout::Rows(Rows {
            counted: true,
            parameter: false,
            pairs: false,
        }),
    ),
    (
        "parameter-rows-to-end",
        Layout::Rows(Rows {
            counted: false,
            parameter: true,
            pairs: false,
        }),
    ),
    (
        "pair-lists-to-end",
        Layout::Rows(Rows {
            counted: false,
            parameter: false,
            pairs: true,
        }),
    ),
    (
        "pair-rows-to-end",
        Layout::Rows(Rows {
            counted: false,
            parameter: true,
            pairs: true,
        }),
    ),
];

/// The answers by the names files give them.
pub(crate) const ANSWERS: &[(&str, Answer)] = &[
    ("verdict", Answer::Verdict),
    ("all-moves", Answer::AllMoves),
    ("move-count", Answer::MoveCount),
    ("lose-or-take", Answer::LoseOrTake),
    ("move-and-heaps", Answer::MoveAndHeaps),
    ("pairs-left", Answer::PairsLeft),
];

/// The line prefixes by the names files give them.
pub(crate) const PREFIXES: &[(&str, LinePrefix)] = &[
    ("none", LinePrefix::None),
    ("case-number", LinePrefix::CaseNumber),
];
