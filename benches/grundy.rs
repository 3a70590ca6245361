//! The Sprague–Grundy engine: the naive mex against the sparse-space method
//! on the same games and lengths, and the proof of 0.16's period.
//!
//! 0.16 and Kayles (0.77) have sparse spaces; 0.6's values spread out over
//! its first hundred thousand heaps, so the sparse space gains less there.
//! The naive mex is quadratic, so it is measured at lengths where it still
//! finishes in a sample; `nimstream grundy 0.16 --values 1048576 --method
//! naive --stats` gives the figure at 2^20 (minutes), against a fraction of
//! a second sparse.
//!
//! Run: `cargo bench --bench grundy -- --warm-up-time 1 --measurement-time 3`

// A benchmark binary has no API to document.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nimstream::grundy::sequence::no_progress;
use nimstream::grundy::{Method, NimSequence, Rule};

fn values(rule: &Rule, method: Method, len: usize) -> usize {
    let mut seq = NimSequence::new(rule.clone(), method);
    seq.extend_to(len, &mut no_progress).unwrap();
    seq.values().len()
}

fn naive_against_sparse(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy values");
    group.sample_size(10);
    for code in ["0.16", "0.77", "0.6"] {
        let rule = Rule::parse(code).unwrap();
        for len in [1 << 12, 1 << 14] {
            group.throughput(Throughput::Elements(len as u64));
            for (name, method) in [("naive", Method::Naive), ("sparse", Method::Sparse)] {
                let id = BenchmarkId::new(format!("{code} {name}"), len);
                group.bench_with_input(id, &len, |b, &len| {
                    b.iter(|| black_box(values(&rule, method, len)))
                });
            }
        }
    }
    group.finish();
}

fn period_of_016(c: &mut Criterion) {
    let rule = Rule::parse("0.16").unwrap();
    let mut group = c.benchmark_group("grundy period");
    group.sample_size(10);
    group.bench_function("0.16 proven", |b| {
        b.iter(|| {
            let mut seq = NimSequence::new(rule.clone(), Method::Auto);
            let period = seq.find_period(1 << 20, &mut no_progress).unwrap().unwrap();
            assert_eq!((period.preperiod, period.period), (105_351, 149_459));
            black_box(period)
        })
    });
    group.finish();
}

criterion_group!(benches, naive_against_sparse, period_of_016);
criterion_main!(benches);
