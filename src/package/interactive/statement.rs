//! The interactive package's statement: the game, the protocol, how its
//! moves are written, and the first lines of the sample's dialogue.

use crate::games::Game;
use crate::interact;
use crate::package::statement::escape;
use crate::problem::{Layout, Problem};

use super::{MAX_GAMES, MAX_HEAPS};

/// The statement: the game, the input as the program reads it, the
/// protocol and the moves, and what the first sample's dialogue shows.
pub(super) fn statement(
    problem: &Problem,
    game: &Game,
    rule: Option<&str>,
    max_moves: u64,
    dialogue: &[String],
) -> String {
    let words = crate::package::rules::game(problem, rule);
    let title = crate::package::statement::title(problem);
    // The plain name for problemtools, as the batch statement gives it.
    let mut text = format!("%% plainproblemname: {}\n", title.replace('\n', " "));
    text += &format!("\\problemname{{{}}}\n\n", escape(&title));
    text += &format!(
        "This is an interactive version of {}: {}. Your program plays the game \
         against the judge, and must win every game.\n\n",
        escape(problem.source),
        escape(problem.title)
    );
    text += &format!(
        "{} Here one of the two players is your program and the other the judge; \
         your program chooses which moves first.\n\n",
        escape(&words.rules)
    );
    text += "\\section*{Interaction}\n\n";
    text += &format!(
        "{} Then, for each game: the judge writes the game's position as {}. Your \
         program writes \\texttt{{First}} to make the first move or \\texttt{{Second}} to \
         let the judge make it. Then the two players alternate moves, one a line; the \
         judge answers each of your moves with its own.\n\n",
        games_words(problem),
        escape(&position_words(problem, game))
    );
    text += &format!("{}\n\n", move_words(game));
    text += "When the player to move has no move, the game is over. The judge writes \
             \\texttt{0} when you won it, and the next game follows (after the last \
             game, your program should exit). It writes \\texttt{-1} when you lost it, \
             or when your line is not a legal move, or after ";
    text += &format!(
        "{max_moves} moves in one game; then your program must exit. A move is \
         never \\texttt{{0}} or \\texttt{{-1}} alone, so these lines cannot be \
         mistaken for one.\n\n"
    );
    text += "Flush standard output after every line, or the judge does not see it \
             and your program waits for ever (in C++, \\texttt{fflush(stdout)} or \
             \\texttt{cout << endl}; in Python, \\texttt{print(..., flush=True)}). A \
             program that does not answer within the time limit is stopped.\n\n";
    if !dialogue.is_empty() {
        let shown = dialogue.len().min(12);
        text += "\\section*{Sample explanation}\n\n";
        text += "In the sample interaction the judge's lines are on the left, your \
                 program's on the right. It begins:\n\\begin{itemize}\n";
        for line in &dialogue[..shown] {
            let (who, said) = match line.split_at(1) {
                ("<", said) => ("the judge writes", said),
                (_, said) => ("your program writes", said),
            };
            text += &format!("\\item {who} \\texttt{{{}}}\n", escape(said));
        }
        text += "\\end{itemize}\n";
    }
    text
}

/// How the games are counted or ended, in LaTeX.
fn games_words(problem: &Problem) -> String {
    let at_most = format!("There are at most {MAX_GAMES} games.");
    match problem.layout {
        Layout::HeapCases | Layout::CountedPairs => format!(
            "The judge first writes the number of games $T$ ($1 \\le T \\le {MAX_GAMES}$) \
             on a line."
        ),
        Layout::ZeroTerminated => format!(
            "{at_most} After the last one the judge writes a line \\texttt{{0}}, which is no \
             game."
        ),
        Layout::PairsToZero { .. } => format!(
            "{at_most} After the last one the judge writes a line \\texttt{{0 0}}, which is \
             no game."
        ),
        _ => format!("{at_most} After the last one the judge closes its output (end of file)."),
    }
}

/// How a case's position is written, in words, with its limits.
fn position_words(problem: &Problem, game: &Game) -> String {
    let (value, second) = (problem.limits.value, problem.limits.second);
    match (game, problem.layout) {
        (Game::Wythoff(_), _) => {
            let order = match problem.layout {
                Layout::PairsToZero { ordered: true } => ", a ≤ b",
                _ => "",
            };
            format!(
                "a line a b: two piles of a and b stones, {} ≤ a ≤ {} and {} ≤ b ≤ {}{order}",
                value.min, value.max, second.min, second.max
            )
        }
        (Game::Bash(_), _) => format!(
            "a line n m: a pile of n stones, {} ≤ n ≤ {}, of which a move takes 1 to m, \
             {} ≤ m ≤ {}",
            value.min, value.max, second.min, second.max
        ),
        (Game::Fibonacci(_), _) => format!(
            "a line n: a pile of n stones, {} ≤ n ≤ {}",
            value.min, value.max
        ),
        (Game::KMultiple(_), _) => format!(
            "a line n k: a pile of n stones, {} ≤ n ≤ {}, and the game's k, {} ≤ k ≤ {}",
            value.min, value.max, second.min, second.max
        ),
        (_, Layout::HeapCases) => format!(
            "a line with the number of heaps N, at most {MAX_HEAPS}, and a line of N heap \
             sizes, each from {} to {}",
            value.min, value.max
        ),
        _ => problem.layout.describe(&problem.vars).replace('`', ""),
    }
}

/// How a move is written, in words, in LaTeX.
fn move_words(game: &Game) -> String {
    if let Game::Bash(_) = game {
        return "A move is written \\texttt{a->b}: the pile before it and after it \
                (\\texttt{23->21} takes 2 stones)."
            .into();
    }
    let limit = match game {
        Game::Fibonacci(_) => Some("twice"),
        Game::KMultiple(_) => Some("k times"),
        _ => None,
    };
    if let Some(times) = limit {
        return format!(
            "A move is written \\texttt{{a->b}}: the pile before it and after it \
             (\\texttt{{23->21}} takes 2 stones). The first move of a game takes at least \
             one stone and not all of them; every later move takes at least one and at \
             most {times} as many as the move before it took."
        );
    }
    if interact::two_piles(game) {
        return "A move is written \\texttt{a b->c d}: both piles before it and after it, \
                in the order of the position's line (\\texttt{4 7->2 5} takes 2 stones from \
                each pile)."
            .into();
    }
    let split = matches!(game, Game::Lasker(_) | Game::SplitThree(_) | Game::Rule(_));
    let mut text = "A move is written \\texttt{i:a->b}: heap i (numbered from 1) goes from a \
                    objects to b (\\texttt{2:5->3} takes 2 objects from the second heap). \
                    A heap taken to nothing stays, as a heap of 0, so that the others \
                    keep their numbers."
        .to_string();
    if split {
        text += " A split is written \\texttt{i:a->b+c}: heap i, of a objects, becomes \
                 the two heaps b and c, which take its place in that order (the heaps \
                 after it move along): \\texttt{1:7->1+6}.";
    }
    text
}
