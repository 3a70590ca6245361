//! What makes a package rebuildable from itself: a `.desc` beside each
//! test saying what it tests, and `data/generate.sh`, the `nimstream gen`
//! and `nimstream solve` commands that write again, byte for byte, every
//! test `gen` made.
//!
//! The commands read the problem from the input validator's own copy of
//! the problem file (`input_validators/nimstream/problem.toml`), so they
//! need nothing from outside the package but a nimstream of the version
//! `problem.yaml` names (by default the validator's copy of it).

use crate::gen::GenOptions;
use crate::plural::count;
use crate::problem::{Layout, Problem};

/// The problem file the commands read, from the package's folder.
pub const PROBLEM_FILE: &str = "input_validators/nimstream/problem.toml";

/// A test of the package, for the script and its `.desc`.
pub struct Recorded<'a> {
    /// Its path from the package's folder, without `.in`
    /// (`data/secret/01-min-values`).
    pub path: String,
    /// `gen`'s options, or `None` for a test written case by case or
    /// copied from the catalogue.
    pub options: Option<&'a GenOptions>,
}

/// `gen`'s arguments (after `gen --problem FILE`) that write the test
/// `options` describes: every option, so that a later default cannot change
/// the bytes. `upto` is the package's `--upto`, which the game needs again.
pub fn gen_args(problem: &Problem, options: &GenOptions, upto: Option<usize>) -> Vec<String> {
    let mut args = vec![
        format!("--cases {}", options.cases),
        format!("--heaps {}", options.heaps),
        format!("--min {}", options.min),
        format!("--max {}", options.max),
        format!("--second-min {}", options.second_min),
        format!("--second-max {}", options.second_max),
    ];
    // gen refuses these two where each case has no set or graph of its own.
    if matches!(
        problem.layout,
        Layout::SubtractionSetCases | Layout::GraphCases
    ) {
        args.push(format!("--set-size {}", options.set_size));
        args.push(format!("--positions {}", options.positions));
    }
    args.push(format!("--seed {}", options.seed));
    args.push(format!("--losing {}", options.losing));
    if let Some(upto) = upto {
        args.push(format!("--upto {upto}"));
    }
    args
}

/// What a test is for, from its name (`07-single-heap`, or a sample's):
/// one line for its `.desc`.
fn purpose(name: &str) -> &'static str {
    // The plan numbers its tests: `07-single-heap`.
    let kind = match name.split_once('-') {
        Some((number, kind)) if number.bytes().all(|b| b.is_ascii_digit()) => kind,
        _ => name,
    };
    match kind {
        "min-values" => "every number at its least allowed value",
        "max-values" => "every number at its largest allowed value",
        "max-minus-one" => "numbers one below the largest allowed, and the largest",
        "int-max" => "numbers of 2^31 - 1, the largest 32-bit signed int",
        "two-to-32" => "numbers of 2^32, one past the 32-bit unsigned ints",
        "zeros" => "heaps of 0",
        "ones" => "heaps of 1",
        "min-second" => "each case's second number at its least allowed value",
        "max-second" => "each case's second number at its largest allowed value",
        "single-heap" => "a single heap in each case",
        "equal-values" => "equal numbers in each case",
        "all-losing" => "every case lost by the player to move",
        "all-winning" => "every case won by the player to move",
        "small-random" => "random small numbers, within 20 of the least allowed",
        "random" => "random numbers over the whole allowed range",
        "max-cases" => "the largest count of cases the size budget allows, each as small as allowed",
        "min-items" => "rows of the least count of items",
        "max-items" => "rows of the largest count of items",
        "max-items-losing" => "rows of the largest count of items, every case lost",
        "most-items" => "rows of as many items as the size budget allows",
        "most-items-losing" => "rows of as many items as the size budget allows, every case lost",
        "max-heaps" => "one case of as many heaps as the size budget allows, won (the costly kind where answers list or count moves)",
        "maximal" => "a maximal file: large cases of random numbers filling the size budget, every case won",
        "maximal-losing" => "a maximal file: large cases of random numbers filling the size budget, every case lost",
        "float-phi-traps" => "Wythoff's losing pairs where floor(k * phi) computed in double is wrong, and the won pairs one above them",
        "ones-and-one-larger" => "heaps of 1, an odd and an even count of them, alone and with one larger heap",
        "repeated-removals" => "subtraction sets that name a removal more than once, out of order, with single heaps from 0 up and a few larger positions",
        "near-int-max" => "games of Euclid whose piles are near 2^31 - 1, the smaller above half of it (2 * y wraps in a 32-bit int), rows won and lost",
        "fibonacci-top" => "the Fibonacci numbers at the top of the range with their neighbours, and the values a 32-bit int table reaches once it wraps",
        _ => "a sample",
    }
}

