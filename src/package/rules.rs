//! The words of a statement a contestant can solve from: each catalogue
//! problem's game (its moves, who moves first, who wins), and what each
//! answer means (which player a word names, what a listed move is and in
//! which order). The facts are those the kept references in `solutions/`
//! implement and the suite checks against `solve`.

use crate::grundy::rule::Rule;
use crate::problem::{Answer, Layout, LinePrefix, Problem};

/// A game in words: its rules, and the players as the answers name them.
pub struct Game {
    /// The moves, who moves first and who wins, in sentences.
    pub rules: String,
    /// The player who moves first.
    pub first: &'static str,
    /// The other player.
    pub second: &'static str,
}

const LAST_WINS: &str = "The player who cannot move loses (so whoever makes the last move wins).";

/// The game of `problem`, whose rule (a game given by one) is `rule`.
pub fn game(problem: &Problem, rule: Option<&str>) -> Game {
    let (first, second) = players(problem.name);
    let text = |rules: &str| Game {
        rules: rules.replace("{LAST}", LAST_WINS),
        first,
        second,
    };
    match problem.name {
        "nim" | "hdu2176" | "hdu1850" | "poj2975" | "p1247" => text(
            "There are heaps of objects. The players move in turn; a move removes any \
             positive number of objects from one heap. {LAST}",
        ),
        "lasker" => text(
            "There are heaps of objects. Alice and Bob move in turn, Alice first; a move \
             either removes any positive number of objects from one heap or splits one heap \
             into two non-empty heaps. {LAST}",
        ),
        "misere" => text(
            "There are heaps of objects. John and his brother move in turn, John first; a \
             move removes any positive number of objects from one heap. The player who \
             takes the last object loses.",
        ),
        "bounded" => Game {
            rules: format!(
                "There are heaps of objects. The players move in turn; a move removes at \
                 least 1 and at most K = {} objects from one heap. {LAST_WINS}",
                problem.fixed.max_take.unwrap_or(3)
            ),
            first,
            second,
        },
        "bash" => text(
            "There is one pile of n stones. The players move in turn; a move takes at least \
             1 and at most m stones. {LAST}",
        ),
        "fibonacci" => text(
            "There is one pile of n stones. The players move in turn. The first move takes \
             at least one stone but not all of them; every later move takes at least one \
             stone and at most twice as many as the move before it. {LAST}",
        ),
        "kmultiple" | "poj3922" => text(
            "There is one pile of n stones. The players move in turn. The first move takes \
             at least one stone but not all of them; every later move takes at least one \
             stone and at most k times as many as the move before it. {LAST}",
        ),
        "wythoff" | "hdu2177" => text(
            "There are two piles of stones. The players move in turn; a move takes any \
             positive number of stones from one pile, or the same positive number from \
             both. {LAST}",
        ),
        "hdu1536" => text(
            "A case gives a set S of numbers and positions of heaps. A move removes s \
             objects from one heap, for some s in S. {LAST}",
        ),
        "hdu1848" => text(
            "There are three heaps m, n and p. Fibo and Nacci move in turn, Fibo first; a \
             move removes a Fibonacci number of objects (1, 2, 3, 5, 8, 13, ...) from one \
             heap. {LAST}",
        ),
        "hdu5795" => text(
            "There are heaps of objects. The players move in turn; a move either removes \
             any positive number of objects from one heap or splits one heap into three \
             non-empty heaps. {LAST}",
        ),
        "hdu1847" => text(
            "There is one pile of n cards. Kiki and Cici move in turn, Kiki first; a move \
             takes a power of two of cards (1, 2, 4, 8, ...). {LAST}",
        ),
        "hdu1517" => text(
            "A number p starts at 1. Stan and Ollie move in turn, Stan first; a move \
             multiplies p by a whole number from 2 to 9. The first player to make p at \
             least n wins.",
        ),
        "poj2311" => text(
            "There is one W × H sheet of grid paper. The players move in turn; a move \
             cuts one piece of paper into two along a grid line. The first player to cut \
             out a 1 × 1 piece wins.",
        ),
        "hdu2509" => text(
            "There are piles of apples, the apples of each pile in a row. The players move \
             in turn; a move takes one or more apples that are next to each other in the \
             row of one pile (taking from the middle leaves two piles). The player who \
             takes the last apple loses.",
        ),
        "poj1704" => text(
            "N chessmen stand on different cells of a strip whose cells are numbered 1, 2, \
             3, ... from the left. Georgia and Bob move in turn, Georgia first; a move \
             takes one chessman one or more cells to the left, over empty cells only: \
             never onto or past another chessman, nor past cell 1. {LAST}",
        ),
        "hdu1730" => text(
            "A board has n rows and m columns; each row holds Tom's black piece and \
             Jerry's white piece, in the columns given. Tom and Jerry move in turn, Tom \
             first; a move takes one of the player's own pieces along its row to an empty \
             cell, without crossing the other piece of the row or leaving the board. {LAST}",
        ),
        "hdu4315" => text(
            "N people stand on different cells a1 < a2 < ... < aN below the top of a hill \
             (cell 0); the k-th from the top is the king. Alice and Bob move in turn, Alice \
             first; a move takes one person up one or more cells, passing nobody and onto \
             an empty cell (only the top holds several people). The player who takes the \
             king to the top wins.",
        ),
        "hdu3389" => text(
            "There are n boxes numbered 1 to n, box i holding some cards. Alice and Bob \
             move in turn, Alice first; a move takes one or more cards from a box A to a \
             box B with B < A, A + B odd and A + B a multiple of 3. {LAST}",
        ),
        "p2148" => text(
            "There are N piles of stones, N even, in pairs: piles 1 and 2, 3 and 4, and so \
             on. E and D move in turn, E first; a move removes one pile of a pair and splits \
             the other pile of that pair into two non-empty piles, which become the pair. \
             {LAST}",
        ),
        "hdu2147" => text(
            "A coin lies in the top right cell of an n × m board. kiki and ZZ move in turn, \
             kiki first; a move takes the coin one cell left, one cell down, or one cell \
             diagonally down and left. {LAST}",
        ),
        "hdu1524" => text(
            "A directed acyclic graph of positions is given, with pieces on some of them \
             (several may share one). The players move in turn; a move takes one piece \
             along one edge of the graph. {LAST}",
        ),
        "hdu3595" => text(
            "There are N games of Euclid, each two piles x and y. In one game a move takes \
             a positive multiple of the smaller pile from the larger (leaving it at least \
             0); a game with an empty pile is over. MM and GG move in turn, MM first; on \
             each turn the player makes one move in every game that is not over. {LAST}",
        ),
        _ => by_game(problem, rule, first, second),
    }
}

