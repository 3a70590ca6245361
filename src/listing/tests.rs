//! The listing's tests: every writer and gather against `format!` and the
//! one-heap-at-a-time gather.

use super::*;
use crate::games::lasker::LaskerSwap;
use crate::games::nim::NormalNim;

/// The lines of every heap's move, with `format!`.
fn naive<F: HeapGame>(fold: &F, heaps: &[u64], summary: &CaseSummary) -> String {
    let mut text = String::new();
    for &h in heaps {
        match fold.move_from(h, summary) {
            Some((to, None)) => text += &format!("{h} {to}\n"),
            Some((to, Some(and))) => text += &format!("{h} {to}+{and}\n"),
            None => {}
        }
    }
    text
}

/// Lists the moves of `heaps` with every writer this CPU runs, and
/// checks the lines and the count against [`naive`]'s.
fn check<F: HeapGame>(fold: &F, heaps: &[u64], lines: &mut Lines, what: &str) {
    let (summary, _) = decide(fold, heaps);
    let expected = naive(fold, heaps, &summary);
    for writer in LineWriter::available() {
        let count = list_one_per_heap(fold, heaps, &summary, lines, false, writer).unwrap();
        let listed = String::from_utf8_lossy(lines.as_bytes());
        assert_eq!(listed, expected, "{what}, {}", writer.name());
        assert_eq!(count, expected.lines().count() as u64);
        let counted = list_one_per_heap(fold, heaps, &summary, lines, true, writer).unwrap();
        assert_eq!((counted, lines.as_bytes()), (count, &b""[..]));
    }
}

#[test]
fn each_kernel_gets_the_widest_writer_it_allows() {
    for kernel in Kernel::available() {
        let writer = LineWriter::for_kernel(kernel);
        match kernel.name() {
            "reference" | "swar" => assert_eq!(writer, LineWriter::PORTABLE),
            "avx2" => assert_eq!(writer.name(), "avx2"),
            _ => assert_eq!(writer, LineWriter::detect()),
        }
    }
}

#[test]
fn chunks_of_moves_list_what_each_heap_gives_alone() {
    // Across chunk borders, with splits (Lasker's `a b+c`) and without.
    let mut rng = crate::rng::SplitMix64::new(3);
    for len in [CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17] {
        let heaps: Vec<u64> = (0..len).map(|_| rng.between(0, 1 << 20)).collect();
        check(&NormalNim, &heaps, &mut Lines::default(), "nim");
        // Heaps in equal pairs and then 3 and 4, whose values xor to 7:
        // the 3 must be split (into values 1 and 2) to leave 0.
        let mut heaps: Vec<u64> = heaps.iter().flat_map(|&h| [h, h]).collect();
        heaps.splice(CHUNK - 1..CHUNK - 1, [3, 4]);
        let (summary, _) = decide(&LaskerSwap, &heaps);
        assert!(naive(&LaskerSwap, &heaps, &summary).contains('+'));
        check(&LaskerSwap, &heaps, &mut Lines::default(), "lasker");
    }
}

/// The lines of `pairs` (each number below 2^32) from each vector
/// writer this CPU runs, a chunk at a time, however few the lines.
fn vector_lines(pairs: &[(u64, u64)]) -> Vec<(LineWriter, String)> {
    let vector = LineWriter::available().into_iter().skip(1);
    let lines = vector.map(|writer| {
        let mut text = Vec::new();
        for chunk in pairs.chunks(CHUNK) {
            let mut moves = Moves::new();
            (moves.from, moves.to) = ([u64::MAX; CHUNK], [u64::MAX; CHUNK]);
            for (i, &(a, b)) in chunk.iter().enumerate() {
                (moves.from[i], moves.to[i]) = (a, b);
            }
            let mut buf = b"###".to_vec();
            let end = writer.write_plain(&moves, chunk.len(), &mut buf, 3);
            assert_eq!(&buf[..3], b"###", "nothing before `at` is written");
            text.extend_from_slice(&buf[3..end.unwrap().unwrap()]);
        }
        (writer, String::from_utf8(text).unwrap())
    });
    lines.collect()
}

fn fmt_lines(pairs: &[(u64, u64)]) -> String {
    pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect()
}

#[test]
fn vector_writers_match_fmt_at_every_digit_count_and_its_edges() {
    let mut values = vec![0, 1, 9, u64::from(u32::MAX), u64::from(u32::MAX) - 1];
    for digits in 1..10 {
        let power = 10u64.pow(digits);
        values.extend([power - 1, power, power + 1, power * 7 / 3]);
    }
    values.extend((1..=42).flat_map(|high| [high * 100_000_000 - 1, high * 100_000_000]));
    let pairs: Vec<(u64, u64)> = values
        .iter()
        .flat_map(|&a| values.iter().map(move |&b| (a, b)))
        .collect();
    // Every length of a chunk's last step, too.
    for len in [
        pairs.len(),
        1,
        2,
        3,
        4,
        5,
        9,
        10,
        11,
        CHUNK - 1,
        CHUNK,
        CHUNK + 1,
    ] {
        for (writer, lines) in vector_lines(&pairs[..len]) {
            assert_eq!(lines, fmt_lines(&pairs[..len]), "{len}, {}", writer.name());
        }
    }
}

