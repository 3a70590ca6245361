//! The classic problems of the catalogue, solved end to end (layout, game
//! and words, on one thread and split across several) on small inputs and
//! compared with a brute-force search of each game, written here from the
//! statements' rules and sharing nothing with the closed forms.

use std::collections::HashMap;

use nimstream::games::GameParams;
use nimstream::problem::Problem;
use nimstream::rng::SplitMix64;
use nimstream::scan::Kernel;
use nimstream::testing::{outcome, Mode};

/// Every way a move may replace one heap: the heaps left in its place.
type Moves = fn(u64) -> Vec<Vec<u64>>;

/// Who wins a position of heaps, by trying every move; `misere` when the
/// player who cannot move wins.
struct Search {
    moves: Moves,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl Search {
    fn new(moves: Moves, misere: bool) -> Search {
        Search {
            moves,
            misere,
            memo: HashMap::new(),
        }
    }

    fn wins(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let after: Vec<Vec<u64>> = self.after_each_move(&key).collect();
        let wins = match after.is_empty() {
            true => self.misere,
            false => after.iter().any(|next| !self.wins(next)),
        };
        self.memo.insert(key, wins);
        wins
    }

    /// The positions one move away from `heaps`.
    fn after_each_move<'a>(&'a self, heaps: &'a [u64]) -> impl Iterator<Item = Vec<u64>> + 'a {
        heaps.iter().enumerate().flat_map(move |(i, &heap)| {
            (self.moves)(heap).into_iter().map(move |parts| {
                let mut next = heaps.to_vec();
                next.remove(i);
                next.extend(parts);
                next
            })
        })
    }
}

fn removals(heap: u64) -> Vec<Vec<u64>> {
    (0..heap).map(|left| vec![left]).collect()
}

fn removals_or_three_parts(heap: u64) -> Vec<Vec<u64>> {
    let mut moves = removals(heap);
    for a in 1..=heap {
        for b in 1..=heap - a {
            if heap - a - b >= 1 {
                moves.push(vec![a, b, heap - a - b]);
            }
        }
    }
    moves
}

/// A run of consecutive objects taken from a row, which may leave two rows
/// (HDU 2509).
fn runs(heap: u64) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for start in 0..heap {
        for end in start + 1..=heap {
            let parts = [start, heap - end];
            moves.push(parts.into_iter().filter(|&p| p > 0).collect());
        }
    }
    moves
}

/// Solves `input` on one thread and split in small blocks, which must
/// agree; the lines printed.
fn solve(name: &str, input: &str) -> Vec<String> {
    let problem = Problem::find(name).unwrap();
    let params = GameParams::default();
    let one = outcome(
        problem,
        &params,
        input.as_bytes(),
        Mode::Slice(Kernel::detect()),
    );
    let split = outcome(
        problem,
        &params,
        input.as_bytes(),
        Mode::Split(Kernel::detect(), 3, 7),
    );
    assert_eq!(one, split, "{input}");
    assert_eq!(one.1, None, "{input}");
    one.0.lines().map(str::to_string).collect()
}

/// `count` random cases of 1 to `most` heaps of 1 to `max` objects.
fn random_cases(rng: &mut SplitMix64, count: usize, most: u64, max: u64) -> Vec<Vec<u64>> {
    (0..count)
        .map(|_| {
            let n = rng.between(1, most);
            (0..n).map(|_| rng.between(1, max)).collect()
        })
        .collect()
}

fn joined(heaps: &[u64]) -> String {
    let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
    words.join(" ")
}

#[test]
fn poj2975_counts_the_moves_that_leave_a_lost_position() {
    let mut search = Search::new(removals, false);
    let cases = random_cases(&mut SplitMix64::new(2975), 300, 4, 9);
    let mut input = String::new();
    for heaps in &cases {
        input.push_str(&format!("{}\n{}\n", heaps.len(), joined(heaps)));
    }
    input.push_str("0\n");
    let lines = solve("poj2975", &input);
    assert_eq!(lines.len(), cases.len());
    for (heaps, line) in cases.iter().zip(lines) {
        let winning = search
            .after_each_move(heaps)
            .collect::<Vec<_>>()
            .iter()
            .filter(|next| !search.wins(next))
            .count();
        assert_eq!(line, winning.to_string(), "{heaps:?}");
    }
}

