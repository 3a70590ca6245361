//! Near misses: the known name a mistyped one most likely meant, so that
//! an error can say "did you mean `lasker`?" rather than list every name.

/// The named rule (`kayles`) a rule that does not parse most likely
/// meant; `None` for text that tries a code (`0.7x`, `sub:x`), whose own
/// error says what is wrong with it.
pub fn rule_meant(text: &str) -> Option<&'static str> {
    let attempted_code = text.contains('.') || text.starts_with("sub:");
    let names = crate::grundy::rule::NAMED_RULES.iter().map(|r| r.name);
    closest(text, names).filter(|_| !attempted_code)
}

/// Why `misere:CODE` names no rule: the rule's name meant, as `grundy`
/// says it of a misspelt rule, or what is wrong with the code.
pub(super) fn misere_rule_error(code: &str, error: &crate::grundy::RuleError) -> String {
    let prefix = super::MISERE_PREFIX;
    match rule_meant(code) {
        Some(meant) => format!("unknown rule '{code}'; did you mean '{prefix}{meant}'?"),
        None => format!("{prefix}{code}: {error}"),
    }
}

/// The candidate closest to `word`, ignoring case, if one is close enough
/// to be what was meant: at most one edit (an insertion, a deletion, a
/// substitution or two neighbours swapped) for a short word, two from five
/// letters on, three from nine. Ties go to the earlier candidate.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let allowed = match word.chars().count() {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = edit_distance(&word, &candidate.to_ascii_lowercase());
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, name)| name)
}

/// The edits (insertions, deletions, substitutions, swaps of neighbours)
/// that turn `a` into `b`: the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two rows back, the last one, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_each_kind_of_edit_once() {
        assert_eq!(edit_distance("lasker", "lasker"), 0);
        assert_eq!(edit_distance("laskr", "lasker"), 1);
        assert_eq!(edit_distance("kayle", "kayles"), 1);
        assert_eq!(edit_distance("hdu3023", "hdu3032"), 1);
        assert_eq!(edit_distance("mien", "nim"), 3);
        assert_eq!(edit_distance("", "nim"), 3);
    }

    #[test]
    fn the_closest_name_is_suggested_only_when_close() {
        let names = ["nim", "lasker", "misere", "hdu3032", "kayles"];
        assert_eq!(closest("laskr", names), Some("lasker"));
        assert_eq!(closest("LASKR", names), Some("lasker"));
        assert_eq!(closest("kayle", names), Some("kayles"));
        assert_eq!(closest("hdu3023", names), Some("hdu3032"));
        assert_eq!(closest("mis", names), None);
        assert_eq!(closest("wythoff", names), None);
        assert_eq!(closest("", names), None);
    }

    #[test]
    fn a_misspelt_misere_rule_is_answered_with_the_rule_meant() {
        let error = crate::problem::Problem::find_or_rule("misere:kayels")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("unknown rule 'kayels'; did you mean 'misere:kayles'?"),
            "{error}"
        );
        // A code says what is wrong with it, as before.
        let code = crate::problem::Problem::find_or_rule("misere:0.7x")
            .unwrap_err()
            .to_string();
        assert!(
            code.contains("misere:0.7x: rule `0.7x`") && !code.contains("did you mean"),
            "{code}"
        );
    }
}
