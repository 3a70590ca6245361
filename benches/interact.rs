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
//! Run: `cargo bench --bench interact -- --warm-up-time 1 --measurement-time 10`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::cell::RefCell;
use std::hint::black_box;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::Duration;

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

struct FromProgram(Rc<RefCell<Program>>);

impl Lines for FromProgram {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        let mut guard = self.0.borrow_mut();
        let program = &mut *guard;
        if !program.sided {
            program.sided = true;
            let side = if program.wins { "First" } else { "Second" };
            return Heard::Line(side.into());
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
        Heard::Line(chosen.to_string().into_bytes())
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
                group.throughput(Throughput::Elements(moves));
                let id = BenchmarkId::new(format!("{name}, {heaps} heaps"), moves);
                group.bench_function(id, |b| {
                    b.iter_batched(
                        || {
                            Rc::new(RefCell::new(Program {
                                game: game.clone(),
                                board: board.clone(),
                                tally: tally.clone(),
                                player: Player::new(7),
                                wins,
                                heard: Vec::new(),
                                sided: false,
                            }))
                        },
                        |program| {
                            let mut lines = FromProgram(program.clone());
                            let mut to_program = ToProgram(program);
                            let outcome = interact::play(
                                problem,
                                &game,
                                &test,
                                &mut lines,
                                &mut to_program,
                                &limits,
                            )
                            .unwrap();
                            assert!(outcome.message.contains("the most a game may have"));
                            black_box(outcome)
                        },
                        criterion::BatchSize::LargeInput,
                    )
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, session);
criterion_main!(benches);
