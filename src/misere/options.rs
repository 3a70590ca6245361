//! The options of one heap under a rule, as the quotient search needs them:
//! each distinct multiset of non-empty heaps a move can leave.

use crate::grundy::Rule;

/// What one move may leave of a heap of `heap`: each distinct multiset of
/// non-empty heaps, sorted ascending (an empty list when the move takes
/// the whole heap).
pub fn heap_options(rule: &Rule, heap: usize) -> Vec<Vec<usize>> {
    let mut options = Vec::new();
    if rule.takes_all(heap) {
        options.push(Vec::new());
    }
    for &i in rule.leave_one() {
        if i < heap {
            options.push(vec![heap - i]);
        }
    }
    for &i in rule.leave_two() {
        let Some(rest) = heap.checked_sub(i) else {
            break;
        };
        for a in 1..=rest / 2 {
            if rule.split_allowed(a, rest - a) {
                options.push(vec![a, rest - a]);
            }
        }
    }
    for &i in rule.leave_three() {
        let Some(rest) = heap.checked_sub(i) else {
            break;
        };
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                options.push(vec![a, b, rest - a - b]);
            }
        }
    }
    options.sort_unstable();
    options.dedup();
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_heap_of_three_leaves_two_one_one_and_one_one() {
        let rule = Rule::parse("kayles").unwrap();
        assert_eq!(heap_options(&rule, 3), vec![vec![1], vec![1, 1], vec![2]]);
        assert_eq!(heap_options(&rule, 2), vec![vec![], vec![1]]);
        assert_eq!(heap_options(&rule, 1), vec![vec![]]);
        assert!(heap_options(&rule, 0).is_empty());
    }

    #[test]
    fn grundys_game_splits_into_unequal_parts_only() {
        let rule = Rule::parse("grundy").unwrap();
        assert_eq!(heap_options(&rule, 4), vec![vec![1, 3]]);
        assert_eq!(heap_options(&rule, 6), vec![vec![1, 5], vec![2, 4]]);
        assert!(heap_options(&rule, 2).is_empty());
    }

    #[test]
    fn subtraction_leaves_one_heap_or_none() {
        let rule = Rule::parse("sub:2,3,7").unwrap();
        assert_eq!(heap_options(&rule, 7), vec![vec![], vec![4], vec![5]]);
        assert_eq!(heap_options(&rule, 3), vec![vec![], vec![1]]);
        assert!(heap_options(&rule, 1).is_empty());
    }
}
