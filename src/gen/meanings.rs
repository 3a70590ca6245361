//! What `gen`'s options mean for one problem. The options are the same for
//! every problem, but the variable each stands for is the layout's: for
//! HDU 1524, `--heaps` is the pieces of a query and `--second-min` the
//! positions of a graph. `nimstream problems NAME` lists them.

use crate::problem::{Layout, Problem};

/// Each of `gen`'s options that applies to `problem`, with what it means
/// there, in the order `gen --help` lists them; `--seed`, `--threads` and
/// `-o`, the same for every problem, are left out.
pub fn option_meanings(problem: &Problem) -> Vec<(&'static str, String)> {
    let vars = problem.vars;
    let (n, value) = (vars.heaps, vars.value);
    let second = vars.second.map_or("", |v| v.label);
    let layout = problem.layout;
    let mut list = vec![("--cases", cases(layout))];
    let heaps = match layout {
        Layout::HeapTriplesToZero => Some("3, the heaps of every line".to_string()),
        Layout::SubtractionSetCases => Some(format!("{}, in every position", n.label)),
        Layout::GraphCases => Some(format!(
            "{}, in every query (at least 1: `0` ends a graph's queries)",
            n.label
        )),
        Layout::HeapCasesToZero { .. } => Some(format!(
            "{}, in every case (at least 1: `{} = 0` ends the input)",
            n.label, n.name
        )),
        _ if layout.has_count() => Some(format!("{}, in every case", n.label)),
        _ => None,
    };
    list.extend(heaps.map(|meaning| ("--heaps", meaning)));
    let values = match layout {
        Layout::PairsToZero { ordered: true } => {
            format!("{} and {}, both piles", value.label, second)
        }
        Layout::ZeroTerminated => {
            format!("{} (at least 1: a 0 ends the input)", value.label)
        }
        Layout::HeapTriplesToZero => format!(
            "{} (--max at least 1: a line 0 0 0 ends the input)",
            value.label
        ),
        Layout::GraphCases => format!("{}, where a piece stands (below N)", value.label),
        Layout::Rows(_) => format!("{}, each number of a row", value.label),
        _ => value.label.to_string(),
    };
    list.push(("--min, --max", values));
    if layout.has_second() {
        let meaning = match layout {
            Layout::PairsToZero { ordered: true } => {
                format!("{second} alone, in place of --min, --max")
            }
            Layout::SubtractionSetCases => format!("{second}, each removal of a set"),
            Layout::GraphCases => format!("{second}, of each graph"),
            _ => second.to_string(),
        };
        list.push(("--second-min, --second-max", meaning));
    }
    match layout {
        Layout::SubtractionSetCases => {
            list.push(("--set-size", "k, the removals of each set".into()));
            list.push(("--positions", "m, the positions of each case".into()));
        }
        Layout::GraphCases => {
            list.push(("--set-size", "the most moves X from a position".into()));
            list.push(("--positions", "the queries of each graph".into()));
        }
        _ => {}
    }
    let losing = match layout {
        Layout::SubtractionSetCases => "positions",
        Layout::GraphCases => "queries",
        _ => "cases",
    };
    list.push(("--losing", format!("the share of {losing} made losing")));
    list
}

/// What `--cases` counts in `layout`.
fn cases(layout: Layout) -> String {
    match layout {
        Layout::SubtractionSetCases => "the cases, each a set and its positions".into(),
        Layout::GraphCases => "the graphs, each with its queries".into(),
        _ if layout.has_case_count() => "T, the number of cases".into(),
        _ => "the number of cases".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meaning(name: &str, option: &str) -> String {
        let problem = Problem::find(name).unwrap();
        let list = option_meanings(problem);
        let found = list.iter().find(|(o, _)| *o == option);
        found.map_or_else(String::new, |(_, m)| m.clone())
    }

    #[test]
    fn each_option_names_the_variable_it_stands_for() {
        assert!(meaning("hdu1524", "--heaps").contains("pieces M"));
        assert!(meaning("hdu1524", "--second-min, --second-max").contains("positions N"));
        assert!(meaning("hdu1524", "--positions").contains("queries"));
        assert!(meaning("hdu1536", "--heaps").contains("heaps l"));
        assert!(meaning("hdu1536", "--losing").contains("positions"));
        assert!(meaning("hdu1730", "--second-min, --second-max").contains("width m"));
        assert!(meaning("hdu1850", "--heaps").contains("at least 1"));
        assert!(meaning("hdu2177", "--min, --max").contains("both piles"));
        assert!(meaning("nim", "--cases").starts_with('T'));
        // Only the options that apply.
        assert_eq!(meaning("nim", "--second-min, --second-max"), "");
        assert_eq!(meaning("nim", "--positions"), "");
        assert_eq!(meaning("wythoff", "--heaps"), "");
    }
}
