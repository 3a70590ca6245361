//! `nimstream misere`: the misère quotient of a game given by its rule, or
//! of misère Nim (`nim`, built by [`nimstream::misere::tame`]).

mod checkpoint;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use nimstream::grundy::period::proof_length;
use nimstream::grundy::Rule;
use nimstream::misere::genus::genera;
use nimstream::misere::memory::{self, Bytes};
use nimstream::misere::presentation::Presentation;
use nimstream::misere::solver::DEFAULT_HEAPS;
use nimstream::misere::tame::{self, NIM_LAST};
use nimstream::misere::{Element, Quotient, Solver, Stuck};
use nimstream::Error;
use serde_json::json;

use crate::{check_stdout, messages, signals, stdout_error};
use checkpoint::Checkpoint;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream misere kayles                 the quotient, its P-portion and period
  nimstream misere dawson --upto 30       the quotient of heaps 0 to 30
  nimstream misere nim --upto 7           misère Nim's heaps 0 to 7: (Q,P) = T_3
  nimstream misere 0.75 --json
  nimstream misere kayles --genus 30       values and genus of heaps 0 to 30
  nimstream misere 0.6 --memory 2G --stats
  nimstream misere dawson --upto 40 --checkpoint dawson.ckpt

EXIT STATUS:
  0  a period proves the quotient for every heap
  1  no period is proven up to --upto; the quotient of heaps 0 to N is printed
  2  an error, or a heap the search cannot settle (the reason is said)
  3  the memory budget (--memory) stopped the search at a heap; the quotient
     of the heaps before it is printed, proven for those heaps
  128 + N  signal N stopped a run with --checkpoint (its heaps are saved)")]
pub struct MisereArgs {
    /// The rule, as `grundy` takes it: an octal or hexadecimal code
    /// (`0.77`), a subtraction set (`sub:2,3,7`), `grundy`, or a name such
    /// as kayles or dawson; or `nim`, misère Nim (heaps up to 4095).
    #[arg(
        value_name = "RULE",
        value_parser = crate::completion::rules(),
        hide_possible_values = true
    )]
    rule: String,
    /// Add heaps up to N while no period is proven (default 400); the
    /// quotient printed is then that of heaps 0 to N. `solve misere:RULE
    /// --upto N` computes the same heaps.
    #[arg(long, value_name = "N")]
    upto: Option<usize>,
    /// Print the quotient as one JSON object.
    #[arg(long)]
    json: bool,
    /// Print instead each heap's normal and misère Grundy values and
    /// Conway's genus, for heaps 0 to N (default 20, at most 40).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "20")]
    genus: Option<usize>,
    /// The memory the quotient's tables may take: bytes, or with a unit,
    /// `512M`, `2G` (K, M, G, T: powers of 1024). The search stops at the
    /// first heap that would need more (exit 3). Default: 1G, or half the
    /// memory available (MemAvailable in /proc/meminfo) if that is less;
    /// never more than is available.
    #[arg(long, value_name = "SIZE", value_parser = memory_size)]
    memory: Option<usize>,
    /// The most positions one search of a heap keeps (default 3000000):
    /// past it the search stops with that heap (exit 2) rather than run on
    /// for hours. --memory still bounds them. Dawson's Kayles needs more
    /// past heap 33.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    states: Option<u64>,
    /// When done, print to standard error the heaps computed, the time,
    /// and the most memory the tables took.
    #[arg(long)]
    stats: bool,
    /// Resume from FILE if it holds a checkpoint of the same rule, and
    /// save the heaps computed to it every --checkpoint-every seconds
    /// (once a heap is done), on SIGINT or SIGTERM (then stop, giving up
    /// the heap being added), and at the end. A damaged file or one of
    /// another rule is an error. The quotient is the same as without a
    /// stop; a checkpoint past --upto is printed whole.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300,
        requires = "checkpoint"
    )]
    checkpoint_every: u64,
}

/// Why a quotient's computation ended before its last heap.
enum Halt {
    Error(Error),
    /// A signal asked it to stop (the checkpoint is saved).
    Signal(i32),
}

