//! A whole `interact` session on one game of Nim at 10^5 and 10^6 heaps
//! below 2^31, cut at `--max-moves`: the interactor keeps the position's
//! value move by move, so a move costs the heap it touches.
//!
//! The program is nimstream's own player on the other side, in memory (no
//! pipes): it reads the interactor's lines and writes its own. Two
//! workloads: the program takes the won side and plays winning moves (the
//! interactor plays lost positions, drawing candidates and counting the
//! replies each leaves), or it takes the lost side (the interactor plays
//! winning moves). Throughput is in moves, both players' together; the
//! program's own moves cost about what the interactor's do. A run with
//! `--max-moves 2` gives the cost of starting the game (writing the case,
//! tallying the heaps), which the longer runs include.
//!
//! "interactor alone" plays the same games with the program's lines
//! recorded beforehand and handed back in turn, and what the interactor
//! writes thrown away: the interactor's side only (its moves and the
//! checking of the program's), whose throughput is in the interactor's
//! moves, half the game's. The interactor draws from its seed alone, so
//! the replayed game is the recorded one.
//!
//! Times are the thread's CPU time, not the wall clock's, so that a
//! machine shared with other work gives the session's own cost.
//!
//! Run: `cargo bench --bench interact -- --warm-up-time 1 --measurement-time 10`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::cell::RefCell;
use std::hint::black_box;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::Duration;
use std::vec::IntoIter;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nimstream::games::{Game, GameParams};
use nimstream::interact::board::{Board, Move};
use nimstream::interact::player::{self, Player};
use nimstream::interact::tally::Tally;
use nimstream::interact::{self, Heard, Limits, Lines};
use nimstream::problem::Problem;
use nimstream::rng::SplitMix64;
use nimstream::stress::{Case, TestFile};

/// The program's side: its own board, tally and player.
struct Program {
    game: Game,
    board: Board,
    tally: Tally,
    player: Player,
    /// Whether it takes the side that wins.
    wins: bool,
    /// What the interactor wrote since the program last read.
    heard: Vec<u8>,
    /// Whether the case has been read and a side chosen.
    sided: bool,
}

struct ToProgram(Rc<RefCell<Program>>);

impl Write for ToProgram {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut program = self.0.borrow_mut();
        // The case's text is not parsed: the program was handed the heaps.
        if program.sided {
            program.heard.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct FromProgram {
    program: Rc<RefCell<Program>>,
    /// The lines written so far, when recording.
    said: Option<Vec<Vec<u8>>>,
}

impl FromProgram {
    fn line(&mut self, line: Vec<u8>) -> Heard {
        if let Some(said) = &mut self.said {
            said.push(line.clone());
        }
        Heard::Line(line)
    }
}

/// The program's recorded lines, handed back in turn.
struct Replay(IntoIter<Vec<u8>>);

impl Lines for Replay {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        self.0.next().map_or(Heard::Ended, Heard::Line)
    }
}

/// What the interactor writes to a replayed program: nothing reads it.
struct Discard;

impl Write for Discard {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The CPU time this thread has used.
fn thread_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write, and
    // CLOCK_THREAD_CPUTIME_ID is a clock every Linux has.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread's CPU clock");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// The total thread CPU time of `iters` runs of `run` on what `setup`
/// makes, the setup not counted.
fn cpu_time<T, R>(
    iters: u64,
    mut setup: impl FnMut() -> T,
    mut run: impl FnMut(T) -> R,
) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let input = setup();
        let start = thread_time();
        let output = run(input);
        total += thread_time() - start;
        drop(black_box(output));
    }
    total
}

impl Lines for FromProgram {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        let program = self.program.clone();
        let mut guard = program.borrow_mut();
        let program = &mut *guard;
        if !program.sided {
            program.sided = true;
            let side = if program.wins { "First" } else { "Second" };
            return self.line(side.into());
        }
        let heard = std::mem::take(&mut program.heard);
        if let Some(line) = heard.split(|&b| b == b'\n').find(|l| !l.is_empty()) {
            let mv = program
                .board
                .read_move(&mut program.game, line, false)
                .expect("the interactor's move is legal");
            program.play(&mv);
        }
        let chosen = program
            .player
            .choose_in(&mut program.game, &program.board, Some(&mut program.tally))
            .expect("a game nimstream decides")
            .expect("the game goes on past the move limit");
        program.play(&chosen);
        self.line(chosen.to_string().into_bytes())
    }
}

impl Program {
    fn play(&mut self, mv: &Move) {
        self.board.apply(mv);
        player::keep_up(&self.game, &mut self.tally, &self.board, mv).unwrap();
    }
}

fn session(c: &mut Criterion) {
    let problem = Problem::find("nim").unwrap();
    let game = problem.build_game(&GameParams::default()).unwrap();
    let mut group = c.benchmark_group("interact session");
    group.sample_size(10);
    let mut alone = Vec::new();
    for heaps in [100_000usize, 1_000_000] {
        let mut rng = SplitMix64::new(49);
        let case: Vec<u64> = (0..heaps).map(|_| rng.between(1, (1 << 31) - 1)).collect();
        let test = TestFile {
            cases: vec![Case::Heaps(case.clone())],
        };
        let board = Board::Heaps(case);
        let tally = player::tally(&game, &board).unwrap().unwrap();
        let workloads = [("program wins", true), ("interactor wins", false)];
        for (name, wins) in workloads {
            for moves in [2u64, 200_000] {
                let limits = Limits {
                    max_moves: moves,
                    ..Limits::default()
                };
                let program = || {
                    Rc::new(RefCell::new(Program {
                        game: game.clone(),
                        board: board.clone(),
                        tally: tally.clone(),
                        player: Player::new(7),
                        wins,
                        heard: Vec::new(),
                        sided: false,
                    }))
                };
                let session = |program: Rc<RefCell<Program>>, said| {
                    let mut lines = FromProgram {
                        program: program.clone(),
                        said,
                    };
                    let mut to_program = ToProgram(program);
                    let outcome =
                        interact::play(problem, &game, &test, &mut lines, &mut to_program, &limits)
                            .unwrap();
                    assert!(outcome.message.contains("the most a game may have"));
                    (outcome, lines.said)
                };
                group.throughput(Throughput::Elements(moves));
                let id = BenchmarkId::new(format!("{name}, {heaps} heaps"), moves);
                group.bench_function(id, |b| {
                    b.iter_custom(|iters| cpu_time(iters, program, |p| session(p, None)))
                });
                let (outcome, said) = session(program(), Some(Vec::new()));
                let said = said.unwrap();
                alone.push((name, heaps, moves, limits, test.clone(), said, outcome));
            }
        }
    }
    group.finish();
    let mut group = c.benchmark_group("interactor alone");
    group.sample_size(10);
    for (name, heaps, moves, limits, test, said, outcome) in &alone {
        group.throughput(Throughput::Elements(moves / 2));
        let id = BenchmarkId::new(format!("{name}, {heaps} heaps"), moves);
        let replay = || Replay(said.clone().into_iter());
        let run = |mut lines: Replay| {
            let replayed =
                interact::play(problem, &game, test, &mut lines, &mut Discard, limits).unwrap();
            assert_eq!(&replayed, outcome, "the replayed game is the recorded one");
            replayed
        };
        group.bench_function(id, |b| b.iter_custom(|iters| cpu_time(iters, replay, run)));
    }
    group.finish();
}

criterion_group!(benches, session);
criterion_main!(benches);
