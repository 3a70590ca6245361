//! Windowed kernels: the portable one ([`swar`]) and, beside it, the ones
//! that need particular CPU features (`x86_64`). Each serves the same two
//! calls (`next_token` and `visit`) through the shared loop in
//! `scan::window`; a kernel only says how to classify a window of bytes into
//! digit and whitespace bit masks.
//!
//! The entry points for the vector kernels do not check the CPU: they are
//! only reached through a [`Kernel`](super::Kernel) of that kind, which only
//! detection builds. On other architectures they are unreachable and fall
//! back to the portable kernel.

pub(crate) mod swar;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

use super::{Folded, Stop, Token, Visitor};

/// Whether this CPU runs the AVX2 kernel.
pub(crate) fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86_64::avx2::is_available();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Whether this CPU runs the AVX-512BW kernel.
pub(crate) fn avx512_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86_64::avx512::is_available();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// `next_token` of the AVX2 kernel; reached only from a detected kernel.
#[inline]
pub(crate) fn avx2_next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: only a `Kernel` built after `avx2_available()` said yes calls this.
    return unsafe { x86_64::avx2::next_token(bytes, pos) };
    #[cfg(not(target_arch = "x86_64"))]
    return swar::next_token(bytes, pos);
}

/// `visit` of the AVX2 kernel; reached only from a detected kernel.
#[inline]
pub(crate) fn avx2_visit<V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: only a `Kernel` built after `avx2_available()` said yes calls this.
    return unsafe { x86_64::avx2::visit(bytes, pos, limit, visitor) };
    #[cfg(not(target_arch = "x86_64"))]
    return swar::visit(bytes, pos, limit, visitor);
}

/// `next_token` of the AVX-512BW kernel; reached only from a detected kernel.
#[inline]
pub(crate) fn avx512_next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: only a `Kernel` built after `avx512_available()` said yes calls this.
    return unsafe { x86_64::avx512::next_token(bytes, pos) };
    #[cfg(not(target_arch = "x86_64"))]
    return swar::next_token(bytes, pos);
}

/// `visit` of the AVX-512BW kernel; reached only from a detected kernel.
#[inline]
pub(crate) fn avx512_visit<V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: only a `Kernel` built after `avx512_available()` said yes calls this.
    return unsafe { x86_64::avx512::visit(bytes, pos, limit, visitor) };
    #[cfg(not(target_arch = "x86_64"))]
    return swar::visit(bytes, pos, limit, visitor);
}