/// The exit status of a run the memory budget stopped.
const MEMORY_STOP: u8 = 3;

/// A size in bytes: a number, with K, M, G or T (powers of 1024; `KB`,
/// `KiB` and a trailing `B` are read the same).
fn memory_size(text: &str) -> Result<usize, String> {
    let bad = || format!("'{text}' is not a size such as 512M or 2G");
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let unit = unit.to_ascii_uppercase();
    let unit = unit.strip_suffix('B').unwrap_or(&unit);
    let shift = match unit.strip_suffix('I').unwrap_or(unit) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let number: f64 = number.trim().parse().map_err(|_| bad())?;
    let bytes = number * (1u64 << shift) as f64;
    if !(bytes >= 1.0 && bytes < usize::MAX as f64) {
        return Err(bad());
    }
    Ok(bytes as usize)
}

/// The budget: `--memory`, or the default; past the memory available it
/// is cut to that, with a warning.
fn budget(asked: Option<usize>) -> usize {
    let Some(asked) = asked else {
        return memory::default_budget();
    };
    match memory::available() {
        Some(available) if asked > available => {
            messages::warning(format_args!(
                "--memory {} is more than the {} available; using {}",
                Bytes(asked),
                Bytes(available),
                Bytes(available)
            ));
            available
        }
        _ => asked,
    }
}

/// Computes the quotient and prints it; exit 1 when no period is proven.
pub fn misere_command(args: MisereArgs) -> Result<ExitCode, Error> {
    check_stdout()?;
    if args.rule.eq_ignore_ascii_case("nim") {
        return nim_command(&args);
    }
    let rule = Rule::parse(&args.rule).map_err(|e| crate::rule_error(&args.rule, e))?;
    if let Some(upto) = args.genus {
        return genus_command(&args, &rule, upto);
    }
    let upto = args.upto.unwrap_or(DEFAULT_HEAPS);
    let started = Instant::now();
    let mut checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| Checkpoint::new(path, Duration::from_secs(args.checkpoint_every)));
    let resumed = match &mut checkpoint {
        Some(checkpoint) => checkpoint.load(&rule)?,
        None => None,
    };
    let mut solver = resumed
        .unwrap_or_else(|| Solver::new(rule.clone()))
        .with_memory(budget(args.memory));
    if let Some(states) = args.states {
        solver = solver.with_state_budget(usize::try_from(states).unwrap_or(usize::MAX));
    }
    if checkpoint.is_some() {
        solver = solver.with_interrupt(|| signals::stopped_by().is_some());
    }
    let mut progress = Progress::new(upto);
    let mut stopped = None;
    let result = loop {
        if solver.heaps() > upto || solver.period().is_some() {
            break Ok(());
        }
        if let Some(signal) = checkpoint.as_ref().and(signals::stopped_by()) {
            break Err(Halt::Signal(signal));
        }
        progress.at(solver.heaps(), solver.order());
        let heap = solver.heaps();
        let added = solver.add_heap();
        if args.stats {
            heap_stats(&args.rule, heap, &solver, &mut progress);
        }
        match added {
            Ok(()) => {
                if let Some(Err(e)) = checkpoint.as_mut().map(|c| c.tick(&solver)) {
                    break Err(Halt::Error(e));
                }
            }
            Err(Stuck::Interrupted { .. }) => {
                break Err(Halt::Signal(signals::stopped_by().unwrap_or(libc::SIGINT)))
            }
            // The heaps before are proven whatever stopped this one: they
            // are printed, not lost.
            Err(stuck) => {
                stopped = Some(stuck);
                break Ok(());
            }
        }
    };
    progress.clear();
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&solver)?;
    }
    match result {
        Ok(()) => {}
        Err(Halt::Error(e)) => {
            if args.stats {
                stats(&args.rule, &solver, started);
            }
            return Err(e);
        }
        Err(Halt::Signal(signal)) => {
            let path = checkpoint.as_ref().map(|c| c.path().display().to_string());
            messages::report(format_args!(
                "stopped at heap {}; heaps 0 to {} saved to {}: the same command resumes",
                solver.heaps(),
                solver.heaps() - 1,
                path.unwrap_or_default()
            ));
            return Ok(ExitCode::from((128 + signal) as u8));
        }
    }
    let quotient = solver.quotient();
    let report = Report {
        name: &args.rule,
        rule: Some(&rule),
        quotient: &quotient,
        presentation: Presentation::of(&quotient),
        growth: solver.growth(),
        seconds: started.elapsed().as_secs_f64(),
    };
    let code = print(&report, args.json)?;
    if args.stats {
        stats(&args.rule, &solver, started);
    }
    let last = solver.heaps() - 1;
    match stopped {
        Some(stuck @ Stuck::Memory { .. }) => {
            messages::error(format_args!(
                "{}: stopped {stuck} (--memory); the quotient printed is that of heaps 0 to \
                 {last}, proven for those heaps",
                args.rule,
            ));
            Ok(ExitCode::from(MEMORY_STOP))
        }
        Some(stuck) => {
            let hint = match stuck {
                Stuck::Search { .. } => " (--states raises it)",
                _ => "",
            };
            messages::error(format_args!(
                "{}: no quotient found: {stuck}{hint}; the quotient printed is that of heaps 0 \
                 to {last}, proven for those heaps",
                args.rule,
            ));
            Ok(ExitCode::from(2))
        }
        None => Ok(code),
    }
}

