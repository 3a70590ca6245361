//! The limits a judged program runs under, as the command line gives them.

use std::time::Duration;

use clap::Args;
use nimstream::sandbox::Limits;
use nimstream::Error;

const MIB: u64 = 1 << 20;

#[derive(Args)]
pub struct LimitArgs {
    /// CPU seconds a test may take, e.g. 1 or 0.5 (default 2).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "2")]
    time_limit: Duration,
    /// Wall-clock seconds a test may take (default twice the time limit
    /// and a second more): a program that sleeps or waits uses no CPU.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    wall_limit: Option<Duration>,
    /// Memory a test may use: all its processes together and the files
    /// it keeps in memory (its /tmp, shared memory), as the kernel's
    /// control group counts them where nimstream runs as root (resident
    /// memory read from /proc elsewhere). A number of MiB, or with a unit,
    /// 512K, 64M, 2G (default 1024M). A run whose memory reaches it is
    /// killed there: MLE.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "1024M")]
    memory_limit: u64,
    /// The stack each thread may grow to (default: the memory limit, as
    /// most contest judges give); the same units.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    stack_limit: Option<u64>,
    /// Bytes a test may write: to its standard output, to its standard
    /// error, and to all its files together (default 256M); the same
    /// units.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "256M")]
    output_limit: u64,
    /// Processes and threads a test may have at once, all together
    /// (default 64): a fork bomb stops there.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one, default_value_t = 64)]
    processes: u64,
}

impl LimitArgs {
    /// The limits given other than their defaults, as words of a command
    /// line, for the commands `judge --stress` prints.
    pub fn words(&self) -> Vec<String> {
        let seconds = |d: Duration| d.as_secs_f64().to_string();
        let size = |bytes: u64| format!("{}K", bytes >> 10);
        let given = [
            (
                "--time-limit",
                (self.time_limit != Duration::from_secs(2)).then(|| seconds(self.time_limit)),
            ),
            ("--wall-limit", self.wall_limit.map(seconds)),
            (
                "--memory-limit",
                (self.memory_limit != 1024 * MIB).then(|| size(self.memory_limit)),
            ),
            ("--stack-limit", self.stack_limit.map(size)),
            (
                "--output-limit",
                (self.output_limit != 256 * MIB).then(|| size(self.output_limit)),
            ),
            (
                "--processes",
                (self.processes != 64).then(|| self.processes.to_string()),
            ),
        ];
        given
            .into_iter()
            .filter_map(|(name, value)| value.map(|value| format!("{name} {value}")))
            .collect()
    }

    pub fn limits(&self) -> Result<Limits, Error> {
        let mut limits = Limits::new(
            self.time_limit,
            self.memory_limit,
            self.output_limit,
            self.processes,
        );
        if let Some(wall) = self.wall_limit {
            limits.wall = wall;
        }
        if let Some(stack) = self.stack_limit {
            limits.stack = stack;
        }
        Ok(limits)
    }
}

/// Seconds, whole or decimal, above 0 and at most a day.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86400.0 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!(
            "'{text}' is not a number of seconds above 0 and at most 86400, e.g. 1 or 0.5"
        )),
    }
}

/// A size: MiB when a bare number, else with a unit K, M or G (powers of
/// 1024; a trailing B or iB is allowed).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let error = || format!("'{text}' is not a size: give MiB (256) or a unit (512K, 64M, 2G)");
    let lower = text.to_ascii_lowercase();
    let trimmed = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, unit) = match trimmed.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => trimmed.split_at(at),
        None => (trimmed, "m"),
    };
    let scale = match unit {
        "k" => 1 << 10,
        "m" => MIB,
        "g" => 1 << 30,
        _ => return Err(error()),
    };
    let number: u64 = digits.parse().map_err(|_| error())?;
    match number.checked_mul(scale) {
        Some(bytes) if bytes > 0 => Ok(bytes),
        _ => Err(error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_mib_or_carry_their_unit() {
        assert_eq!(parse_size("256"), Ok(256 * MIB));
        assert_eq!(parse_size("64M"), Ok(64 * MIB));
        assert_eq!(parse_size("512K"), Ok(512 << 10));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("1gb"), Ok(1 << 30));
        for bad in ["", "0", "M", "12X", "-5", "99999999999999999999G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seconds_are_positive_and_bounded() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["0", "-1", "NaN", "inf", "1e9", "x"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
