//! The correction polynomial c of the factored balance counts (`balances`): its coefficients,
//! least significant power first, and the few operations the factored form needs on them
//! (adding one into another at an offset, multiplying by (1 + z²), dividing by it when that is
//! exact, trimming zero end terms). Coefficients are `i128` while every one stays far from
//! overflow and big integers from then on, so no bound on them is assumed.

use num_bigint::{BigInt, Sign};

/// Small coefficients stay below this in absolute value: the sum or difference of two, and the
/// alternating sums a division by (1 + z²) forms over fewer than 2^26 of them, fit in i128.
const SMALL_LIMIT: i128 = 1 << 100;

/// The coefficients of c, least significant power first.
#[derive(Clone, Debug)]
pub(super) enum Coefficients {
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
    pub(super) fn len(&self) -> usize {
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
    pub(super) fn pad(&mut self, before: usize, len: usize) {
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

    pub(super) fn add_at(&mut self, other: &Coefficients, offset: usize) {
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

    pub(super) fn times_one_plus_square(&mut self) {
        match self {
            Coefficients::Small(c) => times_one_plus_square(c),
            Coefficients::Big(c) => times_one_plus_square(c),
        }
        self.guard();
    }

    /// Divides by (1 + z²) if that is exact; says whether it was.
    pub(super) fn divide_one_plus_square(&mut self) -> bool {
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
    pub(super) fn trim(&mut self) -> usize {
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

    pub(super) fn get(&self, k: usize) -> BigInt {
        match self {
            Coefficients::Small(c) => BigInt::from(c[k]),
            Coefficients::Big(c) => c[k].clone(),
        }
    }
}
