//! One input file of a problem as owned, editable cases: what a shrinker
//! takes apart and writes back.
//!
//! A [`TestFile`] holds the cases in the problem's terms (heaps, pairs,
//! rows, S-Nim's sets and positions, graphs and their queries) and nothing
//! the layout derives: the number of cases `T`, a case's count `N`, S-Nim's
//! `k`, `m` and `l`, a graph's `N`, `X` and `M` are written from the lengths
//! of the lists, so an edited file stays consistent. [`TestFile::write`]
//! writes the strict format, the same bytes `gen` writes for the same cases
//! (the property test below holds it to that), which `validate` accepts when
//! the numbers are within the limits.
//!
//! [`TestFile::read`] takes a file that was validated first, so it reads
//! numbers separated by any whitespace and follows the layout's counts and
//! end markers; on anything else it returns an error at the byte, never a
//! panic. It holds every number in memory, 8 bytes each.

use crate::error::{describe_byte, Error, Position};
use crate::gen::push_decimal;
use crate::problem::{Layout, Problem, Rows};

/// One input file, as its cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestFile {
    /// The cases, in the file's order. A layout's end marker is not a case.
    pub cases: Vec<Case>,
}

/// One case, in the terms of its layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// A case of heaps: heap cases of every kind, and HDU 1848's three.
    Heaps(Vec<u64>),
    /// A case of one number (zero-terminated, numbers to the end).
    Number(u64),
    /// A case of two numbers (counted pairs, pairs to the end or to zero).
    Pair(u64, u64),
    /// A row game's case.
    Row {
        /// The parameter on the count's line, if the layout has one.
        parameter: Option<u64>,
        /// The row's numbers; two per item when the row is of pairs.
        numbers: Vec<u64>,
    },
    /// An S-Nim case.
    Sets {
        /// The subtraction set `s1 … sk`.
        set: Vec<u64>,
        /// The positions, each its heaps `h1 … hl`.
        positions: Vec<Vec<u64>>,
    },
    /// An HDU 1524 graph with its queries.
    Graph {
        /// Per position, the positions it moves to (`v1 … vX`).
        moves: Vec<Vec<u64>>,
        /// The queries, each the positions of its pieces (`p1 … pM`).
        queries: Vec<Vec<u64>>,
    },
}

impl TestFile {
    /// Reads `bytes`, an input of `problem` that `validate` accepted. Other
    /// bytes give an error at the first thing that does not fit the layout.
    pub fn read(problem: &Problem, bytes: &[u8]) -> Result<TestFile, Error> {
        let mut reader = Reader { bytes, pos: 0 };
        let cases = reader.cases(problem.layout)?;
        reader.expect_end()?;
        Ok(TestFile { cases })
    }

    /// Appends the file, in `problem`'s strict format, to `out`. The counts
    /// are the lists' lengths; a row of pairs writes its numbers two a line.
    pub fn write(&self, problem: &Problem, out: &mut Vec<u8>) {
        self.write_head(problem, out);
        for case in &self.cases {
            write_case(problem.layout, case, out);
        }
        TestFile::write_end(problem, out);
    }

    /// Appends what comes before the first case: the number of cases,
    /// when the layout has one.
    pub fn write_head(&self, problem: &Problem, out: &mut Vec<u8>) {
        if problem.layout.has_case_count() {
            line(out, &[self.cases.len() as u64]);
        }
    }

    /// Appends one case, as [`TestFile::write`] writes it.
    pub fn write_case(problem: &Problem, case: &Case, out: &mut Vec<u8>) {
        write_case(problem.layout, case, out);
    }

    /// Appends the layout's end marker, if it has one.
    pub fn write_end(problem: &Problem, out: &mut Vec<u8>) {
        match problem.layout {
            Layout::ZeroTerminated
            | Layout::HeapCasesToZero { .. }
            | Layout::SubtractionSetCases => out.extend_from_slice(b"0\n"),
            Layout::PairsToZero { .. } => out.extend_from_slice(b"0 0\n"),
            Layout::HeapTriplesToZero => out.extend_from_slice(b"0 0 0\n"),
            _ => {}
        }
    }

    /// The file's bytes, as [`TestFile::write`] writes them.
    pub fn to_bytes(&self, problem: &Problem) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(problem, &mut out);
        out
    }
}

