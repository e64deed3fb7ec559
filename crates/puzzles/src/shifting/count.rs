//! How many optimal solutions a game has, exactly.
//!
//! With two or more checkers on each side there are exactly two: after the first slide (a black
//! right or a white left) every later move is forced, because any other move either undoes
//! progress or puts two checkers of one colour side by side in the middle of the row, from which
//! the minimum can no longer be reached. With a single checker on one side the lone checker can
//! be passed one or two at a time, which gives `F(k + 2)` solutions where `k` is the size of the
//! other side (see [`super::labels`]). The exhaustive search in [`super::exhaustive`] confirms
//! both for every `n, m <= 7`.

use num_bigint::BigUint;

/// The number of optimal solutions for `n` blacks and `m` whites (both at least 1).
pub fn optimal_solutions(n: u64, m: u64) -> BigUint {
    assert!(
        n >= 1 && m >= 1,
        "shifting needs at least one checker of each colour"
    );
    if n == 1 || m == 1 {
        fibonacci(n.max(m) + 2)
    } else {
        BigUint::from(2u32)
    }
}

/// The Fibonacci number `F(k)` (`F(0) = 0`, `F(1) = 1`), by fast doubling:
/// `F(2j) = F(j)(2F(j+1) - F(j))` and `F(2j+1) = F(j)² + F(j+1)²`.
pub fn fibonacci(k: u64) -> BigUint {
    fibonacci_pair(k).0
}

/// `(F(k), F(k + 1))`.
fn fibonacci_pair(k: u64) -> (BigUint, BigUint) {
    if k == 0 {
        return (BigUint::ZERO, BigUint::from(1u32));
    }
    let (a, b) = fibonacci_pair(k / 2);
    let even = &a * (&b + &b - &a);
    let odd = &a * &a + &b * &b;
    if k.is_multiple_of(2) {
        (even, odd)
    } else {
        (odd.clone(), even + odd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_doubling_matches_the_recurrence() {
        let (mut a, mut b) = (BigUint::ZERO, BigUint::from(1u32));
        for k in 0..=10_002u64 {
            if k % 97 == 0 || k > 9_990 {
                assert_eq!(fibonacci(k), a, "F({k})");
            }
            let next = &a + &b;
            a = std::mem::replace(&mut b, next);
        }
    }

    #[test]
    fn known_values() {
        assert_eq!(fibonacci(2).to_string(), "1");
        assert_eq!(fibonacci(12).to_string(), "144");
        assert_eq!(fibonacci(100).to_string(), "354224848179261915075");
        // F(10002), computed independently with Python's big integers: 2090 digits.
        let big = fibonacci(10_002).to_string();
        assert_eq!(big.len(), 2090);
        assert!(big.starts_with("88083137989997064605"));
        assert!(big.ends_with("26750156771132964376"));
    }

    #[test]
    fn counts_by_shape() {
        assert_eq!(optimal_solutions(1, 1).to_string(), "2");
        assert_eq!(optimal_solutions(3, 1).to_string(), "5");
        assert_eq!(optimal_solutions(1, 3).to_string(), "5");
        assert_eq!(optimal_solutions(10, 10).to_string(), "2");
        assert_eq!(optimal_solutions(10_000, 1), fibonacci(10_002));
    }
}
