//! Every kernel against the reference kernel, on the same inputs.

use proptest::prelude::*;

use super::*;
use crate::testing::tokens;

/// A visitor that sums and xors what it is given, and refuses values above
/// `limit`: enough to see every token's value and the place of a refusal,
/// with no game involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Digest {
    sum: u64,
    xor: u64,
    limit: u64,
}

impl Visitor for Digest {
    const MAY_REFUSE: bool = true;

    fn visit(&mut self, value: u64) -> bool {
        if value > self.limit {
            return false;
        }
        self.sum = self.sum.wrapping_add(value);
        self.xor ^= value.rotate_left(self.sum as u32 % 64);
        true
    }
}

/// The same digest, compiled without the refusal check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Accepting(Digest);

impl Visitor for Accepting {
    fn visit(&mut self, value: u64) -> bool {
        self.0.visit(value)
    }
}

/// The same digest, with the walk compiled for tokens past 16 digits
/// ([`Visitor::LONG_TOKENS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Long(Digest);

impl Visitor for Long {
    const MAY_REFUSE: bool = true;
    const LONG_TOKENS: bool = true;

    fn visit(&mut self, value: u64) -> bool {
        self.0.visit(value)
    }
}

/// Visits in steps of `step` tokens, as a caller that resumes would.
fn walked<V: Visitor>(
    kernel: Kernel,
    bytes: &[u8],
    step: u64,
    mut visitor: V,
) -> (V, u64, usize, Option<Stop>) {
    let (mut pos, mut read) = (0, 0);
    loop {
        let f = kernel.visit(bytes, pos, step, &mut visitor);
        pos = f.pos;
        read += f.read;
        if f.stop.is_some() || f.read < step {
            return (visitor, read, pos, f.stop);
        }
    }
}

/// A digest that refuses values above `limit`.
fn digest(limit: u64) -> Digest {
    Digest {
        sum: 0,
        xor: 0,
        limit,
    }
}

/// [`walked`] with a visitor that refuses values above `limit`.
fn visited(
    kernel: Kernel,
    bytes: &[u8],
    step: u64,
    limit: u64,
) -> (Digest, u64, usize, Option<Stop>) {
    walked(kernel, bytes, step, digest(limit))
}

/// [`walked`] with a visitor that cannot refuse.
fn accepted(kernel: Kernel, bytes: &[u8], step: u64) -> (Accepting, u64, Option<Stop>) {
    let (visitor, read, _, stop) = walked(kernel, bytes, step, Accepting(digest(u64::MAX)));
    (visitor, read, stop)
}

fn assert_kernels_agree(bytes: &[u8]) {
    let expected = tokens(Kernel::REFERENCE, bytes);
    for kernel in Kernel::available() {
        assert_eq!(
            tokens(kernel, bytes),
            expected,
            "{:?} on {:?}",
            kernel,
            bytes
        );
        for step in [1, 3, u64::MAX] {
            assert_eq!(
                accepted(kernel, bytes, step),
                accepted(Kernel::REFERENCE, bytes, step),
                "{:?} visit step {} on {:?}",
                kernel,
                step,
                String::from_utf8_lossy(bytes)
            );
            for limit in [u64::MAX, 1 << 40, 1000, 9] {
                let expected = visited(Kernel::REFERENCE, bytes, step, limit);
                let (long, read, pos, stop) = walked(kernel, bytes, step, Long(digest(limit)));
                assert_eq!(
                    (long.0, read, pos, stop),
                    expected,
                    "{kernel:?} long walk, step {step} limit {limit} on {:?}",
                    String::from_utf8_lossy(bytes)
                );
                assert_eq!(
                    visited(kernel, bytes, step, limit),
                    expected,
                    "{:?} visit step {} limit {} on {:?}",
                    kernel,
                    step,
                    limit,
                    String::from_utf8_lossy(bytes)
                );
            }
        }
    }
}

#[test]
fn reference_reads_plain_tokens() {
    let (toks, stop) = tokens(
        Kernel::REFERENCE,
        b" 12\t0 \r\n007 18446744073709551615\x0b\x0c9",
    );
    let values: Vec<u64> = toks.iter().map(|t| t.value).collect();
    assert_eq!(values, [12, 0, 7, u64::MAX, 9]);
    assert_eq!(stop, Stop::End);
    assert_eq!((toks[2].start, toks[2].end), (8, 11));
}

