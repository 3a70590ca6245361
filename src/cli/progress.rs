//! The progress bars `solve` (bytes read) and `gen` (cases written) show on
//! standard error, when it is a terminal and the work is large enough to
//! wait for.

use std::io::{self, IsTerminal};

use nimstream::pipeline::Progress;

/// Bytes between two redraws.
const STEP: u64 = 16 << 20;

/// A progress bar, created once the input's size is known.
#[derive(Default)]
pub struct ProgressBar {
    bar: Option<indicatif::ProgressBar>,
    last: u64,
}

impl ProgressBar {
    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Progress for ProgressBar {
    fn total(&mut self, total: Option<u64>) {
        let wanted = io::stderr().is_terminal() && total.is_none_or(|t| t >= 4 * STEP);
        if !wanted {
            return;
        }
        let bar = match total {
            Some(total) => indicatif::ProgressBar::new(total),
            None => indicatif::ProgressBar::new_spinner(),
        };
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        let template = match total {
            Some(_) => "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
            None => "{spinner} {bytes} {bytes_per_sec}",
        };
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        self.bar = Some(bar);
    }

    fn done(&mut self, bytes: u64) {
        if let Some(bar) = &self.bar {
            if bytes >= self.last + STEP {
                self.last = bytes;
                bar.set_position(bytes);
            }
        }
    }
}

/// The bar `gen` shows: cases written of the cases asked for.
pub struct CaseBar {
    bar: Option<indicatif::ProgressBar>,
    /// Cases between two redraws: a thousandth of the file.
    step: u64,
    last: u64,
}

impl CaseBar {
    /// A bar for `total` cases, drawn only on a terminal.
    pub fn new(total: u64) -> CaseBar {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            let template = "{bar:40} {human_pos}/{human_len} cases, eta {eta}";
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        CaseBar {
            bar,
            step: (total / 1000).max(1),
            last: 0,
        }
    }

    /// Notes that `written` cases are written.
    pub fn update(&mut self, written: u64) {
        if let Some(bar) = &self.bar {
            if written >= self.last + self.step {
                self.last = written;
                bar.set_position(written);
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