/// `--stats`, after each heap: the order, and the largest search's states
/// and the bytes of the records it kept them in.
fn heap_stats(name: &str, heap: usize, solver: &Solver, progress: &mut Progress) {
    let tally = solver.largest_search();
    let added = match solver.heaps() > heap {
        true => format!("|Q| = {}", solver.order()),
        false => "refused".to_string(),
    };
    progress.clear();
    messages::report(format_args!(
        "{name}: heap {heap}: {added}; largest search: {} states in {} records of {} ({} bytes \
         each, over {} elements; {:.1} targets a record)",
        tally.states,
        tally.kept,
        Bytes(tally.bytes),
        tally.bytes.checked_div(tally.kept).unwrap_or(0),
        tally.order,
        tally.targets as f64 / tally.kept.max(1) as f64
    ));
}

/// `--stats`: the heaps, the time, and the memory the tables took.
fn stats(name: &str, solver: &Solver, started: Instant) {
    let memory = solver.memory();
    messages::report(format_args!(
        "{name}: heaps 0 to {} in {:.3} s, |Q| = {}; the tables took at most {} of a budget of {} \
         ({} steps of work)",
        solver.heaps() - 1,
        started.elapsed().as_secs_f64(),
        solver.order(),
        Bytes(memory.peak()),
        Bytes(memory.budget()),
        solver.work()
    ));
}

/// Misère Nim's quotient of heaps 0 to `--upto`: `T_k`, built, not
/// searched ([`tame::nim`]). Exit 1, as for a rule without a period: each
/// power of 2 adds a generator, so no quotient holds for every heap.
fn nim_command(args: &MisereArgs) -> Result<ExitCode, Error> {
    if args.genus.is_some() {
        return Err(Error::Usage(
            "--genus takes a rule; for misère Nim's heaps, `nimstream misere 0.3333 --genus 4` \
             gives heaps 0 to 4 (a code taking up to 4 is Nim there)"
                .into(),
        ));
    }
    let last = args.upto.unwrap_or(DEFAULT_HEAPS) as u64;
    if last > NIM_LAST {
        return Err(Error::Usage(format!(
            "nim: --upto {last} is past heap {NIM_LAST}, the last heap misère Nim's quotient is \
             built to (T_12, 4098 elements); give --upto {NIM_LAST} or less"
        )));
    }
    let started = Instant::now();
    let quotient = tame::nim(last);
    let growth = tame::nim_growth(last);
    let report = Report {
        name: &args.rule,
        rule: None,
        quotient: &quotient,
        presentation: Presentation::of(&quotient),
        growth: &growth,
        seconds: started.elapsed().as_secs_f64(),
    };
    print(&report, args.json)
}

