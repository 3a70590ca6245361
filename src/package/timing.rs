//! The package's time limit, computed from its accepted submissions as
//! problemtools' `verifyproblem` and Kattis compute it for a package of the
//! legacy format: the slowest accepted run (CPU time, on any test) times
//! `time_multiplier` (5 unless `problem.yaml` says otherwise), rounded up
//! to whole seconds, and at least 1 s. A `time_limit_exceeded` submission
//! must be killed even at that limit times `time_safety_margin` (2), or
//! verifyproblem warns that it is "sensitive to time limit".
//!
//! The legacy format has no key for the limit itself in `problem.yaml`
//! (problemtools refuses `limits: time_limit` there): Kattis computes it;
//! DOMjudge reads it from `.timelimit`, which `package` writes with the
//! limit computed here, so both judge with the same limit.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// problemtools' `time_multiplier` for the legacy format: the time limit
/// over the slowest accepted run.
pub const TIME_MULTIPLIER: f64 = 5.0;

/// problemtools' `time_safety_margin` for the legacy format: how far past
/// the time limit a `time_limit_exceeded` submission must still be killed.
pub const SAFETY_MARGIN: f64 = 2.0;

/// The time limit in whole seconds for a slowest accepted run of `slowest`
/// seconds: `max(1, ceil(slowest × TIME_MULTIPLIER))`, as verifyproblem
/// computes it (time resolution 1 s).
pub fn limit_for(slowest: f64) -> u32 {
    let exact = slowest * TIME_MULTIPLIER;
    (exact.ceil() as u32).max(1)
}

/// What the submissions' runs say of the time limit.
#[derive(Clone, Debug)]
pub struct Timing {
    /// The slowest accepted run, in seconds of CPU time, and where: the
    /// submission's path and the test's.
    pub slowest: (f64, String),
    /// The limit computed from it ([`limit_for`]).
    pub limit: u32,
    /// Each `time_limit_exceeded` submission and what it did.
    pub slow: Vec<(String, Slow)>,
}

/// What a `time_limit_exceeded` submission did.
#[derive(Clone, Debug, PartialEq)]
pub enum Slow {
    /// It ran past the limit times [`SAFETY_MARGIN`] on a test (or was
    /// killed there): verifyproblem calls it TLE at either limit.
    Killed {
        /// The test.
        test: String,
        /// Its CPU seconds until it stopped or was killed.
        seconds: f64,
    },
    /// It ran every test within the limit times the margin: verifyproblem
    /// calls it accepted, or TLE only at the lower limit (a warning).
    InTime {
        /// Its slowest run, in CPU seconds.
        seconds: f64,
    },
}

/// How a `time_limit_exceeded` submission's runs are judged against `limit`.
pub fn judge_slow(limit: u32, runs: &[(String, f64, bool)]) -> Slow {
    let margin = f64::from(limit) * SAFETY_MARGIN;
    if let Some((test, seconds, _)) = runs.iter().find(|(_, s, killed)| *killed || *s > margin) {
        return Slow::Killed {
            test: test.clone(),
            seconds: *seconds,
        };
    }
    let seconds = runs.iter().map(|(_, s, _)| *s).fold(0.0, f64::max);
    Slow::InTime { seconds }
}

