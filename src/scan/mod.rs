//! The tokenizer: digit runs in a byte slice, turned into `u64` values.
//!
//! A judge file is a sequence of *tokens* (runs of ASCII digits) separated by
//! ASCII whitespace (space, `\t`, `\n`, `\v`, `\f`, `\r`). Every other byte is
//! an error, and so is a digit run whose value does not fit in 64 bits.
//!
//! The scanner never copies: it reads the slice it is given and reports byte
//! offsets into it. The same API is served by several kernels, all of which
//! must agree byte for byte, result for result, error for error:
//!
//! * [`reference`](mod@reference): one byte at a time, written to be obviously right. It is
//!   the oracle every other kernel is tested against.
//! * [`swar`]: eight bytes at a time in a `u64` (SIMD within a register).
//!   Portable; the fallback on every CPU.
//! * `arch::x86_64::avx2` and `arch::x86_64::avx512`: classify 32 or 64 bytes
//!   at once and convert up to 16 digits with a few vector multiply-adds.
//!
//! The SWAR and vector kernels share one windowed loop (`window`): a kernel
//! says how to classify a window of bytes into digit and whitespace bit masks
//! and how to convert a short digit run; the loop walks the tokens.
//!
//! [`Kernel::detect`] is the one place that asks the CPU what it supports.
//!
//! A kernel is handed a slice that ends at a token boundary (the end of the
//! input, or a whitespace byte): a token is never cut by the end of the slice.
//! The streaming reader in [`crate::input`] keeps that promise by cutting its
//! buffer after the last whitespace byte.

pub mod arch;
pub mod reference;
pub mod swar;
pub(crate) mod window;

use crate::games::{CaseSummary, HeapFold};

/// One digit run: its value and where it lies in the slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
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
    Invalid { at: usize, byte: u8 },
    /// A digit run, starting at `at`, whose value exceeds `u64::MAX`.
    Overflow { at: usize },
}

/// What a fold over several tokens did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folded {
    /// Where scanning should resume.
    pub pos: usize,
    /// How many tokens were folded.
    pub read: u64,
    /// Why the fold stopped early, if it did.
    pub stop: Option<Stop>,
}

/// The whitespace of C's `isspace` in the "C" locale: space and `\t` to `\r`.
///
/// Note that this is not `u8::is_ascii_whitespace`, which leaves out `\v`.
#[inline(always)]
pub fn is_space(byte: u8) -> bool {
    byte == b' ' || byte.wrapping_sub(b'\t') <= b'\r' - b'\t'
}

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

/// A tokenizer implementation. All of them give identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Byte at a time; the test oracle.
    Reference,
    /// Eight bytes at a time in a general-purpose register.
    Swar,
    /// 32-byte classification and 16-digit conversion with AVX2.
    Avx2,
    /// 64-byte classification with AVX-512BW mask registers.
    Avx512,
}

impl Kernel {
    /// The fastest kernel this CPU runs. The only place that probes the CPU.
    pub fn detect() -> Kernel {
        Kernel::available()
            .into_iter()
            .last()
            .unwrap_or(Kernel::Swar)
    }

    /// Every kernel this CPU can run, slowest first.
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Reference, Kernel::Swar];
        if arch::avx2_available() {
            kernels.push(Kernel::Avx2);
        }
        if arch::avx512_available() {
            kernels.push(Kernel::Avx512);
        }
        kernels
    }

    /// The name used on the command line and in benchmark reports.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Reference => "reference",
            Kernel::Swar => "swar",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Parses a kernel name; `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Kernel> {
        [
            Kernel::Reference,
            Kernel::Swar,
            Kernel::Avx2,
            Kernel::Avx512,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    /// Whether this CPU can run the kernel.
    pub fn is_available(self) -> bool {
        Kernel::available().contains(&self)
    }

    /// Skips whitespace from `pos` and reads one token.
    #[inline]
    pub fn next_token(self, bytes: &[u8], pos: usize) -> Result<Token, Stop> {
        match self {
            Kernel::Reference => reference::next_token(bytes, pos),
            // SAFETY: the windowed loop reads only inside `bytes`, and the
            // SWAR window needs no particular CPU.
            Kernel::Swar => unsafe { window::next_token::<swar::SwarWindow>(bytes, pos) },
            Kernel::Avx2 | Kernel::Avx512 => arch::next_token(self, bytes, pos),
        }
    }

    /// Reads up to `limit` tokens from `pos`, folding each into `acc`.
    ///
    /// Stops early at the end of the slice or at the first fault; `Folded`
    /// says how far it got, so that a caller can resume or report.
    #[inline]
    pub fn fold<F: HeapFold>(
        self,
        bytes: &[u8],
        pos: usize,
        limit: u64,
        fold: &F,
        acc: &mut CaseSummary,
    ) -> Folded {
        match self {
            Kernel::Reference => {
                fold_tokens::<F, reference::Reference>(bytes, pos, limit, fold, acc)
            }
            // SAFETY: as in `next_token`.
            Kernel::Swar => unsafe {
                window::fold::<swar::SwarWindow, F>(bytes, pos, limit, fold, acc)
            },
            Kernel::Avx2 | Kernel::Avx512 => arch::fold(self, bytes, pos, limit, fold, acc),
        }
    }
}

/// A one-token-at-a-time tokenizer, for [`fold_tokens`]. A trait rather than a
/// function value, so that the loop names the kernel in its type and the
/// profile shows one function per kernel instead of a `Fn::call` shim.
pub(crate) trait NextToken {
    fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop>;
}

/// The loop shared by the one-token-at-a-time kernels, and by the vector
/// kernels for the last bytes of a slice.
///
/// `inline(always)` so that each kernel gets its own copy with its tokenizer
/// inlined, compiled with that kernel's target features.
#[inline(always)]
pub(crate) fn fold_tokens<F: HeapFold, T: NextToken>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    fold: &F,
    acc: &mut CaseSummary,
) -> Folded {
    // A local copy stays in registers (see `window::fold`).
    let mut local = *acc;
    let folded = fold_each::<F, T>(bytes, pos, limit, fold, &mut local);
    *acc = local;
    folded
}

#[inline(always)]
fn fold_each<F: HeapFold, T: NextToken>(
    bytes: &[u8],
    mut pos: usize,
    limit: u64,
    fold: &F,
    acc: &mut CaseSummary,
) -> Folded {
    let mut read = 0;
    while read < limit {
        match T::next_token(bytes, pos) {
            Ok(token) => {
                fold.fold(acc, token.value);
                pos = token.end;
                read += 1;
            }
            Err(stop) => {
                return Folded {
                    pos,
                    read,
                    stop: Some(stop),
                }
            }
        }
    }
    Folded {
        pos,
        read,
        stop: None,
    }
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
