//! Making a package's planned tests with `gen`, within the package's size,
//! trying other options where a test cannot be made as planned; and the
//! refusal of a package that would lose tests without a word.

use std::io;

use super::plan::Planned;
use crate::error::Error;
use crate::games::Game;
use crate::gen::{self, GenError};
use crate::problem::Problem;

/// The planned tests made, in order, in at most `max_bytes` in all; the
/// names of those that cannot be made, and why, go to `dropped`.
fn make_all(
    problem: &Problem,
    game: &Game,
    planned: impl IntoIterator<Item = Planned>,
    max_bytes: u64,
    dropped: &mut Vec<(String, String)>,
) -> Result<Vec<(Planned, Vec<u8>)>, Error> {
    let mut made = Vec::new();
    let mut spent = 0u64;
    for planned in planned {
        let room = max_bytes.saturating_sub(spent);
        match generate(problem, game, planned, room)? {
            Ok((planned, input)) => {
                spent += input.len() as u64;
                made.push((planned, input));
            }
            Err(lost) => dropped.push(lost),
        }
    }
    Ok(made)
}

/// The planned tests made as [`make_all`] makes them, or the package
/// refused (by `refuse`) when some cannot be made and `allow_missing` is
/// off: both kinds of package make their tests so.
pub(super) fn make_or_refuse(
    problem: &Problem,
    game: &Game,
    planned: impl IntoIterator<Item = Planned>,
    (max_bytes, allow_missing): (u64, bool),
    dropped: &mut Vec<(String, String)>,
    refuse: impl Fn(String) -> Error,
) -> Result<Vec<(Planned, Vec<u8>)>, Error> {
    let made = make_all(problem, game, planned, max_bytes, dropped)?;
    match missing(dropped, allow_missing) {
        Some(why) => Err(refuse(why)),
        None => Ok(made),
    }
}

/// Why a package that lost the `dropped` tests is refused, unless
/// `--allow-missing` lets it go without them.
fn missing(dropped: &[(String, String)], allow_missing: bool) -> Option<String> {
    if dropped.is_empty() || allow_missing {
        return None;
    }
    let list: Vec<String> = dropped
        .iter()
        .map(|(name, why)| format!("{name} ({why})"))
        .collect();
    Some(format!(
        "{} of its plan cannot be made: {}; --allow-missing writes the package without them",
        crate::plural::count(list.len() as u64, "test"),
        list.join("; ")
    ))
}

/// Writes the planned test, in at most `room` bytes. When `gen` cannot
/// make it as planned, a test of mixed verdicts may become all losing or
/// all winning (a losing share no case of equal heaps can have); the
/// narrow range of a row's places, a graph's positions or S-Nim's heaps
/// widens inward from its edge (a row's places are distinct; pieces on one
/// position of a graph, or equal heaps under a random set, share one
/// verdict, which half the cases cannot have); and other seeds are tried. A test planned all
/// losing or all winning stays so. The test as made, or its name and why
/// it cannot be made.
#[allow(clippy::type_complexity)]
fn generate(
    problem: &Problem,
    game: &Game,
    planned: Planned,
    room: u64,
) -> Result<Result<(Planned, Vec<u8>), (String, String)>, Error> {
    let tries = fallbacks(problem, &planned.options);
    let mut why = String::new();
    for options in tries {
        let mut input = Capped {
            bytes: Vec::new(),
            room,
        };
        let mut game = game.clone();
        match gen::generate(problem, &mut game, &options, &mut input, 1, &mut |_| {}) {
            Ok(_) => return Ok(Ok((Planned { options, ..planned }, input.bytes))),
            Err(GenError::Impossible(message)) => why = message,
            Err(GenError::OutOfMemory(message)) => return Err(Error::Usage(message)),
            // Only the cap fails a write to memory.
            Err(GenError::Io(_)) => {
                let why = format!("over what --max-bytes leaves ({room} bytes)");
                return Ok(Err((planned.name, why)));
            }
        }
    }
    Ok(Err((planned.name, why)))
}

/// The options `generate` tries for a planned test, in order.
pub(super) fn fallbacks(problem: &Problem, first: &gen::GenOptions) -> Vec<gen::GenOptions> {
    let mut tries = vec![first.clone()];
    let value = problem.limits.value;
    let width = first.heaps.saturating_mul(2).saturating_add(2);
    // A case's numbers may each decide alone: a graph's pieces on one
    // position, S-Nim's equal heaps under each case's own set.
    let placed = problem.layout.has_rows()
        || matches!(
            problem.layout,
            crate::problem::Layout::GraphCases | crate::problem::Layout::SubtractionSetCases
        );
    if placed && first.max - first.min < width {
        let (min, max) = match first.max == value.max {
            true => (first.max.saturating_sub(width).max(value.min), first.max),
            false => (first.min, first.min.saturating_add(width).min(value.max)),
        };
        tries.push(gen::GenOptions {
            min,
            max,
            ..first.clone()
        });
    }
    let shares: &[f64] = match first.losing > 0.0 && first.losing < 1.0 {
        true => &[1.0, 0.0],
        false => &[],
    };
    for options in tries.clone() {
        for &losing in shares {
            tries.push(gen::GenOptions {
                losing,
                ..options.clone()
            });
        }
    }
    for options in tries.clone() {
        // Far from the plan's seeds, which count up by one per test: a
        // neighbour's seed would make a copy of the next test. Six: S-Nim's
        // heaps near the top under random sets often need more than two.
        for step in 1..=6u64 {
            tries.push(gen::GenOptions {
                seed: options.seed ^ step.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                ..options.clone()
            });
        }
    }
    tries
}

/// Bytes in memory, refused past `room`: a planned test whose size the
/// plan misjudged (a graph's edges) stops there, not gigabytes later.
struct Capped {
    bytes: Vec<u8>,
    room: u64,
}

impl io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.bytes.len() as u64 + buf.len() as u64 > self.room {
            return Err(io::Error::other("over the package's budget"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
