use super::dialogue::sample_dialogue;
use super::*;

#[test]
fn the_plan_is_cut_to_small_games_and_has_no_two_tests_alike() {
    for name in ["nim", "lasker", "misere"] {
        let problem = Problem::find(name).unwrap();
        let planned = plan(problem, 1);
        assert!(planned.len() >= 5, "{name}: {planned:?}");
        for test in &planned {
            assert!(test.options.cases <= MAX_GAMES, "{name}: {test:?}");
            assert!(test.options.heaps <= MAX_HEAPS, "{name}: {test:?}");
        }
        let shape = |p: &crate::package::Planned| {
            let o = &p.options;
            (o.cases, o.heaps, o.min, o.max, o.losing.to_bits())
        };
        for (at, test) in planned.iter().enumerate() {
            let alike = planned[..at].iter().find(|p| shape(p) == shape(test));
            assert!(alike.is_none(), "{name}: {test:?} is {alike:?}");
        }
    }
}

#[test]
fn the_sample_dialogue_is_a_game_won_by_the_winning_side() {
    let problem = Problem::find("nim").unwrap();
    let game = problem.build_game(&Default::default()).unwrap();
    let test = TestFile::read(problem, b"2\n2\n1 1\n3\n1 2 4\n").unwrap();
    let lines = sample_dialogue(problem, &game, &test).unwrap();
    // 1 1 is lost for the first player, 1 2 4 won: the program (>) says
    // Second, then First, and the judge (<) says 0 after each game.
    assert_eq!(&lines[..5], ["<2", "<2", "<1 1", ">Second", "<1:1->0"]);
    assert_eq!(lines[5], ">2:1->0");
    assert_eq!(lines[6], "<0");
    assert_eq!(&lines[7..10], ["<3", "<1 2 4", ">First"]);
    assert_eq!(lines[10], ">3:4->3");
    assert_eq!(lines.last().unwrap(), "<0");
    assert!(lines
        .iter()
        .all(|l| l.starts_with('<') || l.starts_with('>')));
}

#[test]
fn only_the_kept_players_games_have_submissions() {
    let lasker = Problem::find("lasker").unwrap();
    let game = lasker.build_game(&Default::default()).unwrap();
    let list = submissions(lasker, &game, 100).unwrap();
    let names: Vec<String> = list.iter().map(|(f, n, _)| format!("{f}/{n}")).collect();
    assert!(
        names.contains(&"accepted/lasker.cpp".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"wrong_answer/lasker-nim-xor.cpp".to_string()),
        "{names:?}"
    );
    assert!(names.contains(&"time_limit_exceeded/lasker-never-flushes.cpp".to_string()));
    let accepted = &list[0].2;
    assert!(
        accepted.starts_with("#define GAME 1\n#define STYLE 0\n"),
        "{accepted}"
    );
    let bash = Problem::find("bash").unwrap();
    let game = bash.build_game(&Default::default()).unwrap();
    let list = submissions(bash, &game, 100).unwrap();
    assert_eq!(
        list.len(),
        3,
        "{:?}",
        list.iter().map(|s| &s.1).collect::<Vec<_>>()
    );
    assert!(list[0].2.starts_with("#define STYLE 0\n"), "{}", list[0].2);
    let powers = Problem::find("hdu1847").unwrap();
    let game = powers.build_game(&Default::default()).unwrap();
    assert!(submissions(powers, &game, 100).is_err());
}

#[test]
fn problem_yaml_asks_for_the_interactor_and_a_uuid_of_its_own() {
    let nim = Problem::find("nim").unwrap();
    let options = Options {
        max_bytes: 1 << 20,
        seed: 1,
        validator: "nimstream".into(),
        problem_toml: nim.to_toml().unwrap(),
        allow_missing: false,
        time_limit: Some(2),
        upto: None,
    };
    let yaml = problem_yaml(nim, &options, "2 s: given");
    assert!(
        yaml.contains("\nvalidation: custom interactive\n"),
        "{yaml}"
    );
    assert!(!yaml.contains("validation: default"), "{yaml}");
    assert!(!yaml.contains("validator_flags"), "{yaml}");
    assert!(
        yaml.contains("Time limit (.timelimit, for DOMjudge): 2 s: given."),
        "{yaml}"
    );
    assert!(!yaml.contains("generate.sh"), "{yaml}");
    let batch = super::super::problem_yaml(nim, &options, 0, "2 s: given");
    let uuid = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("uuid:"))
            .map(str::to_owned)
    };
    assert!(uuid(&yaml).is_some());
    assert_ne!(uuid(&yaml), uuid(&batch));
}

