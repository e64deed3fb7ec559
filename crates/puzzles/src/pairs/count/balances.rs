//! The scan's per-state counts indexed by the balance, kept as a polynomial in z (the
//! coefficient of z^b counts the configurations of balance b) in a factored form:
//!
//!   z^low · (1 + z²)^binomial · c(z)
//!
//! with a short correction polynomial c of signed coefficients. Inside a region every lift adds
//! one domino whose parity is free, so the counts of a state are, up to a few terms, a row of
//! Pascal's triangle spread over every other balance: (1 + z²) to a power near the number of
//! lifts read. Keeping that power as a number and only c as coefficients makes adding one
//! state's counts into another cost O(|c|) instead of O(n) big integers, and the counts stay
//! exact: after every addition the factor (1 + z²) is divided out of c as often as it goes in
//! exactly, so the form is canonical and nothing is approximated. A coefficient is read back
//! at the end as a short sum of binomial coefficients.
//!
//! The coefficients of c (module `correction`) are `i128` while they stay far from overflow
//! and move to big integers otherwise, so no size of c or of its coefficients is assumed: the
//! factored form is only faster when c stays short, never wrong when it does not.

use num_bigint::{BigInt, BigUint};

use super::binomials::binomial;
use super::correction::Coefficients;

/// Counts indexed by the balance: z^low · (1 + z²)^binomial · c(z), with c empty for no
/// configurations and, otherwise, c without zero end terms and not divisible by (1 + z²).
#[derive(Clone, Debug)]
pub struct Balances {
    low: i64,
    binomial: u64,
    c: Coefficients,
}

impl Default for Balances {
    fn default() -> Self {
        Balances {
            low: 0,
            binomial: 0,
            c: Coefficients::Small(Vec::new()),
        }
    }
}

