//! What a long `grundy` run does besides computing: a progress line on a
//! terminal, and a checkpoint saved every few minutes and when the run is
//! told to stop (SIGINT, SIGTERM), so that hours of values survive.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimstream::grundy::checkpoint::{self, Saved};
use nimstream::grundy::{Method, NimSequence, Rule};
use nimstream::output::atomic::AtomicFile;
use nimstream::Error;

use crate::checkpoint::{CheckpointFile, Checkpointed};
use crate::signals::stopped_by;

/// The values of a sequence, as a checkpoint holds them.
struct Values<'a>(&'a NimSequence);

impl Checkpointed for Values<'_> {
    fn amount(&self) -> usize {
        self.0.values().len()
    }

    fn write_to(&self, mut out: &mut dyn Write) -> io::Result<()> {
        checkpoint::write(self.0, &mut out)
    }
}

/// A checkpoint file of a `grundy` run ([`crate::checkpoint`]).
pub struct Checkpoint(CheckpointFile);

impl Checkpoint {
    /// Saves to `path` every `every`, and when a signal asks the run to
    /// stop.
    pub fn new(path: &Path, every: Duration) -> Checkpoint {
        Checkpoint(CheckpointFile::new(path, every))
    }

    /// The sequence to carry on: the checkpoint's, if the file exists and
    /// is one of `rule`, else a new one.
    pub fn load(&mut self, rule: Rule, method: Method) -> Result<NimSequence, Error> {
        let saved = self.0.read(
            &rule,
            checkpoint::read,
            |saved| &saved.rule,
            |saved| saved.values.len(),
        )?;
        Ok(match saved {
            Some(Saved { values, .. }) => NimSequence::resume(rule, method, values),
            None => NimSequence::new(rule, method),
        })
    }

    /// Saves `seq` when it is due, or when a signal asked the run to stop
    /// (and then stops it).
    pub fn tick(&mut self, seq: &NimSequence) -> Result<ControlFlow<()>, Error> {
        let stop = stopped_by().is_some();
        if stop || self.0.due() {
            self.save(seq)?;
        }
        Ok(match stop {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        })
    }

    /// Saves `seq`, whole or not at all, unless the file already holds as
    /// many values.
    pub fn save(&mut self, seq: &NimSequence) -> Result<(), Error> {
        self.0.save(&Values(seq))
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// A progress line on a terminal: values done and this run's rate, what
/// the engine is doing, the time left to the target, and where a resumed
/// run took up.
pub struct ProgressLine {
    bar: Option<indicatif::ProgressBar>,
    pace: Pace,
    started: Instant,
}

impl ProgressLine {
    /// A line for a run to `total` values that starts with `pace.start`
    /// (a checkpoint's), drawn only on a terminal and only for runs long
    /// enough to wait for.
    pub fn new(pace: Pace) -> ProgressLine {
        let started = Instant::now();
        if !io::stderr().is_terminal() || pace.total < 1 << 18 {
            return ProgressLine {
                bar: None,
                pace,
                started,
            };
        }
        let bar = indicatif::ProgressBar::new(pace.total as u64);
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        // The rate and the time left are this run's own (`Pace`):
        // indicatif's would count a checkpoint's values as computed in
        // the first instant.
        let template = "{bar:30} {human_pos}/{human_len} values, {msg}";
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_position(pace.start as u64);
        ProgressLine {
            bar: Some(bar),
            pace,
            started,
        }
    }

    /// Redraws the line for `seq`.
    pub fn show(&self, seq: &NimSequence) {
        if let Some(bar) = &self.bar {
            let done = seq.values().len();
            bar.set_position(done as u64);
            let status = self.pace.status(done, self.started.elapsed());
            bar.set_message(format!("{status} | {}", seq.brief()));
        }
    }

    /// Clears the line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// What a run's speed is measured against: the values it starts with and
/// the values it is to reach.
pub struct Pace {
    /// Values there when the run began: a checkpoint's, or none.
    pub start: usize,
    /// Values the run is to reach.
    pub total: usize,
    /// The checkpoint the run resumed from, when it did.
    pub resumed_from: Option<PathBuf>,
}

impl Pace {
    /// The rate of the values computed in this run, the time left at that
    /// rate, and where the run resumed: `5,000/s, eta 2m 50s, resumed at
    /// 100,000 values from K`.
    pub fn status(&self, done: usize, elapsed: Duration) -> String {
        let computed = done.saturating_sub(self.start);
        let seconds = elapsed.as_secs_f64();
        let mut status = match computed {
            0 => "starting".to_string(),
            _ if seconds <= 0.0 => "starting".to_string(),
            _ => {
                let rate = computed as f64 / seconds;
                let left = self.total.saturating_sub(done) as f64 / rate;
                format!(
                    "{}/s, eta {}",
                    indicatif::HumanCount(rate as u64),
                    short_duration(left)
                )
            }
        };
        if let Some(path) = &self.resumed_from {
            status += &format!(
                ", resumed at {} values from {}",
                indicatif::HumanCount(self.start as u64),
                path.display()
            );
        }
        status
    }
}

/// `seconds` as `1h 02m`, `3m 05s` or `45s`.
fn short_duration(seconds: f64) -> String {
    let whole = seconds.ceil().min(u64::MAX as f64) as u64;
    let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60);
    match (hours, minutes) {
        (0, 0) => format!("{secs}s"),
        (0, _) => format!("{minutes}m {secs:02}s"),
        _ => format!("{hours}h {minutes:02}m"),
    }
}

/// Keeps `file` writable until the run's end, so that a path that cannot be
/// written is an error before the work rather than after it.
pub fn open_output(path: &Path) -> Result<AtomicFile, Error> {
    AtomicFile::create(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Writes `bytes` to `file` and puts it in place.
pub fn finish_output(mut file: AtomicFile, path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let io_error = |source| Error::Io {
        path: path.display().to_string(),
        source,
    };
    file.write_all(bytes).map_err(io_error)?;
    file.commit().map_err(io_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_run_says_where_from_and_counts_only_its_own_values() {
        let pace = Pace {
            start: 100_000,
            total: 1_000_000,
            resumed_from: Some(PathBuf::from("k.ckpt")),
        };
        // 50,000 values in 10 s: 5,000 a second, 850,000 left.
        let status = pace.status(150_000, Duration::from_secs(10));
        assert_eq!(
            status,
            "5,000/s, eta 2m 50s, resumed at 100,000 values from k.ckpt"
        );
        // Nothing computed yet: no rate made of the checkpoint's values.
        let status = pace.status(100_000, Duration::from_millis(1));
        assert_eq!(status, "starting, resumed at 100,000 values from k.ckpt");
    }

    #[test]
    fn a_fresh_run_has_no_resume_note() {
        let pace = Pace {
            start: 0,
            total: 7_201_000,
            resumed_from: None,
        };
        assert_eq!(
            pace.status(1_000, Duration::from_secs(1)),
            "1,000/s, eta 2h 00m"
        );
        assert_eq!(pace.status(0, Duration::ZERO), "starting");
    }

    #[test]
    fn durations_are_short() {
        assert_eq!(short_duration(0.0), "0s");
        assert_eq!(short_duration(44.2), "45s");
        assert_eq!(short_duration(185.0), "3m 05s");
        assert_eq!(short_duration(3720.0), "1h 02m");
    }
}
