//! `nimstream play`: a person at a terminal against nimstream, through the
//! interactor's own session. The person is the program: the position and
//! nimstream's moves come on standard error, each followed by a prompt,
//! and the person's side and moves are read from standard input.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use nimstream::interact::{self, Limits, Listener, Verdict};
use nimstream::problem::{Reply, SideRule};
use nimstream::Error;

use crate::ProblemArgs;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream play nim testdata/nim.in
  printf '1\\n3\\n1 2 3\\n' > mine.in; nimstream play lasker mine.in --seed 4

Each case of INPUT is a game, shown as the problem's input has it. Answer
First or Second, then move in the game's --move notation (i:a->b for heap
i from a objects to b, i:a->b+c for a split, a->b for a pile, a b->c d for
two), one move a line; nimstream answers with its own. When the player to
move has none the game is over: 0 means you won it and the next case
follows, -1 that you lost it (or wrote a line that is no move or an
illegal move), which ends the session. A problem file's [interactive]
section may fix the side, have nimstream answer with the position and
name other end lines. docs/usage.md has each game's moves.

Exit status 0 when you won every game, 1 when you lost one, 2 on a usage
or input error.")]
pub struct PlayArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The positions to play, one game a case, in the problem's input
    /// format.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
    /// The seed of nimstream's draws among equally good moves in a lost
    /// position; the same seed plays the same game against the same moves.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
}

/// How long a person may think over a move: as good as forever.
const THINKING: Duration = Duration::from_secs(7 * 24 * 3600);

/// Shows what the session writes to the player, and a prompt each time it
/// waits for a line.
struct Shown<W> {
    to: W,
}

impl<W: Write> Write for Shown<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.to.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.to.write_all(b"? ")?;
        self.to.flush()
    }
}

pub fn play_command(mut args: PlayArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.inputs)?;
    let usage = "nimstream play PROBLEM INPUT";
    let [input] = &args.inputs[..] else {
        return Err(Error::Usage(format!(
            "play takes one INPUT; usage: {usage}"
        )));
    };
    let (problem, game, test) = crate::interact::load(&args.problem, input, usage)?;
    let limits = Limits {
        max_moves: u64::MAX,
        hurry_after: None,
        move_time: THINKING,
        seed: args.seed,
    };
    let protocol = problem.fixed.protocol;
    let side = match protocol.side {
        SideRule::Chosen => "answer First or Second, then move",
        SideRule::First => "you move first",
        SideRule::Second => "nimstream moves first",
    };
    let reply = match protocol.reply {
        Reply::Move => "",
        Reply::Position => "; nimstream answers with the position after its move",
    };
    eprintln!(
        "{} game{} of {}: {side} (i:a->b, a->b or a b->c d){reply}; \
         {} means you won the game, {} that you lost",
        test.cases.len(),
        if test.cases.len() == 1 { "" } else { "s" },
        problem.name,
        protocol.won,
        protocol.lost
    );
    let mut lines = Listener::spawn(io::stdin());
    let mut shown = Shown {
        to: io::stderr().lock(),
    };
    let outcome = interact::play(problem, &game, &test, &mut lines, &mut shown, &limits)
        .map_err(|why| Error::Usage(format!("{}: {why}", input.display())))?;
    eprintln!();
    let mut stdout = io::stdout().lock();
    let said = match outcome.verdict {
        Verdict::Accepted => format!("you {}", outcome.message),
        _ => format!("you lost: {}", outcome.message),
    };
    writeln!(stdout, "{said}").map_err(crate::stdout_error)?;
    Ok(match outcome.verdict {
        Verdict::Accepted => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}
