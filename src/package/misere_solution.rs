//! The C++ reference of a problem whose game is a rule in misère play
//! (`misere:0.77`): the rule's misère quotient written out, its
//! pretending function `Φ` as a table (reduced by its proven period), its
//! multiplication table and its P-portion. A position is lost for the
//! player to move iff the product of its heaps' elements is in the
//! P-portion.

use std::fmt::Write;

use super::rule_solution::{program, Play, Refusal, MOST_VALUES};
use crate::games::misere_rule::MisereRuleGame;
use crate::problem::Problem;

/// The reference of `problem` played as `game`.
pub fn reference(problem: &Problem, game: &MisereRuleGame) -> Result<String, Refusal> {
    let q = game.quotient();
    let largest = problem.limits.value.max;
    let (len, reduce) = match q.period() {
        Some(p) => (
            p.preperiod + p.period,
            format!(
                "    if (h >= {0}ULL) h = {0}ULL + (h - {0}ULL) % {1}ULL;\n",
                p.preperiod, p.period
            ),
        ),
        None if largest < q.heaps_known() => (largest + 1, String::new()),
        None => {
            return Err(format!(
                "misère {}: no period of its quotient is proven within the heaps computed \
                 ({}), and the limits allow heaps up to {largest}: raise --upto",
                game.rule(),
                q.heaps_known()
            ))
        }
    };
    let order = q.order() as u64;
    if len > MOST_VALUES || order.saturating_mul(order) > MOST_VALUES {
        return Err(format!(
            "the reference would hold {len} heaps' elements and {order}² products, \
             more than {MOST_VALUES} for a source file"
        ));
    }
    let list = |values: &mut dyn Iterator<Item = u64>| {
        let mut text = String::new();
        for (i, value) in values.enumerate() {
            let sep = if i % 16 == 15 { ",\n" } else { "," };
            let _ = write!(text, "{value}{sep}");
        }
        text
    };
    let phi = list(&mut (0..len).map(|h| q.pretending()[h as usize].into()));
    let products = list(
        &mut (0..order * order)
            .map(|i| u64::from(q.product((i / order) as u16, (i % order) as u16))),
    );
    let losing = list(&mut (0..order).map(|e| u64::from(q.is_losing(e as u16))));
    let head = format!(
        "// {} ({}): the game of the rule {} in misère play (who makes the last\n\
         // move loses). Its misère quotient, which nimstream package computed and\n\
         // wrote here: each heap's element (Phi), the elements' products, and which\n\
         // elements are lost for the player to move. A position's element is the\n\
         // product of its heaps' elements, starting from 0, the empty position's.\n",
        problem.name,
        problem.source,
        game.rule()
    );
    let code = format!(
        "static const unsigned short phi[{len}] = {{\n{phi}}};\n\n\
         static const unsigned short product[{order}][{order}] = {{\n{products}}};\n\n\
         static const bool losing[{order}] = {{\n{losing}}};\n\n\
         static unsigned element(unsigned long long h) {{\n{reduce}    return phi[h];\n}}\n"
    );
    program(
        problem,
        &head,
        &code,
        Play {
            fold: "x = product[x][element(next())];",
            wins: "!losing[x]",
        },
    )
}