/// A problem file's game, by the catalogue game it plays.
fn by_game(
    problem: &Problem,
    rule: Option<&str>,
    first: &'static str,
    second: &'static str,
) -> Game {
    let misere = problem.game.name.starts_with("misere");
    let bare = rule.map(|r| r.strip_prefix(crate::problem::MISERE_PREFIX).unwrap_or(r));
    let rules = match (problem.game.name, bare.and_then(|r| Rule::parse(r).ok())) {
        (_, Some(parsed)) => {
            let end = match misere {
                true => "The player who makes the last move loses.",
                false => LAST_WINS,
            };
            format!(
                "There are heaps of objects. The players move in turn; a move is one of \
                 these (the rule {}): {} {end}",
                rule.unwrap_or_default(),
                moves(&parsed)
            )
        }
        _ => {
            let entry = crate::problem::CATALOGUE
                .iter()
                .find(|p| p.game.name == problem.game.name && p.name != problem.name);
            match entry {
                Some(entry) => game(entry, None).rules,
                None => format!("This is {}: {}. {LAST_WINS}", problem.source, problem.title),
            }
        }
    };
    Game {
        rules,
        first,
        second,
    }
}

/// A rule's moves spelled out.
fn moves(rule: &Rule) -> String {
    let list = |sizes: &[usize]| {
        let shown: Vec<String> = sizes.iter().take(12).map(usize::to_string).collect();
        let more = if sizes.len() > 12 { ", ..." } else { "" };
        format!("{}{more}", shown.join(", "))
    };
    let mut kinds = Vec::new();
    if !rule.take_all().is_empty() {
        kinds.push(format!(
            "take a whole heap of {} objects",
            list(rule.take_all())
        ));
    }
    if !rule.leave_one().is_empty() {
        kinds.push(format!(
            "remove {} objects from a larger heap, leaving one heap",
            list(rule.leave_one())
        ));
    }
    if !rule.leave_two().is_empty() {
        kinds.push(format!(
            "remove {} objects from a heap and split what is left into two non-empty heaps{}",
            list(rule.leave_two()),
            if rule.split_allowed(1, 1) {
                ""
            } else {
                " of different sizes"
            }
        ));
    }
    if !rule.leave_three().is_empty() {
        kinds.push(format!(
            "remove {} objects from a heap and split what is left into three non-empty heaps",
            list(rule.leave_three())
        ));
    }
    let mut text = kinds.join("; or ");
    text.push('.');
    text
}

/// The players of a catalogue problem as its statement names them.
fn players(name: &str) -> (&'static str, &'static str) {
    match name {
        "lasker" | "hdu4315" | "hdu3389" => ("Alice", "Bob"),
        "misere" => ("John", "his brother"),
        "hdu1848" => ("Fibo", "Nacci"),
        "hdu1847" => ("Kiki", "Cici"),
        "hdu1517" => ("Stan", "Ollie"),
        "poj1704" => ("Georgia", "Bob"),
        "hdu1730" => ("Tom", "Jerry"),
        "p2148" => ("E", "D"),
        "hdu2147" => ("kiki", "ZZ"),
        "hdu3595" => ("MM", "GG"),
        _ => ("the first player", "the second player"),
    }
}

