//! The careful path: a number read byte at a time, and every message a
//! violation can produce, naming the variable, its value, its bounds and its
//! place.

use super::fast::fast_number;
use super::{Checker, Var};
use crate::error::{describe_byte, Error, Position};
use crate::plural::count;
use crate::source::BOM;

/// Where a number stands, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// `T`, alone on the first line.
    Top,
    /// A number of case `case` that is not a heap.
    Case(u64),
    /// Heap `heap` of the `of` heaps of case `case`, in S-Nim of its
    /// position `position`.
    Heap {
        case: u64,
        position: Option<u64>,
        heap: u64,
        of: u64,
    },
    /// The heap count `l` of position `position` of S-Nim's case `case`.
    Position { case: u64, position: u64 },
    /// Number `index` (from 1) of the `of` numbers of case `case`'s row.
    Item { case: u64, index: u64, of: u64 },
    /// The line of moves from position `node` of HDU 1524's graph `case`.
    Node { case: u64, node: u64 },
}

impl Place {
    /// `" (case 3, heap 17)"`: appended to messages about a value.
    pub(super) fn suffix(self) -> String {
        match self {
            Place::Top => String::new(),
            Place::Case(case) => format!(" (case {case})"),
            Place::Heap {
                case,
                position: None,
                heap,
                ..
            } => format!(" (case {case}, heap {heap})"),
            Place::Heap {
                case,
                position: Some(position),
                heap,
                ..
            } => format!(" (case {case}, position {position}, heap {heap})"),
            Place::Position { case, position } => format!(" (case {case}, position {position})"),
            Place::Item { case, index, .. } => format!(" (case {case}, number {index})"),
            Place::Node { case, node } => format!(" (graph {case}, position {node})"),
        }
    }

    /// `"heap 17 of case 3"`: the number itself, in "expected ..." messages.
    pub(super) fn what(self, var: &Var) -> String {
        match self {
            Place::Top => var.name.to_string(),
            Place::Case(case) => format!("{} of case {}", var.name, case),
            Place::Heap { heap, .. } => format!("heap {heap} of {}", self.owner()),
            Place::Position { .. } | Place::Node { .. } => {
                format!("{} of {}", var.name, self.owner())
            }
            Place::Item { index, of, .. } => {
                format!("{} {index} of {of} in {}", var.name, self.owner())
            }
        }
    }

    /// `"case 3"`, or `"position 2 of case 3"`: what a heap belongs to.
    pub(super) fn owner(self) -> String {
        match self {
            Place::Heap {
                case,
                position: Some(position),
                ..
            }
            | Place::Position { case, position } => format!("position {position} of case {case}"),
            Place::Heap { case, .. } | Place::Case(case) | Place::Item { case, .. } => {
                format!("case {case}")
            }
            Place::Node { case, node } => format!("position {node} of graph {case}"),
            Place::Top => "the first line".to_string(),
        }
    }
}

/// What the format wants right after a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Then {
    /// A single space and another number on the same line.
    Space,
    /// The end of the line. `last` when the file may end with this line,
    /// which only changes the words of a missing-newline message.
    Newline { last: bool },
}

impl Then {
    pub(super) fn byte(self) -> u8 {
        match self {
            Then::Space => b' ',
            Then::Newline { .. } => b'\n',
        }
    }
}

