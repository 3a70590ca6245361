//! The tally kept move by move against a fold of the whole position, after
//! every move of random games: its summary, its per-bit counts, the heaps
//! it says move, and the heaps its trace names for each bit.

use proptest::prelude::*;

use super::board::{summary, Board, Move};
use super::player::{self, Player};
use super::tally::Tally;
use crate::games::{CaseSummary, Game, GameParams, HeapFold};
use crate::problem::Problem;

/// Games with removals only, with splits in two and in three, misère Nim's
/// counts and a misère quotient's product.
const GAMES: [&str; 9] = [
    "nim",
    "misere",
    "bounded",
    "lasker",
    "hdu5795",
    "0.77",
    "sub:1,3,4",
    "misere:0.77",
    "misere:sub:2,3",
];

fn game(name: &str) -> Game {
    let (problem, rule) = Problem::find_or_rule(name).unwrap();
    let params = GameParams {
        rule,
        max_take: Some(3),
        largest_heap: Some(1 << 12),
        ..GameParams::default()
    };
    problem.build_game(&params).unwrap()
}

/// What the tally says against what a fold of `heaps` says.
fn agrees(game: &Game, tally: &mut Tally, heaps: &[u64]) -> Result<(), TestCaseError> {
    let fresh = player::tally(game, &Board::Heaps(heaps.to_vec()))
        .unwrap()
        .unwrap();
    let (kept, folded, trace) = crate::with_game!(game,
        heap game => {
            let trace = tally.trace(game, heaps);
            let named: Vec<bool> = (0..65u32)
                .filter_map(|bit| trace.first_with(bit).map(|first| (bit, first)))
                .map(|(bit, first)| {
                    let mut alone = CaseSummary::default();
                    game.fold(&mut alone, heaps[first.index as usize]);
                    let bits = u128::from(alone.xor) | u128::from(alone.carry & 1) << 64;
                    first.heap == heaps[first.index as usize] && bits >> bit & 1 == 1
                })
                .collect();
            (*tally.summary(), summary(game, heaps).unwrap(), named)
        },
        position _game => unreachable!(),
        row _game => unreachable!()
    );
    prop_assert_eq!(kept, folded, "{:?}", heaps);
    prop_assert_eq!(tally.holding(), fresh.holding(), "{:?}", heaps);
    let held = fresh.holding().iter().filter(|&&count| count > 0).count();
    prop_assert_eq!(
        trace.len(),
        held,
        "{:?}: a bit held but no heap named",
        heaps
    );
    prop_assert!(trace.iter().all(|&named| named), "{:?}", heaps);
    let sorted = |tally: &Tally| {
        let mut movable = tally.movable().to_vec();
        movable.sort_unstable();
        movable
    };
    prop_assert_eq!(sorted(tally), sorted(&fresh), "{:?}", heaps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Two players of different seeds play each other to the end (the
    /// loser's candidates, splits among them, and the winner's replies),
    /// the tally checked after every move.
    #[test]
    fn the_tally_kept_move_by_move_is_the_fold_of_the_position(
        which in 0..GAMES.len(),
        heaps in proptest::collection::vec(0u64..60, 1..40),
        seed in any::<u64>(),
        hurry in any::<bool>(),
    ) {
        let mut game = game(GAMES[which]);
        let mut board = Board::Heaps(heaps.clone());
        let mut tally = player::tally(&game, &board).unwrap().unwrap();
        let mut players = [Player::new(seed), Player::new(seed ^ 1)];
        players[1].hurry(hurry);
        agrees(&game, &mut tally, &heaps)?;
        for turn in 0..2_000 {
            let chosen = players[turn % 2].choose_in(&mut game, &board, Some(&mut tally));
            let Some(mv) = chosen.unwrap() else {
                prop_assert!(!player::has_move_in(&mut game, &board, Some(&tally)));
                break;
            };
            board.apply(&mv);
            player::keep_up(&game, &mut tally, &board, &mv).unwrap();
            let (Board::Heaps(heaps), Move::Heap(_)) = (&board, &mv) else {
                unreachable!("a heap game's move");
            };
            agrees(&game, &mut tally, heaps)?;
        }
    }
}
