//! Checkpoints of a quotient's computation: what a [`Solver`] knows saved,
//! so that a run of hours carries on from its last heap instead of heap 0.
//!
//! A checkpoint holds the rule, the quotient of the heaps known with `Φ`
//! and each element's least word's targets (which the solver's next heaps
//! start from), the heaps where it grew, and the work done. The runs of
//! equal elements and the period follow from `Φ`, and a heap's options
//! from the rule, so a resumed solver adds each next heap exactly as the
//! one it was saved from would have. As `grundy`'s checkpoints
//! ([`crate::grundy::checkpoint`]), all integers little-endian:
//!
//! ```text
//! "nimstream misere checkpoint\n"   28 bytes
//! version                           u32, 1
//! rule length, rule                 u32, UTF-8 (as the rule prints itself)
//! heaps, order                      u64 each
//! table                             order × order u32, row by row
//! losing                            order bytes, 0 or 1
//! Φ                                 heaps × u32
//! least words' targets              for each element: u32 count, count × u32
//! growth                            u64 count, then (heap, order) u64 pairs
//! work                              u64
//! checksum                          u64 over every byte before it
//! ```
//!
//! Reading checks the shape of everything (every element in range, 0 the
//! identity) and the checksum: a damaged file is an error that says where,
//! never a quotient with a wrong product in it. Writing it whole or not at
//! all is the caller's part.

use std::io::{self, Read, Write};
use std::sync::Arc;

use super::monoid::Table;
use super::pretension::Pretension;
use super::quotient::MAX_ORDER;
use super::solver::Solver;
pub use crate::grundy::checkpoint::CheckpointError;
use crate::grundy::checkpoint::Summing;
use crate::grundy::Rule;

const MAGIC: &[u8; 28] = b"nimstream misere checkpoint\n";
const VERSION: u32 = 1;

/// A checkpoint read back.
#[derive(Debug)]
pub struct Saved {
    /// The rule, as [`Rule`] prints itself.
    pub rule: String,
    current: Pretension,
    growth: Vec<(usize, usize)>,
    work: usize,
}

impl Saved {
    /// How many heaps it knows: `0..heaps()`.
    pub fn heaps(&self) -> usize {
        self.current.images.len()
    }

    /// The solver it saved, for `rule`: the caller has checked that it is
    /// the rule saved. Its budgets are the defaults, as [`Solver::new`]'s.
    pub fn resume(self, rule: Rule) -> Solver {
        Solver::resumed(rule, self.current, self.growth, self.work)
    }
}

/// Writes what `solver` knows to `out`.
pub fn write(solver: &Solver, out: &mut impl Write) -> io::Result<()> {
    let mut out = Summing::new(out);
    let current = solver.current();
    let rule = solver.rule().to_string();
    let order = current.losing.len();
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&(rule.len() as u32).to_le_bytes())?;
    out.write_all(rule.as_bytes())?;
    out.write_all(&(current.images.len() as u64).to_le_bytes())?;
    out.write_all(&(order as u64).to_le_bytes())?;
    write_u32s(&mut out, current.table.products())?;
    let losing: Vec<u8> = current.losing.iter().map(|&l| u8::from(l)).collect();
    out.write_all(&losing)?;
    write_u32s(&mut out, &current.images)?;
    for targets in &current.least_targets {
        out.write_all(&(targets.len() as u32).to_le_bytes())?;
        write_u32s(&mut out, targets)?;
    }
    out.write_all(&(solver.growth().len() as u64).to_le_bytes())?;
    for &(heap, order) in solver.growth() {
        out.write_all(&(heap as u64).to_le_bytes())?;
        out.write_all(&(order as u64).to_le_bytes())?;
    }
    out.write_all(&(solver.work() as u64).to_le_bytes())?;
    let sum = out.sum;
    out.inner.write_all(&sum.to_le_bytes())
}

fn write_u32s<T: Copy + Into<u32>>(out: &mut impl Write, values: &[T]) -> io::Result<()> {
    // A stretch at a time, so that the copy in bytes stays small.
    for chunk in values.chunks(1 << 16) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|&x| x.into().to_le_bytes()).collect();
        out.write_all(&bytes)?;
    }
    Ok(())
}

