//! The progress bars `solve` (bytes read) and `gen` (cases and bytes
//! written) show on standard error, when it is a terminal and the work is
//! large enough to wait for.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};

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

/// The bar `gen` shows: cases written of the cases asked for, and the bytes
/// written so far, which move within a case too (one case of gigabytes
/// would otherwise show nothing until it ends).
pub struct CaseBar {
    bar: Option<indicatif::ProgressBar>,
    /// Cases between two redraws: a thousandth of the file.
    step: u64,
    last: Cell<u64>,
}

impl CaseBar {
    /// A bar for `total` cases, drawn only on a terminal.
    pub fn new(total: u64) -> CaseBar {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            let template = "{bar:40} {human_pos}/{human_len} cases, {msg}, eta {eta}";
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.set_message("0 B");
            bar.set_position(0);
            bar
        });
        CaseBar {
            bar,
            step: (total / 1000).max(1),
            last: Cell::new(0),
        }
    }

    /// `out`, counting the bytes written through it on the bar.
    pub fn counting<W: Write>(&self, out: W) -> ByteCount<W> {
        ByteCount {
            out,
            bar: self.bar.clone(),
            bytes: 0,
            shown: 0,
        }
    }

    /// Notes that `written` cases are written.
    pub fn update(&self, written: u64) {
        if let Some(bar) = &self.bar {
            if written >= self.last.get() + self.step {
                self.last.set(written);
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

/// A writer that shows on a [`CaseBar`] how many bytes went through it.
pub struct ByteCount<W> {
    out: W,
    bar: Option<indicatif::ProgressBar>,
    bytes: u64,
    /// The count last shown: the bar is redrawn every [`STEP`] bytes.
    shown: u64,
}

impl<W: Write> Write for ByteCount<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.out.write(buf)?;
        self.bytes += written as u64;
        if let Some(bar) = &self.bar {
            if self.bytes >= self.shown + STEP || self.shown == 0 {
                self.shown = self.bytes;
                bar.set_message(indicatif::HumanBytes(self.bytes).to_string());
            }
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