/// Prints `report`, as text or JSON; exit 0 when a period proves the
/// quotient for every heap, 1 otherwise.
fn print(report: &Report, json: bool) -> Result<ExitCode, Error> {
    let mut out = io::stdout().lock();
    let written = if json {
        writeln!(out, "{}", report.json())
    } else {
        report.write_text(&mut out)
    };
    written.and_then(|()| out.flush()).map_err(stdout_error)?;
    Ok(match report.quotient.period() {
        Some(_) => ExitCode::SUCCESS,
        None => ExitCode::from(1),
    })
}

/// Prints each heap's values and genus, as text or JSON.
fn genus_command(args: &MisereArgs, rule: &Rule, upto: usize) -> Result<ExitCode, Error> {
    let genera = genera(rule, upto).map_err(|e| Error::Usage(format!("{}: {e}", args.rule)))?;
    let mut out = io::stdout().lock();
    let written = if args.json {
        let heaps: Vec<serde_json::Value> = genera
            .iter()
            .map(|g| {
                json!({
                    "heap": g.heap,
                    "normal": g.genus.normal(),
                    "misere": g.genus.misere(),
                    "genus": g.genus.to_string(),
                    "superscript": g.genus.superscript(),
                })
            })
            .collect();
        writeln!(out, "{}", json!({"rule": args.rule, "heaps": heaps}))
    } else {
        writeln!(out, "heap G+ G- genus").and_then(|()| {
            genera.iter().try_for_each(|g| {
                writeln!(
                    out,
                    "{} {} {} {}",
                    g.heap,
                    g.genus.normal(),
                    g.genus.misere(),
                    g.genus
                )
            })
        })
    };
    written.and_then(|()| out.flush()).map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// A line on a terminal that says which heap the search is at, redrawn
/// by a thread of its own, so that it stays true while one heap takes long.
struct Progress {
    state: Arc<ProgressState>,
    drawer: Option<thread::JoinHandle<()>>,
}

#[derive(Default)]
struct ProgressState {
    heap: AtomicUsize,
    order: AtomicUsize,
    done: AtomicBool,
}

impl Progress {
    fn new(upto: usize) -> Progress {
        let state = Arc::new(ProgressState::default());
        let on = io::stderr().is_terminal() && !messages::quiet();
        let drawer = on.then(|| {
            let state = state.clone();
            thread::spawn(move || draw(&state, upto))
        });
        Progress { state, drawer }
    }

    /// The search is adding heap `heap` to a quotient of `order` elements.
    fn at(&self, heap: usize, order: usize) {
        self.state.heap.store(heap, Ordering::Relaxed);
        self.state.order.store(order, Ordering::Relaxed);
    }

    fn clear(&mut self) {
        self.state.done.store(true, Ordering::Relaxed);
        if let Some(drawer) = self.drawer.take() {
            let _ = drawer.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

fn draw(state: &ProgressState, upto: usize) {
    let mut drawn = false;
    let mut waited = Duration::ZERO;
    while !state.done.load(Ordering::Relaxed) {
        thread::sleep(Duration::from_millis(50));
        waited += Duration::from_millis(50);
        // Quick runs draw nothing.
        if waited >= Duration::from_millis(250) {
            waited = Duration::ZERO;
            let heap = state.heap.load(Ordering::Relaxed);
            let order = state.order.load(Ordering::Relaxed);
            eprint!("\rheap {heap} of at most {upto}: |Q| = {order}   ");
            drawn = true;
        }
    }
    if drawn {
        eprint!("\r{:60}\r", "");
    }
}

struct Report<'a> {
    name: &'a str,
    /// The rule; `None` for misère Nim.
    rule: Option<&'a Rule>,
    quotient: &'a Quotient,
    presentation: Presentation,
    growth: &'a [(usize, usize)],
    seconds: f64,
}

impl Report<'_> {
    fn last_heap(&self) -> u64 {
        self.quotient.heaps_known() - 1
    }

    fn losing(&self) -> Vec<String> {
        (0..self.quotient.order() as Element)
            .filter(|&x| self.quotient.is_losing(x))
            .map(|x| self.presentation.element(x))
            .collect()
    }

    /// The heaps whose elements are listed: one period past the preperiod,
    /// or every heap computed.
    fn listed(&self) -> u64 {
        match self.quotient.period() {
            Some(p) => p.preperiod + p.period,
            None => self.quotient.heaps_known(),
        }
    }

    fn proof_heaps(&self) -> Option<u64> {
        let period = self.quotient.period()?;
        let rule = self.rule?;
        let from = match rule.max_parts() {
            1 => period.preperiod,
            _ => period.preperiod.max(1),
        };
        Some(proof_length(rule, from as usize, period.period as usize) as u64)
    }

    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let q = self.quotient;
        match q.period() {
            Some(period) => writeln!(
                out,
                "{}: misère quotient of order {} with {} P-positions, for every heap\n\
                 period {} from heap {} (proven by heaps 0 to {})",
                self.name,
                q.order(),
                q.losing_count(),
                period.period,
                period.preperiod,
                self.proof_heaps().unwrap_or(0).saturating_sub(1),
            )?,
            None if self.rule.is_none() => writeln!(
                out,
                "{}: misère quotient of heaps 0 to {} has order {} with {} P-positions, by \
                 Bouton's rule; no period: it grows at each power of 2",
                self.name,
                self.last_heap(),
                q.order(),
                q.losing_count()
            )?,
            None => writeln!(
                out,
                "{}: no period proven up to heap {}; the quotient of heaps 0 to {} has order {} with {} P-positions",
                self.name,
                self.last_heap(),
                self.last_heap(),
                q.order(),
                q.losing_count()
            )?,
        }
        // As MisereSolver names a tame quotient.
        if let Some(k) = tame::tame(q) {
            writeln!(out, "(Q,P) = T_{k}")?;
        }
        let growth: Vec<String> = self
            .growth
            .iter()
            .map(|(heap, order)| format!("{heap}:{order}"))
            .collect();
        writeln!(
            out,
            "order at each heap where it grew: {}",
            growth.join(" ")
        )?;
        writeln!(out, "presentation {}", self.presentation.text())?;
        writeln!(out, "P = {{{}}}", self.losing().join(", "))?;
        writeln!(out, "heap element")?;
        for heap in 0..self.listed() {
            let element = q.element(heap).unwrap_or(0);
            writeln!(out, "{heap} {}", self.presentation.element(element))?;
        }
        Ok(())
    }

    fn json(&self) -> serde_json::Value {
        let q = self.quotient;
        let period = q.period().map(|p| {
            json!({"preperiod": p.preperiod, "period": p.period, "proven_by_heaps": self.proof_heaps()})
        });
        let relations: Vec<[String; 2]> = self
            .presentation
            .relations
            .iter()
            .map(|(l, r)| [self.presentation.monomial(l), self.presentation.monomial(r)])
            .collect();
        let elements: Vec<String> = (0..q.order() as Element)
            .map(|x| self.presentation.element(x))
            .collect();
        let table: Vec<Vec<Element>> = (0..q.order() as Element)
            .map(|x| q.row(x).to_vec())
            .collect();
        json!({
            "rule": self.name,
            "heaps": q.heaps_known(),
            "order": q.order(),
            "losing_count": q.losing_count(),
            "period": period,
            "tame": tame::tame(q),
            "generators": self.presentation.generators.iter()
                .map(|g| json!({"name": g.name, "heap": g.heap})).collect::<Vec<_>>(),
            "relations": relations,
            "losing": self.losing(),
            "elements": elements,
            "products": table,
            "pretending": (0..self.listed()).map(|h| q.element(h).unwrap_or(0)).collect::<Vec<_>>(),
            "growth": self.growth,
            "seconds": self.seconds,
        })
    }
}
