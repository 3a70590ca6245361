//! Whether standard output was closed when the process started.
//!
//! Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null`
//! before `main` runs, so by then `nimstream solve f.in >&-` looks exactly
//! like `> /dev/null`, and every verdict would vanish with exit status 0. On
//! Linux a constructor in `.init_array` runs before that, and records what
//! descriptor 1 was; elsewhere the check runs in `main`, which is as good as
//! the platform allows.

use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Records whether descriptor 1 is open.
extern "C" fn probe() {
    // SAFETY: F_GETFD only reads the descriptor's flags; nothing is passed.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static PROBE_BEFORE_MAIN: extern "C" fn() = probe;

/// Whether standard output was closed when the process started.
pub fn closed() -> bool {
    #[cfg(not(target_os = "linux"))]
    probe();
    CLOSED_AT_START.load(Ordering::Relaxed)
}
