//! Exact binomial coefficients and products of runs of consecutive integers, the only big
//! multiplications of the structural count (factorials of the orders and finishes, and the
//! binomials that turn a factored balance count back into a number).

use num_bigint::BigUint;

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

    #[test]
    fn binomials_and_products() {
        assert_eq!(product(1, 6), BigUint::from(120u32));
        assert_eq!(product(5, 5), BigUint::from(1u32));
        assert_eq!(binomial(10, 3), BigUint::from(120u32));
        assert_eq!(binomial(10, 7), BigUint::from(120u32));
        assert_eq!(binomial(3, 4), BigUint::ZERO);
        assert_eq!(binomial(60, 30), BigUint::from(118_264_581_564_861_424u64));
    }
}
