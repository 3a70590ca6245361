//! The original problems' limits, used by `validate` as its defaults and by
//! `gen` as its default ranges.

use crate::solve::Game;

/// An inclusive range of allowed values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: u64,
    pub max: u64,
}

impl Bounds {
    pub const fn new(min: u64, max: u64) -> Bounds {
        Bounds { min, max }
    }

    pub fn contains(self, value: u64) -> bool {
        (self.min..=self.max).contains(&value)
    }
}

/// The limits of one problem. `cases` is `None` for inputs without a count
/// (Fibonacci and Wythoff), `heaps` for games without heap lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Where the limits come from, for messages.
    pub problem: &'static str,
    pub cases: Bounds,
    pub heaps: Bounds,
    /// Heap sizes, or the first number of a pair (n, a).
    pub value: Bounds,
    /// The second number of a pair (m, k, b).
    pub second: Bounds,
}

const ANY: Bounds = Bounds::new(0, u64::MAX);
const I31: u64 = (1 << 31) - 1;

impl Limits {
    /// The limits of the problem the game comes from.
    pub fn of(game: Game) -> Limits {
        match game {
            Game::Nim | Game::Bounded { .. } => Limits {
                problem: "Luogu P2197",
                cases: Bounds::new(1, 10),
                heaps: Bounds::new(1, 10_000),
                value: Bounds::new(0, 9_999),
                second: ANY,
            },
            Game::Lasker => Limits {
                problem: "HDU 3032",
                cases: Bounds::new(1, 100),
                heaps: Bounds::new(1, 1_000_000),
                value: Bounds::new(1, I31),
                second: ANY,
            },
            Game::Misere => Limits {
                problem: "HDU 1907",
                cases: Bounds::new(1, 474),
                heaps: Bounds::new(1, 47),
                value: Bounds::new(1, 4747),
                second: ANY,
            },
            Game::Bash => Limits {
                problem: "HDU 1846",
                cases: Bounds::new(1, 100),
                heaps: ANY,
                value: Bounds::new(1, 1000),
                second: Bounds::new(1, 1000),
            },
            Game::Fibonacci => Limits {
                problem: "HDU 2516",
                cases: ANY,
                heaps: ANY,
                value: Bounds::new(2, I31),
                second: ANY,
            },
            Game::KMultiple => Limits {
                problem: "POJ 3922",
                cases: Bounds::new(1, 20),
                heaps: ANY,
                value: Bounds::new(2, 100_000_000),
                second: Bounds::new(1, 100_000),
            },
            Game::Wythoff => Limits {
                problem: "POJ 1067",
                cases: ANY,
                heaps: ANY,
                value: Bounds::new(0, 1_000_000_000),
                second: Bounds::new(0, 1_000_000_000),
            },
        }
    }
}