#[test]
fn reference_reports_faults() {
    assert_eq!(
        tokens(Kernel::REFERENCE, b"1 -2").1,
        Stop::Invalid { at: 2, byte: b'-' }
    );
    assert_eq!(
        tokens(Kernel::REFERENCE, b"1 18446744073709551616 x").1,
        Stop::Overflow { at: 2 }
    );
    assert_eq!(
        tokens(Kernel::REFERENCE, b"12a").1,
        Stop::Invalid { at: 2, byte: b'a' }
    );
    assert_eq!(tokens(Kernel::REFERENCE, b"").1, Stop::End);
}

#[test]
fn every_token_length_at_every_window_offset() {
    let digits = b"98765432109876543210000000000000000000001";
    for offset in 0..140 {
        for len in 1..=digits.len() {
            let mut bytes = vec![b' '; offset];
            bytes.extend_from_slice(&digits[digits.len() - len..]);
            for tail in [
                &b""[..],
                b" ",
                b" 5",
                b"x",
                b"\n7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22",
            ] {
                let mut case = bytes.clone();
                case.extend_from_slice(tail);
                assert_kernels_agree(&case);
            }
        }
    }
}

#[test]
fn overflow_boundary_values() {
    for text in [
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999",
        "100000000000000000000",
        "000000000000000000000000000000000018446744073709551615",
        "000000000000000000000000000000000018446744073709551616",
        "9999999999999999",
        "10000000000000000",
        "99999999999999999",
        "9999999999999999999",
        "10000000000000000000",
        "4294967295 4294967296 2147483647",
    ] {
        for pad in 0..66 {
            let bytes = format!("{}{} 1", " ".repeat(pad), text);
            assert_kernels_agree(bytes.as_bytes());
        }
        // After 0 to 4 short tokens, in every place of a step of four, in
        // the first and second windows.
        for before in 0..5 {
            for pad in [16, 40, 63, 64, 80, 100] {
                let bytes = format!(
                    "{}{}{} 1 22{FILLER}",
                    " ".repeat(pad),
                    "7 ".repeat(before),
                    text
                );
                assert_steps_agree(bytes.as_bytes(), before as u64 + 2);
            }
        }
    }
}

#[test]
fn a_refused_token_stops_the_scan_at_its_start_unconsumed() {
    let bytes = b"1 2 3 1000000 4 5";
    for kernel in Kernel::available() {
        let (digest, read, pos, stop) = visited(kernel, bytes, u64::MAX, 999);
        assert_eq!((digest.sum, read), (6, 3), "{kernel:?}");
        assert_eq!(pos, 5, "{kernel:?}: resumes after the last token accepted");
        assert_eq!(
            stop,
            Some(Stop::Refused {
                at: 6,
                value: 1_000_000
            }),
            "{kernel:?}"
        );
    }
}

#[test]
fn only_detection_builds_the_vector_kernels() {
    let available = Kernel::available();
    assert_eq!(available[..2], [Kernel::REFERENCE, Kernel::SWAR]);
    assert_eq!(Kernel::detect(), *available.last().unwrap());
    for name in Kernel::NAMES {
        let kernel = Kernel::by_name(name);
        assert_eq!(
            kernel.is_some(),
            available.iter().any(|k| k.name() == name),
            "{name}"
        );
    }
    assert_eq!(Kernel::by_name("sse9"), None);
}

#[test]
fn eight_digit_conversion_matches_arithmetic() {
    for value in [
        0u64, 1, 9, 10, 12345678, 99999999, 10000000, 87654321, 1020304,
    ] {
        let text = format!("{:08}", value);
        let word = u64::from_le_bytes(text.as_bytes().try_into().unwrap()) ^ 0x3030_3030_3030_3030;
        assert_eq!(word::eight_digits(word), value);
    }
}

fn byte_soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => "[0-9]{1,22}".prop_map(|s| s.into_bytes()),
        4 => prop::sample::select(vec![" ", "\n", "\r\n", "\t", "  ", "\x0b", "\x0c"]).prop_map(|s| s.as_bytes().to_vec()),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::testing::proptest_cases(2000)))]

    #[test]
    fn kernels_agree_on_token_soup(bytes in byte_soup()) {
        assert_kernels_agree(&bytes);
    }

    #[test]
    fn kernels_agree_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        assert_kernels_agree(&bytes);
    }
}

