//! The rule parser on arbitrary text: a malformed rule is an error with a
//! column inside the text, never a panic; a rule that parses prints as a
//! rule that parses back to it, and its first values agree between the
//! naive mex and the sparse space.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::grundy::sequence::no_progress;
use nimstream::grundy::{Method, NimSequence, Rule};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rule = match Rule::parse(text) {
        Ok(rule) => rule,
        Err(error) => {
            assert!(
                error.column >= 1 && error.column <= text.chars().count() + 1,
                "{error}"
            );
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let printed = rule.to_string();
    assert_eq!(
        Rule::parse(&printed).as_ref(),
        Ok(&rule),
        "{text} printed as {printed}"
    );
    // Long codes cost a table each; the first values are what matters here.
    if rule.max_removal() > 4096 {
        return;
    }
    let values = |method| {
        let mut seq = NimSequence::new(rule.clone(), method);
        seq.extend_to(96, &mut no_progress).unwrap();
        seq.values().to_vec()
    };
    assert_eq!(values(Method::Naive), values(Method::Sparse), "{rule}");
    let mut seq = NimSequence::new(rule.clone(), Method::Auto);
    if let Ok(Some(period)) = seq.find_period(512, &mut no_progress) {
        assert!(period.period >= 1);
        assert!(period.preperiod + period.period <= seq.values().len() as u64);
    }
});
