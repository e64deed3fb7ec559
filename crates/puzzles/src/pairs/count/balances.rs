//! Vectors of big non-negative counts indexed by an integer (the scan's balance), stored flat:
//! every entry has the same number of 64-bit limbs, so adding two vectors is one tight loop
//! with carries and no allocation per entry. The top limb of every entry is kept zero, so the
//! sum of two entries always fits; a vector grows by one limb when an addition fills it.

use num_bigint::BigUint;

#[derive(Clone, Debug, Default)]
pub struct Balances {
    /// The index of the first entry.
    low: i64,
    /// Limbs per entry (at least 1).
    width: usize,
    /// Entry j occupies `limbs[j * width .. (j + 1) * width]`, least significant limb first.
    limbs: Vec<u64>,
}

impl Balances {
    /// The vector with a single 1 at index 0.
    pub fn one() -> Balances {
        Balances {
            low: 0,
            width: 2,
            limbs: vec![1, 0],
        }
    }

    pub fn is_empty(&self) -> bool {
        self.limbs.is_empty()
    }

    fn len(&self) -> i64 {
        self.limbs.len().checked_div(self.width).unwrap_or(0) as i64
    }

    /// Moves every index by `shift`.
    pub fn shift(&mut self, shift: i64) {
        self.low += shift;
    }

    /// Re-lays the entries with `width` limbs and room for indices `low .. high`.
    fn relayout(&mut self, low: i64, high: i64, width: usize) {
        if self.is_empty() {
            self.low = low;
            self.width = width;
            self.limbs = vec![0; (high - low) as usize * width];
            return;
        }
        if low == self.low && high == self.low + self.len() && width == self.width {
            return;
        }
        let mut limbs = vec![0; (high - low) as usize * width];
        for j in 0..self.len() {
            let at = (self.low + j - low) as usize * width;
            let from = j as usize * self.width;
            limbs[at..at + self.width].copy_from_slice(&self.limbs[from..from + self.width]);
        }
        self.low = low;
        self.width = width;
        self.limbs = limbs;
    }

    /// Adds `other`, its indices moved by `shift`.
    pub fn add_shifted(&mut self, other: &Balances, shift: i64) {
        if other.is_empty() {
            return;
        }
        let other_low = other.low + shift;
        let (low, high) = if self.is_empty() {
            (other_low, other_low + other.len())
        } else {
            (
                self.low.min(other_low),
                (self.low + self.len()).max(other_low + other.len()),
            )
        };
        self.relayout(low, high, self.width.max(other.width));
        let width = self.width;
        let mut full = false;
        for j in 0..other.len() as usize {
            let source = &other.limbs[j * other.width..(j + 1) * other.width];
            let at = (other_low - self.low) as usize + j;
            let target = &mut self.limbs[at * width..(at + 1) * width];
            let (low_part, high_part) = target.split_at_mut(source.len());
            let mut carry = false;
            for (limb, &add) in low_part.iter_mut().zip(source) {
                let (sum, overflow_a) = limb.overflowing_add(add);
                let (sum, overflow_b) = sum.overflowing_add(u64::from(carry));
                *limb = sum;
                carry = overflow_a || overflow_b;
            }
            for limb in high_part.iter_mut() {
                if !carry {
                    break;
                }
                let (sum, overflow) = limb.overflowing_add(1);
                *limb = sum;
                carry = overflow;
            }
            full |= target[width - 1] != 0;
        }
        if full {
            let (low, high) = (self.low, self.low + self.len());
            self.relayout(low, high, width + 1);
        }
    }

    fn entry_is_zero(&self, j: i64) -> bool {
        let from = j as usize * self.width;
        self.limbs[from..from + self.width].iter().all(|&l| l == 0)
    }

    /// Drops the indices outside `target - reach ..= target + reach` and zero entries at both
    /// ends.
    pub fn prune(&mut self, target: i64, reach: i64) {
        if self.is_empty() {
            return;
        }
        let mut first = (target - reach - self.low).clamp(0, self.len());
        let mut end = (target + reach + 1 - self.low).clamp(first, self.len());
        while first < end && self.entry_is_zero(first) {
            first += 1;
        }
        while end > first && self.entry_is_zero(end - 1) {
            end -= 1;
        }
        if first == end {
            self.limbs.clear();
            return;
        }
        let w = self.width;
        self.limbs.truncate(end as usize * w);
        self.limbs.drain(..first as usize * w);
        self.low += first;
    }

    /// The entry at `index` (zero outside the stored range).
    pub fn at(&self, index: i64) -> BigUint {
        let j = index - self.low;
        if self.is_empty() || j < 0 || j >= self.len() {
            return BigUint::ZERO;
        }
        let from = j as usize * self.width;
        let bytes: Vec<u8> = self.limbs[from..from + self.width]
            .iter()
            .flat_map(|l| l.to_le_bytes())
            .collect();
        BigUint::from_bytes_le(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_carry_across_limbs_and_grow() {
        let mut a = Balances::one();
        // Doubling 200 times walks the single 1 through four limbs.
        for _ in 0..200 {
            let copy = a.clone();
            a.add_shifted(&copy, 0);
        }
        assert_eq!(a.at(0), BigUint::from(1u32) << 200);
        let mut b = Balances::one();
        b.add_shifted(&a, 3);
        b.add_shifted(&Balances::one(), 3);
        assert_eq!(b.at(0), BigUint::from(1u32));
        assert_eq!(b.at(3), (BigUint::from(1u32) << 200) + 1u32);
        assert_eq!(b.at(1), BigUint::ZERO);
        b.prune(3, 0);
        assert_eq!(b.at(0), BigUint::ZERO);
        assert_eq!(b.at(3), (BigUint::from(1u32) << 200) + 1u32);
        b.prune(10, 1);
        assert!(b.is_empty());
    }
}
