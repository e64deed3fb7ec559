//! `leapfrog solve checkers|checkers-path` and `leapfrog gen checkers` from the outside: the
//! samples' answers, malformed boards (exit 2, a located reason, nothing on stdout), the
//! `--show` drawing, and generator output pinned byte for byte.

use crate::support;

use sha2::{Digest, Sha256};
use support::leapfrog;

const PROBLEMS: [&str; 2] = ["checkers", "checkers-path"];

fn package_file(problem: &str, rel: &str) -> String {
    let path = format!("{}/problems/{problem}/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_reference_solvers_reproduce_every_sample_answer() {
    for problem in PROBLEMS {
        for k in 1..=4 {
            let input = package_file(problem, &format!("data/sample/{k}.in"));
            let answer = package_file(problem, &format!("data/sample/{k}.ans"));
            let output = leapfrog()
                .args(["solve", problem])
                .write_stdin(input)
                .output()
                .unwrap();
            assert!(output.status.success(), "{problem} sample {k}");
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                answer,
                "{problem} sample {k}"
            );
        }
    }
    // The samples' answers cover all three kinds of outcome.
    let answers: Vec<String> = (1..=4)
        .map(|k| package_file("checkers", &format!("data/sample/{k}.ans")))
        .collect();
    assert_eq!(answers, ["None\n", "b2\n", "Multiple\n", "a4\n"]);
}

#[test]
fn malformed_boards_exit_2_with_line_and_column_and_no_answer() {
    let cases = [
        (
            "8\n._._._._\n",
            "line 3, column 1: the input ends after 1 of the 8 board rows",
        ),
        ("3\nB._\n.W.\n_.X\n", "line 4, column 3: unexpected 'X'"),
        ("3\nB._\n.W\n_._\n", "line 3, column 3: row 2 is too short"),
        ("3\nB._\n.W._\n_._\n", "line 3, column 4: row 2 is too long"),
        (
            "3\nB__\n.W.\n_._\n",
            "line 2, column 2: '_' on a square that must be '.'",
        ),
        (
            "3\nB._\n.W.\n_._\nB\n",
            "line 5, column 1: unexpected 'B' after the last board row",
        ),
        ("3\n_._\n.W.\n_._\n", "line 2: the board has no black piece"),
        (
            "30\n",
            "line 1, column 1: the board size must be from 2 to 26, not 30",
        ),
    ];
    for problem in PROBLEMS {
        for (input, reason) in cases {
            let output = leapfrog()
                .args(["solve", problem])
                .write_stdin(input)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{input:?}");
            assert!(output.stdout.is_empty(), "{input:?} printed an answer");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(reason), "{input:?}: {stderr}");
        }
    }
}

