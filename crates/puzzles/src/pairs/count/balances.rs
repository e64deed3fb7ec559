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
//! The coefficients of c are `i128` while they stay far from overflow and move to big integers
//! otherwise, so no size of c or of its coefficients is assumed: the factored form is only
//! faster when c stays short, never wrong when it does not.

use num_bigint::{BigInt, BigUint, Sign};

/// Small coefficients stay below this in absolute value: the sum or difference of two, and the
/// alternating sums a division by (1 + z²) forms over fewer than 2^26 of them, fit in i128.
const SMALL_LIMIT: i128 = 1 << 100;

/// The coefficients of c, least significant power first.
#[derive(Clone, Debug)]
enum Coefficients {
    Small(Vec<i128>),
    Big(Vec<BigInt>),
}

/// What both coefficient types offer to the polynomial operations below.
trait Coefficient: Clone {
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
    fn add_from(&mut self, other: &Self);
    fn difference(&self, other: &Self) -> Self;
}

impl Coefficient for i128 {
    fn zero() -> Self {
        0
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn add_from(&mut self, other: &Self) {
        *self += *other;
    }
    fn difference(&self, other: &Self) -> Self {
        *self - *other
    }
}

impl Coefficient for BigInt {
    fn zero() -> Self {
        BigInt::ZERO
    }
    fn is_zero(&self) -> bool {
        self.sign() == Sign::NoSign
    }
    fn add_from(&mut self, other: &Self) {
        *self += other;
    }
    fn difference(&self, other: &Self) -> Self {
        self - other
    }
}

/// Adds `other`, moved up by `offset` places, into `target` (which is long enough).
fn add_at<T: Coefficient>(target: &mut [T], other: &[T], offset: usize) {
    for (slot, add) in target[offset..].iter_mut().zip(other) {
        slot.add_from(add);
    }
}

/// Multiplies by (1 + z²) in place.
fn times_one_plus_square<T: Coefficient>(c: &mut Vec<T>) {
    c.push(T::zero());
    c.push(T::zero());
    for k in (2..c.len()).rev() {
        let (low, high) = c.split_at_mut(k);
        high[0].add_from(&low[k - 2]);
    }
}

/// The quotient of `c` by (1 + z²) when the division is exact (c has no zero end terms).
fn over_one_plus_square<T: Coefficient>(c: &[T]) -> Option<Vec<T>> {
    if c.len() < 3 {
        return None;
    }
    let d = c.len() - 1;
    // (1 + z²) q = c: q_k = c_k - q_{k-2} for k <= d - 2, and the top two terms must agree.
    let mut q: Vec<T> = Vec::with_capacity(d - 1);
    for k in 0..=d - 2 {
        let value = if k >= 2 {
            c[k].difference(&q[k - 2])
        } else {
            c[k].clone()
        };
        q.push(value);
    }
    let below_top = if d >= 3 { q[d - 3].clone() } else { T::zero() };
    if c[d - 1].difference(&below_top).is_zero() && c[d].difference(&q[d - 2]).is_zero() {
        Some(q)
    } else {
        None
    }
}

impl Coefficients {
    fn len(&self) -> usize {
        match self {
            Coefficients::Small(c) => c.len(),
            Coefficients::Big(c) => c.len(),
        }
    }

    fn to_big(&self) -> Vec<BigInt> {
        match self {
            Coefficients::Small(c) => c.iter().map(|&x| BigInt::from(x)).collect(),
            Coefficients::Big(c) => c.clone(),
        }
    }

    /// Moves small coefficients to big integers once one comes near the limit.
    fn guard(&mut self) {
        if let Coefficients::Small(c) = self
            && c.iter().any(|x| x.unsigned_abs() >= SMALL_LIMIT as u128)
        {
            *self = Coefficients::Big(self.to_big());
        }
    }

