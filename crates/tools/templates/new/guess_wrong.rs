//! Wrong: guesses 1, 2, 3, ... and so needs more than 10 guesses for a number above 10.
use std::io::{BufRead, Write};

fn main() {
    let mut lines = std::io::stdin().lock().lines();
    for guess in 1.. {
        println!("{guess}");
        std::io::stdout().flush().unwrap();
        match lines.next().and_then(Result::ok) {
            Some(reply) if reply.trim() != "correct" => {}
            _ => break,
        }
    }
}
