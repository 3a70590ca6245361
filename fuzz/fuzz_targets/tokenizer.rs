//! The tokenizer on arbitrary bytes: no kernel panics, every kernel agrees
//! with the reference kernel token for token and fault for fault, and the
//! streaming reader agrees with the slice at any buffer size.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::games::{misere::MisereNim, CaseSummary, FoldHeaps, NoTrace};
use nimstream::scan::{Kernel, Stop};
use nimstream::source::{Fault, SliceSource, StreamSource, TokenSource};
use nimstream::testing::tokens;

fn folded(kernel: Kernel, bytes: &[u8], step: u64) -> (CaseSummary, u64, Option<Stop>) {
    let mut visitor = FoldHeaps::<_, NoTrace>::new(&MisereNim, CaseSummary::default());
    let (mut pos, mut read) = (0, 0);
    loop {
        let f = kernel.visit(bytes, pos, step, &mut visitor);
        pos = f.pos;
        read += f.read;
        if f.stop.is_some() || f.read < step {
            return (visitor.acc, read, f.stop);
        }
    }
}

/// Values and the final fault through the `TokenSource` API.
fn source_tokens(source: &mut impl TokenSource) -> (Vec<(u64, u64)>, u64, String) {
    let mut out = Vec::new();
    loop {
        match source.next_token() {
            Ok(t) => out.push(t),
            Err(Fault { offset, kind }) => return (out, offset, format!("{:?}", kind)),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (capacity_seed, bytes) = match data.split_first() {
        Some((&c, rest)) => (c as usize, rest),
        None => (0, data),
    };
    let expected = tokens(Kernel::REFERENCE, bytes);
    let step = 1 + (capacity_seed % 5) as u64;
    let expected_fold = folded(Kernel::REFERENCE, bytes, step);
    for kernel in Kernel::available() {
        assert_eq!(tokens(kernel, bytes), expected, "{:?}", kernel);
        assert_eq!(folded(kernel, bytes, step), expected_fold, "{:?}", kernel);
    }
    let whole = source_tokens(&mut SliceSource::new(bytes, Kernel::REFERENCE));
    for kernel in Kernel::available() {
        let capacity = 64 + capacity_seed;
        let mut stream = StreamSource::with_capacity(bytes, kernel, capacity)
            .expect("a small read buffer fits in memory");
        assert_eq!(
            source_tokens(&mut stream),
            whole,
            "{:?} capacity {}",
            kernel,
            capacity
        );
    }
});