#[test]
fn hdu5795_verdicts_are_the_searchs() {
    let mut search = Search::new(removals_or_three_parts, false);
    let cases = random_cases(&mut SplitMix64::new(5795), 300, 3, 11);
    let mut input = format!("{}\n", cases.len());
    for heaps in &cases {
        input.push_str(&format!("{}\n{}\n", heaps.len(), joined(heaps)));
    }
    for (heaps, line) in cases.iter().zip(solve("hdu5795", &input)) {
        let word = match search.wins(heaps) {
            true => "First player wins.",
            false => "Second player wins.",
        };
        assert_eq!(line, word, "{heaps:?}");
    }
}

/// Solves one number per line with `name`, each compared with `wins`.
fn check_numbers(name: &str, numbers: impl Iterator<Item = u64>, wins: impl Fn(u64) -> bool) {
    let numbers: Vec<u64> = numbers.collect();
    let input: String = numbers.iter().map(|n| format!("{n}\n")).collect();
    let problem = Problem::find(name).unwrap();
    let lines = solve(name, &input);
    assert_eq!(lines.len(), numbers.len());
    for (&n, line) in numbers.iter().zip(lines) {
        let word = match wins(n) {
            true => problem.verdicts.win,
            false => problem.verdicts.lose,
        };
        assert_eq!(line, word, "{n}");
    }
}

#[test]
fn hdu1847_verdicts_are_the_searchs() {
    let mut wins = vec![false];
    for n in 1..=1000usize {
        let mut takes = (0..).map(|i| 1usize << i).take_while(|&t| t <= n);
        let win = takes.any(|t| !wins[n - t]);
        wins.push(win);
    }
    check_numbers("hdu1847", 1..=1000, |n| wins[n as usize]);
}

#[test]
fn hdu1517_verdicts_are_the_searchs() {
    // From p the player to move wins iff some multiplier reaches n or
    // leaves a lost p: every p < n, searched down from n - 1.
    let search = |n: u64| {
        let mut wins = vec![false; n as usize];
        for p in (1..n).rev() {
            wins[p as usize] = (2..=9).any(|x| p * x >= n || !wins[(p * x) as usize]);
        }
        wins[1]
    };
    check_numbers(
        "hdu1517",
        (2..400).chain([2915, 2916, 2917, 5832, 5833]),
        search,
    );
}

