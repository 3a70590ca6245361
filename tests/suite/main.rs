//! nimstream's integration tests, one module per concern, built as one
//! test binary: each binary of its own was linked with the library under
//! the release profile's LTO, and 24 of them made the first `cargo test
//! --release` take 19 min of building on a loaded 2-core machine.
//!
//! `large_file` holds the one test that is opt-in (4 GiB of disk and
//! memory): `cargo test --release --test suite large_file -- --ignored`.

mod common;

mod architecture;
mod bombs;
mod classics;
mod cli;
mod compressed;
mod conventions;
mod every_problem;
mod folders;
mod gen_counts;
mod gen_output;
mod grundy;
mod grundy_runs;
mod interact;
mod interact_limited;
mod interact_protocol;
mod judge;
mod judge_moves;
mod judge_stress;
mod judge_stress_interactive;
mod large_file;
mod listing;
mod memory;
mod misere;
mod misere_rules;
mod misere_runs;
mod names;
mod package;
mod package_host;
mod package_interactive;
mod package_plan;
mod package_wrong;
mod problem_files;
mod problems;
mod programs;
mod properties;
mod readme;
mod references_a;
mod references_b;
mod sandbox;
mod snim;
mod stats;
mod validate;
