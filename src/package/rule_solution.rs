//! The C++ solutions of a problem whose game is given by a rule: a
//! reference made of the rule's proven nim-sequence (the preperiod and one
//! period as a table, each heap reduced into it), and a wrong one that
//! plays the heaps as Nim's.

use std::fmt::Write;

use crate::games::rule::RuleGame;
use crate::problem::{Layout, LinePrefix, Problem};

/// The most values a table in a source file may hold: a source of tens of
/// megabytes is no judge's idea of a solution.
pub const MOST_VALUES: u64 = 1 << 20;

/// Why no solution can be written.
pub type Refusal = String;

/// How the C++ reads the cases of the layout: the loop's head.
fn reading(layout: Layout) -> Result<&'static str, Refusal> {
    Ok(match layout {
        Layout::HeapCases => {
            "    unsigned long long t = next();\n    for (unsigned long long c = 1; c <= t; c++) {\n        unsigned long long n = next();\n"
        }
        Layout::HeapCasesToEnd => {
            "    for (unsigned long long c = 1; more(); c++) {\n        unsigned long long n = next();\n"
        }
        Layout::HeapCasesToZero { .. } => {
            "    for (unsigned long long c = 1;; c++) {\n        unsigned long long n = next();\n        if (n == 0) break;\n"
        }
        other => return Err(format!("a reference is written for heap-case layouts, not {other:?}")),
    })
}

/// The reference solution of `problem` played as `game`: the Grundy value
/// of a heap from the table of its proven period.
pub fn reference(problem: &Problem, game: &RuleGame) -> Result<String, Refusal> {
    let largest = problem.limits.value.max;
    let (table_len, period) = match game.period() {
        Some(period) => {
            let len = period.preperiod + period.period;
            (len, Some((period.preperiod, period.period)))
        }
        None if largest < game.table_len() => (largest + 1, None),
        None => {
            return Err(format!(
                "no period of {} is proven within the values computed ({}), and the \
                 limits allow heaps up to {largest}: raise --upto",
                game.rule(),
                game.table_len()
            ))
        }
    };
    if table_len > MOST_VALUES {
        return Err(format!(
            "the reference would hold {table_len} values (preperiod and period), more than \
             {MOST_VALUES} for a source file"
        ));
    }
    let mut values = String::new();
    for heap in 0..table_len {
        let value = game
            .value(heap)
            .ok_or_else(|| format!("the value of heap {heap} is not known"))?;
        let sep = if heap % 16 == 15 { ",\n" } else { "," };
        let _ = write!(values, "{value}{sep}");
    }
    let reduce = match period {
        Some((preperiod, period)) => format!(
            "    if (h >= {preperiod}ULL) h = {preperiod}ULL + (h - {preperiod}ULL) % {period}ULL;\n"
        ),
        None => String::new(),
    };
    let head = format!(
        "// {} ({}): the game of the rule {}. The player to move wins when the\n\
         // xor of the heaps' Grundy values is not 0 (Sprague-Grundy); a heap's\n\
         // value comes from the nim-sequence, {}, written here as a table by\n\
         // nimstream package.\n",
        problem.name,
        problem.source,
        game.rule(),
        match period {
            Some((pre, per)) => format!("whose period {per} from heap {pre} nimstream proved"),
            None => format!("computed for every heap the limits allow (up to {largest})"),
        }
    );
    let grundy = format!(
        "static const unsigned table[{table_len}] = {{\n{values}}};\n\n\
         static unsigned grundy(unsigned long long h) {{\n{reduce}    return table[h];\n}}\n"
    );
    program(problem, &head, &grundy, NORMAL)
}

/// A wrong solution: the heaps played as Nim's, their sizes xored.
pub fn plain_nim(problem: &Problem) -> Result<String, Refusal> {
    let head = format!(
        "// {}: WRONG on purpose: plays the heaps as Nim's (xor of the sizes), not\n\
         // as the rule's Grundy values.\n",
        problem.name
    );
    let grundy = "static unsigned long long grundy(unsigned long long h) { return h; }\n";
    program(problem, &head, grundy, NORMAL)
}

/// How a program folds its heaps into `x` (from 0) and when the player to
/// move wins: in normal play, the xor of the Grundy values is not 0.
pub struct Play {
    /// A statement folding the heap `next()` into `x`.
    pub fold: &'static str,
    /// An expression true when the player to move wins.
    pub wins: &'static str,
}

/// Normal play: Sprague-Grundy.
const NORMAL: Play = Play {
    fold: "x ^= grundy(next());",
    wins: "x != 0",
};

/// A whole program: fast input, the layout's loop, and `code` (which
/// defines what `play` calls).
pub fn program(problem: &Problem, head: &str, code: &str, play: Play) -> Result<String, Refusal> {
    let grundy = code;
    let loop_head = reading(problem.layout)?;
    let prefix = match problem.verdicts.prefix {
        LinePrefix::None => "",
        LinePrefix::CaseNumber => "        printf(\"Case %llu: \", c);\n",
    };
    let words = [problem.verdicts.win, problem.verdicts.lose];
    if words.iter().any(|w| w.contains(['"', '\\', '%'])) {
        return Err("the words hold characters a C string would have to escape".into());
    }
    Ok(format!(
        "{head}#include <cstdio>\n\n\
         static char buf[1 << 16];\n\
         static size_t len = 0, pos = 0;\n\n\
         static int peek() {{\n    if (pos == len) {{\n        len = fread(buf, 1, sizeof buf, stdin);\n        pos = 0;\n        if (len == 0) return -1;\n    }}\n    return buf[pos];\n}}\n\n\
         static bool more() {{\n    int c;\n    while ((c = peek()) != -1 && (c < '0' || c > '9')) pos++;\n    return c != -1;\n}}\n\n\
         static unsigned long long next() {{\n    unsigned long long x = 0;\n    if (!more()) return 0;\n    int c;\n    while ((c = peek()) >= '0' && c <= '9') {{\n        x = x * 10 + (c - '0');\n        pos++;\n    }}\n    return x;\n}}\n\n\
         {grundy}\n\
         int main() {{\n{loop_head}        unsigned long long x = 0;\n        for (unsigned long long i = 0; i < n; i++) {}\n{prefix}        puts({} ? \"{}\" : \"{}\");\n    }}\n    return 0;\n}}\n",
        play.fold, play.wins, words[0], words[1]
    ))
}
