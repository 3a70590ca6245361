//! The tokenizer: digit runs in a byte slice, turned into `u64` values.
//!
//! A judge file is a sequence of *tokens* (runs of ASCII digits) separated by
//! ASCII whitespace (space, `\t`, `\n`, `\v`, `\f`, `\r`). Every other byte is
//! an error, and so is a digit run whose value does not fit in 64 bits.
//!
//! The scanner never copies: it reads the slice it is given and reports byte
//! offsets into it. It knows nothing of games: a caller hands it a
//! [`Visitor`], which takes each token's value and may refuse one (the scan
//! then stops *at* that token, so the caller learns where it is). The same
//! API is served by several kernels, all of which must agree byte for byte,
//! result for result, error for error:
//!
//! * [`reference`](mod@reference): one byte at a time, written to be
//!   obviously right. It is the oracle every other kernel is tested against.
//! * [`word`]: eight bytes at a time in a `u64` (SIMD within a register),
//!   one token at a time. The tail path of every fast kernel.
//! * `arch::portable`: the portable windowed kernel, 64 bytes classified as eight
//!   words; the fallback on every CPU.
//! * `arch::x86_64::avx2` and `arch::x86_64::avx512`: classify 32 or 64 bytes
//!   at once and convert up to 16 digits with a few vector multiply-adds.
//!
//! The windowed kernels share one loop (`window`): a kernel says how to
//! classify a window of bytes into digit and whitespace bit masks and how to
//! convert a short digit run; the loop walks the tokens. The same masks
//! also count tokens without converting them ([`census`](mod@census)), for
//! a pass that only needs to know where cases begin. Both ask for the bytes
//! a page ahead of the window they classify (a software prefetch on
//! x86-64): some CPUs' own prefetchers leave the walk waiting on memory.
//!
//! A [`Kernel`] is a capability: the vector kernels can only be obtained from
//! [`Kernel::detect`], [`Kernel::available`] or [`Kernel::by_name`], which ask
//! the CPU (the only places that do), so the hot paths never check again.
//!
//! A kernel is handed a slice that ends at a token boundary (the end of the
//! input, or a whitespace byte): a token is never cut by the end of the slice.
//! The streaming source in [`crate::source`] keeps that promise by cutting its
//! buffer after the last byte that is not a digit.

pub(crate) mod arch;
pub mod census;
pub mod reference;
pub(crate) mod window;
pub mod word;

/// One digit run: its value and where it lies in the slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The run's value.
    pub value: u64,
    /// Offset of the first digit.
    pub start: usize,
    /// Offset one past the last digit.
    pub end: usize,
}

/// Why a kernel stopped before producing the token it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Only whitespace was left: the slice is exhausted.
    End,
    /// A byte that is neither an ASCII digit nor ASCII whitespace.
    Invalid {
        /// Offset of the byte.
        at: usize,
        /// The byte itself.
        byte: u8,
    },
    /// A digit run, starting at `at`, whose value exceeds `u64::MAX`.
    Overflow {
        /// Offset of the run's first digit.
        at: usize,
    },
    /// The visitor refused the token starting at `at`, worth `value`; it was
    /// not consumed.
    Refused {
        /// Offset of the token's first digit.
        at: usize,
        /// The token's value.
        value: u64,
    },
}

/// What a scan over several tokens did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folded {
    /// Where scanning should resume: just after the last token visited.
    pub pos: usize,
    /// How many tokens were visited (and accepted).
    pub read: u64,
    /// Why the scan stopped early, if it did.
    pub stop: Option<Stop>,
}

/// What a scan does with each token.
///
/// `visit` sits in the innermost loop of every kernel. Visitors are `Copy`
/// because the kernels keep a local copy in registers for the length of a
/// scan and write it back once; a visitor that borrows a table holds a
/// reference to it.
pub trait Visitor: Copy {
    /// Whether [`Visitor::visit`] can return false. When it cannot, the
    /// kernels compile the check out of their loops.
    const MAY_REFUSE: bool = false;

    /// Whether most tokens are expected to be longer than 16 digits (numbers
    /// drawn from the whole `u64` range, as in the pair games' files), which
    /// compiles the walk with their conversion on the likely path. Heaps are
    /// shorter, and their walk is faster with it on the unlikely one.
    const LONG_TOKENS: bool = false;