impl Checker<'_> {
    /// Reads one number of `var` with its bounds, and the byte after it.
    pub(super) fn field(&mut self, var: &Var, place: Place, then: Then) -> Result<u64, Error> {
        let start = self.pos;
        let (value, len) = self.number(start, var, place)?;
        self.in_range(start, var, place, value)?;
        self.expect(start + len, then, var, place)?;
        self.pos = start + len + 1;
        Ok(value)
    }

    /// Reads the number at `pos`: its value and length.
    #[inline(always)]
    pub(super) fn number(
        &self,
        pos: usize,
        var: &Var,
        place: Place,
    ) -> Result<(u64, usize), Error> {
        match fast_number(self.bytes, pos) {
            Some((value, len, _)) => Ok((value, len)),
            None => self.slow_number(pos, var, place),
        }
    }

    /// The byte at a time path of [`Checker::number`]: short windows at the
    /// end of the input, long numbers, and every fault.
    #[inline(never)]
    pub(super) fn slow_number(
        &self,
        pos: usize,
        var: &Var,
        place: Place,
    ) -> Result<(u64, usize), Error> {
        let digits = digit_run(&self.bytes[pos..]);
        if digits.is_empty() {
            return Err(self.expected_number(pos, var, place));
        }
        if digits.len() > 1 && digits[0] == b'0' {
            let message = format!("leading zero in {}{}", var.label, place.suffix());
            return Err(self.fail(pos, message));
        }
        let value = digits.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match value {
            Some(value) => Ok((value, digits.len())),
            None => {
                let message = format!(
                    "{} = {} does not fit in 64 bits (the largest value is 2^64-1) and is outside {}{}",
                    var.label,
                    abbreviate(digits),
                    var.bounds,
                    place.suffix()
                );
                Err(self.fail(pos, message))
            }
        }
    }

    pub(super) fn in_range(
        &self,
        at: usize,
        var: &Var,
        place: Place,
        value: u64,
    ) -> Result<(), Error> {
        if var.bounds.contains(value) {
            Ok(())
        } else {
            Err(self.out_of_range(at, var, place, value))
        }
    }

    #[cold]
    pub(super) fn out_of_range(&self, at: usize, var: &Var, place: Place, value: u64) -> Error {
        let message = format!(
            "{} = {} is outside {}{}",
            var.label,
            value,
            var.bounds,
            place.suffix()
        );
        self.fail(at, message)
    }

    /// Checks that the byte at `at`, just after `var`, is the one `then` wants.
    pub(super) fn expect(
        &self,
        at: usize,
        then: Then,
        var: &Var,
        place: Place,
    ) -> Result<(), Error> {
        if self.bytes.get(at) == Some(&then.byte()) {
            Ok(())
        } else {
            Err(self.separator_fault(at, then, var, place))
        }
    }

    /// After the last case: nothing at all.
    pub(super) fn expect_end(&self) -> Result<(), Error> {
        match self.bytes.get(self.pos) {
            None => Ok(()),
            Some(&byte) => {
                let found = if byte == b'\n' {
                    "an empty line".to_string()
                } else {
                    show(byte)
                };
                let message =
                    format!("expected the end of input after the last case, found {found}");
                Err(self.fail(self.pos, message))
            }
        }
    }

    /// The error for the byte at `at` (or the end), where a number of `var`
    /// should begin.
    #[cold]
    pub(super) fn expected_number(&self, at: usize, var: &Var, place: Place) -> Error {
        let what = place.what(var);
        let bytes = self.bytes;
        let after_space = at > 0 && bytes[at - 1] == b' ';
        let line_start = at == 0 || bytes[at - 1] == b'\n';
        let found = match bytes.get(at) {
            None => "the end of input".to_string(),
            Some(_) if at == 0 && bytes.starts_with(BOM) => "a byte order mark (BOM)".to_string(),
            Some(b'\n') if line_start => "an empty line".to_string(),
            Some(b' ') if after_space => {
                "a second space (numbers are separated by a single space)".to_string()
            }
            Some(&byte) => show(byte),
        };
        self.fail(at, format!("expected {what}, found {found}"))
    }

    /// The error for the byte at `at` (or the end), just after a number of
    /// `var`, which is not what `then` wants.
    #[cold]
    pub(super) fn separator_fault(&self, at: usize, then: Then, var: &Var, place: Place) -> Error {
        let after = place.what(var);
        let found = self.bytes.get(at).copied();
        let message = match (then, place, found) {
            // Too few heaps on the line.
            (Then::Space, Place::Heap { heap, of, .. }, None | Some(b'\n')) => {
                let ends = if found.is_none() { "input" } else { "line" };
                let owner = place.owner();
                match self.fixed_heaps {
                    true => format!("{owner} must have {of} heaps, but the {ends} ends after {heap}"),
                    false => format!(
                        "{} = {of} heaps were declared for {owner} but the {ends} ends after {heap}",
                        self.vars.heaps.name
                    ),
                }
            }
            (Then::Space, Place::Heap { .. }, Some(byte)) => format!(
                "expected a single space or the end of the line after {after}, found {}",
                show(byte)
            ),
            (Then::Space, _, None) => {
                format!("expected a single space after {after}, found the end of input")
            }
            (Then::Space, _, Some(b'\n')) => format!(
                "expected a single space and {} after {after}, found the end of the line",
                self.next_name(var)
            ),
            (Then::Space, _, Some(byte)) => format!(
                "expected a single space after {after}, found {}",
                show(byte)
            ),
            (Then::Newline { last: true }, _, None) => {
                "expected a newline at the end of the file, found the end of input".to_string()
            }
            (Then::Newline { .. }, _, None) => {
                format!(
                    "expected '\\n' at the end of the line after {after}, found the end of input"
                )
            }
            (Then::Newline { .. }, _, Some(b'\r')) => {
                "expected '\\n' at the end of the line, found '\\r'".to_string()
            }
            (Then::Newline { .. }, _, Some(b' ')) => match self.bytes.get(at + 1) {
                Some(b) if b.is_ascii_digit() => {
                    let more = match place {
                        Place::Heap { of, .. } if self.fixed_heaps => {
                            format!("more than the {of} heaps of a case")
                        }
                        Place::Heap { of, .. } => {
                            format!(
                                "more than the {} = {} declared",
                                self.vars.heaps.name,
                                count(of, "heap")
                            )
                        }
                        _ => "an extra number".to_string(),
                    };
                    format!(
                        "expected '\\n' at the end of the line after {after}, found ' ' and {more}"
                    )
                }
                None | Some(b'\n' | b' ' | b'\r') => {
                    "trailing space at the end of the line".to_string()
                }
                Some(_) => {
                    format!("expected '\\n' at the end of the line after {after}, found ' '")
                }
            },
            (Then::Newline { .. }, _, Some(byte)) => {
                format!(
                    "expected '\\n' at the end of the line after {after}, found {}",
                    show(byte)
                )
            }
        };
        self.fail(at, message)
    }

    /// The variable that follows `var` on its line, for messages.
    pub(super) fn next_name(&self, var: &Var) -> &'static str {
        match self.vars.second {
            Some(second) if var.name == self.vars.value.name => second.name,
            _ => "another number",
        }
    }

    pub(super) fn fail(&self, offset: usize, message: String) -> Error {
        Error::Input {
            path: self.path.to_string(),
            offset: offset as u64,
            position: Position::in_bytes(self.bytes, offset),
            message,
        }
    }
}

/// The digits at the start of `bytes`.
fn digit_run(bytes: &[u8]) -> &[u8] {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    &bytes[..len]
}

/// A long run of digits shortened for a message.
fn abbreviate(digits: &[u8]) -> String {
    const SHOWN: usize = 30;
    let text = String::from_utf8_lossy(digits);
    if digits.len() <= SHOWN {
        text.into_owned()
    } else {
        format!("{}... ({} digits)", &text[..SHOWN], digits.len())
    }
}

/// A byte as messages quote it: `'\t'`, `' '`, `'x'`, `a NUL byte`.
pub(super) fn show(byte: u8) -> String {
    match byte {
        b' ' => "' '".to_string(),
        b'\t' => "'\\t'".to_string(),
        b'\r' => "'\\r'".to_string(),
        b'\n' => "'\\n'".to_string(),
        _ => describe_byte(byte),
    }
}