impl Balances {
    /// One configuration, of balance 0.
    pub fn one() -> Balances {
        Balances {
            low: 0,
            binomial: 0,
            c: Coefficients::Small(vec![1]),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.c.len() == 0
    }

    /// Moves every balance by `shift`.
    pub fn shift(&mut self, shift: i64) {
        self.low += shift;
    }

    /// The lowest and highest balance that may have a non-zero count.
    fn support(&self) -> (i64, i64) {
        let high = self.low + 2 * self.binomial as i64 + self.c.len() as i64 - 1;
        (self.low, high)
    }

    /// Adds `other`, its balances moved by `shift`. Both are first brought to the smaller power
    /// of (1 + z²); the sum is then put back in canonical form.
    pub fn add_shifted(&mut self, other: &Balances, shift: i64) {
        if other.is_empty() {
            return;
        }
        if self.is_empty() {
            *self = other.clone();
            self.low += shift;
            return;
        }
        let mut other_c = None;
        if other.binomial > self.binomial {
            let mut raised = other.c.clone();
            for _ in self.binomial..other.binomial {
                raised.times_one_plus_square();
            }
            other_c = Some(raised);
        } else {
            for _ in other.binomial..self.binomial {
                self.c.times_one_plus_square();
            }
            self.binomial = other.binomial;
        }
        let other_c = other_c.as_ref().unwrap_or(&other.c);
        let other_low = other.low + shift;
        let low = self.low.min(other_low);
        let end = (self.low + self.c.len() as i64).max(other_low + other_c.len() as i64);
        self.c
            .pad((self.low - low) as usize, (end - low) as usize);
        self.low = low;
        self.c.add_at(other_c, (other_low - low) as usize);
        self.normalise();
    }

    /// Restores the canonical form: no zero end terms in c, and (1 + z²) divided out of c as
    /// often as it divides exactly.
    fn normalise(&mut self) {
        let front = self.c.trim();
        self.low += front as i64;
        if self.is_empty() {
            *self = Balances::default();
            return;
        }
        while self.c.divide_one_plus_square() {
            self.binomial += 1;
        }
    }

    /// Forgets every configuration when none of its balances lies in
    /// `target - reach ..= target + reach` (the window the rest of the row can still reach).
    pub fn prune(&mut self, target: i64, reach: i64) {
        if self.is_empty() {
            return;
        }
        let (low, high) = self.support();
        if high < target - reach || low > target + reach {
            *self = Balances::default();
        }
    }

    /// The count at balance `index`: the sum over the terms c_k z^k of c_k times the
    /// coefficient of z^(index - low - k) in (1 + z²)^binomial.
    pub fn at(&self, index: i64) -> BigUint {
        let mut total = BigInt::ZERO;
        let top = self.binomial;
        // The binomials needed lie side by side, so after the first each is the previous one
        // times a small fraction.
        let mut cached: Option<(u64, BigUint)> = None;
        for k in (0..self.c.len()).rev() {
            let power = index - self.low - k as i64;
            if power < 0 || power % 2 != 0 || power / 2 > top as i64 {
                continue;
            }
            let m = (power / 2) as u64;
            let value = match cached.take() {
                Some((previous, value)) if previous <= m => {
                    let mut value = value;
                    for j in previous..m {
                        value = value * (top - j) / (j + 1);
                    }
                    value
                }
                _ => binomial(top, m),
            };
            total += self.c.get(k) * BigInt::from(value.clone());
            cached = Some((m, value));
        }
        total
            .to_biguint()
            .expect("a count of configurations is never negative")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain coefficient list of `b` from balance `from` to `to`.
    fn expanded(b: &Balances, from: i64, to: i64) -> Vec<BigUint> {
        (from..=to).map(|i| b.at(i)).collect()
    }

    #[test]
    fn pascal_rows_are_kept_as_one_power() {
        // Each step adds the counts moved down by one and up by one: a row of Pascal's
        // triangle on every other balance.
        let mut b = Balances::one();
        for _ in 0..40 {
            let mut next = Balances::default();
            next.add_shifted(&b, -1);
            next.add_shifted(&b, 1);
            b = next;
        }
        assert_eq!(b.binomial, 40);
        assert_eq!(b.c.len(), 1);
        assert_eq!(b.at(0), binomial(40, 20));
        assert_eq!(b.at(-40), BigUint::from(1u32));
        assert_eq!(b.at(2), binomial(40, 21));
        assert_eq!(b.at(1), BigUint::ZERO);
        assert_eq!(b.at(42), BigUint::ZERO);
    }

    #[test]
    fn sums_that_do_not_factor_stay_exact() {
        // Add counts with different powers and odd shifts, then compare with plain vectors.
        let mut plain = vec![BigUint::ZERO; 200];
        let mut b = Balances::default();
        let mut row = Balances::one();
        let mut row_plain = vec![BigUint::from(1u32)];
        for step in 0..30i64 {
            let mut next = Balances::default();
            next.add_shifted(&row, 0);
            next.add_shifted(&row, 2);
            row = next;
            let mut next_plain = vec![BigUint::ZERO; row_plain.len() + 2];
            for (i, v) in row_plain.iter().enumerate() {
                next_plain[i] += v;
                next_plain[i + 2] += v;
            }
            row_plain = next_plain;
            let shift = 3 * step % 7;
            b.add_shifted(&row, shift);
            for (i, v) in row_plain.iter().enumerate() {
                plain[i + shift as usize] += v;
            }
        }
        assert_eq!(expanded(&b, 0, 199), plain);
        assert_eq!(b.at(-1), BigUint::ZERO);
    }

    #[test]
    fn big_coefficients_are_exact() {
        // Doubling 200 times walks a single count far past i128.
        let mut a = Balances::one();
        for _ in 0..200 {
            let copy = a.clone();
            a.add_shifted(&copy, 0);
        }
        assert!(matches!(a.c, Coefficients::Big(_)));
        assert_eq!(a.at(0), BigUint::from(1u32) << 200);
        let mut b = Balances::one();
        b.add_shifted(&a, 3);
        b.add_shifted(&Balances::one(), 3);
        assert_eq!(b.at(0), BigUint::from(1u32));
        assert_eq!(b.at(3), (BigUint::from(1u32) << 200) + 1u32);
        assert_eq!(b.at(1), BigUint::ZERO);
        b.prune(3, 0);
        assert_eq!(b.at(3), (BigUint::from(1u32) << 200) + 1u32);
        b.prune(10, 1);
        assert!(b.is_empty());
    }

    /// The plain model: every balance with its count.
    type Plain = std::collections::BTreeMap<i64, BigUint>;

    fn plain_add(target: &mut Plain, other: &Plain, shift: i64) {
        for (&i, v) in other {
            *target.entry(i + shift).or_default() += v;
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 256, failure_persistence: None, ..Default::default()
        })]

        /// Any sequence of the scan's operations on three registers gives the same count at
        /// every balance as plain maps. An operation either adds register `from` into `into`
        /// with a shift, moves `into` by the shift, or replaces `into` by its counts moved
        /// down and up by one (a free domino parity, the step that raises the power).
        #[test]
        fn factored_counts_equal_plain_maps(
            ops in proptest::collection::vec((0..3usize, 0..3usize, -3i64..=3, 0..3u8), 1..80)
        ) {
            let mut factored = [Balances::one(), Balances::default(), Balances::default()];
            let mut plain: [Plain; 3] = [Plain::from([(0, BigUint::from(1u32))]), Plain::new(), Plain::new()];
            for (from, into, shift, kind) in ops {
                match kind {
                    0 => {
                        let other = factored[from].clone();
                        factored[into].add_shifted(&other, shift);
                        let other = plain[from].clone();
                        plain_add(&mut plain[into], &other, shift);
                    }
                    1 => {
                        factored[into].shift(shift);
                        plain[into] = plain[into].iter().map(|(&i, v)| (i + shift, v.clone())).collect();
                    }
                    _ => {
                        let old = std::mem::take(&mut factored[into]);
                        factored[into].add_shifted(&old, -1);
                        factored[into].add_shifted(&old, 1);
                        let old = std::mem::take(&mut plain[into]);
                        plain_add(&mut plain[into], &old, -1);
                        plain_add(&mut plain[into], &old, 1);
                    }
                }
            }
            for (f, p) in factored.iter().zip(&plain) {
                let nonzero = p.iter().filter(|(_, v)| **v != BigUint::ZERO).count();
                proptest::prop_assert_eq!(f.is_empty(), nonzero == 0);
                let (low, high) = p.keys().fold((0, 0), |(l, h), &i| (l.min(i), h.max(i)));
                for i in low - 2..=high + 2 {
                    proptest::prop_assert_eq!(f.at(i), p.get(&i).cloned().unwrap_or_default(), "balance {}", i);
                }
            }
        }
    }

    #[test]
    fn cancelling_to_nothing_is_empty() {
        let mut b = Balances::one();
        let mut minus = Balances::one();
        minus.c = Coefficients::Small(vec![-1]);
        b.add_shifted(&minus, 0);
        assert!(b.is_empty());
        assert_eq!(b.at(0), BigUint::ZERO);
    }
}
