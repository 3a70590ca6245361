//! SIGINT and SIGTERM asking a long run (`grundy`, `misere` with
//! `--checkpoint`) to save its work and stop, instead of ending it on the
//! spot with hours of work lost.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that asked the run to stop, or 0.
static STOP_SIGNAL: AtomicI32 = AtomicI32::new(0);

extern "C" fn note_signal(signal: libc::c_int) {
    STOP_SIGNAL.store(signal, Ordering::SeqCst);
}

/// From here on, SIGINT and SIGTERM ask the run to save and stop instead
/// of ending it on the spot.
pub fn catch_stop_signals() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only stores to an atomic, which is
        // async-signal-safe; the sigaction is zeroed and then filled in.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = note_signal as extern "C" fn(libc::c_int) as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal that stopped the run, if one did.
pub fn stopped_by() -> Option<i32> {
    match STOP_SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}
