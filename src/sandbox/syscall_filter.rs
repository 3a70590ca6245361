//! The few system calls a box's program may not make, refused by a
//! seccomp filter the program installs just before `exec`.
//!
//! Namespaces and a user of its own leave two things shared that a
//! program could use against the judge:
//!
//! * **the kernel's keyrings** (`add_key`, `request_key`, `keyctl`): a
//!   user's keyrings belong to no namespace, so keys a box stores under its
//!   user are there for the next box of that user, of any later run; and a
//!   box started from a session with a session keyring could read and
//!   plant keys in it. The calls fail with `ENOSYS`, as if the kernel had
//!   no keyrings, which is what programs that use them are ready for.
//! * **`fallocate`**, which with `FALLOC_FL_KEEP_SIZE` reserves disk for
//!   standard output or error (files on the machine's disk) without
//!   growing them, past the output limit, which counts bytes written.
//!   It fails with `EOPNOTSUPP`, as on a file system without it; the C
//!   library's `posix_fallocate` then writes the bytes instead, which the
//!   limits count.
//!
//! The filter knows the system call numbers of x86-64 (with its x32 and
//! i386 entries) and of AArch64 (with 32-bit Arm); elsewhere there is no
//! filter, and docs/usage.md says so.

use std::sync::OnceLock;

/// `seccomp_data`'s fields, by offset: the call's number and the ABI.
const NR: u32 = 0;
const ARCH: u32 = 4;

/// x32's calls are x86-64's numbers with this bit.
const X32_BIT: u32 = 0x4000_0000;

/// An ABI of the machine: its audit architecture, and its numbers for
/// `add_key`, `request_key`, `keyctl` and `fallocate`.
struct Abi {
    arch: u32,
    numbers: [u32; 4],
    /// Bits of the number cleared before comparing (x32's).
    ignored: u32,
}

#[cfg(target_arch = "x86_64")]
const ABIS: &[Abi] = &[
    // x86-64, and x32 through its bit.
    Abi {
        arch: 0xC000_003E,
        numbers: [248, 249, 250, 285],
        ignored: X32_BIT,
    },
    // i386, reached by `int 0x80` from a 64-bit process too.
    Abi {
        arch: 0x4000_0003,
        numbers: [286, 287, 288, 324],
        ignored: 0,
    },
];

#[cfg(target_arch = "aarch64")]
const ABIS: &[Abi] = &[
    Abi {
        arch: 0xC000_00B7,
        numbers: [217, 218, 219, 47],
        ignored: 0,
    },
    Abi {
        arch: 0x4000_0028,
        numbers: [309, 310, 311, 352],
        ignored: 0,
    },
];

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const ABIS: &[Abi] = &[];

/// What each refused call returns: the keyring calls, then `fallocate`.
const ERRNOS: [i32; 4] = [libc::ENOSYS, libc::ENOSYS, libc::ENOSYS, libc::EOPNOTSUPP];

/// The filter, made once, before any clone: empty where the machine's
/// numbers are not known.
pub(super) fn filter() -> &'static [libc::sock_filter] {
    static FILTER: OnceLock<Vec<libc::sock_filter>> = OnceLock::new();
    FILTER.get_or_init(build)
}

fn statement(code: u32, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code: code as u16,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump_if_equal(k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter {
        code: (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16,
        jt,
        jf,
        k,
    }
}

fn build() -> Vec<libc::sock_filter> {
    if ABIS.is_empty() {
        return Vec::new();
    }
    let load = |offset| statement(libc::BPF_LD | libc::BPF_W | libc::BPF_ABS, offset);
    let answer = |value| statement(libc::BPF_RET | libc::BPF_K, value);
    let mut filter = Vec::new();
    for abi in ABIS {
        // One block per ABI: its calls, each followed by its refusal.
        let mut block = vec![load(NR)];
        if abi.ignored != 0 {
            block.push(statement(
                libc::BPF_ALU | libc::BPF_AND | libc::BPF_K,
                !abi.ignored,
            ));
        }
        for (&number, &errno) in abi.numbers.iter().zip(&ERRNOS) {
            block.push(jump_if_equal(number, 0, 1));
            block.push(answer(libc::SECCOMP_RET_ERRNO | errno as u32));
        }
        block.push(answer(libc::SECCOMP_RET_ALLOW));
        filter.push(load(ARCH));
        // Not this ABI: past its block.
        filter.push(jump_if_equal(abi.arch, 0, block.len() as u8));
        filter.extend(block);
    }
    filter.push(answer(libc::SECCOMP_RET_ALLOW));
    filter
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `filter` on a call, as the kernel would: the subset of
    /// classic BPF the filter uses.
    fn run(filter: &[libc::sock_filter], arch: u32, nr: u32) -> u32 {
        let (mut at, mut accumulator) = (0, 0u32);
        loop {
            let op = filter[at];
            let code = op.code as u32;
            match code {
                c if c == libc::BPF_LD | libc::BPF_W | libc::BPF_ABS => {
                    accumulator = match op.k {
                        NR => nr,
                        ARCH => arch,
                        other => panic!("offset {other}"),
                    };
                    at += 1;
                }
                c if c == libc::BPF_ALU | libc::BPF_AND | libc::BPF_K => {
                    accumulator &= op.k;
                    at += 1;
                }
                c if c == libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K => {
                    let skip = if accumulator == op.k { op.jt } else { op.jf };
                    at += 1 + skip as usize;
                }
                c if c == libc::BPF_RET | libc::BPF_K => return op.k,
                other => panic!("code {other:#x}"),
            }
        }
    }

    #[test]
    fn only_the_listed_calls_of_each_abi_are_refused() {
        let filter = filter();
        if ABIS.is_empty() {
            assert!(filter.is_empty());
            return;
        }
        for abi in ABIS {
            let calls = abi.numbers.iter().zip(&ERRNOS);
            for (&number, &errno) in calls {
                let refused = libc::SECCOMP_RET_ERRNO | errno as u32;
                assert_eq!(run(filter, abi.arch, number), refused);
                if abi.ignored != 0 {
                    assert_eq!(run(filter, abi.arch, number | abi.ignored), refused);
                }
            }
            for number in (0..1024).filter(|n| !abi.numbers.contains(n)) {
                assert_eq!(run(filter, abi.arch, number), libc::SECCOMP_RET_ALLOW);
            }
        }
        // Another ABI's numbers are its own: keyctl's number elsewhere is
        // no refusal of an unknown ABI.
        assert_eq!(run(filter, 0x1234, 250), libc::SECCOMP_RET_ALLOW);
    }
}
