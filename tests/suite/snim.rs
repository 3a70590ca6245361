//! S-Nim (hdu1536) with `--move`: after each case's line of words, a
//! winning move of each won position, checked here against Grundy values
//! computed by a plain mex.

use crate::common;

use common::{nimstream, stderr, stdout};

/// G(0) … G(len - 1) of the subtraction game on `set`, by the definition.
fn grundy(set: &[u64], len: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[(n - s) as usize])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// The cases of an S-Nim file: each a set and its positions.
fn cases(input: &str) -> Vec<(Vec<u64>, Vec<Vec<u64>>)> {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let mut next = move || tokens.next().unwrap();
    let mut cases = Vec::new();
    loop {
        let k = next();
        if k == 0 {
            return cases;
        }
        let set: Vec<u64> = (0..k).map(|_| next()).collect();
        let positions = (0..next())
            .map(|_| {
                let l = next();
                (0..l).map(|_| next()).collect()
            })
            .collect();
        cases.push((set, positions));
    }
}

/// Checks each line of `solve hdu1536 --move` on `input`: the words are
/// those without `--move`, and each won position has one move `p:i:a->b`,
/// legal, by the smallest winning removal, leaving a lost position.
fn check_moves(input: &[u8]) -> usize {
    let plain = nimstream(&["solve", "hdu1536", "-"], input);
    let with_moves = nimstream(&["solve", "hdu1536", "--move", "-"], input);
    assert_eq!(with_moves.status.code(), Some(0), "{}", stderr(&with_moves));
    let cases = cases(std::str::from_utf8(input).unwrap());
    let lines: Vec<&str> = stdout(&with_moves).lines().collect();
    let words: Vec<&str> = stdout(&plain).lines().collect();
    assert_eq!(lines.len(), cases.len());
    let mut checked = 0;
    for ((line, words), (set, positions)) in lines.iter().zip(&words).zip(&cases) {
        let mut parts = line.split(' ');
        assert_eq!(parts.next(), Some(*words), "{line}");
        let largest = positions.iter().flatten().max().copied().unwrap_or(0);
        let g = grundy(set, largest + 1);
        let xor = |heaps: &[u64]| heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        let won: Vec<usize> = (0..positions.len())
            .filter(|&p| xor(&positions[p]) != 0)
            .collect();
        let moves: Vec<&str> = parts.collect();
        assert_eq!(moves.len(), won.len(), "{line}");
        for (&p, mv) in won.iter().zip(&moves) {
            let (place, change) = mv.rsplit_once(':').unwrap();
            let (position, heap) = place.split_once(':').unwrap();
            let (from, to) = change.split_once("->").unwrap();
            let [position, heap, from, to] =
                [position, heap, from, to].map(|n| n.parse::<u64>().unwrap());
            assert_eq!(position as usize, p + 1, "{line}");
            let mut after = positions[p].clone();
            assert_eq!(after[heap as usize - 1], from, "{line}");
            assert!(to < from && set.contains(&(from - to)), "{line}: {set:?}");
            after[heap as usize - 1] = to;
            assert_eq!(xor(&after), 0, "{line}: {mv} leaves a won position");
            let smaller = set
                .iter()
                .filter(|&&s| s < from - to && s <= from)
                .any(|&s| g[(from - s) as usize] == g[to as usize]);
            assert!(!smaller, "{line}: {mv} is not the smallest winning removal");
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_sample_names_a_move_for_each_won_position() {
    let sample =
        b"2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n";
    let out = nimstream(&["solve", "hdu1536", "--move", "-"], sample);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "LWW 2:1:2->0 3:4:12->7\nWWL 1:1:5->0 2:2:4->3\n"
    );
    assert_eq!(check_moves(sample), 4);
}

#[test]
fn every_move_is_legal_and_leaves_a_lost_position() {
    let mut checked = 0;
    for seed in 1..=6 {
        let seed = seed.to_string();
        let args = [
            "gen",
            "hdu1536",
            "--seed",
            &seed,
            "--cases",
            "12",
            "--positions",
            "8",
            "--heaps",
            "4",
            "--set-size",
            "4",
            "--second-max",
            "12",
            "--max",
            "300",
            "--losing",
            "0.3",
        ];
        let out = nimstream(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        checked += check_moves(&out.stdout);
    }
    // round(0.3 * 96) = 29 of each file's 96 positions are lost.
    assert_eq!(checked, 6 * (96 - 29));
}