/// Reads a checkpoint from `input`.
pub fn read(input: &mut impl Read) -> Result<Saved, CheckpointError> {
    let mut input = Summing::new(input);
    let rule = input.header(MAGIC, "misere", VERSION)?;
    let at = input.offset;
    let heaps = u64::from_le_bytes(input.array("the heaps")?);
    let order = u64::from_le_bytes(input.array("the order")?);
    if !(1..=1 << 32).contains(&heaps) {
        return Err(input.bad(at, format!("{heaps} heaps")));
    }
    if !(1..=MAX_ORDER as u64).contains(&order) {
        return Err(input.bad(at + 8, format!("a quotient of {order} elements")));
    }
    let (heaps, n) = (heaps as usize, order as usize);
    let at = input.offset;
    let products: Vec<u16> = read_u32s(&mut input, n * n, n, "the table")?;
    let identity = (0..n).all(|x| products[x] as usize == x && products[x * n] as usize == x);
    if !identity {
        return Err(input.bad(at, "element 0 is not the identity".into()));
    }
    let mut losing = vec![0u8; n];
    let at = input.offset;
    input.exact(&mut losing, "the P-portion")?;
    if let Some(i) = losing.iter().position(|&b| b > 1) {
        return Err(input.bad(at + i as u64, format!("{} for an outcome", losing[i])));
    }
    let images = read_u32s(&mut input, heaps, n, "Φ")?;
    let mut least_targets = Vec::with_capacity(n);
    for _ in 0..n {
        let at = input.offset;
        let count = u32::from_le_bytes(input.array("a least word's targets")?) as usize;
        if count > n {
            return Err(input.bad(at, format!("{count} targets of {n} elements")));
        }
        least_targets.push(read_u32s(&mut input, count, n, "a least word's targets")?);
    }
    let growth = read_growth(&mut input, heaps)?;
    let work = u64::from_le_bytes(input.array("the work")?);
    let sum = input.sum;
    let stored = u64::from_le_bytes(input.array("the checksum")?);
    if stored != sum {
        let what = "the checksum disagrees: the file is damaged".into();
        return Err(input.bad(input.offset - 8, what));
    }
    let mut extra = [0u8; 1];
    if input.inner.read(&mut extra).map_err(CheckpointError::Io)? != 0 {
        return Err(input.bad(input.offset, "bytes after the checksum".into()));
    }
    Ok(Saved {
        rule,
        current: Pretension {
            table: Arc::new(Table::new(n, products)),
            losing: losing.into_iter().map(|b| b == 1).collect(),
            images,
            least_targets,
        },
        growth,
        work: usize::try_from(work).unwrap_or(usize::MAX),
    })
}

/// `count` elements of a quotient of `order`, each checked in range, as
/// `T` (`u32`, or `u16` for a table).
fn read_u32s<R: Read, T: TryFrom<u32>>(
    input: &mut Summing<R>,
    count: usize,
    order: usize,
    what: &str,
) -> Result<Vec<T>, CheckpointError> {
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| CheckpointError::OutOfMemory { values: count })?;
    let mut bytes = vec![0u8; 4 << 16];
    let mut left = count;
    while left > 0 {
        let take = left.min(1 << 16);
        let at = input.offset;
        input.exact(&mut bytes[..4 * take], what)?;
        for (i, word) in bytes[..4 * take].chunks_exact(4).enumerate() {
            let x = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            // An element below the order fits `T` (a table's 16 bits too).
            let fits = (x as usize) < order;
            let Some(x) = fits.then(|| T::try_from(x).ok()).flatten() else {
                let what = format!("element {x} of a quotient of {order}, in {what}");
                return Err(input.bad(at + 4 * i as u64, what));
            };
            values.push(x);
        }
        left -= take;
    }
    Ok(values)
}

