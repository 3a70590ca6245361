//! What `solve --stats` prints on standard error when the work is done.
//!
//! `--stats` prints one line for a person to read. `--stats=json` prints one
//! JSON object, on one line, for the tools around nimstream, which should
//! not have to parse prose: the same counts, plus how the kernel was chosen
//! and what kind of input was read (which the library reports, since only
//! it knows whether a file was mapped or turned out to be compressed). The
//! object's fields:
//!
//! | field | meaning |
//! |---|---|
//! | `problem` | the problem's name, or for a game given by its rule the rule (`0.77`, also for `kayles`) |
//! | `bytes` | bytes of text read (decompressed, for compressed input) |
//! | `cases` | cases answered |
//! | `heaps` or `numbers` | heaps read for heap problems, numbers read for the others (headers excluded) |
//! | `seconds` | wall time from the start of reading to the last verdict |
//! | `gb_per_s` | `bytes` / `seconds` / 10^9 |
//! | `kernel` | the tokenizer that ran |
//! | `kernel_chosen` | `detected` (the widest this CPU runs) or `requested` (`--kernel`) |
//! | `threads` | threads that read the input |
//! | `input` | `mapped`, `stream`, `compressed` (or `memory`) |
//! | `codec` | `gzip`, `zstd` or `xz` for compressed input, else `null` |
//! | `rule_values` | for a game given by its rule (and hdu1848 with `--upto`), the heaps its table of values holds: every value computed, or the preperiod and period once a period is proven; absent for other problems |

use std::time::Duration;

use nimstream::pipeline::Solved;
use nimstream::problem::Problem;
use nimstream::scan::Kernel;

/// How `--stats` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    /// One line for a person.
    Text,
    /// One JSON object for a program.
    Json,
}

/// Prints the statistics of a run that took `elapsed`; `kernel` says which
/// kernel ran and whether it was asked for by name; `rule_values`, how
/// many heaps the table of a game given by its rule holds.
pub fn print(
    format: StatsFormat,
    solved: &Solved,
    elapsed: Duration,
    problem: &Problem,
    (kernel, requested): (Kernel, bool),
    rule_values: Option<u64>,
) {
    let report = &solved.report;
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let gb_per_s = report.bytes as f64 / seconds / 1e9;
    let values = if problem.layout.has_heaps() {
        "heaps"
    } else {
        "numbers"
    };
    if format == StatsFormat::Text {
        let threads = match report.threads {
            1 => "thread",
            _ => "threads",
        };
        crate::messages::report(format_args!(
            "{} bytes, {} cases, {} {}, {:.3} s, {:.2} GB/s, kernel {}, {} {threads}",
            report.bytes,
            report.cases,
            report.values,
            values,
            seconds,
            gb_per_s,
            kernel.name(),
            report.threads,
        ));
        return;
    }
    let mut stats = serde_json::json!({
        "problem": problem.name,
        "bytes": report.bytes,
        "cases": report.cases,
        "seconds": seconds,
        "gb_per_s": gb_per_s,
        "kernel": kernel.name(),
        "kernel_chosen": if requested { "requested" } else { "detected" },
        "threads": report.threads,
        "input": solved.input.name(),
        "codec": solved.input.codec().map(|codec| codec.name()),
    });
    stats[values] = report.values.into();
    if let Some(rule_values) = rule_values {
        stats["rule_values"] = rule_values.into();
    }
    eprintln!("{stats}");
}