    /// Takes one token's value. Returning false refuses it: the scan stops
    /// with [`Stop::Refused`] at that token, which stays unconsumed.
    fn visit(&mut self, value: u64) -> bool;

    /// Takes four tokens' values, in order, as four calls of
    /// [`Visitor::visit`] would. The walk calls it only for a visitor that
    /// cannot refuse, so that one that can do the four at once (a fold that
    /// also traces moves) checks once where it would check four times.
    #[inline(always)]
    fn visit4(&mut self, values: [u64; 4]) {
        for value in values {
            self.visit(value);
        }
    }
}

/// Visits `value`; false if the visitor refused it.
#[inline(always)]
pub(crate) fn accept<V: Visitor>(visitor: &mut V, value: u64) -> bool {
    let accepted = visitor.visit(value);
    !V::MAY_REFUSE || accepted
}

/// The whitespace of C's `isspace` in the "C" locale: space and `\t` to `\r`.
///
/// Note that this is not `u8::is_ascii_whitespace`, which leaves out `\v`.
#[inline(always)]
pub fn is_space(byte: u8) -> bool {
    byte == b' ' || byte.wrapping_sub(b'\t') <= b'\r' - b'\t'
}

/// Whether `byte` is an ASCII digit.
#[inline(always)]
pub fn is_digit(byte: u8) -> bool {
    byte.wrapping_sub(b'0') <= 9
}

/// Powers of ten that fit in a `u64`, indexed by exponent.
pub(crate) const POW10: [u64; 20] = {
    let mut table = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// Appends `count` decimal digits worth `chunk` to `value`; `None` on overflow.
#[inline(always)]
pub(crate) fn append_digits(value: u64, chunk: u64, count: usize) -> Option<u64> {
    value.checked_mul(POW10[count])?.checked_add(chunk)
}

/// Which implementation a [`Kernel`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Reference,
    Swar,
    Avx2,
    Avx512,
}

/// A tokenizer implementation that this CPU can run. All of them give
/// identical results.
///
/// Only the portable kernels can be named directly ([`Kernel::REFERENCE`],
/// [`Kernel::SWAR`]); a vector kernel exists only once the CPU has been asked
/// whether it runs it, so holding one is the proof that it may be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kernel(Kind);

impl Kernel {
    /// Byte at a time; the test oracle.
    pub const REFERENCE: Kernel = Kernel(Kind::Reference);
    /// The portable windowed kernel: 64 bytes as eight general-purpose words.
    pub const SWAR: Kernel = Kernel(Kind::Swar);

    /// Every kernel name, whether or not this CPU runs it, narrowest first.
    pub const NAMES: [&'static str; 4] = ["reference", "swar", "avx2", "avx512"];

    /// The widest kernel this CPU runs: AVX-512 where it has it, then AVX2,
    /// then SWAR. Wider is not faster everywhere: on the one AVX-512 CPU
    /// measured (an Intel Xeon), AVX2 read numbers below 2^31 faster, and
    /// numbers across the `u64` range slower (the README's figures).
    pub fn detect() -> Kernel {
        *Kernel::available().last().unwrap_or(&Kernel::SWAR)
    }

    /// Every kernel this CPU can run, narrowest first. With
    /// [`Kernel::by_name`], the only place that probes the CPU.
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::REFERENCE, Kernel::SWAR];
        if arch::avx2_available() {
            kernels.push(Kernel(Kind::Avx2));
        }
        if arch::avx512_available() {
            kernels.push(Kernel(Kind::Avx512));
        }
        kernels
    }

    /// The kernel called `name`, if this CPU runs it. Names are those of
    /// [`Kernel::NAMES`].
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::available().into_iter().find(|k| k.name() == name)
    }

    /// The name used on the command line and in benchmark reports.
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Reference => "reference",
            Kind::Swar => "swar",
            Kind::Avx2 => "avx2",
            Kind::Avx512 => "avx512",
        }
    }

    /// Skips whitespace from `pos` and reads one token.
    #[inline]
    pub fn next_token(self, bytes: &[u8], pos: usize) -> Result<Token, Stop> {
        match self.0 {
            Kind::Reference => reference::next_token(bytes, pos),
            Kind::Swar => arch::portable::next_token(bytes, pos),
            Kind::Avx2 => arch::avx2_next_token(bytes, pos),
            Kind::Avx512 => arch::avx512_next_token(bytes, pos),
        }
    }

    /// Reads up to `limit` tokens from `pos`, handing each to `visitor`.
    ///
    /// Stops early at the end of the slice, at the first fault, or at a token
    /// the visitor refuses; [`Folded`] says how far it got, so that a caller
    /// can resume or report.
    #[inline]
    pub fn visit<V: Visitor>(
        self,
        bytes: &[u8],
        pos: usize,
        limit: u64,
        visitor: &mut V,
    ) -> Folded {
        match self.0 {
            Kind::Reference => visit_tokens::<V, reference::Reference>(bytes, pos, limit, visitor),
            Kind::Swar => arch::portable::visit(bytes, pos, limit, visitor),
            Kind::Avx2 => arch::avx2_visit(bytes, pos, limit, visitor),
            Kind::Avx512 => arch::avx512_visit(bytes, pos, limit, visitor),
        }
    }

    /// Counts the tokens from `pos` without converting them (see
    /// [`census`](mod@census)): `None` when [`Kernel::visit`] would stop at
    /// a byte that is neither digit nor whitespace, or at the first token
    /// because it overflows; a later run that overflows is counted, and left
    /// to the conversion to find.
    #[inline]
    pub fn census(self, bytes: &[u8], pos: usize) -> Option<census::Census> {
        match self.0 {
            Kind::Reference => census::by_walking(bytes, pos),
            Kind::Swar => arch::portable::census(bytes, pos),
            Kind::Avx2 => arch::avx2_census(bytes, pos),
            Kind::Avx512 => arch::avx512_census(bytes, pos),
        }
    }
}

