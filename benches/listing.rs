//! Listing a won case's winning moves (`listing::list_moves`), the work
//! `hdu2176` adds to reading its heaps: one case at HDU 2176's limits,
//! 200,000 heaps below 2^31, in memory, its lines written into a buffer
//! reused from run to run. Throughput is in heaps; about half of them have
//! a move, so lines are about half as many. The lines are written by every
//! writer this CPU runs. Then many small cases, one at a time: the cost
//! of a call.
//!
//! Run: `cargo bench --bench listing -- --warm-up-time 1 --measurement-time 3`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimstream::games::nim::NormalNim;
use nimstream::listing::{decide, list_moves, LineWriter};
use nimstream::rng::SplitMix64;

fn listing(c: &mut Criterion) {
    let mut rng = SplitMix64::new(2176);
    let heaps: Vec<u64> = (0..200_000)
        .map(|_| rng.between(1, (1 << 31) - 1))
        .collect();
    let (summary, wins) = decide(&NormalNim, &heaps);
    assert!(wins, "random heaps of this seed make a won case");
    let mut group = c.benchmark_group("listing");
    group.throughput(Throughput::Elements(heaps.len() as u64));
    let mut lines = nimstream::listing::Lines::default();
    for writer in LineWriter::available() {
        let name = format!("hdu2176 case, lines, {}", writer.name());
        group.bench_function(name, |b| {
            b.iter(|| {
                list_moves(
                    &NormalNim,
                    black_box(&heaps),
                    &summary,
                    &mut lines,
                    false,
                    writer,
                )
            })
        });
    }
    let writer = LineWriter::detect();
    group.bench_function("hdu2176 case, count", |b| {
        b.iter(|| {
            list_moves(
                &NormalNim,
                black_box(&heaps),
                &summary,
                &mut lines,
                true,
                writer,
            )
        })
    });
    group.bench_function("decide", |b| {
        b.iter(|| decide(&NormalNim, black_box(&heaps)))
    });
    // The cost a case carries whatever its size: 100,000 won cases of 3
    // heaps, listed one at a time into one buffer used again, as the
    // reading thread lists the small cases of a file.
    let cases: Vec<([u64; 3], _)> = (0..100_000)
        .map(|_| [0; 3].map(|_| rng.between(1, (1 << 31) - 1)))
        .map(|case| (case, decide(&NormalNim, &case)))
        .filter(|(_, (_, wins))| *wins)
        .map(|(case, (summary, _))| (case, summary))
        .collect();
    group.throughput(Throughput::Elements(cases.len() as u64));
    for writer in LineWriter::available() {
        let name = format!("cases of 3 heaps, lines, {}", writer.name());
        group.bench_function(name, |b| {
            b.iter(|| {
                let each = |(case, summary): &([u64; 3], _)| {
                    list_moves(&NormalNim, case, summary, &mut lines, false, writer)
                };
                black_box(&cases).iter().map(each).sum::<u64>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, listing);
criterion_main!(benches);