// ---------------------------------------------------------------------------
// The windowed walk: tokens two per step, windows carried into each other.

/// A visitor that refuses the `nth` token it is shown (counting from 0, over
/// every call) and sums the others.
/// `LONG` compiles the walk for tokens past 16 digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefuseNth<const LONG: bool> {
    seen: u64,
    nth: u64,
    sum: u64,
}

impl<const LONG: bool> Visitor for RefuseNth<LONG> {
    const MAY_REFUSE: bool = true;
    const LONG_TOKENS: bool = LONG;

    fn visit(&mut self, value: u64) -> bool {
        self.seen += 1;
        if self.seen - 1 == self.nth {
            return false;
        }
        self.sum = self
            .sum
            .wrapping_add(value.rotate_left(self.seen as u32 % 64));
        true
    }
}

/// Every `visit` result of a scan in steps of `step` tokens, with the
/// visitor's state after each.
fn steps_of<V: Visitor + std::fmt::Debug>(
    kernel: Kernel,
    bytes: &[u8],
    step: u64,
    mut visitor: V,
) -> Vec<(Folded, String)> {
    let mut pos = 0;
    let mut out = Vec::new();
    loop {
        let folded = kernel.visit(bytes, pos, step, &mut visitor);
        out.push((folded, format!("{visitor:?}")));
        if folded.stop.is_some() || folded.read < step {
            return out;
        }
        pos = folded.pos;
    }
}

/// Every kernel gives the reference's `visit` results, call by call, for
/// steps of 1 to 9 tokens and unlimited, and when each of the first
/// `refusals` tokens is refused.
fn assert_steps_agree(bytes: &[u8], refusals: u64) {
    let text = String::from_utf8_lossy(bytes);
    for kernel in Kernel::available() {
        for step in (1..=9).chain([u64::MAX]) {
            let digest = Accepting(Digest {
                sum: 0,
                xor: 0,
                limit: u64::MAX,
            });
            assert_eq!(
                steps_of(kernel, bytes, step, digest),
                steps_of(Kernel::REFERENCE, bytes, step, digest),
                "{kernel:?} step {step} on {text:?}"
            );
            let long = Long(digest.0);
            assert_eq!(
                steps_of(kernel, bytes, step, long),
                steps_of(Kernel::REFERENCE, bytes, step, long),
                "{kernel:?} long walk, step {step} on {text:?}"
            );
        }
        for nth in 0..refusals {
            for step in [1, 2, 3, u64::MAX] {
                let refuse = RefuseNth::<false> {
                    seen: 0,
                    nth,
                    sum: 0,
                };
                assert_eq!(
                    steps_of(kernel, bytes, step, refuse),
                    steps_of(Kernel::REFERENCE, bytes, step, refuse),
                    "{kernel:?} refusing token {nth}, step {step} on {text:?}"
                );
                let refuse = RefuseNth::<true> {
                    seen: 0,
                    nth,
                    sum: 0,
                };
                assert_eq!(
                    steps_of(kernel, bytes, step, refuse),
                    steps_of(Kernel::REFERENCE, bytes, step, refuse),
                    "{kernel:?} long walk refusing token {nth}, step {step} on {text:?}"
                );
            }
        }
    }
}

/// Tokens to follow the ones a test is about: the last 64 bytes of a slice
/// go through the one-token path, so a token needs this much after it to
/// be read by the windowed walk.
const FILLER: &str = " 3 14 159 2653 58979 323846 2643383 27950288 419716939 9375105820 9\n";

/// `len` digits that vary with `seed`, the first nonzero unless `len` > 19
/// (so that runs of 20 digits or more overflow or not depending on `seed`).
fn digit_run(len: usize, seed: usize) -> String {
    (0..len)
        .map(|i| {
            let digit = (seed * 7 + i * 3 + 1) % 10;
            let digit = if i == 0 && len <= 19 {
                digit.max(1)
            } else {
                digit
            };
            char::from(b'0' + digit as u8)
        })
        .collect()
}

