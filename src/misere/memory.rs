//! The memory a quotient's tables may take: a budget that the search's
//! states, the candidates' markings and reductions, and the quotient kept
//! between heaps take from before they allocate, so that a run stops
//! cleanly at its budget instead of taking the machine's memory.
//!
//! The accounts are estimates of what the allocator hands out (a vector's
//! capacity, a small allocation's header and rounding), made on the high
//! side; what is not counted (the program itself, the recursion's stack,
//! the letters) is small and fixed, which [`Memory::new`] leaves room for
//! by keeping an eighth of the budget back.

use std::cell::Cell;
use std::fmt;

/// The budget when none is given: at most this much, and at most half
/// the memory the system says is available ([`default_budget`]).
pub const DEFAULT_BUDGET: usize = 1 << 30;

/// A charge that would pass the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

/// Bytes taken and given back against a limit, with the peak reached.
#[derive(Debug)]
pub struct Memory {
    budget: usize,
    limit: usize,
    used: Cell<usize>,
    peak: Cell<usize>,
}

impl Memory {
    /// A budget of `budget` bytes, of which seven eighths may be taken by
    /// the tables accounted; the rest is left for what is not.
    pub fn new(budget: usize) -> Memory {
        Memory {
            budget,
            limit: budget - budget / 8,
            used: Cell::new(0),
            peak: Cell::new(0),
        }
    }

    /// No limit, but the peak is still kept.
    pub fn unbounded() -> Memory {
        Memory {
            budget: usize::MAX,
            limit: usize::MAX,
            used: Cell::new(0),
            peak: Cell::new(0),
        }
    }

    /// The budget given.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The most bytes the accounted tables held at once.
    pub fn peak(&self) -> usize {
        self.peak.get()
    }

    /// The bytes held now.
    pub fn used(&self) -> usize {
        self.used.get()
    }

    /// Takes `bytes`, or nothing when they would pass the limit.
    pub fn take(&self, bytes: usize) -> Result<(), OverBudget> {
        let used = self
            .used
            .get()
            .checked_add(bytes)
            .filter(|&u| u <= self.limit)
            .ok_or(OverBudget)?;
        self.used.set(used);
        self.peak.set(self.peak.get().max(used));
        Ok(())
    }

    /// Gives back `bytes` taken before.
    pub fn give(&self, bytes: usize) {
        debug_assert!(bytes <= self.used.get());
        self.used.set(self.used.get().saturating_sub(bytes));
    }

    /// The bytes that may still be taken.
    pub fn left(&self) -> usize {
        self.limit.saturating_sub(self.used.get())
    }
}

/// Bytes taken from a [`Memory`] for one structure, given back when it is
/// dropped.
#[derive(Debug)]
pub struct Held<'a> {
    memory: &'a Memory,
    bytes: usize,
}

impl<'a> Held<'a> {
    /// Nothing held yet.
    pub fn new(memory: &'a Memory) -> Held<'a> {
        Held { memory, bytes: 0 }
    }

    /// Takes `bytes` more.
    pub fn grow(&mut self, bytes: usize) -> Result<(), OverBudget> {
        self.memory.take(bytes)?;
        self.bytes += bytes;
        Ok(())
    }

    /// Gives back `bytes` of what is held.
    pub fn shrink(&mut self, bytes: usize) {
        let bytes = bytes.min(self.bytes);
        self.memory.give(bytes);
        self.bytes -= bytes;
    }

    /// The bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The budget it is held against.
    pub fn memory(&self) -> &'a Memory {
        self.memory
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.memory.give(self.bytes);
    }
}

/// What the allocator takes for an allocation of `bytes`: glibc's chunk,
/// a header of 8 bytes rounded up to 16, at least 32; nothing for none.
pub fn allocation(bytes: usize) -> usize {
    match bytes {
        0 => 0,
        _ => (bytes + 8).div_ceil(16).max(2) * 16,
    }
}

/// What a vector of `len` elements of `T`, allocated to its length, takes
/// beside its own three words.
pub fn vector<T>(len: usize) -> usize {
    allocation(len.saturating_mul(std::mem::size_of::<T>()))
}

/// Pushes `item` onto `vec`, taking from `held` first what the vector's
/// growth takes (it doubles, as a vector does by itself).
pub fn push<T>(vec: &mut Vec<T>, item: T, held: &mut Held) -> Result<(), OverBudget> {
    if vec.len() == vec.capacity() {
        let more = vec.capacity().max(4);
        held.grow(more * std::mem::size_of::<T>())?;
        vec.reserve_exact(more);
    }
    vec.push(item);
    Ok(())
}

/// The memory the system says is available to start programs without
/// swapping (`MemAvailable` in `/proc/meminfo`), if it says.
pub fn available() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_available(&text)
}

fn parse_available(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: usize = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// The budget when none is given: [`DEFAULT_BUDGET`], or half the memory
/// available if that is less, so that a run never crowds out the rest of
/// the machine.
pub fn default_budget() -> usize {
    available().map_or(DEFAULT_BUDGET, |a| (a / 2).min(DEFAULT_BUDGET))
}

/// Bytes as a person reads them: `512 MiB`, `1.5 GiB`.
pub struct Bytes(pub usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        match unit {
            0 => write!(f, "{} bytes", self.0),
            _ if value.fract() == 0.0 => write!(f, "{value} {}", UNITS[unit]),
            _ => write!(f, "{value:.1} {}", UNITS[unit]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charge_past_the_limit_takes_nothing() {
        let memory = Memory::new(800);
        assert_eq!(memory.take(600), Ok(()));
        assert_eq!(memory.take(101), Err(OverBudget));
        assert_eq!(memory.used(), 600);
        {
            let mut held = Held::new(&memory);
            held.grow(100).unwrap();
            assert_eq!(memory.used(), 700);
        }
        assert_eq!((memory.used(), memory.peak()), (600, 700));
    }

    #[test]
    fn available_memory_is_read_in_kib() {
        let meminfo = "MemTotal: 100 kB\nMemFree: 10 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_available(meminfo), Some(2 << 20));
        assert_eq!(parse_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(Bytes(512 << 20).to_string(), "512 MiB");
        assert_eq!(Bytes(3 << 29).to_string(), "1.5 GiB");
        assert_eq!(Bytes(100).to_string(), "100 bytes");
        assert_eq!(allocation(1), 32);
        assert_eq!(allocation(40), 48);
    }
}