/// What to print for each case, and what it means.
pub fn answer(problem: &Problem, game: &Game) -> String {
    let (win, lose) = (problem.verdicts.win, problem.verdicts.lose);
    let prefix = match problem.verdicts.prefix {
        LinePrefix::None => "",
        LinePrefix::CaseNumber => "Case i: ",
    };
    let numbered = match problem.verdicts.prefix {
        LinePrefix::None => "",
        LinePrefix::CaseNumber => " (i is the case's number, from 1)",
    };
    let (win, lose) = (format!("`{prefix}{win}`"), format!("`{prefix}{lose}`"));
    let second = game.second;
    // A named player is introduced as the one who moves first.
    let first = match game.first.starts_with("the ") {
        true => game.first.to_string(),
        false => format!("{}, who moves first,", game.first),
    };
    let both = "Both play perfectly.";
    match problem.answer {
        Answer::Verdict if problem.layout == Layout::SubtractionSetCases => format!(
            "For each case, print one line with a letter for each of its positions, in \
             order: {win} when the player to move wins from it, {lose} when that player \
             loses. {both}"
        ),
        Answer::Verdict if problem.layout == Layout::GraphCases => format!(
            "For each query, print one line: {win} when the player to move wins, {lose} \
             when that player loses. {both}"
        ),
        Answer::Verdict => format!(
            "For each case, print one line: {win} when {first} \
             wins, and {lose} when {second} wins{numbered}. {both}"
        ),
        Answer::AllMoves => format!(
            "For each case, print {lose} when {first} loses. Otherwise \
             print {win}, then one line `a b` for each winning first move: the move leaves b \
             objects in a heap of a objects, and wins because the heaps then xor to 0. The \
             lines follow the order of the heaps in the input, one for each heap that has \
             such a move (equal heaps each get their line). {both}"
        ),
        Answer::MoveCount => format!(
            "For each case, print the number of winning first moves: moves after which \
             {second} loses (0 when {first} loses whatever the move). Moves from different \
             heaps count apart. {both}"
        ),
        Answer::LoseOrTake => format!(
            "For each case, print {lose} when {first} loses; \
             otherwise `{prefix}X`, where X is the smallest number of stones a winning first \
             move takes{numbered}. {both}"
        ),
        Answer::MoveAndHeaps => format!(
            "Print {lose} when {first} loses. Otherwise print two lines: \
             `a b`, the winning first move that takes a matches from heap b (heaps numbered \
             from 1, the smallest such b), then the heaps as that move leaves them. {both}"
        ),
        Answer::PairsLeft => format!(
            "For each case, print {lose} when the player to move loses. Otherwise print \
             {win}, then one line `x y` (x ≤ y) for each position a winning move leaves, \
             each once: the move from both piles first, then the moves from one pile by \
             increasing x. {both}"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::CATALOGUE;

    #[test]
    fn every_catalogue_problem_states_its_own_rules_and_its_words() {
        for problem in &CATALOGUE {
            let game = game(problem, None);
            assert!(
                !game.rules.starts_with("This is"),
                "{}: no rules of its own",
                problem.name
            );
            let answer = answer(problem, &game);
            // A count has no words, and a take or a move no word for a win.
            let words: &[&str] = match problem.answer {
                Answer::MoveCount => &[],
                Answer::LoseOrTake | Answer::MoveAndHeaps => &[problem.verdicts.lose],
                _ => &[problem.verdicts.win, problem.verdicts.lose],
            };
            {
                assert!(
                    words.iter().all(|w| answer.contains(&format!("{w}`"))),
                    "{}: {answer}",
                    problem.name
                );
            }
        }
    }

    #[test]
    fn games_won_otherwise_do_not_say_that_who_cannot_move_loses() {
        for name in ["misere", "hdu1517", "poj2311", "hdu4315", "hdu2509"] {
            let rules = game(Problem::find(name).unwrap(), None).rules;
            assert!(!rules.contains("cannot move loses"), "{name}: {rules}");
        }
    }

    #[test]
    fn bounded_states_its_k_and_a_rule_spells_out_its_moves() {
        let bounded = Problem::find("bounded").unwrap();
        let with = |k| {
            let problem = Problem {
                fixed: crate::problem::Fixed {
                    max_take: Some(k),
                    ..bounded.fixed
                },
                ..*bounded
            };
            game(&problem, None).rules
        };
        assert!(with(5).contains("K = 5"), "{}", with(5));
        assert_ne!(with(3), with(5));
        let kayles = moves(&Rule::parse("0.77").unwrap());
        assert!(
            kayles.contains("take a whole heap of 1, 2 objects"),
            "{kayles}"
        );
        assert!(kayles.contains("split what is left into two"), "{kayles}");
    }

    #[test]
    fn listed_moves_say_what_they_are_and_in_which_order() {
        let hdu2176 = Problem::find("hdu2176").unwrap();
        let text = answer(hdu2176, &game(hdu2176, None));
        assert!(text.contains("order of the heaps in the input"), "{text}");
        assert!(text.contains("leaves b objects in a heap of a"), "{text}");
        let hdu1850 = Problem::find("hdu1850").unwrap();
        let text = answer(hdu1850, &game(hdu1850, None));
        assert!(text.contains("number of winning first moves"), "{text}");
    }
}
