//! What `solve --stats` prints on standard error when the work is done:
//! once for one input; with several inputs (or `--out-dir`, `--check`),
//! once for each input solved, in the inputs' order, after its answers,
//! naming it (`PATH: ` before the line, or the field `path`).
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
//! | `path` | with several inputs, the input's path (`-` for standard input); absent for one input |
//! | `problem` | the problem's name, or for a game given by its rule the rule (`0.77`, also for `kayles`) |
//! | `bytes` | bytes of text read (decompressed, for compressed input) |
//! | `cases` | cases answered |
//! | `heaps`, `pieces` or `numbers` | heaps read for heap problems, pieces for hdu1524 (a graph's queries), numbers read for the others (headers excluded) |
//! | `seconds` | wall time from the start of reading to the last verdict |
//! | `gb_per_s` | `bytes` / `seconds` / 10^9 |
//! | `kernel` | the tokenizer that ran |
//! | `kernel_chosen` | `detected` (the widest this CPU runs) or `requested` (`--kernel`) |
//! | `threads` | threads that read the input |
//! | `input` | `mapped`, `stream`, `compressed` (or `memory`) |
//! | `codec` | `gzip`, `zstd` or `xz` for compressed input, else `null` |
//! | `rule_values` | for a game given by its rule (and hdu1848 with `--upto`), the heaps its table of values holds: every value computed, or the preperiod and period once a period is proven; absent for other problems |

use std::path::Path;
use std::time::Duration;

use nimstream::input::display_name;

use nimstream::pipeline::Solved;
use nimstream::plural::count;
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

/// What every input's statistics say alike.
#[derive(Clone, Copy)]
pub struct Run<'a> {
    /// How to print them.
    pub format: StatsFormat,
    /// The problem solved.
    pub problem: &'a Problem,
    /// The kernel that ran, and whether it was asked for by name.
    pub kernel: (Kernel, bool),
    /// How many heaps the table of a game given by its rule holds.
    pub rule_values: Option<u64>,
}

/// Prints the statistics of solving one input, which took `elapsed`;
/// `path` names the input when there are several.
pub fn print(run: &Run, solved: &Solved, elapsed: Duration, path: Option<&Path>) {
    let Run {
        format,
        problem,
        kernel: (kernel, requested),
        rule_values,
    } = *run;
    let report = &solved.report;
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let gb_per_s = report.bytes as f64 / seconds / 1e9;
    let value = if problem.layout.has_heaps() {
        problem.layout.heap_noun()
    } else {
        "number"
    };
    if format == StatsFormat::Text {
        let name = path.map_or(String::new(), |p| format!("{}: ", display_name(p)));
        crate::messages::report(format_args!(
            "{name}{}, {}, {}, {:.3} s, {:.2} GB/s, kernel {}, {}",
            count(report.bytes, "byte"),
            count(report.cases, "case"),
            count(report.values, value),
            seconds,
            gb_per_s,
            kernel.name(),
            count(report.threads as u64, "thread"),
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
    stats[format!("{value}s")] = report.values.into();
    if let Some(path) = path {
        stats["path"] = path.to_string_lossy().into();
    }
    if let Some(rule_values) = rule_values {
        stats["rule_values"] = rule_values.into();
    }
    eprintln!("{stats}");
}
