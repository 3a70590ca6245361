//! End to end through the library: a generated input in memory, solved by
//! `pipeline::Job::solve_bytes` with the verdicts written to `io::sink()`. This is
//! the CLI's work on a mapped file, minus the mapping and the terminal.
//!
//! One input per game, in the problem's value ranges (`Problem::limits`), a
//! few MB each so that it leaves the caches. Lasker's heap cases are large
//! enough for the two-pass parallel solve to kick in, and it runs with one
//! thread and with every core, so the split's speed-up (or cost) shows.
//!
//! Run: `cargo bench --bench reducer -- --warm-up-time 1 --measurement-time 2`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;
use std::io;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimstream::games::GameParams;
use nimstream::gen::{self, GenOptions};
use nimstream::output::VerdictWriter;
use nimstream::parallel;
use nimstream::pipeline::Job;
use nimstream::problem::Problem;
use nimstream::scan::Kernel;
use nimstream::solve::Report;

/// A game's input and how to generate it.
struct Workload {
    problem: &'static Problem,
    params: GameParams,
    options: GenOptions,
}

impl Workload {
    /// `cases` cases, `heaps` heaps each (ignored by the pair games), values
    /// in the problem's own ranges.
    fn new(name: &str, cases: u64, heaps: u64) -> Workload {
        let problem = Problem::find(name).expect("a catalogue problem");
        let options = GenOptions {
            cases,
            heaps,
            ..GenOptions::within_limits(problem)
        };
        let params = GameParams {
            max_take: Some(3),
            ..GameParams::default()
        };
        Workload {
            problem,
            params: if problem.game.parameters.is_empty() {
                GameParams::default()
            } else {
                params
            },
            options,
        }
    }

    /// Narrows the range of a pair's second number.
    fn second(mut self, min: u64, max: u64) -> Workload {
        self.options.second_min = min;
        self.options.second_max = max;
        self
    }

    fn bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut game = self
            .problem
            .build_game(&self.params)
            .expect("the game builds");
        gen::generate(
            self.problem,
            &mut game,
            &self.options,
            &mut bytes,
            1,
            &mut |_| {},
        )
        .expect("writing to a Vec");
        bytes
    }
}

fn workloads() -> Vec<Workload> {
    vec![
        // About 5 MB of short heaps in each: ten cases of 100,000.
        Workload::new("nim", 10, 100_000),
        Workload::new("misere", 10, 100_000),
        Workload::new("bounded", 10, 100_000),
        // About 6.6 MB in four cases of ten-digit heaps: over a megabyte a
        // case, which is where `parallel::worth_splitting` says yes.
        Workload::new("lasker", 4, 150_000),
        // Pair games: many small cases, so the per-case work shows.
        Workload::new("bash", 500_000, 0),
        Workload::new("fibonacci", 500_000, 0),
        // The problem allows k up to 10^5 but only 20 cases: each new k
        // builds a table of up to a million terms, so 200,000 cases of
        // random k would time the table builds (for minutes), not the
        // reading. Many cases over few k measure the cached lookups.
        Workload::new("kmultiple", 200_000, 0).second(1, 100),
        Workload::new("wythoff", 500_000, 0),
    ]
}

/// Solves `bytes` writing into `out`; the report, or the error as text.
fn solve_into<W: io::Write>(
    workload: &Workload,
    bytes: &[u8],
    threads: usize,
    out: W,
) -> Result<Report, String> {
    let problem = workload.problem;
    let mut game = problem
        .build_game(&workload.params)
        .map_err(|e| e.to_string())?;
    let mut writer = VerdictWriter::for_problem(out, &problem.verdicts);
    let mut job = Job::new(problem);
    job.threads = threads;
    let report = job
        .solve_bytes(bytes, "bench", &mut game, &mut writer, &mut ())
        .map_err(|e| e.to_string())?;
    writer.flush().map_err(|e| e.to_string())?;
    Ok(report)
}

fn reducer(c: &mut Criterion) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    eprintln!("kernel: {}, cores: {}", Kernel::detect().name(), cores);
    for workload in workloads() {
        let name = workload.problem.name;
        let bytes = workload.bytes();
        let cases = workload.options.cases;

        let mut thread_counts = vec![1];
        if name == "lasker" && cores > 1 {
            thread_counts.push(cores);
            // Otherwise "all cores" would quietly measure the one-thread path.
            assert!(
                parallel::worth_splitting(bytes.len(), cases, cores),
                "the lasker workload is too small to be split"
            );
        }

        // Checked once, outside the timing: the input solves, every case
        // gets a verdict, and every thread count says the same.
        let mut first: Option<Vec<u8>> = None;
        for &threads in &thread_counts {
            let mut verdicts = Vec::new();
            let report = solve_into(&workload, &bytes, threads, &mut verdicts)
                .unwrap_or_else(|e| panic!("{}: {}", name, e));
            assert_eq!(report.cases, cases, "{}: cases solved", name);
            match &first {
                None => first = Some(verdicts),
                Some(one) => assert!(
                    *one == verdicts,
                    "{}: {} threads disagree with 1",
                    name,
                    threads
                ),
            }
        }

        let mut group = c.benchmark_group(format!("reducer/{}", name));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        for &threads in &thread_counts {
            let id = format!("threads-{}", threads);
            group.bench_function(id, |b| {
                b.iter(|| solve_into(&workload, black_box(&bytes), threads, io::sink()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, reducer);
criterion_main!(benches);
