//! `nimstream misere`: quotients, their figures, and genera.

use crate::common::{nimstream, stderr, stdout};

#[test]
fn kayles_quotient_is_proven_with_its_period() {
    let output = nimstream(&["misere", "kayles"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("misère quotient of order 40 with 9 P-positions, for every heap"),
        "{first}"
    );
    assert!(text.contains("period 12 from heap 71"), "{text}");
    assert!(
        text.lines()
            .any(|line| line.starts_with("presentation <a, b,")),
        "{text}"
    );
    // One period past the preperiod is listed, heap by heap.
    assert!(text.lines().any(|line| line == "82 b"), "{text}");
}

#[test]
fn dawsons_kayles_to_heap_30_has_360_elements_and_no_period() {
    let output = nimstream(&["misere", "dawson", "--upto", "30"], b"");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "dawson: no period proven up to heap 30; the quotient of heaps 0 to 30 has order 360"
        ),
        "{text}"
    );
    assert!(
        text.contains("order at each heap where it grew: 2:2 4:6 10:12 14:24 25:144 27:176 30:360"),
        "{text}"
    );
}

#[test]
fn json_carries_the_table_and_the_pretending_function() {
    let output = nimstream(&["misere", "0.333", "--upto", "3", "--json"], b"");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(value["order"], 6);
    assert_eq!(value["losing"], serde_json::json!(["a", "b^2"]));
    assert_eq!(
        value["relations"],
        serde_json::json!([["a^2", "1"], ["b^3", "b"]])
    );
    assert_eq!(value["pretending"].as_array().unwrap().len(), 4);
    assert_eq!(value["products"].as_array().unwrap().len(), 6);
    assert!(value["period"].is_null());
    // Misère Nim's heaps 0 to 3, as MisereSolver names them.
    assert_eq!(value["tame"], 2);
}

#[test]
fn misere_nim_is_the_tame_quotient_of_its_heaps() {
    let output = nimstream(&["misere", "nim", "--upto", "7"], b"");
    // Exit 1: no quotient holds for every heap of Nim.
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "nim: misère quotient of heaps 0 to 7 has order 10 with 2 P-positions, by Bouton's \
         rule; no period: it grows at each power of 2"
    );
    assert_eq!(lines[1], "(Q,P) = T_3");
    assert!(
        text.contains("order at each heap where it grew: 1:2 2:6 4:10\n"),
        "{text}"
    );
    assert!(text.contains("P = {a, b^2}\n"), "{text}");
    assert!(text.ends_with("6 bc\n7 abc\n"), "{text}");
    // By default heaps 0 to 400, below 2^9.
    let output = nimstream(&["misere", "nim", "--json"], b"");
    let value: serde_json::Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(
        (value["order"].clone(), value["tame"].clone()),
        (514.into(), 9.into())
    );
    let output = nimstream(&["misere", "nim", "--upto", "5000"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("past heap 4095"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn upto_is_heaps_0_to_n_in_misere_and_in_solve() {
    // Grundy's game has no period to prove: --upto 10 is the last heap.
    let output = nimstream(&["misere", "grundy", "--upto", "10"], b"");
    let heap = |n: &str| stdout(&output).lines().any(|l| l.starts_with(n));
    assert!(heap("10 ") && !heap("11 "), "{}", stdout(&output));
    let solved = nimstream(
        &["solve", "misere:grundy", "--upto", "10", "-"],
        b"1\n1 10\n",
    );
    assert!(solved.status.success(), "{}", stderr(&solved));
    let past = nimstream(
        &["solve", "misere:grundy", "--upto", "10", "-"],
        b"1\n1 11\n",
    );
    assert_eq!(past.status.code(), Some(2), "{}", stdout(&past));
}

#[test]
fn genus_of_nim_heaps_is_conways() {
    let output = nimstream(&["misere", "0.333", "--genus", "3"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "heap G+ G- genus\n0 0 1 0^120\n1 1 0 1^031\n2 2 2 2^20\n3 3 3 3^31\n"
    );
}

#[test]
fn a_bad_rule_or_a_genus_too_far_is_an_error() {
    let output = nimstream(&["misere", "0.9x"], b"");
    assert_eq!(output.status.code(), Some(2));
    let output = nimstream(&["misere", "kayles", "--genus", "41"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("40"), "{}", stderr(&output));
}

#[test]
fn a_memory_budget_stops_cleanly_with_the_quotient_of_the_heaps_before() {
    // 0.6's tables pass 16 MiB at heap 17 (304 elements by heap 16).
    let output = nimstream(&["misere", "0.6", "--memory", "16M", "--stats"], b"");
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    let text = stdout(&output);
    let last: usize = text
        .strip_prefix("0.6: no period proven up to heap ")
        .and_then(|rest| rest.split(';').next())
        .and_then(|heap| heap.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    let errors = stderr(&output);
    assert!(
        errors.contains(&format!(
            "stopped at heap {}, the quotient's tables would pass the memory budget of 16 MiB",
            last + 1
        )),
        "{errors}"
    );
    assert!(
        errors.contains(&format!(
            "the quotient printed is that of heaps 0 to {last}"
        )),
        "{errors}"
    );
    assert!(errors.contains("of a budget of 16 MiB"), "{errors}");
    // The heaps it kept are those a run without the budget finds.
    let upto = last.to_string();
    let whole = nimstream(&["misere", "0.6", "--upto", &upto], b"");
    assert_eq!(whole.status.code(), Some(1), "{}", stderr(&whole));
    assert_eq!(stdout(&whole), text);
}

/// The state budget is the user's to set: a small one stops the search
/// with the heap and a hint, the default settles the same heaps.
#[test]
fn the_states_a_search_keeps_are_set_by_states() {
    let small = nimstream(&["misere", "0.6", "--upto", "12", "--states", "50"], b"");
    assert_eq!(small.status.code(), Some(2), "{}", stdout(&small));
    let errors = stderr(&small);
    assert!(
        errors.contains("the search of positions passed 50 states"),
        "{errors}"
    );
    assert!(errors.contains("(--states raises it)"), "{errors}");
    // The heaps before the one stopped are proven, and printed.
    assert!(
        errors.contains("the quotient printed is that of heaps 0 to"),
        "{errors}"
    );
    assert!(
        stdout(&small).contains("the quotient of heaps 0 to"),
        "{}",
        stdout(&small)
    );
    let default = nimstream(&["misere", "0.6", "--upto", "12"], b"");
    let raised = nimstream(
        &["misere", "0.6", "--upto", "12", "--states", "9000000"],
        b"",
    );
    assert_eq!(default.status.code(), Some(1), "{}", stderr(&default));
    assert_eq!(stdout(&raised), stdout(&default));
    let zero = nimstream(&["misere", "0.6", "--states", "0"], b"");
    assert_eq!(zero.status.code(), Some(2));
}

#[test]
fn a_memory_size_is_a_number_with_a_unit() {
    for size in ["3x", "0", "1.5X", "G"] {
        let output = nimstream(&["misere", "kayles", "--memory", size], b"");
        assert_eq!(output.status.code(), Some(2), "{size}");
        assert!(stderr(&output).contains("512M or 2G"), "{size}");
    }
    for size in ["64M", "0.5G", "65536K", "1GiB"] {
        let output = nimstream(&["misere", "kayles", "--memory", size], b"");
        assert!(output.status.success(), "{size}: {}", stderr(&output));
    }
}
