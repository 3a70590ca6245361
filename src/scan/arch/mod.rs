//! Windowed kernels: the portable one ([`portable`]) and, beside it, the ones
//! that need particular CPU features (`x86_64`). Each serves the same three
//! calls (`next_token` and `visit` through the shared loop in
//! `scan::window`, `census` through `scan::census`); a kernel only says how
//! to classify a window of bytes into digit, whitespace and zero bit masks.
//!
//! The entry points for the vector kernels do not check the CPU: they are
//! only reached through a [`Kernel`](super::Kernel) of that kind, which only
//! detection builds. On other architectures they are unreachable and fall
//! back to the portable kernel.

pub(crate) mod portable;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

use super::census::Census;
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

/// Defines the `next_token` and `visit` entry points of a vector kernel:
/// on x86-64 they call the kernel without checking the CPU (only a `Kernel`
/// built after `avx2_available` or `avx512_available` said yes reaches
/// them); elsewhere they fall back to the portable kernel.
macro_rules! vector_entry_points {
    ($next_token:ident, $visit:ident, $census:ident, $kernel:ident) => {
        #[doc = concat!("`next_token` of the ", stringify!($kernel), " kernel; reached only from a detected kernel.")]
        #[inline]
        pub(crate) fn $next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: only a `Kernel` of this kind reaches this, and only
            // `Kernel::available` builds one, after the CPU check said yes.
            return unsafe { x86_64::$kernel::next_token(bytes, pos) };
            #[cfg(not(target_arch = "x86_64"))]
            return portable::next_token(bytes, pos);
        }

        #[doc = concat!("`visit` of the ", stringify!($kernel), " kernel; reached only from a detected kernel.")]
        #[inline]
        pub(crate) fn $visit<V: Visitor>(
            bytes: &[u8],
            pos: usize,
            limit: u64,
            visitor: &mut V,
        ) -> Folded {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `next_token` above.
            return unsafe { x86_64::$kernel::visit(bytes, pos, limit, visitor) };
            #[cfg(not(target_arch = "x86_64"))]
            return portable::visit(bytes, pos, limit, visitor);
        }

        #[doc = concat!("`census` of the ", stringify!($kernel), " kernel; reached only from a detected kernel.")]
        #[inline]
        pub(crate) fn $census(bytes: &[u8], pos: usize) -> Option<Census> {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `next_token` above.
            return unsafe { x86_64::$kernel::census(bytes, pos) };
            #[cfg(not(target_arch = "x86_64"))]
            return portable::census(bytes, pos);
        }
    };
}

vector_entry_points!(avx2_next_token, avx2_visit, avx2_census, avx2);
vector_entry_points!(avx512_next_token, avx512_visit, avx512_census, avx512);