    /// Grows to `len` terms with `before` zero terms put in front.
    fn pad(&mut self, before: usize, len: usize) {
        fn pad_vec<T: Coefficient>(c: &mut Vec<T>, before: usize, len: usize) {
            if before > 0 {
                c.splice(0..0, std::iter::repeat_n(T::zero(), before));
            }
            c.resize(len, T::zero());
        }
        match self {
            Coefficients::Small(c) => pad_vec(c, before, len),
            Coefficients::Big(c) => pad_vec(c, before, len),
        }
    }

    fn add_at(&mut self, other: &Coefficients, offset: usize) {
        match (&mut *self, other) {
            (Coefficients::Small(c), Coefficients::Small(o)) => add_at(c, o, offset),
            (Coefficients::Big(c), Coefficients::Big(o)) => add_at(c, o, offset),
            (Coefficients::Big(c), Coefficients::Small(_)) => add_at(c, &other.to_big(), offset),
            (Coefficients::Small(_), Coefficients::Big(o)) => {
                let mut c = self.to_big();
                add_at(&mut c, o, offset);
                *self = Coefficients::Big(c);
            }
        }
        self.guard();
    }

    fn times_one_plus_square(&mut self) {
        match self {
            Coefficients::Small(c) => times_one_plus_square(c),
            Coefficients::Big(c) => times_one_plus_square(c),
        }
        self.guard();
    }

    /// Divides by (1 + z²) if that is exact; says whether it was.
    fn divide_one_plus_square(&mut self) -> bool {
        match self {
            Coefficients::Small(c) => match over_one_plus_square(c) {
                Some(q) => *c = q,
                None => return false,
            },
            Coefficients::Big(c) => match over_one_plus_square(c) {
                Some(q) => *c = q,
                None => return false,
            },
        }
        self.guard();
        true
    }

    /// Drops zero terms at both ends; returns how many were dropped in front.
    fn trim(&mut self) -> usize {
        fn trim_vec<T: Coefficient>(c: &mut Vec<T>) -> usize {
            while c.last().is_some_and(T::is_zero) {
                c.pop();
            }
            let front = c.iter().take_while(|x| x.is_zero()).count();
            c.drain(..front);
            front
        }
        match self {
            Coefficients::Small(c) => trim_vec(c),
            Coefficients::Big(c) => trim_vec(c),
        }
    }

    fn get(&self, k: usize) -> BigInt {
        match self {
            Coefficients::Small(c) => BigInt::from(c[k]),
            Coefficients::Big(c) => c[k].clone(),
        }
    }
}

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

/// The product of the integers in `from .. to`, split in halves so that the multiplications
/// are of numbers of similar size.
pub fn product(from: u64, to: u64) -> BigUint {
    match to.saturating_sub(from) {
        0 => BigUint::from(1u32),
        1 => BigUint::from(from),
        2 => BigUint::from(from) * BigUint::from(from + 1),
        len => {
            let middle = from + len / 2;
            product(from, middle) * product(middle, to)
        }
    }
}

/// The binomial coefficient C(top, m) (zero when m > top).
pub fn binomial(top: u64, m: u64) -> BigUint {
    if m > top {
        return BigUint::ZERO;
    }
    let m = m.min(top - m);
    product(top - m + 1, top + 1) / product(1, m + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain coefficient list of `b` from balance `from` to `to`.
    fn expanded(b: &Balances, from: i64, to: i64) -> Vec<BigUint> {
        (from..=to).map(|i| b.at(i)).collect()
    }

    #[test]
    fn binomials_and_products() {
        assert_eq!(product(1, 6), BigUint::from(120u32));
        assert_eq!(product(5, 5), BigUint::from(1u32));
        assert_eq!(binomial(10, 3), BigUint::from(120u32));
        assert_eq!(binomial(10, 7), BigUint::from(120u32));
        assert_eq!(binomial(3, 4), BigUint::ZERO);
        assert_eq!(binomial(60, 30), BigUint::from(118_264_581_564_861_424u64));
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
