//! Listing a won case's winning moves (`listing::list_moves`), the work
//! `hdu2176` adds to reading its heaps: one case at HDU 2176's limits,
//! 200,000 heaps below 2^31, in memory, its lines written into a buffer
//! reused from run to run. Throughput is in heaps; about half of them have
//! a move, so lines are about half as many. The lines are written by every
//! writer this CPU runs. Then 100,000 cases of 3 heaps, one call each: the
//! cost of a call.
//!
//! Run: `cargo bench --bench listing -- --warm-up-time 1 --measurement-time 3`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimstream::games::nim::NormalNim;
use nimstream::games::CaseSummary;
use nimstream::listing::{decide, list_moves, LineWriter, Lines};
use nimstream::rng::SplitMix64;

fn listing(c: &mut Criterion) {
    let mut rng = SplitMix64::new(2176);
    let mut heap = || rng.between(1, (1 << 31) - 1);
    let limits: Vec<u64> = (0..200_000).map(|_| heap()).collect();
    let (summary, wins) = decide(&NormalNim, &limits);
    assert!(wins, "random heaps of this seed make a won case");
    // The cost a case carries whatever its size: 100,000 cases of 3 heaps
    // (the won ones), listed one at a time into one buffer used again, as
    // the reading thread lists the small cases of a file.
    let small: Vec<(Vec<u64>, CaseSummary)> = (0..100_000)
        .map(|_| vec![heap(), heap(), heap()])
        .map(|case| (decide(&NormalNim, &case), case))
        .filter(|((_, wins), _)| *wins)
        .map(|((summary, _), case)| (case, summary))
        .collect();
    let mut group = c.benchmark_group("listing");
    let mut lines = Lines::default();
    let workloads = [
        ("hdu2176 case", vec![(limits.clone(), summary)]),
        ("cases of 3 heaps", small),
    ];
    for (name, cases) in &workloads {
        let heaps = cases.iter().map(|(case, _)| case.len() as u64).sum();
        group.throughput(Throughput::Elements(heaps));
        for writer in LineWriter::available() {
            group.bench_function(format!("{name}, lines, {}", writer.name()), |b| {
                b.iter(|| {
                    let each = |(case, summary): &(Vec<u64>, CaseSummary)| {
                        list_moves(&NormalNim, case, summary, &mut lines, false, writer)
                            .expect("the lines fit in memory")
                    };
                    black_box(cases).iter().map(each).sum::<u64>()
                })
            });
        }
    }
    group.throughput(Throughput::Elements(limits.len() as u64));
    let writer = LineWriter::detect();
    group.bench_function("hdu2176 case, count", |b| {
        b.iter(|| {
            list_moves(
                &NormalNim,
                black_box(&limits),
                &summary,
                &mut lines,
                true,
                writer,
            )
            .expect("counting takes no memory")
        })
    });
    group.bench_function("decide", |b| {
        b.iter(|| decide(&NormalNim, black_box(&limits)))
    });
    group.finish();
}

criterion_group!(benches, listing);
criterion_main!(benches);