#[test]
fn show_draws_the_board_after_every_jump() {
    let input = package_file("checkers", "data/sample/2.in");
    let output = leapfrog()
        .args(["solve", "checkers", "--show"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("b2 captures all 5 white pieces in 5 jumps: b2 d4 f6 h4 f2 d4"),
        "{text}"
    );
    assert!(text.contains("jump 5: f2 over e3 to d4"), "{text}");
    // Six diagrams (before the move and after each jump), each with its file letters.
    assert_eq!(text.matches("    a b c d e f g h").count(), 6, "{text}");
}

fn generate(args: &str) -> Vec<u8> {
    let output = leapfrog()
        .args(["gen", "checkers"])
        .args(args.split_whitespace())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn generated_boards_are_pinned_byte_for_byte() {
    let pinned = [
        (
            "--outcome unique --n 8 --seed 1",
            "a7fb84aa86b87d8261d99afd499a2f959b553cb6cfd0a2a91a64b1eff34cc23c",
        ),
        (
            "--outcome return --n 12 --phase b1 --whites 16 --seed 2",
            "7747c28768281873c435b281f5d9dedd01d7e1a6cea11e9332d58acfa250f871",
        ),
        (
            "--outcome multiple --n 10 --whites 3 --seed 3",
            "b62b4a8efc1d9a1bba8ff76aa6667cfe6521e3f1bc3deb701b3720629f2b3c18",
        ),
        (
            "--outcome edge --n 10 --side left --seed 4",
            "5de8d703d8632953d639665f0d8c37bfbd97a404b059a26dc6e511d0e92d789a",
        ),
        (
            "--outcome dense --n 26 --phase b1 --seed 5",
            "889d2edfcc84a250607f4b3dc6399c427b49181cc83a123a855909a7808f244e",
        ),
    ];
    for (args, hash) in pinned {
        let bytes = generate(args);
        let got: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            got,
            hash,
            "leapfrog gen checkers {args}:\n{}",
            String::from_utf8_lossy(&bytes)
        );
    }
}

#[test]
fn generated_boards_have_the_planted_outcome() {
    let expect = [
        (
            "--outcome return --n 12 --phase b1 --whites 16 --seed 2",
            "square",
        ),
        ("--outcome multiple --n 10 --whites 3 --seed 3", "Multiple"),
        ("--outcome edge --n 10 --side left --seed 4", "None"),
        ("--outcome island --n 9 --seed 6", "None"),
    ];
    for (args, outcome) in expect {
        let board = generate(args);
        let output = leapfrog()
            .args(["solve", "checkers"])
            .write_stdin(board.clone())
            .output()
            .unwrap();
        let answer = String::from_utf8_lossy(&output.stdout).trim().to_string();
        let kind = if answer == "None" || answer == "Multiple" {
            answer.as_str()
        } else {
            "square"
        };
        assert_eq!(kind, outcome, "{args}\n{}", String::from_utf8_lossy(&board));
    }
    // A closed trail really does return: the path ends where it starts.
    let board = generate("--outcome return --n 12 --phase b1 --whites 16 --seed 2");
    let output = leapfrog()
        .args(["solve", "checkers-path"])
        .write_stdin(board)
        .output()
        .unwrap();
    let path: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(path.len(), 17);
    assert_eq!(path.first(), path.last());
}

/// The squares of odd degree of every class that a black piece touching a white belongs to,
/// counted on the board text itself (a white between two squares along a diagonal is an edge
/// between them; squares two steps apart diagonally share a class), and whether a black piece
/// stands on one of them.
fn odd_squares(board: &[u8]) -> (usize, bool) {
    let text = String::from_utf8_lossy(board);
    let rows: Vec<&[u8]> = text.lines().skip(1).map(str::as_bytes).collect();
    let n = rows.len() as i32;
    let at = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
    let piece = |r: i32, c: i32| {
        if at(r, c) {
            rows[r as usize][c as usize]
        } else {
            b' '
        }
    };
    let degree = |r: i32, c: i32| {
        [(-1, -1), (-1, 1), (1, -1), (1, 1)]
            .iter()
            .filter(|(dr, dc)| piece(r + dr, c + dc) == b'W')
            .count()
    };
    let class = |r: i32, c: i32| {
        (
            r.rem_euclid(2),
            (r.div_euclid(2) + c.div_euclid(2)).rem_euclid(2),
        )
    };
    let heroes: Vec<(i32, i32)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| piece(r, c) == b'B' && degree(r, c) > 0)
        .collect();
    assert!(
        !heroes.is_empty(),
        "no black piece touches a white:\n{text}"
    );
    let odd: Vec<(i32, i32)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| heroes.iter().any(|&(hr, hc)| class(hr, hc) == class(r, c)))
        .filter(|&(r, c)| degree(r, c) % 2 == 1)
        .collect();
    let black_on_odd = odd.iter().any(|&(r, c)| piece(r, c) == b'B');
    (odd.len(), black_on_odd)
}

#[test]
fn the_degree_family_fails_the_degree_condition_in_the_way_asked() {
    for seed in 1..=4 {
        for phase in ["a1", "b1"] {
            let many = generate(&format!(
                "--outcome degree --odd many --n 9 --phase {phase} --seed {seed}"
            ));
            assert!(
                odd_squares(&many).0 >= 4,
                "{}",
                String::from_utf8_lossy(&many)
            );
            let elsewhere = generate(&format!(
                "--outcome degree --odd elsewhere --n 9 --phase {phase} --seed {seed}"
            ));
            assert_eq!(
                odd_squares(&elsewhere),
                (2, false),
                "{}",
                String::from_utf8_lossy(&elsewhere)
            );
            for board in [many, elsewhere] {
                let output = leapfrog()
                    .args(["solve", "checkers"])
                    .write_stdin(board)
                    .output()
                    .unwrap();
                assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "None");
            }
        }
    }
}

#[test]
fn impossible_requests_exit_2_and_say_why() {
    let output = leapfrog()
        .args([
            "gen",
            "checkers",
            "--outcome",
            "island",
            "--n",
            "5",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("could not plant 'island' on a 5×5 board"),
        "{stderr}"
    );
}