/// A one-token-at-a-time tokenizer, for [`visit_tokens`]. A trait rather than
/// a function value, so that the loop names the kernel in its type and the
/// profile shows one function per kernel instead of a `Fn::call` shim.
pub(crate) trait NextToken {
    fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop>;
}

/// The loop shared by the one-token-at-a-time kernels, and by the windowed
/// kernels for the last bytes of a slice.
///
/// `inline(always)` so that each kernel gets its own copy with its tokenizer
/// inlined, compiled with that kernel's target features.
#[inline(always)]
pub(crate) fn visit_tokens<V: Visitor, T: NextToken>(
    bytes: &[u8],
    mut pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    // A local copy stays in registers (see `window::visit`).
    let mut local = *visitor;
    let mut read = 0;
    let mut stop = None;
    while read < limit {
        match T::next_token(bytes, pos) {
            Ok(token) if accept(&mut local, token.value) => {
                pos = token.end;
                read += 1;
            }
            Ok(token) => {
                stop = Some(Stop::Refused {
                    at: token.start,
                    value: token.value,
                });
                break;
            }
            Err(fault) => {
                stop = Some(fault);
                break;
            }
        }
    }
    *visitor = local;
    Folded { pos, read, stop }
}

/// Skips the whitespace at `pos`; the offset of the first other byte or the end.
#[inline(always)]
pub(crate) fn skip_space(bytes: &[u8], mut pos: usize) -> usize {
    while pos < bytes.len() && is_space(bytes[pos]) {
        pos += 1;
    }
    pos
}

/// Reads the digits at `start` one at a time: the tail path of the fast
/// kernels, for tokens too close to the end of the slice for a wide load.
#[inline(always)]
pub(crate) fn finish_digits(
    bytes: &[u8],
    start: usize,
    mut pos: usize,
    mut value: u64,
) -> Result<Token, Stop> {
    let mut overflow = false;
    while pos < bytes.len() && is_digit(bytes[pos]) {
        match append_digits(value, u64::from(bytes[pos] - b'0'), 1) {
            Some(v) => value = v,
            None => overflow = true,
        }
        pos += 1;
    }
    if overflow {
        return Err(Stop::Overflow { at: start });
    }
    Ok(Token {
        value,
        start,
        end: pos,
    })
}

/// The fault at `pos`, which is known not to start a digit run.
#[cold]
pub(crate) fn fault_at(bytes: &[u8], pos: usize) -> Stop {
    match bytes.get(pos) {
        None => Stop::End,
        Some(&byte) => Stop::Invalid { at: pos, byte },
    }
}

#[cfg(test)]
mod tests;
