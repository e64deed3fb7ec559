//! Output validator of both passes: stdin is the submission's output, argv[1] this pass's
//! input, argv[3] the feedback folder. Pass 1 (input "a b") wants a + b and hands it on as the
//! next pass's input (nextpass.in); pass 2 (input "s") wants 2 s. Exit 42 accepts, 43 rejects.
use std::io::Read;

fn verdict(feedback: &str, accepted: bool, message: &str) -> ! {
    let _ = std::fs::write(format!("{feedback}/judgemessage.txt"), format!("{message}\n"));
    std::process::exit(if accepted { 42 } else { 43 })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = std::fs::read_to_string(&args[1]).unwrap();
    let feedback = &args[3];
    let given: Vec<u64> = input.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (pass, want) = match given.len() {
        2 => (1, given[0] + given[1]),
        _ => (2, 2 * given[0]),
    };
    let mut said = String::new();
    let _ = std::io::stdin().read_to_string(&mut said);
    let words: Vec<&str> = said.split_whitespace().collect();
    if words != [want.to_string().as_str()] {
        let got: String = words.join(" ").chars().take(40).collect();
        verdict(feedback, false, &format!("pass {pass}: expected {want}, got {got:?}"));
    }
    if pass == 1 {
        std::fs::write(format!("{feedback}/nextpass.in"), format!("{want}\n")).unwrap();
    }
    verdict(feedback, true, &format!("pass {pass}: {want}"))
}