/// Compiles the package's C++ submissions (`submissions`, paths under
/// `dir/submissions`) with `g++ -O2`, runs each accepted one on every test,
/// and each `time_limit_exceeded` one on the tests, largest first, until
/// one runs past the limit times the margin. Why it cannot, as a sentence:
/// no g++, or a submission that does not compile or fails.
pub fn measure(dir: &Path, submissions: &[String]) -> Result<Timing, String> {
    let tests = tests_of(dir)?;
    let build = BuildDir::new()?;
    let mut slowest = (0.0, String::new());
    let mut slow = Vec::new();
    for pass in ["accepted/", "time_limit_exceeded/"] {
        for submission in submissions.iter().filter(|s| s.starts_with(pass)) {
            let binary = build.compile(&dir.join("submissions").join(submission))?;
            let limit = limit_for(slowest.0);
            // A slow submission is stopped once its CPU time is past the
            // limit times the margin (and, on a busy machine, after ten times
            // that of wall-clock time).
            let cap = match pass {
                "accepted/" => Duration::from_secs(120),
                _ => Duration::from_secs_f64(f64::from(limit) * SAFETY_MARGIN + 0.1),
            };
            let mut runs = Vec::new();
            for (_, test) in &tests {
                let name = test.strip_prefix(dir).unwrap_or(test).display().to_string();
                let (seconds, killed) =
                    run(&binary, test, cap).map_err(|e| format!("{submission} on {name}: {e}"))?;
                if pass == "accepted/" {
                    if killed {
                        return Err(format!("{submission} ran {name} past {cap:?}"));
                    }
                    if seconds >= slowest.0 {
                        slowest = (seconds, format!("{submission} on {name}"));
                    }
                    continue;
                }
                runs.push((name, seconds, killed));
                if matches!(judge_slow(limit, &runs), Slow::Killed { .. }) {
                    break;
                }
            }
            if pass != "accepted/" {
                slow.push((submission.clone(), judge_slow(limit, &runs)));
            }
        }
    }
    Ok(Timing {
        limit: limit_for(slowest.0),
        slowest,
        slow,
    })
}

/// The package's tests with their sizes, largest first: the slow
/// submissions stop at their first kill.
fn tests_of(dir: &Path) -> Result<Vec<(u64, PathBuf)>, String> {
    let mut tests = Vec::new();
    for folder in ["data/sample", "data/secret"] {
        let entries = fs::read_dir(dir.join(folder)).map_err(|e| format!("{folder}: {e}"))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "in") {
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                tests.push((size, path));
            }
        }
    }
    tests.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(tests)
}

/// [`measure`] for an interactive package: each accepted player runs on
/// every test against the package's own output validator (the
/// interactor, `output_validators/nimstream/run`), as a judge runs it, and
/// its CPU time is measured; the interactor must accept it (exit 42). The
/// `time_limit_exceeded` players are not run: a player that never flushes
/// spends no CPU time, and only a judge's wall clock stops it.
pub fn measure_interactive(dir: &Path, submissions: &[String]) -> Result<Timing, String> {
    let tests = tests_of(dir)?;
    let build = BuildDir::new()?;
    let feedback = build.0.join("feedback");
    fs::create_dir_all(&feedback).map_err(|e| format!("{}: {e}", feedback.display()))?;
    let interactor = dir.join("output_validators/nimstream/run");
    let cap = Duration::from_secs(120);
    let mut slowest = (0.0, String::new());
    for submission in submissions.iter().filter(|s| s.starts_with("accepted/")) {
        let binary = build.compile(&dir.join("submissions").join(submission))?;
        for (_, test) in &tests {
            let name = test.strip_prefix(dir).unwrap_or(test).display().to_string();
            let fail = |e: String| format!("{submission} on {name}: {e}");
            let mut validator = Command::new(&interactor)
                .arg(test)
                .arg(test.with_extension("ans"))
                .arg(&feedback)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| fail(format!("{}: {e}", interactor.display())))?;
            let (Some(to_player), Some(from_player)) =
                (validator.stdout.take(), validator.stdin.take())
            else {
                return Err(fail("the interactor's pipes are missing".into()));
            };
            let mut player = Command::new(&binary);
            player.stdin(to_player).stdout(from_player);
            let ran = run_command(player, cap);
            let status = validator.wait().map_err(|e| fail(e.to_string()))?;
            let (seconds, killed) = ran.map_err(|e| fail(e.to_string()))?;
            if killed {
                return Err(fail(format!("ran past {cap:?}")));
            }
            if status.code() != Some(42) {
                let said = fs::read_to_string(feedback.join("judgemessage.txt"));
                let said = said.unwrap_or_default();
                let first = said.lines().next().unwrap_or("no message");
                return Err(fail(format!("the interactor did not accept it: {first}")));
            }
            if seconds >= slowest.0 {
                slowest = (seconds, format!("{submission} on {name}"));
            }
        }
    }
    Ok(Timing {
        limit: limit_for(slowest.0),
        slowest,
        slow: Vec::new(),
    })
}

/// A temporary folder for the compiled submissions, removed when dropped.
struct BuildDir(PathBuf);