#[test]
fn vector_writers_match_fmt_on_random_numbers_of_every_size() {
    let mut rng = crate::rng::SplitMix64::new(232);
    // Below 2^32, with as many digits at the low end as at the top.
    let mut value = || rng.between(0, u64::from(u32::MAX)) >> rng.between(0, 31);
    let pairs: Vec<(u64, u64)> = (0..200_000).map(|_| (value(), value())).collect();
    for (writer, lines) in vector_lines(&pairs) {
        assert_eq!(lines, fmt_lines(&pairs), "{}", writer.name());
    }
}

/// Chunks of every length whose heaps have a move from `x` in runs and
/// at random, and chunks full of moves or of none.
fn gather_patterns(x: u64, rng: &mut crate::rng::SplitMix64) -> Vec<Vec<u64>> {
    // A heap has a move exactly when it has x's highest bit.
    let top = 1 << x.ilog2();
    let (with, without) = (|h: u64| h | top, |h: u64| h & !top);
    let mut patterns = vec![vec![], vec![with(0); CHUNK], vec![without(u64::MAX); CHUNK]];
    for len in 0..=CHUNK {
        let moves = rng.between(0, len as u64) as usize;
        let mut heaps = vec![with(rng.next_u64()); moves];
        heaps.resize(len, without(rng.next_u64()));
        patterns.push(heaps);
        let random = (0..len).map(|_| rng.between(0, u64::MAX) >> rng.between(0, 63));
        patterns.push(random.collect());
    }
    patterns
}

#[test]
fn vector_gathers_find_the_moves_one_heap_at_a_time_does() {
    let mut rng = crate::rng::SplitMix64::new(16);
    // x with its top bit anywhere, high bits alone, and low bits that
    // the moves' `to` has and their heap lacks.
    let mut xs = vec![16, 9, 1 << 63 | 5, 1 << 32, (1 << 32) - 1];
    xs.extend((0..6).map(|_| (rng.next_u64() >> rng.between(0, 63)) | 1));
    for x in xs {
        let summary = CaseSummary {
            xor: x,
            ..CaseSummary::default()
        };
        for heaps in &gather_patterns(x, &mut rng) {
            let mut expected = Moves::new();
            let n = expected.gather(&NormalNim, heaps, &summary);
            for writer in LineWriter::available() {
                let what = format!("{} heaps, x {x}, {}", heaps.len(), writer.name());
                // Through the dispatch, and straight to the vector
                // gather however few the heaps.
                let mut moves = Moves::new();
                let got = writer.gather(&NormalNim, heaps, &summary, &mut moves);
                let mut direct = Moves::new();
                let vector = writer.gather_xor(heaps, x, &mut direct);
                let mut found = vec![(got, moves)];
                found.extend(vector.map(|got| (got, direct)));
                for (got, moves) in found {
                    assert_eq!(got, n, "{what}");
                    assert_eq!(moves.from[..n], expected.from[..n], "{what}");
                    assert_eq!(moves.to[..n], expected.to[..n], "{what}");
                    assert_eq!(moves.bits | expected.bits, moves.bits, "{what}");
                }
            }
        }
    }
}

#[test]
fn chunks_with_a_number_of_2_to_the_32_or_more_are_listed_whole() {
    // The vector writer takes the chunks below 2^32 and leaves the
    // others. Heaps in equal pairs, then 2^32 + 5 and 2^32 + 2, whose
    // xor is 7: the heaps with a 4 in them have a move, among them
    // 2^32 + 5 (in the second chunk) and 2^32 - 1 (in the fourth).
    let mut rng = crate::rng::SplitMix64::new(32);
    let mut heaps: Vec<u64> = (0..2 * CHUNK)
        .map(|_| rng.between(1, 1 << 32))
        .flat_map(|h| [h, h])
        .collect();
    heaps.splice(CHUNK + 9..CHUNK + 9, [(1 << 32) + 5, (1 << 32) + 2]);
    heaps.splice(3 * CHUNK..3 * CHUNK, [(1 << 32) - 1; 2]);
    let (summary, _) = decide(&NormalNim, &heaps);
    let expected = naive(&NormalNim, &heaps, &summary);
    assert!(expected.contains("4294967301 4294967298\n"));
    assert!(expected.contains("4294967295 4294967288\n"));
    check(&NormalNim, &heaps, &mut Lines::default(), "nim");
}

#[test]
fn a_buffer_used_again_holds_only_the_new_lines() {
    let mut rng = crate::rng::SplitMix64::new(7);
    let mut lines = Lines::default();
    // Long, short, and long again, in one buffer, with long numbers
    // and short.
    for (len, most) in [(5000, u64::MAX), (40, 1 << 31), (3000, 1 << 31), (900, 999)] {
        let heaps: Vec<u64> = (0..len).map(|_| rng.between(0, most)).collect();
        check(&NormalNim, &heaps, &mut lines, "nim");
    }
}