/// Writes one case of `layout`.
fn write_case(layout: Layout, case: &Case, out: &mut Vec<u8>) {
    match case {
        Case::Heaps(heaps) => match layout {
            Layout::HeapTriplesToZero => line(out, heaps),
            Layout::HeapCasesToZero { same_line: true } => counted_line(out, heaps),
            _ => {
                line(out, &[heaps.len() as u64]);
                line(out, heaps);
            }
        },
        Case::Number(n) => line(out, &[*n]),
        Case::Pair(a, b) => line(out, &[*a, *b]),
        Case::Row { parameter, numbers } => {
            let pairs = matches!(layout, Layout::Rows(Rows { pairs: true, .. }));
            let width = if pairs { 2 } else { 1 };
            let count = (numbers.len() / width) as u64;
            match parameter {
                Some(parameter) => line(out, &[count, *parameter]),
                None => line(out, &[count]),
            }
            match pairs {
                true => numbers.chunks(2).for_each(|pair| line(out, pair)),
                false => line(out, numbers),
            }
        }
        Case::Sets { set, positions } => {
            counted_line(out, set);
            line(out, &[positions.len() as u64]);
            for heaps in positions {
                counted_line(out, heaps);
            }
        }
        Case::Graph { moves, queries } => {
            line(out, &[moves.len() as u64]);
            for targets in moves {
                counted_line(out, targets);
            }
            for pieces in queries {
                counted_line(out, pieces);
            }
            line(out, &[0]);
        }
    }
}

/// A line of `numbers`, single spaces between them (an empty line for none).
fn line(out: &mut Vec<u8>, numbers: &[u64]) {
    for (i, &n) in numbers.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        push_decimal(out, n);
    }
    out.push(b'\n');
}

/// A line of how many `numbers` there are, then the numbers.
fn counted_line(out: &mut Vec<u8>, numbers: &[u64]) {
    push_decimal(out, numbers.len() as u64);
    for &n in numbers {
        out.push(b' ');
        push_decimal(out, n);
    }
    out.push(b'\n');
}

/// Numbers separated by whitespace, read in the layout's order.
struct Reader<'a> {
    bytes: &'a [u8],
    /// The next byte to read.
    pos: usize,
}

