//! Per-CPU kernels. Each one serves the same two calls as the portable
//! kernels (`next_token` and `fold`); on a CPU without them, the calls
//! fall back to [`super::swar`], so a caller never has to check.
//!
//! The windowed loop in `scan::window` is shared: a kernel only says how to
//! classify a block of bytes into digit and whitespace bit masks.

#[cfg(target_arch = "x86_64")]
pub mod x86_64;

use super::{Folded, Kernel, Stop, Token};
use crate::games::{CaseSummary, HeapFold};

pub(crate) fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86_64::avx2::is_available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

pub(crate) fn avx512_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86_64::avx512::is_available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// [`Kernel::next_token`] for the per-CPU kernels.
pub(crate) fn next_token(kernel: Kernel, bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    #[cfg(target_arch = "x86_64")]
    {
        match kernel {
            Kernel::Avx2 if avx2_available() => {
                // SAFETY: the CPU supports AVX2, checked just above.
                return unsafe { x86_64::avx2::next_token(bytes, pos) };
            }
            Kernel::Avx512 if avx512_available() => {
                // SAFETY: the CPU supports AVX-512BW, checked just above.
                return unsafe { x86_64::avx512::next_token(bytes, pos) };
            }
            _ => {}
        }
    }
    let _ = kernel;
    super::swar::next_token(bytes, pos)
}

/// [`Kernel::fold`] for the per-CPU kernels.
pub(crate) fn fold<F: HeapFold>(
    kernel: Kernel,
    bytes: &[u8],
    pos: usize,
    limit: u64,
    fold: &F,
    acc: &mut CaseSummary,
) -> Folded {
    #[cfg(target_arch = "x86_64")]
    {
        match kernel {
            Kernel::Avx2 if avx2_available() => {
                // SAFETY: the CPU supports AVX2, checked just above.
                return unsafe { x86_64::avx2::fold(bytes, pos, limit, fold, acc) };
            }
            Kernel::Avx512 if avx512_available() => {
                // SAFETY: the CPU supports AVX-512BW, checked just above.
                return unsafe { x86_64::avx512::fold(bytes, pos, limit, fold, acc) };
            }
            _ => {}
        }
    }
    let _ = kernel;
    super::fold_tokens::<F, super::swar::Swar>(bytes, pos, limit, fold, acc)
}
