//! Interactor: argv[1] holds the secret number, argv[3] is the feedback folder; stdin and
//! stdout are the submission's. Each guess is answered "lower", "higher" or "correct"; more than
//! 10 guesses, or a line that is not a number, is wrong (exit 43); finding it is right (exit 42).
use std::io::{BufRead, Write};

fn verdict(feedback: &str, accepted: bool, message: &str) -> ! {
    let _ = std::fs::write(format!("{feedback}/judgemessage.txt"), format!("{message}\n"));
    std::process::exit(if accepted { 42 } else { 43 })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secret: u64 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let feedback = &args[3];
    let mut lines = std::io::stdin().lock().lines();
    for guesses in 1..=10 {
        let line = lines.next().and_then(Result::ok).unwrap_or_default();
        let Ok(guess) = line.trim().parse::<u64>() else {
            let got: String = line.chars().take(40).collect();
            verdict(feedback, false, &format!("guess {guesses}: expected a number, got {got:?}"));
        };
        let reply = match guess.cmp(&secret) {
            std::cmp::Ordering::Equal => "correct",
            std::cmp::Ordering::Greater => "lower",
            std::cmp::Ordering::Less => "higher",
        };
        // The submission may have left already; its verdict does not depend on this write.
        let _ = writeln!(std::io::stdout(), "{reply}").and_then(|()| std::io::stdout().flush());
        if guess == secret {
            verdict(feedback, true, &format!("found {secret} in {guesses} guesses"));
        }
    }
    verdict(feedback, false, &format!("10 guesses and {secret} not found"))
}