impl Reader<'_> {
    /// Every case of `layout`, up to its end marker or the end of input.
    fn cases(&mut self, layout: Layout) -> Result<Vec<Case>, Error> {
        let mut cases = Vec::new();
        if layout.has_case_count() {
            let count = self.number("the number of cases T")?;
            for _ in 0..count {
                cases.push(self.case(layout)?);
            }
            return Ok(cases);
        }
        loop {
            let ended = match layout {
                Layout::ZeroTerminated
                | Layout::HeapCasesToZero { .. }
                | Layout::SubtractionSetCases => self.at_zeros(1),
                Layout::PairsToZero { .. } => self.at_zeros(2),
                Layout::HeapTriplesToZero => self.at_zeros(3),
                _ => self.at_end(),
            };
            if ended {
                return Ok(cases);
            }
            cases.push(self.case(layout)?);
        }
    }

    /// One case of `layout`.
    fn case(&mut self, layout: Layout) -> Result<Case, Error> {
        Ok(match layout {
            Layout::HeapCases | Layout::HeapCasesToEnd | Layout::HeapCasesToZero { .. } => {
                Case::Heaps(self.counted("the number of heaps", "a heap")?)
            }
            Layout::HeapTriplesToZero => Case::Heaps(self.numbers(3, "a heap")?),
            Layout::ZeroTerminated | Layout::NumbersToEnd => Case::Number(self.number("n")?),
            Layout::CountedPairs | Layout::PairsToEnd | Layout::PairsToZero { .. } => Case::Pair(
                self.number("a case's first number")?,
                self.number("its second")?,
            ),
            Layout::Rows(rows) => {
                let count = self.number("the row's count")?;
                let parameter = match rows.parameter {
                    true => Some(self.number("the row's parameter")?),
                    false => None,
                };
                let width = if rows.pairs { 2 } else { 1 };
                let numbers = self.numbers(count.saturating_mul(width), "a number of the row")?;
                Case::Row { parameter, numbers }
            }
            Layout::SubtractionSetCases => {
                let set = self.counted("the set size k", "a removal")?;
                let count = self.number("the number of positions m")?;
                let mut positions = Vec::new();
                for _ in 0..count {
                    positions.push(self.counted("the number of heaps l", "a heap")?);
                }
                Case::Sets { set, positions }
            }
            Layout::GraphCases => {
                let count = self.number("the number of positions N")?;
                let mut moves = Vec::new();
                for _ in 0..count {
                    moves.push(self.counted("the number of moves X", "a move")?);
                }
                let mut queries = Vec::new();
                while !self.at_zeros(1) {
                    queries.push(self.counted("the number of pieces M", "a piece")?);
                }
                Case::Graph { moves, queries }
            }
        })
    }

    /// A count, then that many numbers.
    fn counted(&mut self, count: &str, each: &str) -> Result<Vec<u64>, Error> {
        let n = self.number(count)?;
        self.numbers(n, each)
    }

    /// `n` numbers. The vector grows as they are read, so a count larger
    /// than the input reaches its end rather than reserving memory for it.
    fn numbers(&mut self, n: u64, each: &str) -> Result<Vec<u64>, Error> {
        let mut numbers = Vec::new();
        for _ in 0..n {
            numbers.push(self.number(each)?);
        }
        Ok(numbers)
    }

    /// Whether `n` zeros come next (an end marker): if so, reads them.
    fn at_zeros(&mut self, n: usize) -> bool {
        let start = self.pos;
        for _ in 0..n {
            if self.at_end() || self.number("").ok() != Some(0) {
                self.pos = start;
                return false;
            }
        }
        true
    }

    /// Whether nothing but whitespace is left.
    fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.bytes.len()
    }

    fn skip_whitespace(&mut self) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    }

    /// The next number, `what` the layout expects there.
    fn number(&mut self, what: &str) -> Result<u64, Error> {
        self.skip_whitespace();
        let start = self.pos;
        let rest = &self.bytes[start..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            let found = rest
                .first()
                .map_or("the end of input".to_string(), |&b| describe_byte(b));
            return Err(self.error(start, format!("expected {what}, found {found}")));
        }
        let value = rest[..digits].iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        let value =
            value.ok_or_else(|| self.error(start, format!("{what} does not fit in 64 bits")))?;
        self.pos = start + digits;
        Ok(value)
    }

    /// Refuses anything but whitespace after the last case.
    fn expect_end(&mut self) -> Result<(), Error> {
        match self.at_end() {
            true => Ok(()),
            false => {
                let found = describe_byte(self.bytes[self.pos]);
                let message =
                    format!("expected the end of input after the last case, found {found}");
                Err(self.error(self.pos, message))
            }
        }
    }

    fn error(&self, at: usize, message: String) -> Error {
        Error::Input {
            path: "test".to_string(),
            offset: at as u64,
            position: Position::in_bytes(self.bytes, at),
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameParams;
    use crate::gen::{generate, GenOptions};
    use crate::problem::CATALOGUE;

    /// Files `gen` writes for `problem` under several seeds and shapes,
    /// each with its options.
    fn generated(problem: &Problem) -> Vec<(GenOptions, Vec<u8>)> {
        let params = GameParams {
            max_take: Some(3),
            upto: Some(1 << 12),
            ..GameParams::default()
        };
        let mut files = Vec::new();
        for seed in 1..=6 {
            let mut options = GenOptions::within_limits(problem);
            options.seed = seed;
            options.cases = options.cases.min(seed + 1);
            options.heaps = options.heaps.min(seed * 2).max(problem.limits.heaps.min);
            options.losing = [0.0, 0.5, 1.0][seed as usize % 3];
            let mut game = problem.build_game(&params).unwrap();
            let mut bytes = Vec::new();
            generate(problem, &mut game, &options, &mut bytes, 1, &mut |_| {}).unwrap();
            files.push((options, bytes));
        }
        files
    }

    #[test]
    fn what_gen_writes_is_read_and_written_back_byte_for_byte() {
        for problem in &CATALOGUE {
            for (options, bytes) in generated(problem) {
                let test = TestFile::read(problem, &bytes)
                    .unwrap_or_else(|e| panic!("{} seed {}: {e}", problem.name, options.seed));
                assert_eq!(test.cases.len() as u64, options.cases, "{}", problem.name);
                assert_eq!(
                    String::from_utf8_lossy(&test.to_bytes(problem)),
                    String::from_utf8_lossy(&bytes),
                    "{} seed {}",
                    problem.name,
                    options.seed
                );
            }
        }
    }

    #[test]
    fn every_layout_is_read_into_its_cases() {
        let read = |name: &str, bytes: &[u8]| {
            let problem = Problem::find(name).unwrap();
            TestFile::read(problem, bytes).unwrap().cases
        };
        assert_eq!(
            read("nim", b"2\n3\n1 2 3\n0\n\n"),
            [Case::Heaps(vec![1, 2, 3]), Case::Heaps(vec![])]
        );
        assert_eq!(read("hdu2176", b"2 5 6\n0\n"), [Case::Heaps(vec![5, 6])]);
        assert_eq!(
            read("hdu1848", b"1 2 3\n0 0 0\n"),
            [Case::Heaps(vec![1, 2, 3])]
        );
        assert_eq!(read("fibonacci", b"7\n0\n"), [Case::Number(7)]);
        assert_eq!(
            read("hdu1847", b"7\n8\n"),
            [Case::Number(7), Case::Number(8)]
        );
        assert_eq!(
            read("wythoff", b"1 2\n0 0\n"),
            [Case::Pair(1, 2), Case::Pair(0, 0)]
        );
        assert_eq!(read("hdu2147", b"1 2\n0 0\n"), [Case::Pair(1, 2)]);
        assert_eq!(
            read("hdu1536", b"2 1 3\n2\n1 4\n0\n0\n"),
            [Case::Sets {
                set: vec![1, 3],
                positions: vec![vec![4], vec![]]
            }]
        );
        // HDU 1524's sample has an empty line between graphs.
        assert_eq!(
            read("hdu1524", b"2\n1 1\n0\n1 0\n0\n\n1\n0\n0\n"),
            [
                Case::Graph {
                    moves: vec![vec![1], vec![]],
                    queries: vec![vec![0]]
                },
                Case::Graph {
                    moves: vec![vec![]],
                    queries: vec![]
                }
            ]
        );
        assert_eq!(
            read("hdu1730", b"2 5\n1 2\n3 4\n"),
            [Case::Row {
                parameter: Some(5),
                numbers: vec![1, 2, 3, 4]
            }]
        );
    }

    /// Counts follow the lists, whatever was edited.
    #[test]
    fn the_counts_are_written_from_the_lists() {
        let nim = Problem::find("nim").unwrap();
        let mut test = TestFile::read(nim, b"2\n3\n1 2 3\n1\n4\n").unwrap();
        test.cases.remove(0);
        test.cases[0] = Case::Heaps(vec![4, 5]);
        assert_eq!(test.to_bytes(nim), b"1\n2\n4 5\n");
        let sets = Problem::find("hdu1536").unwrap();
        let test = TestFile {
            cases: vec![Case::Sets {
                set: vec![2],
                positions: vec![vec![3, 4]],
            }],
        };
        assert_eq!(test.to_bytes(sets), b"1 2\n1\n2 3 4\n0\n");
    }

    #[test]
    fn bytes_that_do_not_fit_the_layout_are_an_error_with_a_position() {
        let nim = Problem::find("nim").unwrap();
        let error = |problem: &Problem, bytes: &[u8]| {
            TestFile::read(problem, bytes).unwrap_err().to_string()
        };
        assert_eq!(
            error(nim, b"1\n2\n3 x\n"),
            "test:3:3: expected a heap, found 'x'"
        );
        assert_eq!(
            error(nim, b"1\n1\n3\n4\n"),
            "test:4:1: expected the end of input after the last case, found '4'"
        );
        assert!(error(nim, b"99999999999999999999999\n").contains("64 bits"));
        assert!(error(nim, b"18446744073709551615\n1\n").contains("end of input"));
        let fibonacci = Problem::find("fibonacci").unwrap();
        assert!(error(fibonacci, b"5\n").contains("found the end of input"));
    }

    /// Any bytes give cases or an error, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic() {
        use proptest::prelude::*;
        let config = ProptestConfig::with_cases(crate::testing::proptest_cases(64));
        proptest!(config, |(bytes in proptest::collection::vec(
            prop_oneof![Just(b'0'), Just(b'1'), Just(b'9'), Just(b' '), Just(b'\n'), any::<u8>()],
            0..64,
        ))| {
            for problem in &CATALOGUE {
                if let Ok(test) = TestFile::read(problem, &bytes) {
                    let again = TestFile::read(problem, &test.to_bytes(problem));
                    prop_assert_eq!(again.ok(), Some(test), "{}", problem.name);
                }
            }
        });
    }
}