fn read_growth<R: Read>(
    input: &mut Summing<R>,
    heaps: usize,
) -> Result<Vec<(usize, usize)>, CheckpointError> {
    let at = input.offset;
    let count = u64::from_le_bytes(input.array("the growth")?);
    if count > heaps as u64 {
        return Err(input.bad(at, format!("{count} growths of {heaps} heaps")));
    }
    let mut growth = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let at = input.offset;
        let heap = u64::from_le_bytes(input.array("the growth")?);
        let order = u64::from_le_bytes(input.array("the growth")?);
        if heap >= heaps as u64 || order > MAX_ORDER as u64 {
            return Err(input.bad(at, format!("growth to {order} at heap {heap}")));
        }
        growth.push((heap as usize, order as usize));
    }
    Ok(growth)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver_to(code: &str, heaps: usize) -> Solver {
        let mut solver = Solver::new(Rule::parse(code).unwrap());
        while solver.heaps() <= heaps && solver.period().is_none() {
            solver.add_heap().unwrap();
        }
        solver
    }

    fn saved(solver: &Solver) -> Vec<u8> {
        let mut bytes = Vec::new();
        write(solver, &mut bytes).unwrap();
        bytes
    }

    #[test]
    fn a_resumed_solver_finds_what_an_uninterrupted_one_does() {
        // Dawson's Kayles grows at heaps 25 and 27, 0.6 at 12 and 15, after
        // the stop; Kayles proves its period at heap 169.
        for (code, stop, end) in [("0.07", 24, 27), ("0.6", 11, 15), ("kayles", 90, 170)] {
            let whole = solver_to(code, end);
            let half = solver_to(code, stop);
            let read = read(&mut saved(&half).as_slice()).unwrap();
            let rule = Rule::parse(code).unwrap();
            assert_eq!(
                (read.rule.clone(), read.heaps()),
                (rule.to_string(), stop + 1)
            );
            let mut resumed = read.resume(rule);
            assert_eq!(resumed.quotient(), half.quotient(), "{code}");
            while resumed.heaps() <= end && resumed.period().is_none() {
                resumed.add_heap().unwrap();
            }
            assert_eq!(resumed.quotient(), whole.quotient(), "{code} from {stop}");
            assert_eq!(resumed.growth(), whole.growth(), "{code} from {stop}");
            assert_eq!(resumed.work(), whole.work(), "{code} from {stop}");
        }
    }

    #[test]
    fn a_checkpoint_with_a_period_resumes_with_it() {
        let whole = solver_to("kayles", 170);
        assert!(whole.period().is_some());
        let read = read(&mut saved(&whole).as_slice()).unwrap();
        let resumed = read.resume(Rule::parse("kayles").unwrap());
        assert_eq!(resumed.period(), whole.period());
        assert_eq!(resumed.quotient(), whole.quotient());
    }

    #[test]
    fn every_damage_is_an_error_never_a_quotient() {
        let bytes = saved(&solver_to("0.07", 20));
        let error = |bytes: &[u8]| read(&mut &bytes[..]).unwrap_err().to_string();
        assert!(error(&bytes[..10]).contains("ends inside the header"));
        assert!(error(&bytes[..bytes.len() - 20]).contains("ends inside"));
        let mut other = bytes.clone();
        other[10] = b'X';
        assert!(error(&other).contains("byte 0: not a nimstream misere"));
        let mut grundy = Vec::new();
        let seq = crate::grundy::NimSequence::new(
            Rule::parse("0.07").unwrap(),
            crate::grundy::Method::Auto,
        );
        crate::grundy::checkpoint::write(&seq, &mut grundy).unwrap();
        assert!(error(&grundy).contains("not a nimstream misere"));
        // The table's first product past the identity's row, made too big.
        let rule_end = 28 + 4 + 4 + 4;
        let mut big = bytes.clone();
        big[rule_end + 16 + 4 * 25..rule_end + 16 + 4 * 26].copy_from_slice(&9999u32.to_le_bytes());
        assert!(
            error(&big).contains("element 9999 of a quotient"),
            "{}",
            error(&big)
        );
        for at in (rule_end..bytes.len()).step_by(11) {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << (at % 8);
            let message = error(&flipped);
            assert!(
                [
                    "checksum",
                    "element",
                    "identity",
                    "outcome",
                    "targets",
                    "growth",
                    "heaps",
                    "ends inside",
                    "after the checksum"
                ]
                .iter()
                .any(|w| message.contains(w)),
                "{at}: {message}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(error(&longer).contains("after the checksum"));
    }
}
