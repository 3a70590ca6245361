//! nimstream reads judge input files for Nim-family games and says who wins
//! each case, at close to the speed at which the bytes can be read. It also
//! writes reproducible test files and validates them strictly.
//!
//! # The pipeline
//!
//! ```text
//!             ┌────────── pipeline::Job ───────────┐
//!  input ──▶ source ──▶ scan ──▶ solve (layout) ──▶ games ──▶ output
//!  mmap,     slice,     digit    T, N, heaps,       fold,       one line
//!  bytes or  stream or  runs     pairs, 0-ended     verdict     per case
//!  a reader  blocks     → u64    (problem)          (math)
//! ```
//!
//! * [`problem`] is the catalogue: each judge problem's name and aliases,
//!   its game, its input [`Layout`](problem::Layout), what it prints for a
//!   case ([`Answer`](problem::Answer): the judge's words, every winning
//!   move, their number, the smallest winning take), its limits and the
//!   names of its variables. Nothing else lists problems. A problem is
//!   data: one nimstream does not know is read from a TOML file
//!   ([`Problem::from_toml`](problem::Problem::from_toml)) naming its game
//!   ([`games::known`], or a rule) and its layout, and each entry prints
//!   as such a file.
//! * [`games`] is the mathematics: closed forms, each tested against a
//!   brute-force search. A heap game is a value transform folded into a
//!   [`CaseSummary`](games::CaseSummary), a monoid, so a case can be cut
//!   anywhere and its parts folded apart. A game may carry data built at run
//!   time and may refuse a heap it cannot decide. Beside the summary a
//!   [`MoveTrace`](games::MoveTrace) can keep, per bit of the Grundy values,
//!   the first heap that has it, which names a winning move in the same
//!   pass (`--move`) and merges like the xor.
//! * [`grundy`] computes the nim-sequences of games given by their rules
//!   (octal codes, subtraction sets), naively or by the sparse-space
//!   method, and proves their periods; [`games::rule`] folds such a game
//!   from its table, in `O(1)` per heap once the period is proven.
//! * [`misere`] is misère play of the same rules: the misère quotient (a
//!   finite commutative monoid, its P-portion and each heap's element),
//!   found one heap at a time and proven by a search of every state, its
//!   period proven as for normal play; and Conway's genus of single heaps.
//! * [`pipeline`] is the one entry point: a [`Job`](pipeline::Job) opens the
//!   input ([`input`]: memory-mapped only on the caller's explicit, `unsafe`
//!   opt-in), chooses how to read it, and checks a mapped file afterwards.
//! * [`source`] turns bytes into tokens with offsets, for a slice, a stream
//!   through a bounded buffer, or the blocks of a parallel split, all on one
//!   driver loop; and, for the cases whose heaps are kept to list their
//!   moves, a slice whose blocks any free thread converts ahead of the
//!   reader (a run on it that meets an error is run again on the slice).
//! * [`scan`] is the tokenizer, which knows nothing of games: a kernel hands
//!   each token to a [`Visitor`](scan::Visitor), which may stop it at a
//!   token. Several kernels (a byte-at-a-time reference, a portable SWAR
//!   window, AVX2, AVX-512BW) serve one API and are tested against each
//!   other; a [`Kernel`](scan::Kernel) can only be built by asking the CPU.
//! * [`parallel`] is the first pass of a split: large heap-game files are
//!   cut into blocks folded on all cores, and the sequential walk merges
//!   whole blocks' summaries, so verdicts and errors are exactly those of
//!   one thread. Position-game files ([`parallel::positions`]) are cut the
//!   same way, their tokens counted, and each block's cases answered on
//!   its own; a file with a fault is left to the one-thread reader, which
//!   drops the lines already written when the fault is a number too large
//!   that only the second pass meets.
//! * [`solve`] reads each layout and turns a fault into an error that says
//!   what was expected, where, by line and column; [`output`] writes the
//!   verdicts in the judge's words, and [`listing`] the lines of a case's
//!   every winning move, on a thread of its own for a large case. Like the
//!   kernels, its writers (portable, AVX2, AVX-512 with VBMI2) serve one
//!   call and give the same lines, each tested against `format!`; the
//!   run's kernel picks one.
//!
//! Messages that print a count word it in the count's number
//! ([`plural`]: `1 case`, `2 cases`).
//!
//! Around the solver: [`gen`] writes reproducible test files (with [`rng`]),
//! and [`validate`] checks them as strictly as a testlib validator. Files
//! the command line writes replace their targets whole or not at all
//! ([`output::atomic`]).
//!
//! For judging programs: [`sandbox`] runs a program nobody vouches for
//! in a box of its own (namespaces, a user of its own, control groups)
//! under limits of the whole box (CPU, wall clock, memory, output,
//! processes), measured by nimstream; [`judge`] compares its output with the right
//! answers as a checker does, streaming both, and checks claimed winning
//! moves by the game; [`stress`] draws tests for a stress run, reads a test
//! file into cases and shrinks a failing one to a few cases of a few small
//! heaps; [`package`] writes a problem as an ICPC problem package (the
//! statement, a test plan of the limits' edges, nimstream as its
//! validator, C++ solutions); [`interact`] plays a problem's game against
//! a program, line by line, as a judge's interactor: winning moves from a
//! won position, hard ones from a lost one, every move of the program
//! checked as `judge --move` checks one.
//!
//! The modules form no cycle: `scan` and `grundy` depend on nothing else in
//! the crate; `games` on `scan`, `grundy` and `rng`; `source` and
//! `listing` on `scan` and `games`; `problem` on `games`; `solve`, `gen`
//! and `validate` on those; `pipeline` on all of them; `sandbox` on
//! nothing but `error`; `stress` on `problem`, `gen` and `validate`;
//! `judge` on `problem`, `games` and `stress`; `interact` on `judge`,
//! `problem`, `games` and `stress`; `package` on `pipeline`, `gen` and
//! `validate`; [`plural`] on nothing, and any module may word
//! its counts with it. A test (`tests/suite/architecture.rs`) keeps it
//! so.
//!
//! # Example
//!
//! ```
//! use nimstream::games::GameParams;
//! use nimstream::output::VerdictWriter;
//! use nimstream::pipeline::Job;
//! use nimstream::problem::Problem;
//!
//! // HDU 3032's sample: two cases of Lasker's Nim.
//! let problem = Problem::find("hdu3032").unwrap();
//! let mut game = problem.build_game(&GameParams::default())?;
//! let input = b"2\n3\n2 2 3\n2\n3 3\n";
//! let mut stdout = Vec::new();
//! let mut out = VerdictWriter::for_problem(&mut stdout, &problem.verdicts);
//! let report = Job::new(problem).solve_bytes(input, "sample", &mut game, &mut out, &mut ())?;
//! out.flush()?;
//! drop(out);
//! assert_eq!(report.cases, 2);
//! assert_eq!(stdout, b"Alice\nBob\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! Every error about the input carries a byte offset, a line and a column,
//! and says what was expected and what was found ([`Error`]). Positions are
//! computed only after an error, by counting newlines up to the offset, so
//! they cost nothing while scanning.
pub mod error;
pub mod games;
pub mod gen;
pub mod grundy;
pub mod input;
pub mod interact;
pub mod judge;
pub mod listing;
pub mod misere;
pub mod output;
pub mod package;
pub mod parallel;
pub mod pipeline;
pub mod plural;
pub mod problem;
pub mod rng;
#[cfg(unix)]
pub mod sandbox;
pub mod scan;
pub mod solve;
pub mod source;
pub mod stress;
pub mod validate;

#[doc(hidden)]
pub mod testing;

pub use error::{Error, Position};
