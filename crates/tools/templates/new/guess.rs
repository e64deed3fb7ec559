//! Binary search: at most 10 guesses for a number from 1 to 1000.
use std::io::{BufRead, Write};

fn main() {
    let (mut low, mut high) = (1, 1000);
    let mut lines = std::io::stdin().lock().lines();
    loop {
        let guess = (low + high) / 2;
        println!("{guess}");
        std::io::stdout().flush().unwrap(); // the interactor waits for the line
        match lines.next().and_then(Result::ok).as_deref().map(str::trim) {
            Some("higher") => low = guess + 1,
            Some("lower") => high = guess - 1,
            _ => break,
        }
    }
}