#[test]
fn wythoffs_float_player_is_kept_only_where_the_traps_reach() {
    let names = |name: &str| {
        let problem = Problem::find(name).unwrap();
        let game = problem.build_game(&Default::default()).unwrap();
        let list = submissions(problem, &game, 100).unwrap();
        list.into_iter()
            .map(|(f, n, _)| format!("{f}/{n}"))
            .collect::<Vec<_>>()
    };
    let wythoff = names("wythoff");
    assert!(
        wythoff.contains(&"wrong_answer/wythoff-float-phi.cpp".into()),
        "{wythoff:?}"
    );
    // HDU 2177's piles stay below 10^6, where double is exact.
    let hdu2177 = names("hdu2177");
    assert!(hdu2177.iter().all(|n| !n.contains("float")), "{hdu2177:?}");
    assert!(
        hdu2177.contains(&"accepted/hdu2177.cpp".into()),
        "{hdu2177:?}"
    );
}

#[test]
fn the_crafted_cases_are_cut_to_small_tests() {
    let wythoff = Problem::find("wythoff").unwrap();
    let tests = crafted(wythoff);
    let pairs: usize = tests.iter().map(|(_, cases)| cases.len()).sum();
    let batch: usize = crate::package::plan::crafted(wythoff)
        .iter()
        .map(|(_, pairs)| pairs.len())
        .sum();
    assert_eq!(pairs, batch);
    assert!(tests.len() > 1, "{tests:?}");
    for (name, cases) in &tests {
        assert!(cases.len() as u64 <= MAX_GAMES, "{name}: {}", cases.len());
        assert!(name.starts_with("float-phi-traps-"), "{name}");
    }
}

#[test]
fn k_multiple_games_with_k_1_keep_to_small_piles() {
    let problem = Problem::find("kmultiple").unwrap();
    let planned = plan(problem, 1);
    assert!(
        planned.iter().any(|p| p.options.second_max == 1),
        "{planned:?}"
    );
    for test in &planned {
        let o = &test.options;
        // A game with k = 1 may last a move an object.
        let k1 = o.second_min <= 1;
        assert!(!k1 || o.max <= K1_MAX_PILE, "{test:?}");
        assert!(o.min <= o.max, "{test:?}");
    }
    let fibonacci = Problem::find("fibonacci").unwrap();
    let tests = crafted(fibonacci);
    assert!(
        tests
            .iter()
            .any(|(name, _)| name.starts_with("fibonacci-top")),
        "{tests:?}"
    );
}

#[test]
fn a_rules_games_keep_to_small_heaps_within_its_limits() {
    let (kayles, _) = Problem::find_or_rule("kayles").unwrap();
    for test in plan(kayles, 1) {
        let o = &test.options;
        assert!(o.max <= RULE_MAX_HEAP && o.min <= o.max, "{test:?}");
        assert!(o.heaps <= RULE_MAX_HEAPS, "{test:?}");
    }
    // Heaps that must be larger than the cap keep to their least.
    let text = std::fs::read_to_string("testdata/kayles.toml")
        .unwrap()
        .replace("value = [1, 1000]", "value = [500, 1000]");
    assert!(text.contains("[500, 1000]"), "{text}");
    let large = Problem::from_toml(&text, "large.toml").unwrap();
    for test in plan(&large, 1) {
        let o = &test.options;
        assert!((500..=500).contains(&o.max) && o.min == 500, "{test:?}");
    }
}