#[test]
fn pairs_of_lengths_at_every_phase() {
    // Tokens of lengths a and b alternate, so that every step pairs an a
    // with a b, including runs too long for one conversion (17 and more)
    // and runs that overflow; the offset moves the pattern across the
    // windows' edges.
    for a in (1..=21).step_by(2) {
        for b in [1, 2, 8, 10, 15, 16, 17, 20] {
            for offset in 0..(a + b + 2) {
                let mut text = " ".repeat(offset);
                let mut k = 0;
                while text.len() < 200 {
                    let len = if k % 2 == 0 { a } else { b };
                    text.push_str(&digit_run(len, k));
                    text.push(if k % 5 == 4 { '\n' } else { ' ' });
                    k += 1;
                }
                assert_steps_agree(text.as_bytes(), 0);
            }
        }
    }
}

#[test]
fn refusing_each_token_of_a_step() {
    for lens in [
        [10, 10, 9, 10],
        [1, 2, 3, 4],
        [16, 1, 17, 5],
        [3, 18, 2, 30],
    ] {
        let mut text = String::from("   ");
        let mut k = 0;
        while text.len() < 260 {
            text.push_str(&digit_run(lens[k % 4], k));
            text.push(' ');
            k += 1;
        }
        assert_steps_agree(text.as_bytes(), k as u64 + 1);
    }
}

#[test]
fn four_long_runs_per_step_with_an_overflow_in_each_place() {
    // Runs of 17 to 20 digits, four to a step in the long walk, with one
    // past u64::MAX (or exactly at it) in each place, mixed with short runs.
    let max = u64::MAX.to_string();
    for special in [
        "18446744073709551616",
        &max,
        "99999999999999999999",
        "00000000000000000001",
    ] {
        for place in 0..6 {
            for lens in [
                [17, 18, 19, 20],
                [20, 3, 17, 16],
                [1, 20, 20, 2],
                [19, 19, 19, 19],
            ] {
                let mut text = " ".repeat(17 + place * 3);
                for k in 0..12 {
                    if k == place {
                        text.push_str(special);
                    } else {
                        text.push_str(&digit_run(lens[k % 4], k));
                    }
                    text.push(if k % 3 == 2 { '\n' } else { ' ' });
                }
                text.push_str(FILLER);
                assert_steps_agree(text.as_bytes(), 8);
            }
        }
    }
}

#[test]
fn long_runs_across_windows() {
    for len in [17, 20, 21, 40, 63, 64, 65, 100, 130] {
        for offset in [0, 1, 15, 16, 17, 40, 63, 64, 70, 100] {
            for zeros in [true, false] {
                let run = if zeros {
                    // Leading zeros: long but in range.
                    format!("{}{}", "0".repeat(len - 3), "123")
                } else {
                    digit_run(len, offset)
                };
                let text = format!("{}{run} 12 3 45678 {run} 9{FILLER}", " ".repeat(offset));
                assert_steps_agree(text.as_bytes(), 4);
            }
        }
    }
}

#[test]
fn every_byte_value_in_every_window_position() {
    // A byte of each value replaces each byte of a token stream in turn:
    // inside a token, next to one, in the whitespace; before offset 16, in
    // the first and second windows, and in the tail.
    let mut base = String::new();
    let mut k = 0;
    while base.len() < 150 {
        base.push_str(&digit_run(1 + k % 12, k));
        base.push(if k % 3 == 0 { '\t' } else { ' ' });
        k += 1;
    }
    let expected_for = |bytes: &[u8]| {
        let reference = steps_of(
            Kernel::REFERENCE,
            bytes,
            u64::MAX,
            RefuseNth::<false> {
                seen: 0,
                nth: u64::MAX,
                sum: 0,
            },
        );
        (tokens(Kernel::REFERENCE, bytes), reference)
    };
    for byte in 0..=255u8 {
        for at in 0..base.len() {
            let mut bytes = base.clone().into_bytes();
            bytes[at] = byte;
            let expected = expected_for(&bytes);
            for kernel in Kernel::available() {
                let visitor = RefuseNth::<false> {
                    seen: 0,
                    nth: u64::MAX,
                    sum: 0,
                };
                assert_eq!(
                    (
                        tokens(kernel, &bytes),
                        steps_of(kernel, &bytes, u64::MAX, visitor)
                    ),
                    expected,
                    "{kernel:?}: byte {byte:#04x} at {at}"
                );
            }
        }
    }
}
