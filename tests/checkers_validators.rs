//! The std-only programs of the checkers packages, compiled with plain `rustc` as a judge
//! would: the input validator (its verdicts against the reference parser, and its messages),
//! the `checkers` token checker and the `checkers-path` replaying checker.

use std::process::{Command, Stdio};

use crate::support::{Stdin, run_with_stdin};

use leapfrog::puzzles::checkers::Board;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs the input validator: (exit code, message).
fn validate(input: &[u8]) -> (i32, String) {
    let exe = crate::support::plain_rustc("problems/checkers/input_validators/validate.rs");
    let out = run_with_stdin(&mut Command::new(exe), input, Stdin::Pipe);
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    )
}

/// Runs an output checker: (exit code, judge message).
fn check(checker: &str, input: &str, answer: &str, output: &str) -> (i32, String) {
    let exe = crate::support::plain_rustc(&format!(
        "problems/{checker}/output_validators/{checker}.rs"
    ));
    let dir = tempfile::tempdir().unwrap();
    let (input_path, answer_path) = (dir.path().join("in"), dir.path().join("ans"));
    std::fs::write(&input_path, input).unwrap();
    std::fs::write(&answer_path, answer).unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    // From a pipe and from a file (which the checkers may map instead of reading): the same.
    let [piped, filed] = [Stdin::Pipe, Stdin::File].map(|how| {
        let mut cmd = Command::new(&exe);
        cmd.args([&input_path, &answer_path, &feedback])
            .stderr(Stdio::null());
        let status = run_with_stdin(&mut cmd, output.as_bytes(), how).status;
        let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
        (status.code().unwrap(), message)
    });
    assert_eq!(piped, filed, "a pipe and a file on stdin disagree");
    piped
}

fn sample(problem: &str, k: u32, ext: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/problems/{problem}/data/sample/{k}.{ext}")).unwrap()
}

#[test]
fn the_validator_accepts_the_samples_and_every_generated_size() {
    for k in 1..=4 {
        assert_eq!(
            validate(sample("checkers", k, "in").as_bytes()),
            (42, "valid".to_string())
        );
    }
    let generator = leapfrog::generators::find("checkers").unwrap();
    for size in 0..=24 {
        for seed in 0..4 {
            let args = (generator.sized)(size, seed);
            let board = (generator.run)(&args).unwrap();
            let (code, why) = validate(&board);
            assert_eq!(
                code,
                42,
                "{args:?}: {why}\n{}",
                String::from_utf8_lossy(&board)
            );
        }
    }
}

