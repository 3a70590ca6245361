//! Tokenizer throughput: nimstream's kernels against the usual ways of
//! reading whitespace-separated integers in Rust.
//!
//! Every contender reads the same buffers and does the same work per token:
//! parse it as a `u64`, fail on anything that is not a number, and fold it
//! into an xor and a count (what `NormalNim` does, plus the count). The
//! buffers are:
//!
//! * `uniform31`: uniform in `0..2^31`, the shape of the reference workload
//!   (`bench/e2e.sh`): mostly ten-digit tokens.
//! * `small`: one to three digits, with the digit count drawn first so that
//!   short tokens are common; the per-token overhead dominates.
//! * `u64`: uniform over all of `u64`: nineteen- and twenty-digit tokens,
//!   past the vector kernels' sixteen-digit fast path.
//!
//! Before any timing, every contender's result is checked against
//! `str::parse`, so a fast wrong kernel cannot win.
//!
//! Run: `cargo bench --bench tokenizer -- --warm-up-time 1 --measurement-time 2`
//! (append a filter such as `uniform31/` to run one buffer).

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimstream::games::{nim::NormalNim, CaseSummary, FoldHeaps, NoTrace};
use nimstream::rng::SplitMix64;
use nimstream::scan::{is_space, Kernel, Stop};

/// Bytes per buffer: large enough to leave L2 (as a real input does), small
/// enough that a 2-second measurement takes many samples.
const TARGET_BYTES: usize = 4 << 20;

/// What every contender computes: tokens read, and their xor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Digest {
    count: u64,
    xor: u64,
}

/// A buffer in the generator's format: single spaces, a newline every
/// `PER_LINE` tokens, one final newline. Seeded, so runs compare.
fn buffer(seed: u64, mut draw: impl FnMut(&mut SplitMix64) -> u64) -> Vec<u8> {
    const PER_LINE: usize = 16;
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(TARGET_BYTES + 64);
    let mut digits = itoa::Buffer::new();
    let mut on_line = 0;
    while out.len() < TARGET_BYTES {
        out.extend_from_slice(digits.format(draw(&mut rng)).as_bytes());
        on_line += 1;
        if on_line == PER_LINE {
            out.push(b'\n');
            on_line = 0;
        } else {
            out.push(b' ');
        }
    }
    // The last separator becomes the final newline.
    *out.last_mut().expect("buffer is not empty") = b'\n';
    out
}

fn buffers() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("uniform31", buffer(1, |rng| rng.between(0, (1 << 31) - 1))),
        (
            "small",
            buffer(2, |rng| match rng.between(1, 3) {
                1 => rng.between(0, 9),
                2 => rng.between(10, 99),
                _ => rng.between(100, 999),
            }),
        ),
        ("u64", buffer(3, |rng| rng.next_u64())),
    ]
}

// ---------------------------------------------------------------------------
// nimstream

/// The kernel's bulk path, as the solver uses it: one `visit` over the slice.
#[inline(never)]
fn kernel_fold(kernel: Kernel, bytes: &[u8]) -> Option<Digest> {
    let mut visitor = FoldHeaps::<_, NoTrace>::new(&NormalNim, CaseSummary::default());
    let folded = kernel.visit(bytes, 0, u64::MAX, &mut visitor);
    match folded.stop {
        Some(Stop::End) => Some(Digest {
            count: folded.read,
            xor: visitor.acc.xor,
        }),
        _ => None,
    }
}

/// The kernel one token at a time; used for the check (it also yields a
/// sum, which an xor cannot: equal tokens cancel in an xor).
fn kernel_tokens(kernel: Kernel, bytes: &[u8]) -> Option<(Digest, u64)> {
    let (mut pos, mut digest, mut sum) = (0, Digest { count: 0, xor: 0 }, 0u64);
    loop {
        match kernel.next_token(bytes, pos) {
            Ok(token) => {
                digest.count += 1;
                digest.xor ^= token.value;
                sum = sum.wrapping_add(token.value);
                pos = token.end;
            }
            Err(Stop::End) => return Some((digest, sum)),
            Err(_) => return None,
        }
    }
}

// ---------------------------------------------------------------------------
// The comparison points

/// The idiomatic baseline. UTF-8 validation is inside the timing because a
/// program reading bytes has to pay it before it can have a `&str`.
#[inline(never)]
fn std_parse(bytes: &[u8]) -> Option<Digest> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut digest = Digest { count: 0, xor: 0 };
    for word in text.split_ascii_whitespace() {
        digest.xor ^= word.parse::<u64>().ok()?;
        digest.count += 1;
    }
    Some(digest)
}

