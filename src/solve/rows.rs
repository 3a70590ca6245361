//! The layouts of row games: per case a line `N` (and a parameter), then a
//! row of `N` numbers or `N` pairs, kept whole with each number's offset,
//! so that a row its game refuses (two chessmen on one cell) is an error
//! at the number at fault.

use std::io::{self, Write};

use super::{input_error, refused, Expected, Run, MAX_KEPT_HEAPS};
use crate::error::Error;
use crate::games::row::{RowFault, RowGame, RowPlace};
use crate::problem::{Rows, Vars};
use crate::source::{Fault, FaultKind, TokenSource};

/// A case's row as read: its numbers and where each began.
#[derive(Default)]
struct Row {
    numbers: Vec<u64>,
    offsets: Vec<u64>,
}

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// Every case of a row game: `T` of them, or until the input ends
    /// between two cases.
    pub(super) fn row_cases(
        &mut self,
        rows: Rows,
        names: &Vars,
        game: &mut impl RowGame,
    ) -> Result<(), Error> {
        let count_name = names.heaps.name;
        let cases = match rows.counted {
            true => Some(self.read(Expected::CaseCount)?),
            false => None,
        };
        let mut row = Row::default();
        let mut case = 0;
        while cases.is_none_or(|cases| case < cases) {
            case += 1;
            let (count, count_at) = match self.source.next_token() {
                Ok(token) => token,
                Err(Fault {
                    kind: FaultKind::End,
                    ..
                }) if cases.is_none() => return Ok(()),
                Err(fault) => {
                    let expected = match cases {
                        Some(_) => Expected::Field {
                            name: count_name,
                            case,
                        },
                        None => Expected::NextOrEnd {
                            name: count_name,
                            case,
                        },
                    };
                    return Err(input_error(self.source, self.path, fault, expected));
                }
            };
            let parameter = match (rows.parameter, names.second) {
                (true, Some(second)) => Some(self.read_at(Expected::Field {
                    name: second.name,
                    case,
                })?),
                _ => None,
            };
            let width = if rows.pairs { 2 } else { 1 };
            let Some(numbers) = count.checked_mul(width).filter(|&n| n <= MAX_KEPT_HEAPS) else {
                let why = format!(
                    "{count_name} = {count} makes more numbers than one case may keep \
                     ({MAX_KEPT_HEAPS})"
                );
                let expected = Expected::Field {
                    name: count_name,
                    case,
                };
                return Err(refused(self.source, self.path, count_at, expected, &why));
            };
            self.read_row(&mut row, names.value.name, case, numbers)?;
            let value = parameter.map_or(0, |(value, _)| value);
            if let Err(fault) = game.check(value, &row.numbers) {
                let (expected, offset) = match fault.at {
                    RowPlace::Count => (
                        Expected::Field {
                            name: count_name,
                            case,
                        },
                        count_at,
                    ),
                    RowPlace::Parameter => (
                        Expected::Field {
                            name: names.second.map_or("", |v| v.name),
                            case,
                        },
                        parameter.map_or(count_at, |(_, at)| at),
                    ),
                    RowPlace::Number(i) => (
                        Expected::RowNumber {
                            name: names.value.name,
                            case,
                            index: i as u64 + 1,
                            of: numbers,
                        },
                        row.offsets[i],
                    ),
                };
                let RowFault { why, .. } = fault;
                return Err(refused(self.source, self.path, offset, expected, &why));
            }
            self.report.values += numbers;
            let wins = game.first_player_wins(value, &row.numbers);
            self.verdict_and(wins, None)?;
            self.tick(case);
        }
        self.expect_end()
    }

    /// A token and its offset.
    fn read_at(&mut self, expected: Expected) -> Result<(u64, u64), Error> {
        self.source
            .next_token()
            .map_err(|fault| input_error(self.source, self.path, fault, expected))
    }

    /// Reads the `numbers` numbers of case `case`'s row into `row`, in
    /// memory claimed as they come and fallibly, so that a count in a
    /// damaged file is an error rather than an abort.
    fn read_row(
        &mut self,
        row: &mut Row,
        name: &'static str,
        case: u64,
        numbers: u64,
    ) -> Result<(), Error> {
        row.numbers.clear();
        row.offsets.clear();
        for index in 1..=numbers {
            let expected = Expected::RowNumber {
                name,
                case,
                index,
                of: numbers,
            };
            let (value, at) = self.read_at(expected)?;
            if row.numbers.try_reserve(1).is_err() || row.offsets.try_reserve(1).is_err() {
                return Err(Error::Io {
                    path: self.path.to_string(),
                    source: io::Error::new(
                        io::ErrorKind::OutOfMemory,
                        format!("out of memory keeping the {numbers} numbers of one case"),
                    ),
                });
            }
            row.numbers.push(value);
            row.offsets.push(at);
        }
        Ok(())
    }
}