impl BuildDir {
    fn new() -> Result<BuildDir, String> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("nimstream-timing-{}-{n}", std::process::id()));
        fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(BuildDir(path))
    }

    /// `g++ -O2 -std=gnu++17 -o BINARY SOURCE`, as a judge compiles it.
    fn compile(&self, source: &Path) -> Result<PathBuf, String> {
        let stem = source.file_stem().unwrap_or_default();
        let binary = self.0.join(stem);
        let built = Command::new("g++")
            .args(["-O2", "-std=gnu++17", "-o"])
            .arg(&binary)
            .arg(source)
            .stdout(Stdio::null())
            .output();
        match built {
            Ok(out) if out.status.success() => Ok(binary),
            Ok(out) => Err(format!(
                "g++ cannot compile {}: {}",
                source.display(),
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
            )),
            Err(e) => Err(format!("g++ cannot be run: {e}")),
        }
    }
}

impl Drop for BuildDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `binary` on `input`, its output thrown away: its CPU time (user and
/// system) in seconds, and whether it was killed: once it has spent `cap`
/// of CPU time, or ten times that and 5 s of wall-clock time. A run that
/// exits with an error is an error.
fn run(binary: &Path, input: &Path, cap: Duration) -> io::Result<(f64, bool)> {
    let mut command = Command::new(binary);
    command.stdin(fs::File::open(input)?).stdout(Stdio::null());
    run_command(command, cap)
}

/// [`run`] for a command whose input and output are set.
fn run_command(mut command: Command, cap: Duration) -> io::Result<(f64, bool)> {
    let child = command.stderr(Stdio::null()).spawn()?;
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    let mut killed = false;
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain old data; wait4 fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if killed { 0 } else { libc::WNOHANG };
        // SAFETY: waits for our own child, which std never reaps (its
        // Child is not waited on).
        let got = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if got == pid {
            let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
            let exited_well = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
            if !(killed || exited_well) {
                return Err(io::Error::other(format!("exit status {status:#x}")));
            }
            return Ok((cpu, killed));
        }
        if got < 0 {
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
            continue;
        }
        let spent = cpu_time(pid).unwrap_or_default();
        if spent > cap || start.elapsed() > cap * 10 + Duration::from_secs(5) {
            // SAFETY: the pid is our unreaped child's.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        } else {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// A running process's CPU time so far (user and system), from
/// `/proc/PID/stat`.
fn cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses and may
    // hold spaces: state is the 3rd field, utime and stime the 14th, 15th.
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = u64::try_from(per_second).ok().filter(|&t| t > 0)?;
    Some(Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_the_slowest_run_times_five_rounded_up_and_at_least_one_second() {
        assert_eq!(limit_for(0.0), 1);
        assert_eq!(limit_for(0.005), 1);
        assert_eq!(limit_for(0.19), 1);
        assert_eq!(limit_for(0.21), 2);
        assert_eq!(limit_for(0.61), 4);
        assert_eq!(limit_for(2.0), 10);
    }

    #[test]
    fn a_slow_submission_must_be_killed_past_the_margin() {
        let runs = |s: &[(f64, bool)]| -> Vec<(String, f64, bool)> {
            s.iter()
                .enumerate()
                .map(|(i, &(t, k))| (format!("t{i}"), t, k))
                .collect()
        };
        // Past the limit but within twice it: verifyproblem would warn.
        assert_eq!(
            judge_slow(1, &runs(&[(0.5, false), (1.5, false)])),
            Slow::InTime { seconds: 1.5 }
        );
        assert_eq!(
            judge_slow(1, &runs(&[(0.5, false), (2.5, false)])),
            Slow::Killed {
                test: "t1".into(),
                seconds: 2.5
            }
        );
        assert!(matches!(
            judge_slow(3, &runs(&[(0.1, true)])),
            Slow::Killed { .. }
        ));
    }

    #[test]
    fn a_run_reports_its_cpu_time_and_a_kill_at_the_cap() {
        let empty = Path::new("/dev/null");
        let (cpu, killed) = run(Path::new("/bin/true"), empty, Duration::from_secs(30)).unwrap();
        assert!(!killed && cpu >= 0.0);
        assert!(run(Path::new("/bin/false"), empty, Duration::from_secs(30)).is_err());
        let (_, killed) = run(
            Path::new("/bin/cat"),
            Path::new("/dev/zero"),
            Duration::ZERO,
        )
        .unwrap();
        assert!(killed);
    }
}