/// Calls `parse` on every whitespace-separated slice. A plain byte loop, with
/// nimstream's definition of whitespace, so the parsers differ only in the
/// parse call. (memchr cannot search for six separators at once, and
/// `split(is_space)` produces empty slices between separators to filter.)
#[inline(always)]
fn split_parse(bytes: &[u8], parse: impl Fn(&[u8]) -> Option<u64>) -> Option<Digest> {
    let mut digest = Digest { count: 0, xor: 0 };
    let (mut i, n) = (0, bytes.len());
    while i < n {
        while i < n && is_space(bytes[i]) {
            i += 1;
        }
        let start = i;
        while i < n && !is_space(bytes[i]) {
            i += 1;
        }
        if start < i {
            digest.xor ^= parse(&bytes[start..i])?;
            digest.count += 1;
        }
    }
    Some(digest)
}

/// Skips whitespace, then lets `parse` find the token's end itself and say
/// how long it was: the way both libraries suggest reading a stream, which
/// saves the splitter's pass over the digits.
#[inline(always)]
fn partial_parse(bytes: &[u8], parse: impl Fn(&[u8]) -> Option<(u64, usize)>) -> Option<Digest> {
    let mut digest = Digest { count: 0, xor: 0 };
    let (mut i, n) = (0, bytes.len());
    loop {
        while i < n && is_space(bytes[i]) {
            i += 1;
        }
        if i == n {
            return Some(digest);
        }
        let (value, len) = parse(&bytes[i..])?;
        // A token must end at whitespace or the end ("12x" is an error).
        if len == 0 || (i + len < n && !is_space(bytes[i + len])) {
            return None;
        }
        digest.xor ^= value;
        digest.count += 1;
        i += len;
    }
}

#[inline(never)]
fn atoi_simd_split(bytes: &[u8]) -> Option<Digest> {
    split_parse(bytes, |s| atoi_simd::parse_pos::<u64>(s).ok())
}

#[inline(never)]
fn atoi_simd_partial(bytes: &[u8]) -> Option<Digest> {
    partial_parse(bytes, |s| atoi_simd::parse_any_pos::<u64>(s).ok())
}

#[inline(never)]
fn lexical_split(bytes: &[u8]) -> Option<Digest> {
    split_parse(bytes, |s| lexical_core::parse::<u64>(s).ok())
}

#[inline(never)]
fn lexical_partial(bytes: &[u8]) -> Option<Digest> {
    partial_parse(bytes, |s| lexical_core::parse_partial::<u64>(s).ok())
}

type Contender = (&'static str, fn(&[u8]) -> Option<Digest>);

const CONTENDERS: [Contender; 5] = [
    ("std_parse", std_parse),
    ("atoi_simd_split", atoi_simd_split),
    ("atoi_simd_partial", atoi_simd_partial),
    ("lexical_split", lexical_split),
    ("lexical_partial", lexical_partial),
];

// ---------------------------------------------------------------------------

/// Every contender agrees with `str::parse` on `bytes`, or the bench stops.
fn check(name: &str, bytes: &[u8]) {
    let expected = std_parse(bytes).expect("the generated buffer parses");
    let expected_sum: u64 = std::str::from_utf8(bytes)
        .expect("ASCII")
        .split_ascii_whitespace()
        .map(|w| w.parse::<u64>().expect("a number"))
        .fold(0, u64::wrapping_add);
    for kernel in Kernel::available() {
        assert_eq!(
            kernel_fold(kernel, bytes),
            Some(expected),
            "{}: {} fold disagrees with str::parse",
            name,
            kernel.name()
        );
        assert_eq!(
            kernel_tokens(kernel, bytes),
            Some((expected, expected_sum)),
            "{}: {} next_token disagrees with str::parse",
            name,
            kernel.name()
        );
    }
    for (label, run) in CONTENDERS {
        assert_eq!(
            run(bytes),
            Some(expected),
            "{}: {} disagrees with str::parse",
            name,
            label
        );
    }
}

fn tokenizer(c: &mut Criterion) {
    // atoi_simd picks its SIMD path at compile time, from target features;
    // without them it runs its scalar fallback. Say which one is measured.
    if !cfg!(all(target_feature = "sse4.1", target_feature = "avx2")) {
        eprintln!(
            "note: atoi_simd is measured in its scalar fallback; build with \
             RUSTFLAGS=\"-C target-cpu=native\" for its SIMD path"
        );
    }
    eprintln!(
        "kernels on this CPU: {}",
        Kernel::available()
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (name, bytes) in buffers() {
        check(name, &bytes);
        let mut group = c.benchmark_group(format!("tokenizer/{}", name));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        for kernel in Kernel::available() {
            group.bench_function(format!("nimstream-{}", kernel.name()), |b| {
                b.iter(|| kernel_fold(black_box(kernel), black_box(&bytes)))
            });
        }
        for (label, run) in CONTENDERS {
            group.bench_function(label, |b| b.iter(|| run(black_box(&bytes))));
        }
        group.finish();
    }
}

criterion_group!(benches, tokenizer);
criterion_main!(benches);
