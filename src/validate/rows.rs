//! Row games' layouts, checked line by line: a line `N` (or `N k`), then a
//! line of `N` numbers or `N` lines of two; then the row as its game wants
//! it (different cells, increasing places, an even count), at the number
//! at fault.

use super::messages::{Place, Then};
use super::summary::note;
use super::Checker;
use crate::error::Error;
use crate::games::row::{RowGame, RowPlace};
use crate::problem::Rows;

impl Checker<'_> {
    /// Every case: `T` of them, or lines to the end of the file.
    pub(super) fn row_cases(&mut self, rows: Rows, game: &mut impl RowGame) -> Result<(), Error> {
        let cases = match rows.counted {
            true => Some(self.cases_line()?),
            false => None,
        };
        let (mut row, mut starts) = (Vec::new(), Vec::new());
        let mut case = 0;
        loop {
            match cases {
                Some(cases) if case == cases => break,
                None if self.pos == self.bytes.len() => break,
                _ => {}
            }
            case += 1;
            let last_case = cases == Some(case) || cases.is_none();
            if cases.is_none() {
                self.count_case(self.pos, case)?;
            }
            let place = Place::Case(case);
            let count_at = self.pos;
            let count_var = self.vars.heaps;
            let after_count = match rows.parameter {
                true => Then::Space,
                false => Then::Newline { last: false },
            };
            let count = self.field(&count_var, place, after_count)?;
            note(&mut self.summary.heaps, count);
            let mut parameter = (0, count_at);
            if rows.parameter {
                let second = self.vars.second.expect("a row with a parameter names it");
                let at = self.pos;
                let value = self.field(&second, place, Then::Newline { last: false })?;
                note(&mut self.summary.second, value);
                parameter = (value, at);
            }
            let width = if rows.pairs { 2 } else { 1 };
            let of = count.saturating_mul(width);
            row.clear();
            starts.clear();
            if count == 0 && !rows.pairs {
                // Only with widened limits; `gen` writes an empty line.
                if self.bytes.get(self.pos) != Some(&b'\n') {
                    let message = format!(
                        "{} = 0 numbers were declared for case {case}, so its row must be an \
                         empty line",
                        count_var.name
                    );
                    return Err(self.fail(self.pos, message));
                }
                self.pos += 1;
            }
            let value = self.vars.value;
            for index in 1..=of {
                let line_end = index.is_multiple_of(width);
                let then = match line_end {
                    false => Then::Space,
                    true if rows.pairs || index == of => Then::Newline {
                        last: last_case && index == of,
                    },
                    true => Then::Space,
                };
                starts.push(self.pos);
                let number = self.field(&value, Place::Item { case, index, of }, then)?;
                note(&mut self.summary.value, number);
                row.push(number);
            }
            self.summary.total_heaps += count;
            if let Err(fault) = game.check(parameter.0, &row) {
                let (at, what) = match fault.at {
                    RowPlace::Count => (count_at, place.what(&count_var)),
                    RowPlace::Parameter => {
                        let second = self.vars.second.unwrap_or(count_var);
                        (parameter.1, place.what(&second))
                    }
                    RowPlace::Number(i) => {
                        let index = i as u64 + 1;
                        (starts[i], Place::Item { case, index, of }.what(&value))
                    }
                };
                return Err(self.fail(at, format!("{what}: {}", fault.why)));
            }
            if self.verdicts {
                self.summary.wins += u64::from(game.first_player_wins(parameter.0, &row));
            }
        }
        match cases {
            Some(_) => self.expect_end(),
            None => self.check_case_count(self.pos, case),
        }
    }
}
