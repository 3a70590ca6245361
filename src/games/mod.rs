//! TEMPORARY stub, replaced by the games module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaseSummary {
    pub xor: u64,
    pub carry: u64,
    pub ones: u64,
    pub big: u64,
}
impl CaseSummary {
    pub fn merge(self, o: CaseSummary) -> CaseSummary {
        CaseSummary {
            xor: self.xor ^ o.xor,
            carry: self.carry ^ o.carry,
            ones: self.ones.wrapping_add(o.ones),
            big: self.big.wrapping_add(o.big),
        }
    }
}
pub trait HeapFold: Copy + Send + Sync {
    fn fold(&self, acc: &mut CaseSummary, heap: u64);
    fn first_player_wins(&self, s: &CaseSummary) -> bool;
}
pub mod nim {
    use super::*;
    #[derive(Clone, Copy, Debug)]
    pub struct NormalNim;
    impl HeapFold for NormalNim {
        #[inline(always)]
        fn fold(&self, a: &mut CaseSummary, h: u64) {
            a.xor ^= h
        }
        fn first_player_wins(&self, s: &CaseSummary) -> bool {
            s.xor != 0
        }
    }
}
pub mod lasker {
    pub fn grundy(h: u64) -> u128 {
        let r = h & 3;
        h as u128 + (r == 3) as u128 - ((r == 0) & (h != 0)) as u128
    }
    use super::*;
    #[derive(Clone, Copy, Debug)]
    pub struct LaskerSwap;
    impl HeapFold for LaskerSwap {
        #[inline(always)]
        fn fold(&self, a: &mut CaseSummary, h: u64) {
            let (y, wrapped) = h.overflowing_add(1);
            let swapped = y ^ (!(y >> 1) & 1);
            a.xor ^= swapped.saturating_sub(1);
            a.carry ^= wrapped as u64;
        }
        fn first_player_wins(&self, s: &CaseSummary) -> bool {
            s.xor != 0 || s.carry != 0
        }
    }
}
pub mod misere {
    use super::*;
    #[derive(Clone, Copy, Debug)]
    pub struct MisereNim;
    impl HeapFold for MisereNim {
        #[inline(always)]
        fn fold(&self, a: &mut CaseSummary, h: u64) {
            a.xor ^= h;
            a.ones += (h == 1) as u64;
            a.big += (h > 1) as u64;
        }
        fn first_player_wins(&self, s: &CaseSummary) -> bool {
            if s.big == 0 {
                s.ones % 2 == 0
            } else {
                s.xor != 0
            }
        }
    }
}
pub mod bounded {
    use super::*;
    #[derive(Clone, Copy, Debug)]
    pub struct BoundedNim {
        pub modulus: Option<u64>,
    }
    impl BoundedNim {
        pub fn new(k: u64) -> Self {
            BoundedNim {
                modulus: if k == 0 { Some(1) } else { k.checked_add(1) },
            }
        }
    }
    impl HeapFold for BoundedNim {
        #[inline(always)]
        fn fold(&self, a: &mut CaseSummary, h: u64) {
            a.xor ^= match self.modulus {
                Some(m) => h % m,
                None => h,
            }
        }
        fn first_player_wins(&self, s: &CaseSummary) -> bool {
            s.xor != 0
        }
    }
}
pub mod bash {
    pub fn first_player_wins(n: u64, m: u64) -> bool {
        match m.checked_add(1) {
            Some(d) => n % d != 0,
            None => n != 0,
        }
    }
}
pub mod fibonacci {
    pub static FIBONACCI: [u64; 3] = [2, 3, 5];
    pub fn first_player_wins(n: u64) -> bool {
        let (mut a, mut b) = (1u64, 2u64);
        while b < n {
            let c = a.saturating_add(b);
            a = b;
            b = c;
            if b == u64::MAX {
                break;
            }
        }
        !(n <= 1 || b == n)
    }
}
pub mod kmultiple {
    pub struct KMultiple;
    impl KMultiple {
        pub fn new() -> Self {
            KMultiple
        }
        pub fn losing_at_most(&mut self, _n: u64, _k: u64) -> Option<u64> {
            None
        }
        pub fn first_player_wins(&mut self, _n: u64, _k: u64) -> bool {
            true
        }
    }
}
pub mod wythoff {
    pub fn losing_pair(_k: u64) -> Option<(u64, u64)> {
        None
    }
    pub fn first_player_wins(a: u64, b: u64) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        let k = b - a;
        let c = a.wrapping_sub(k);
        !(a >= k
            && 5 * (c as u128) * (c as u128) <= ((2 * k as u128) - c as u128).pow(2)
            && ((2 * k as u128).saturating_sub(c as u128 + 1)).pow(2)
                < 5 * (c as u128 + 1) * (c as u128 + 1))
    }
}