/// Whether the player to move wins the pieces `sheets` of POJ 2311 (each
/// `(w, h)` with `w ≤ h`, sorted), trying every cut of every piece: a cut
/// that leaves a 1 × 1 piece wins at once.
fn cutting_wins(sheets: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    if let Some(&known) = memo.get(&sheets) {
        return known;
    }
    let mut wins = false;
    for (k, &(w, h)) in sheets.iter().enumerate() {
        let across = (1..w).map(|i| [(i, h), (w - i, h)]);
        for pieces in across.chain((1..h).map(|j| [(w, j), (w, h - j)])) {
            if pieces.contains(&(1, 1)) {
                wins = true;
                break;
            }
            let mut next = sheets.clone();
            next.remove(k);
            next.extend(pieces.map(|(x, y)| (x.min(y), x.max(y))));
            next.sort_unstable();
            if !cutting_wins(next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    memo.insert(sheets, wins);
    wins
}

#[test]
fn poj2311_verdicts_are_the_searchs() {
    let mut memo = HashMap::new();
    let sheets: Vec<(u64, u64)> = (2..=7).flat_map(|w| (2..=7).map(move |h| (w, h))).collect();
    let input: String = sheets.iter().map(|(w, h)| format!("{w} {h}\n")).collect();
    let lines = solve("poj2311", &input);
    assert_eq!(lines.len(), sheets.len());
    for (&(w, h), line) in sheets.iter().zip(lines) {
        let word = match cutting_wins(vec![(w.min(h), w.max(h))], &mut memo) {
            true => "WIN",
            false => "LOSE",
        };
        assert_eq!(line, word, "{w} x {h}");
    }
}

/// A side past the table is an error at its place, after the verdicts of
/// the cases before it, on one thread and split alike.
#[test]
fn poj2311_refuses_a_side_past_its_table() {
    let problem = Problem::find("poj2311").unwrap();
    let params = GameParams::default();
    let mut input = "2 2\n4 2\n".repeat(500);
    input.push_str("3 201\n4 2\n");
    for mode in [
        Mode::Slice(Kernel::detect()),
        Mode::Stream(Kernel::detect(), 64),
        Mode::Split(Kernel::detect(), 3, 7),
    ] {
        let (out, error) = outcome(problem, &params, input.as_bytes(), mode);
        assert_eq!(out, "LOSE\nWIN\n".repeat(500), "{mode:?}");
        let error = error.expect("an error");
        assert_eq!((error.line, error.column), (1001, 3), "{mode:?}");
        assert_eq!(
            error.message,
            "H of case 1001: a side of 201 is outside the cutting game's table, \
             which covers sides 2 to 200"
        );
    }
    for (text, column) in [("0 5\n", 1), ("5 1\n", 3)] {
        let mode = Mode::Slice(Kernel::detect());
        let (out, error) = outcome(problem, &params, text.as_bytes(), mode);
        assert_eq!(out, "");
        assert_eq!(
            error.map(|e| (e.line, e.column)),
            Some((1, column)),
            "{text}"
        );
    }
}

#[test]
fn p1247_names_the_first_winning_move_and_the_heaps_it_leaves() {
    let mut search = Search::new(removals, false);
    let mut rng = SplitMix64::new(1247);
    let cases: Vec<Vec<u64>> = (0..300)
        .map(|_| {
            let n = rng.between(1, 4);
            (0..n).map(|_| rng.between(0, 9)).collect()
        })
        .collect();
    let mut input = String::new();
    for heaps in &cases {
        input.push_str(&format!("{}\n{}\n", heaps.len(), joined(heaps)));
    }
    let lines = solve("p1247", &input);
    let mut lines = lines.iter();
    for heaps in &cases {
        // The smallest heap index, then the fewest objects taken.
        let first = (0..heaps.len()).find_map(|b| {
            (1..=heaps[b]).find_map(|a| {
                let mut after = heaps.clone();
                after[b] -= a;
                (!search.wins(&after)).then_some((a, b, after))
            })
        });
        match first {
            None => assert_eq!(lines.next().unwrap(), "lose", "{heaps:?}"),
            Some((a, b, after)) => {
                assert_eq!(
                    *lines.next().unwrap(),
                    format!("{a} {}", b + 1),
                    "{heaps:?}"
                );
                assert_eq!(*lines.next().unwrap(), joined(&after), "{heaps:?}");
            }
        }
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn hdu2509_verdicts_are_the_searchs_of_misere_runs() {
    let mut search = Search::new(runs, true);
    let cases = random_cases(&mut SplitMix64::new(2509), 300, 4, 8);
    let mut input = String::new();
    for heaps in &cases {
        input.push_str(&format!("{}\n{}\n", heaps.len(), joined(heaps)));
    }
    let lines = solve("hdu2509", &input);
    assert_eq!(lines.len(), cases.len());
    for (heaps, line) in cases.iter().zip(lines) {
        let word = if search.wins(heaps) { "Yes" } else { "No" };
        assert_eq!(line, word, "{heaps:?}");
    }
}

/// Whether the player to move wins with chessmen on `cells` (increasing)
/// of a strip starting at cell 1, a move taking one chessman left over
/// none (POJ 1704's rules), by trying every move.
fn strip_wins(cells: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&cells) {
        return known;
    }
    let mut wins = false;
    for i in 0..cells.len() {
        let left = if i == 0 { 0 } else { cells[i - 1] };
        for to in left + 1..cells[i] {
            let mut next = cells.clone();
            next[i] = to;
            wins |= !strip_wins(next, memo);
        }
    }
    memo.insert(cells, wins);
    wins
}

/// Whether the player to move wins with pieces on `pieces` of the graph
/// `successors`, trying every move of every piece.
fn graph_wins(
    successors: &[Vec<u64>],
    pieces: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key = pieces;
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let wins = (0..key.len()).any(|i| {
        successors[key[i] as usize].iter().any(|&to| {
            let mut next = key.clone();
            next[i] = to;
            !graph_wins(successors, next, memo)
        })
    });
    memo.insert(key, wins);
    wins
}

#[test]
fn poj1704_verdicts_are_the_searchs() {
    let mut rng = SplitMix64::new(1704);
    let mut memo = HashMap::new();
    let mut cases = Vec::new();
    for _ in 0..300 {
        let n = rng.between(1, 5);
        let mut cells: Vec<u64> = Vec::new();
        while (cells.len() as u64) < n {
            let cell = rng.between(1, 11);
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cases.push(cells);
    }
    let mut input = format!("{}\n", cases.len());
    for cells in &cases {
        input.push_str(&format!("{}\n{}\n", cells.len(), joined(cells)));
    }
    for (cells, line) in cases.iter().zip(solve("poj1704", &input)) {
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        let word = match strip_wins(sorted, &mut memo) {
            true => "Georgia will win",
            false => "Bob will win",
        };
        assert_eq!(line, word, "{cells:?}");
    }
}

/// The error a row its game refuses is reported at: line, column and
/// message, after the verdicts of the cases before it.
fn row_error(name: &str, input: &str) -> (String, u64, u64, String) {
    let problem = Problem::find(name).unwrap();
    let mode = Mode::Slice(Kernel::detect());
    let (lines, error) = outcome(problem, &GameParams::default(), input.as_bytes(), mode);
    let error = error.expect("the row is refused");
    (lines, error.line, error.column, error.message)
}

#[test]
fn poj1704_refuses_two_chessmen_on_one_cell() {
    let (lines, line, column, message) = row_error("poj1704", "2\n2\n1 2\n3\n9 4 9\n");
    assert_eq!(lines, "Bob will win\n");
    assert_eq!((line, column), (5, 5), "{message}");
    assert!(
        message.contains("P 3 of 3 in case 2") && message.contains("chessman 1"),
        "{message}"
    );
}

/// Who wins each board of HDU 1730 (rows of (black, white) columns on
/// `width` cells) with black to move, by retrograde analysis of the
/// statement's moves: a piece goes to any empty cell of its row without
/// crossing the other. Positions never settled would be draws.
fn northcott_outcomes(rows: usize, width: u64) -> HashMap<Vec<(u64, u64)>, Option<bool>> {
    let pairs: Vec<(u64, u64)> = (1..=width)
        .flat_map(|b| (1..=width).filter(move |&w| w != b).map(move |w| (b, w)))
        .collect();
    let mut boards: Vec<Vec<(u64, u64)>> = vec![Vec::new()];
    for _ in 0..rows {
        boards = boards
            .iter()
            .flat_map(|board| {
                pairs.iter().map(move |&pair| {
                    let mut next = board.clone();
                    next.push(pair);
                    next
                })
            })
            .collect();
    }
    let moves = |board: &[(u64, u64)], black: bool| {
        let mut after = Vec::new();
        for (i, &(b, w)) in board.iter().enumerate() {
            let (mine, theirs) = if black { (b, w) } else { (w, b) };
            let cells = if mine < theirs {
                1..theirs
            } else {
                theirs + 1..width + 1
            };
            for cell in cells.filter(|&c| c != mine) {
                let mut next = board.to_vec();
                next[i] = if black { (cell, w) } else { (b, cell) };
                after.push(next);
            }
        }
        after
    };
    let mut known: HashMap<(Vec<(u64, u64)>, bool), bool> = HashMap::new();
    loop {
        let mut changed = false;
        for board in &boards {
            for black in [true, false] {
                if known.contains_key(&(board.clone(), black)) {
                    continue;
                }
                let after: Vec<Option<bool>> = moves(board, black)
                    .into_iter()
                    .map(|next| known.get(&(next, !black)).copied())
                    .collect();
                let outcome = if after.contains(&Some(false)) {
                    Some(true)
                } else if after.iter().all(|o| *o == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if let Some(wins) = outcome {
                    known.insert((board.clone(), black), wins);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    boards
        .into_iter()
        .map(|board| {
            let wins = known.get(&(board.clone(), true)).copied();
            (board, wins)
        })
        .collect()
}

#[test]
fn hdu1730_verdicts_are_the_retrograde_analysis() {
    let mut input = String::new();
    let mut expected = Vec::new();
    for (rows, width) in [(1, 5), (2, 4), (3, 3)] {
        let mut outcomes: Vec<_> = northcott_outcomes(rows, width).into_iter().collect();
        outcomes.sort();
        for (board, wins) in outcomes {
            let wins = wins.expect("no board is a draw");
            input.push_str(&format!("{rows} {width}\n"));
            for (b, w) in &board {
                input.push_str(&format!("{b} {w}\n"));
            }
            expected.push(if wins { "I WIN!" } else { "BAD LUCK!" });
        }
    }
    assert_eq!(solve("hdu1730", &input), expected);
}

#[test]
fn hdu1730_refuses_a_piece_off_the_board() {
    let (lines, line, column, message) = row_error("hdu1730", "1 4\n1 2\n2 4\n3 4\n5 1\n");
    assert_eq!(lines, "BAD LUCK!\n");
    assert_eq!((line, column), (5, 1), "{message}");
    assert!(message.contains("m = 4"), "{message}");
}

/// Whether the player to move wins HDU 4315 with people on `cells` (0 is
/// the top), the king being person `king` (from 0): a person not at the
/// top climbs past nobody, only the top holds several, and taking the
/// king there wins.
fn hill_wins(cells: Vec<u64>, king: usize, memo: &mut HashMap<(Vec<u64>, usize), bool>) -> bool {
    if let Some(&known) = memo.get(&(cells.clone(), king)) {
        return known;
    }
    let mut wins = false;
    for i in 0..cells.len() {
        let lowest = match i {
            0 => 0,
            _ if cells[i - 1] == 0 => 0,
            _ => cells[i - 1] + 1,
        };
        for to in lowest..cells[i] {
            let mut next = cells.clone();
            next[i] = to;
            wins |= (i == king && to == 0) || !hill_wins(next, king, memo);
        }
    }
    memo.insert((cells, king), wins);
    wins
}

#[test]
fn hdu4315_verdicts_are_the_searchs() {
    let mut rng = SplitMix64::new(4315);
    let mut memo = HashMap::new();
    let mut input = String::new();
    let mut expected = Vec::new();
    for _ in 0..400 {
        let n = rng.between(1, 5) as usize;
        let mut cells: Vec<u64> = Vec::new();
        while cells.len() < n {
            let cell = rng.between(1, 10);
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cells.sort_unstable();
        let k = rng.between(1, n as u64);
        input.push_str(&format!("{n} {k}\n{}\n", joined(&cells)));
        let wins = hill_wins(cells, k as usize - 1, &mut memo);
        expected.push(if wins { "Alice" } else { "Bob" });
    }
    assert_eq!(solve("hdu4315", &input), expected);
}

#[test]
fn hdu4315_refuses_cells_out_of_order_and_a_king_past_the_people() {
    let (lines, line, column, message) = row_error("hdu4315", "2 1\n3 7\n3 2\n1 5 4\n");
    assert_eq!(lines, "Alice\n");
    assert_eq!((line, column), (4, 5), "{message}");
    let (_, line, column, message) = row_error("hdu4315", "2 3\n3 7\n");
    assert_eq!((line, column), (1, 3), "{message}");
}

/// Whether the player to move wins HDU 3389 with `cards` in boxes 1 to n:
/// a move takes cards from a box A to a box B < A, A + B odd and a
/// multiple of 3.
fn boxes_win(cards: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&cards) {
        return known;
    }
    let mut wins = false;
    for a in 1..=cards.len() {
        for b in (1..a).filter(|b| !(a + b).is_multiple_of(2) && (a + b).is_multiple_of(3)) {
            for moved in 1..=cards[a - 1] {
                let mut next = cards.clone();
                next[a - 1] -= moved;
                next[b - 1] += moved;
                wins |= !boxes_win(next, memo);
            }
        }
    }
    memo.insert(cards, wins);
    wins
}

#[test]
fn hdu3389_verdicts_are_the_searchs() {
    let mut rng = SplitMix64::new(3389);
    let mut memo = HashMap::new();
    let cases: Vec<Vec<u64>> = (0..100)
        .map(|_| {
            let n = rng.between(1, 8);
            (0..n).map(|_| rng.between(0, 2)).collect()
        })
        .collect();
    let mut input = format!("{}\n", cases.len());
    for cards in &cases {
        input.push_str(&format!("{}\n{}\n", cards.len(), joined(cards)));
    }
    for (i, (cards, line)) in cases.iter().zip(solve("hdu3389", &input)).enumerate() {
        let word = if boxes_win(cards.clone(), &mut memo) {
            "Alice"
        } else {
            "Bob"
        };
        assert_eq!(line, format!("Case {}: {word}", i + 1), "{cards:?}");
    }
}

/// Whether the player to move wins E&D on `piles`, paired two by two: a
/// move removes one pile of a pair and splits the other into two.
fn ed_wins(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&piles) {
        return known;
    }
    let mut wins = false;
    for pair in 0..piles.len() / 2 {
        for (keep, split) in [(2 * pair, 2 * pair + 1), (2 * pair + 1, 2 * pair)] {
            for part in 1..piles[split] {
                let mut next = piles.clone();
                next[keep] = part;
                next[split] -= part;
                wins |= !ed_wins(next, memo);
            }
        }
    }
    memo.insert(piles, wins);
    wins
}

#[test]
fn p2148_verdicts_are_the_searchs() {
    let mut rng = SplitMix64::new(2148);
    let mut memo = HashMap::new();
    let cases: Vec<Vec<u64>> = (0..200)
        .map(|_| {
            let n = 2 * rng.between(1, 2);
            (0..n).map(|_| rng.between(1, 9)).collect()
        })
        .collect();
    let mut input = format!("{}\n", cases.len());
    for piles in &cases {
        input.push_str(&format!("{}\n{}\n", piles.len(), joined(piles)));
    }
    for (piles, line) in cases.iter().zip(solve("p2148", &input)) {
        let word = if ed_wins(piles.clone(), &mut memo) {
            "YES"
        } else {
            "NO"
        };
        assert_eq!(line, word, "{piles:?}");
    }
}

#[test]
fn p2148_refuses_an_odd_number_of_piles() {
    let (lines, line, column, message) = row_error("p2148", "2\n2\n1 1\n3\n1 2 3\n");
    assert_eq!(lines, "NO\n");
    assert_eq!((line, column), (4, 1), "{message}");
    assert!(message.contains("even"), "{message}");
}

/// Whether the player to move wins HDU 2147's board of `n` rows and `m`
/// columns, the coin in the top right corner, trying each of the
/// statement's steps (left, down, left-down) that stays on the board.
fn corner_wins(n: u64, m: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&known) = memo.get(&(n, m)) {
        return known;
    }
    // The coin at row r, column c (from 1, top right is (1, m)).
    let steps = [(0, 1), (1, 0), (1, 1)];
    let wins = steps.iter().any(|&(down, left)| {
        let (rows, columns) = (n - down, m - left);
        rows >= 1 && columns >= 1 && !corner_wins(rows, columns, memo)
    });
    memo.insert((n, m), wins);
    wins
}

#[test]
fn hdu2147_verdicts_are_the_searchs() {
    let mut memo = HashMap::new();
    let boards: Vec<(u64, u64)> = (1..=12)
        .flat_map(|n| (1..=12).map(move |m| (n, m)))
        .collect();
    let mut input: String = boards.iter().map(|(n, m)| format!("{n} {m}\n")).collect();
    input.push_str("0 0\n");
    let lines = solve("hdu2147", &input);
    assert_eq!(lines.len(), boards.len());
    for (&(n, m), line) in boards.iter().zip(lines) {
        let word = match corner_wins(n, m, &mut memo) {
            true => "Wonderful!",
            false => "What a pity!",
        };
        assert_eq!(line, word, "{n} x {m}");
    }
}

/// A case `0 5` is a case (refused by validate, read by solve), only
/// `0 0` ends the input, and what follows it or a missing `0 0` is an
/// error at its place.
#[test]
fn hdu2147_ends_at_the_line_0_0_only() {
    let problem = Problem::find("hdu2147").unwrap();
    let params = GameParams::default();
    let mode = Mode::Slice(Kernel::detect());
    let (out, error) = outcome(problem, &params, b"2 2\n0 0\n", mode);
    assert_eq!((out.as_str(), error.is_none()), ("Wonderful!\n", true));
    for (text, at, message) in [
        (
            "3 3\n2 2\n",
            (3, 1),
            "expected n of case 3 or the 0 0 that ends the input, found the end of input",
        ),
        (
            "3 3\n0 0\n2 2\n",
            (3, 1),
            "expected the end of input after the last case, found another number",
        ),
        ("3 3\n2 x\n0 0\n", (2, 3), "expected m of case 2"),
    ] {
        let (out, error) = outcome(problem, &params, text.as_bytes(), mode);
        assert!(out.starts_with("What a pity!\n"), "{text}: {out}");
        let error = error.expect("an error");
        assert_eq!((error.line, error.column), at, "{text}");
        assert!(
            error.message.starts_with(message),
            "{text}: {}",
            error.message
        );
    }
}

#[test]
fn hdu1524_verdicts_are_the_searchs() {
    let mut rng = SplitMix64::new(1524);
    let (mut input, mut expected) = (String::new(), Vec::new());
    for _ in 0..60 {
        let n = rng.between(1, 7);
        // Moves go to later positions of a random order: acyclic.
        let mut order: Vec<u64> = (0..n).collect();
        for i in (1..n as usize).rev() {
            order.swap(i, rng.between(0, i as u64) as usize);
        }
        let mut successors = vec![Vec::new(); n as usize];
        for i in 0..n as usize {
            for j in i + 1..n as usize {
                if rng.chance(0.35) {
                    successors[order[i] as usize].push(order[j]);
                }
            }
        }
        input.push_str(&format!("{n}\n"));
        for moves in &successors {
            input.push_str(&format!("{} {}\n", moves.len(), joined(moves)).replace(" \n", "\n"));
        }
        let mut memo = HashMap::new();
        for _ in 0..rng.between(0, 6) {
            let m = rng.between(1, 4);
            let pieces: Vec<u64> = (0..m).map(|_| rng.between(0, n - 1)).collect();
            input.push_str(&format!("{m} {}\n", joined(&pieces)));
            expected.push(graph_wins(&successors, pieces, &mut memo));
        }
        input.push_str("0\n");
    }
    let lines = solve("hdu1524", &input);
    let words: Vec<&str> = expected
        .iter()
        .map(|&w| if w { "WIN" } else { "LOSE" })
        .collect();
    assert_eq!(lines, words);
}

/// A cycle, a move or a piece past the graph's positions: an error at its
/// place after the verdicts before it, never a hang; a path of a million
/// positions is valued without recursion.
#[test]
fn hdu1524_refuses_what_is_no_acyclic_graph() {
    let problem = Problem::find("hdu1524").unwrap();
    let params = GameParams::default();
    let ok = "2\n1 1\n0\n1 0\n0\n";
    for (bad, verdicts, line, column, message) in [
        (
            "3\n1 1\n1 2\n1 0\n1 0\n0\n",
            "WIN\n",
            10,
            1,
            "graph 2 has a cycle, 0 -> 1 -> 2 -> 0",
        ),
        (
            "2\n1 2\n0\n0\n",
            "WIN\n",
            7,
            3,
            "move 1 of 1 from position 0 of graph 2: 2 is not a position",
        ),
        (
            "2\n0\n0\n2 1 5\n0\n",
            "WIN\n",
            9,
            5,
            "piece 2 of 2 of query 1 of graph 2: 5 is not a position",
        ),
        (
            "2\n1 1\n0\n1 0\n",
            // Graph 2's query 1 is whole, so it is answered before the error.
            "WIN\nWIN\n",
            10,
            1,
            "expected the number of pieces M of query 2 of graph 2",
        ),
    ] {
        let input = format!("{ok}{bad}");
        for mode in [
            Mode::Slice(Kernel::detect()),
            Mode::Stream(Kernel::detect(), 64),
        ] {
            let (out, error) = outcome(problem, &params, input.as_bytes(), mode);
            assert_eq!(out, verdicts, "{bad:?}");
            let error = error.expect("an error");
            assert_eq!(
                (error.line, error.column),
                (line, column),
                "{bad:?}: {}",
                error.message
            );
            assert!(
                error.message.contains(message),
                "{bad:?}: {}",
                error.message
            );
        }
    }
    let n = 1_000_000u64;
    let mut path = format!("{n}\n");
    for i in 0..n - 1 {
        path.push_str(&format!("1 {}\n", i + 1));
    }
    path.push_str("0\n1 0\n1 1\n2 0 1\n0\n");
    let lines = solve("hdu1524", &path);
    assert_eq!(lines, ["WIN", "LOSE", "WIN"]);
}

/// Whether the player to move loses HDU 2177's piles `(a, b)`, trying
/// every move of the statement: any number from one pile, or the same
/// number from both.
fn wythoff_lost(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&known) = memo.get(&(a, b)) {
        return known;
    }
    let lost = wythoff_moves(a, b)
        .into_iter()
        .all(|(_, x, y)| !wythoff_lost(x, y, memo));
    memo.insert((a, b), lost);
    lost
}

/// Every move from `(a, b)`: whether it takes from both piles, and the
/// piles it leaves.
fn wythoff_moves(a: u64, b: u64) -> Vec<(bool, u64, u64)> {
    let one = (1..=a).map(|t| (false, a - t, b));
    let other = (1..=b).map(|t| (false, a, b - t));
    let both = (1..=a.min(b)).map(|t| (true, a - t, b - t));
    one.chain(other).chain(both).collect()
}

#[test]
fn hdu2177_lists_every_pair_a_winning_move_leaves() {
    let mut memo = HashMap::new();
    let cases: Vec<(u64, u64)> = (0..=14)
        .flat_map(|a| (a..=14).map(move |b| (a, b)))
        .collect();
    let cases = &cases[1..]; // `0 0` ends the input.
    let mut input: String = cases.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
    input.push_str("0 0\n");
    let mut expected = Vec::new();
    for &(a, b) in cases {
        let mut both = Vec::new();
        let mut one = Vec::new();
        for (from_both, x, y) in wythoff_moves(a, b) {
            if wythoff_lost(x, y, &mut memo) {
                let pair = format!("{} {}", x.min(y), x.max(y));
                match from_both {
                    true => both.push(pair),
                    false => one.push((x.min(y), pair)),
                }
            }
        }
        if both.is_empty() && one.is_empty() {
            expected.push("0".to_string());
            continue;
        }
        expected.push("1".to_string());
        one.sort();
        // Each pair once, where it first comes.
        let mut listed: Vec<String> = Vec::new();
        for pair in both.into_iter().chain(one.into_iter().map(|(_, p)| p)) {
            if !listed.contains(&pair) {
                listed.push(pair);
            }
        }
        expected.extend(listed);
    }
    assert_eq!(solve("hdu2177", &input), expected);
}

/// Whether the player to move wins HDU 3595's games `games` (sorted), as
/// described: each turn moves in every game of Euclid not over (taking a
/// positive multiple of the smaller pile from the larger), and whoever
/// cannot move loses.
fn every_euclid_wins(games: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    if let Some(&known) = memo.get(&games) {
        return known;
    }
    let options: Vec<Vec<(u64, u64)>> = games
        .iter()
        .map(|&(x, y)| {
            let (large, small) = (x.max(y), x.min(y));
            match small {
                0 => vec![(x, y)],
                _ => (1..=large / small)
                    .map(|k| (large - k * small, small))
                    .collect(),
            }
        })
        .collect();
    let over = games.iter().all(|&(x, y)| x.min(y) == 0);
    let mut wins = false;
    let mut choice = vec![0; games.len()];
    while !over && !wins {
        let mut next: Vec<(u64, u64)> = choice.iter().zip(&options).map(|(&i, o)| o[i]).collect();
        next.sort_unstable();
        wins = !every_euclid_wins(next, memo);
        // The next choice, counting in mixed radix; done when it wraps.
        let mut i = 0;
        while i < choice.len() {
            choice[i] += 1;
            if choice[i] < options[i].len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
        if i == choice.len() {
            break;
        }
    }
    memo.insert(games, wins);
    wins
}

#[test]
fn hdu3595_verdicts_are_the_searchs_of_the_games_played_at_once() {
    let mut memo = HashMap::new();
    let mut rng = SplitMix64::new(3595);
    let cases: Vec<Vec<(u64, u64)>> = (0..300)
        .map(|_| {
            let n = rng.between(1, 3);
            (0..n)
                .map(|_| (rng.between(0, 9), rng.between(0, 9)))
                .collect()
        })
        .collect();
    let mut input = String::new();
    for games in &cases {
        input.push_str(&format!("{}\n", games.len()));
        for (x, y) in games {
            input.push_str(&format!("{x} {y}\n"));
        }
    }
    let lines = solve("hdu3595", &input);
    assert_eq!(lines.len(), cases.len());
    for (games, line) in cases.iter().zip(lines) {
        let mut sorted = games.clone();
        sorted.sort_unstable();
        let word = match every_euclid_wins(sorted, &mut memo) {
            true => "MM",
            false => "GG",
        };
        assert_eq!(line, word, "{games:?}");
    }
}

/// A refused side that is the first number of the next block (found by
/// the solve fuzz target: `23\n0\n` split in blocks of 2 bytes printed a
/// verdict for 23 × 0 before the error).
#[test]
fn poj2311_refuses_a_side_that_begins_the_next_block() {
    let problem = Problem::find("poj2311").unwrap();
    let params = GameParams::default();
    let bytes = b"23\n0\n ";
    let one = outcome(problem, &params, bytes, Mode::Slice(Kernel::REFERENCE));
    assert_eq!(one.0, "");
    for (threads, block) in [(1, 2), (2, 2), (3, 2), (3, 1)] {
        let split = outcome(
            problem,
            &params,
            bytes,
            Mode::Split(Kernel::detect(), threads, block),
        );
        assert_eq!(split, one, "threads {threads} block {block}");
    }
}