/// The `.desc` of a test: what it is for, and how it was made.
pub fn desc(problem: &Problem, name: &str, options: Option<&GenOptions>) -> String {
    let Some(o) = options else {
        return match purpose(name) {
            "a sample" => "The catalogue's sample, as its judge gives it.\n".to_string(),
            what => format!(
                "{}; written case by case by nimstream package.\n",
                capital(what)
            ),
        };
    };
    let mut made = count(o.cases, "case").to_string();
    if problem.layout.has_count() {
        made += &format!(" of {}", count(o.heaps, "heap"));
    }
    made += &format!(", numbers {} to {}", o.min, o.max);
    if problem.layout.has_second() {
        made += &format!(", second numbers {} to {}", o.second_min, o.second_max);
    }
    let share = match o.losing {
        0.0 => "none".to_string(),
        1.0 => "all".to_string(),
        s => format!("a share of {s}"),
    };
    format!(
        "{}: {made}, {share} of them lost for the player to move; nimstream gen, seed {} \
         (data/generate.sh has the command).\n",
        capital(purpose(name)),
        o.seed
    )
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `data/generate.sh`: from the package's folder, writes again every test
/// `gen` made and its answers, and says which tests it cannot write.
/// `package` is the command that wrote the package, for the script's head.
/// An `interactive` package's answers are empty files: the game is the
/// answer.
pub fn script(
    problem: &Problem,
    package: &str,
    tests: &[Recorded],
    upto: Option<usize>,
    interactive: bool,
) -> String {
    let mut text = format!(
        "#!/bin/sh\n\
         # The tests of this package, as nimstream {} wrote them ({package}).\n\
         # Run from the package's folder: sh data/generate.sh [NIMSTREAM]\n\
         # (default: the input validator's copy of nimstream). Each test `gen`\n\
         # made is written again, byte for byte, and {}.\n\
         set -e\n\
         nimstream=${{1:-input_validators/nimstream/nimstream}}\n\
         problem={PROBLEM_FILE}\n",
        env!("CARGO_PKG_VERSION"),
        match interactive {
            true => "given its empty answer (the game is the answer)",
            false => "answered by `solve`",
        }
    );
    for test in tests {
        let Some(options) = test.options else {
            text += &format!("# {}.in is not made by gen: kept as it is.\n", test.path);
            continue;
        };
        text += &format!(
            "\"$nimstream\" --quiet gen --problem \"$problem\" {} -o {}.in\n",
            gen_args(problem, options, upto).join(" "),
            test.path,
        );
        text += &match interactive {
            true => format!(": > {}.ans\n", test.path),
            false => format!(
                "\"$nimstream\" --quiet solve --problem \"$problem\" {}.in > {}.ans\n",
                test.path, test.path
            ),
        };
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_args_name_every_option_and_sets_only_where_gen_takes_them() {
        let nim = Problem::find("nim").unwrap();
        let options = GenOptions {
            seed: 77,
            losing: 1.0,
            ..GenOptions::within_limits(nim)
        };
        let args = gen_args(nim, &options, None).join(" ");
        for flag in ["--cases", "--heaps", "--min", "--max", "--second-min"] {
            assert!(args.contains(flag), "{flag}: {args}");
        }
        assert!(args.ends_with("--seed 77 --losing 1"), "{args}");
        assert!(!args.contains("--set-size"), "{args}");
        let snim = Problem::find("hdu1536").unwrap();
        let args = gen_args(snim, &GenOptions::within_limits(snim), Some(4096)).join(" ");
        assert!(
            args.contains("--set-size") && args.ends_with("--upto 4096"),
            "{args}"
        );
    }

    #[test]
    fn a_desc_says_what_the_test_is_and_how_it_was_made() {
        let nim = Problem::find("nim").unwrap();
        let options = GenOptions {
            losing: 1.0,
            seed: 12,
            ..GenOptions::within_limits(nim)
        };
        let desc = desc(nim, "11-all-losing", Some(&options));
        assert!(
            desc.starts_with("Every case lost by the player to move: 10 cases of 10 heaps"),
            "{desc}"
        );
        assert!(
            desc.contains("all of them lost") && desc.contains("seed 12"),
            "{desc}"
        );
        let crafted = super::desc(nim, "21-float-phi-traps", None);
        assert!(crafted.starts_with("Wythoff's losing pairs"), "{crafted}");
        assert!(super::desc(nim, "1", None).contains("sample"));
    }
}