#[test]
fn the_validator_names_line_column_and_rule() {
    let cases: [(&str, &str); 14] = [
        ("", "line 1, column 1: the input is empty"),
        (
            "02\nB.\n.W\n",
            "line 1, column 1: the board size has a leading zero",
        ),
        (
            "+2\nB.\n.W\n",
            "line 1, column 1: expected the board size, found '+'",
        ),
        (
            "27\n",
            "line 1, column 1: the board size must be 2 to 26, not 27",
        ),
        (
            "2 \nB.\n.W\n",
            "line 1, column 2: expected the end of the size line, found a space",
        ),
        (
            "2\nB.\r\n.W\n",
            "line 2, column 3: a carriage return: lines end with a single \\n",
        ),
        (
            "2\nB.\n.W",
            "line 3, column 3: the input ends before the line end of board line 2",
        ),
        (
            "2\nB.\n.W\n\n",
            "line 4, column 1: a line end after the last board line",
        ),
        (
            "3\nB._\n.W\n_._\n",
            "line 3, column 3: board line 2 has 2 characters, expected 3",
        ),
        (
            "3\nB._\n.W._\n_._\n",
            "line 3, column 4: board line 2 is longer than 3 characters",
        ),
        (
            "3\nB._\n.w.\n_._\n",
            "line 3, column 2: 'w' is not one of . _ B W",
        ),
        (
            "3\nB._\n.W.\n__.\n",
            "line 4, column 2: '_' breaks the colouring: the top-left square makes this square '.'",
        ),
        (
            "3\n_._\n.W.\n_._\n",
            "line 2, column 1: the board has no black piece (B)",
        ),
        (
            "3\nB._\n._.\n_._\n",
            "line 2, column 1: the board has no white piece (W)",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(
            validate(input.as_bytes()),
            (43, message.to_string()),
            "{input:?}"
        );
    }
}

/// One random edit of a valid board: a replaced, deleted or inserted byte.
fn mutate(rng: &mut ChaCha8Rng, text: &[u8]) -> Vec<u8> {
    const ALPHABET: &[u8] = b"._BW_.x0123456789\n";
    let mut out = text.to_vec();
    let at = rng.random_range(0..out.len() as u32) as usize;
    let byte = ALPHABET[rng.random_range(0..ALPHABET.len() as u32) as usize];
    match rng.random_range(0..3u32) {
        0 => out[at] = byte,
        1 => {
            out.remove(at);
        }
        _ => out.insert(at, byte),
    }
    out
}

#[test]
fn the_validator_and_the_reference_parser_agree_on_edited_boards() {
    let generator = leapfrog::generators::find("checkers").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let (mut valid, mut invalid) = (0, 0);
    for case in 0..1500u64 {
        let board = (generator.run)(&(generator.sized)(case as u32 % 8, case)).unwrap();
        let edited = mutate(&mut rng, &board);
        let (code, why) = validate(&edited);
        let parsed = Board::parse(&edited);
        // The reference parser forgives a missing final line end and blank lines after the
        // board; the validator does not. Everything else must get the same verdict.
        let forgiven = {
            let mut trimmed = edited.clone();
            while trimmed.last() == Some(&b'\n') {
                trimmed.pop();
            }
            trimmed.push(b'\n');
            trimmed != edited && validate(&trimmed).0 == 42
        };
        match (code, parsed) {
            (42, Ok(_)) => valid += 1,
            (43, Err(_)) => invalid += 1,
            (43, Ok(_)) if forgiven => {}
            (code, parsed) => panic!(
                "validator {code} ({why}) but parser {parsed:?} on\n{}",
                String::from_utf8_lossy(&edited)
            ),
        }
    }
    assert!(
        valid >= 40 && invalid >= 1000,
        "{valid} valid, {invalid} invalid edits"
    );
}

#[test]
fn the_token_checker_says_how_the_answers_differ() {
    let input = sample("checkers", 2, "in");
    let cases = [
        ("b2\n", 42, "correct"),
        ("  b2  ", 42, "correct"),
        ("B2\n", 43, "expected b2, got B2: case differs"),
        ("", 43, "expected b2, got nothing"),
        ("b2 b2\n", 43, "expected only b2, got more after it: 'b2'"),
        (
            "None\n",
            43,
            "expected b2, got None: only the black piece on b2 can capture every white piece",
        ),
        (
            "a7\n",
            43,
            "expected b2, got a7, which holds a black piece that cannot capture every white piece",
        ),
        ("e3\n", 43, "expected b2, got e3, which holds a white piece"),
        (
            "i9\n",
            43,
            "expected b2, got 'i9', which is not a square of the 8×8 board, None or Multiple",
        ),
    ];
    for (output, code, message) in cases {
        assert_eq!(
            check("checkers", &input, "b2\n", output),
            (code, format!("{message}\n")),
            "{output:?}"
        );
    }
    let none = sample("checkers", 1, "in");
    assert_eq!(
        check("checkers", &none, "None\n", "NONE\n"),
        (43, "expected None, got NONE: case differs\n".to_string())
    );
    assert_eq!(
        check("checkers", &none, "None\n", "d4\n"),
        (
            43,
            "expected None, got d4: no black piece can capture every white piece\n".to_string()
        )
    );
}

#[test]
fn the_path_checker_accepts_any_complete_capture_path() {
    let input = sample("checkers-path", 2, "in");
    let answer = sample("checkers-path", 2, "ans");
    for path in [
        "b2 d4 f6 h4 f2 d4",
        "b2 d4 f2 h4 f6 d4\n",
        "b2\nd4 f6 h4 f2 d4",
    ] {
        assert_eq!(
            check("checkers-path", &input, &answer, path),
            (42, "correct\n".to_string())
        );
    }
    let home = sample("checkers-path", 4, "in");
    assert_eq!(
        check("checkers-path", &home, "a4 c6 e4 c2 a4\n", "a4 c2 e4 c6 a4").0,
        42
    );
}

#[test]
fn the_path_checker_names_the_first_illegal_jump_and_draws_the_board() {
    let input = sample("checkers-path", 2, "in");
    let answer = sample("checkers-path", 2, "ans");
    let (code, message) = check("checkers-path", &input, &answer, "b2 d4 f6 d4 f2");
    assert_eq!(code, 43);
    let mut lines = message.lines();
    assert_eq!(
        lines.next(),
        Some("jump 3 from f6 to d4 passes over e5, whose white piece jump 2 already captured")
    );
    let drawing: Vec<&str> = lines.skip(1).collect();
    assert_eq!(
        drawing[0],
        "the board at that moment (@ the moving piece, x captured):"
    );
    assert_eq!(drawing[3], "  6 . B . _ . @ . _", "{message}");
    assert_eq!(drawing[4], "  5 _ . _ . x . W .", "{message}");
    assert_eq!(drawing[9], "    a b c d e f g h");

    let first_line = |output: &str| {
        let (code, message) = check("checkers-path", &input, &answer, output);
        assert_eq!(code, 43, "{output}");
        message.lines().next().unwrap().to_string()
    };
    assert_eq!(
        first_line("b2 d4 f6 h4"),
        "the path captures 3 of the 5 white pieces; still on the board: e3, g3"
    );
    assert_eq!(
        first_line("a7 c5"),
        "jump 1 from a7 to c5 passes over b6, a black piece"
    );
    assert_eq!(
        first_line("b6 d4"),
        "jump 1 from b6 to d4 passes over c5, which holds no white piece"
    );
    assert_eq!(
        first_line("b2 d3"),
        "jump 1 from b2 to d3 is not a diagonal jump over one square"
    );
    assert_eq!(
        first_line("d4 f6"),
        "the path starts on d4, which is empty, not a black piece"
    );
    assert_eq!(
        first_line("B2 D4"),
        "the path's first token 'B2' is not a square name: case differs, the square is written b2"
    );
    assert_eq!(
        first_line("b2 d4 f6 h4 f2 d4 f6"),
        "jump 6 from d4 to f6 passes over e5, whose white piece jump 2 already captured"
    );
    assert_eq!(
        first_line("b2 d4 k9"),
        "jump 2 from d4: 'k9' is off the 8×8 board"
    );
    assert_eq!(
        first_line("None"),
        "expected a capture path from b2, got None: the black piece on b2 can capture every white piece"
    );
    assert_eq!(
        first_line(""),
        "expected a capture path from b2, got nothing"
    );
}

#[test]
fn the_path_checker_handles_none_and_multiple_answers() {
    let multiple = sample("checkers-path", 3, "in");
    assert_eq!(
        check("checkers-path", &multiple, "Multiple\n", "Multiple\n").0,
        42
    );
    assert_eq!(
        check("checkers-path", &multiple, "Multiple\n", "b4 d6 f4\n"),
        (
            43,
            "expected Multiple, got a legal capture path from b4: more than one black piece can \
             capture every white piece\n"
                .to_string()
        )
    );
    assert_eq!(
        check("checkers-path", &multiple, "Multiple\n", "multiple").1,
        "expected Multiple, got multiple: case differs\n"
    );
    let none = sample("checkers-path", 1, "in");
    assert_eq!(check("checkers-path", &none, "None\n", "None").0, 42);
    assert_eq!(
        check("checkers-path", &none, "None\n", "Multiple").1,
        "expected None, got Multiple: no black piece can capture every white piece\n"
    );
    // A legal path contradicting the answer file is the judges' mistake, not the contestant's.
    let (code, message) = check("checkers-path", &multiple, "None\n", "b4 d6 f4");
    assert_eq!(code, 1, "{message}");
    assert!(message.starts_with("judge error: "), "{message}");
}
