//! A problem's statement in LaTeX, for the package's
//! `problem_statement/problem.en.tex`: made from the same texts as
//! `nimstream problems NAME` (the title, the input, the output, the
//! limits) and the game's rules and the answers' meaning ([`super::rules`]).
//!
//! problemtools adds the samples (`data/sample`) itself.

use crate::problem::Problem;

/// The statement of `problem`, a game whose rule (if it is given by one)
/// is `rule`, with `explained`, the sentences that explain its first
/// sample.
pub fn latex(problem: &Problem, rule: Option<&str>, explained: &[String]) -> String {
    let game = super::rules::game(problem, rule);
    let title = title(problem);
    // problemtools reads the name from `\problemname`, and warns where
    // that looks like LaTeX (`\&`, `$\times$`) unless this comment gives
    // the plain name.
    let mut text = format!("%% plainproblemname: {}\n", title.replace('\n', " "));
    text += &format!("\\problemname{{{}}}\n\n", escape(&title));
    text += &format!(
        "This is {}: {}.\n\n",
        escape(problem.source),
        escape(problem.title)
    );
    text += &format!("{}\n\n", escape(&game.rules));
    if let Some(note) = problem.reconstructed() {
        text += &format!("\\emph{{A note on this statement:}} {}\n\n", escape(note));
    }
    text += "\\section*{Input}\n\n";
    text += &format!(
        "The input is {}.\n\nLimits: {}.\n\n",
        escape(&plain(&problem.layout.describe(&problem.vars))),
        escape(&problem.limits_text())
    );
    text += "\\section*{Output}\n\n";
    text += &format!("{}\n", code(&escape(&super::rules::answer(problem, &game))));
    if !explained.is_empty() {
        text += "\n\\section*{Sample explanation}\n\n";
        text += "For the first sample:\n\\begin{itemize}\n";
        for sentence in explained {
            text += &format!("\\item {}\n", escape(sentence));
        }
        text += "\\end{itemize}\n";
    }
    text
}

/// The title as a name: its first letter capitalised.
pub fn title(problem: &Problem) -> String {
    let mut chars = problem.title.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => problem.name.to_string(),
    }
}

/// Escaped text whose spans in backquotes (the words to print) are set
/// in a typewriter face.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    for (i, part) in text.split('`').enumerate() {
        match i % 2 == 1 {
            true => out.push_str(&format!("\\texttt{{{part}}}")),
            false => out.push_str(part),
        }
    }
    out
}

/// A catalogue text made plain: Markdown's backquotes removed.
fn plain(text: &str) -> String {
    text.replace('`', "")
}

/// `text` as LaTeX: its special characters escaped, and the mathematics
/// the catalogue writes in Unicode (≤, ×, 2^31) as LaTeX's.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '×' => out.push_str("$\\times$"),
            '…' => out.push_str("\\dots{}"),
            '−' => out.push_str("$-$"),
            '^' => {
                let exponent: String =
                    std::iter::from_fn(|| chars.next_if(char::is_ascii_digit)).collect();
                out.push_str(&format!("\\textsuperscript{{{exponent}}}"));
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_specials_and_unicode_mathematics_are_escaped() {
        assert_eq!(
            escape("1 ≤ s ≤ 2^31-1"),
            "1 $\\le$ s $\\le$ 2\\textsuperscript{31}-1"
        );
        assert_eq!(
            escape("a_b & 50% #1 {x} $"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\$"
        );
        assert_eq!(escape("1 × 1"), "1 $\\times$ 1");
    }

    #[test]
    fn a_statement_has_the_title_the_rules_input_output_and_limits() {
        let lasker = Problem::find("lasker").unwrap();
        let text = latex(lasker, None, &[]);
        assert!(text.contains("\\problemname{Lasker's Nim (a move may split a heap in two)}"));
        assert!(
            text.contains("splits one heap into two non-empty heaps"),
            "{text}"
        );
        assert!(text.contains("\\section*{Input}") && text.contains("\\section*{Output}"));
        assert!(text.contains("2\\textsuperscript{31}-1"), "{text}");
        assert!(
            text.contains("\\texttt{Alice} when Alice, who moves first, wins"),
            "{text}"
        );
        assert!(text.contains("\\texttt{Bob} when Bob wins"), "{text}");
    }

    /// verifyproblem warns of a name that looks like LaTeX (a backslash or
    /// a dollar) unless the statement gives it plain in a comment.
    #[test]
    fn a_title_with_latex_in_it_is_also_given_plain() {
        let cutting = latex(Problem::find("poj2311").unwrap(), None, &[]);
        assert!(
            cutting.contains("\\problemname{Cutting Game (whoever first cuts out a 1 $\\times$ 1")
        );
        let plain = cutting.lines().next().unwrap();
        assert_eq!(
            plain,
            "%% plainproblemname: Cutting Game (whoever first cuts out a 1 × 1 piece wins)"
        );
        assert!(!plain.contains('\\') && !plain.contains('$'));
    }

    #[test]
    fn reconstructed_formats_say_so() {
        for name in ["hdu3595", "poj2975"] {
            let text = latex(Problem::find(name).unwrap(), None, &[]);
            assert!(text.contains("A note on this statement"), "{name}: {text}");
        }
        assert!(!latex(Problem::find("nim").unwrap(), None, &[]).contains("A note"));
    }
}
