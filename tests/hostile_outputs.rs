//! Checkers and validators against hostile output (issue 7).
//!
//! Every output checker and input validator of the packages is compiled with overflow checks
//! and debug assertions, run as the judge runs it, and fed hostile texts built from correct
//! ones: arbitrary and non-UTF-8 bytes, numbers beyond 64 bits, signs, CRLF, a missing or
//! truncated last line, an empty output, one token changed, duplicated, deleted or swapped,
//! garbage appended, white space changed. None may crash, every rejection must give a reason,
//! and every verdict is held against an independent oracle (the crate's own game replays the
//! moves). The judge's default token diff is fuzzed the same way, in process. Each checker and
//! validator must also read a ten-million-token output and a gigabyte of garbage through a pipe
//! in bounded memory.
//!
//! A plain `cargo test --release` runs [`fuzz::DEFAULT_CASES`] cases per program. A long run:
//! `LEAPFROG_FUZZ_CASES=100000 nice cargo test --release --test hostile_outputs -- --nocapture`
//! (`LEAPFROG_FUZZ_SEED` picks other recipes; counts are printed per program).

use crate::support::hostile;

use std::path::Path;

use hostile::fuzz::{self, Tally};
use hostile::pool::{Instance, solve};
use hostile::problems::{self, Problem, Truth};
use hostile::programs::{self, Said};
use hostile::streams::{self, Garbage, Pipe};

fn print_validators(name: &str, tallies: Vec<(String, Tally)>) {
    for (source, tally) in tallies {
        let file = Path::new(&source).file_name().unwrap().to_string_lossy();
        tally.print(&format!("{name} input validator {file}"));
    }
}

// ---- output checkers ----

#[test]
fn checkers_checker_survives_hostile_outputs() {
    fuzz::fuzz_checker(&problems::CHECKERS).print("checkers checker");
}

#[test]
fn checkers_path_checker_survives_hostile_outputs() {
    fuzz::fuzz_checker(&problems::CHECKERS_PATH).print("checkers-path checker");
}

#[test]
fn shifting_checker_survives_hostile_outputs() {
    fuzz::fuzz_checker(&problems::SHIFTING).print("shifting checker");
}

#[test]
fn frogs_checker_survives_hostile_outputs() {
    fuzz::fuzz_checker(&problems::FROGS).print("frogs checker");
}

#[test]
fn pairs_checker_survives_hostile_outputs() {
    fuzz::fuzz_checker(&problems::PAIRS).print("pairs checker");
}

#[test]
fn shifting_checker_reads_numbers_across_its_block_boundary() {
    // The scanner reads 256 KiB blocks and carries a number cut by a block's end over to the
    // next block; 300 x 300 makes a 400 KB answer.
    fuzz::straddle(&problems::SHIFTING, b"300 300\n", 1 << 18, 72)
        .print("shifting checker across its block boundary");
}

// ---- input validators ----

#[test]
fn checkers_validator_survives_hostile_inputs() {
    // checkers-path keeps a copy of the same validator (a package holds its own files): one
    // program, fuzzed once.
    let source = |p: &str| {
        let sources = hostile::pool::package(p).input_validators().unwrap();
        std::fs::read(&sources[0]).unwrap()
    };
    assert!(source("checkers") == source("checkers-path"));
    print_validators("checkers", fuzz::fuzz_validators(&problems::CHECKERS));
}

#[test]
fn shifting_validator_survives_hostile_inputs() {
    print_validators("shifting", fuzz::fuzz_validators(&problems::SHIFTING));
}

#[test]
fn shifting_query_validator_survives_hostile_inputs() {
    print_validators(
        "shifting-query",
        fuzz::fuzz_validators(&problems::SHIFTING_QUERY),
    );
}

#[test]
fn shifting_labels_validator_survives_hostile_inputs() {
    print_validators(
        "shifting-labels",
        fuzz::fuzz_validators(&problems::SHIFTING_LABELS),
    );
}

#[test]
fn frogs_validator_survives_hostile_inputs() {
    print_validators("frogs", fuzz::fuzz_validators(&problems::FROGS));
}

#[test]
fn pairs_validator_survives_hostile_inputs() {
    print_validators("pairs", fuzz::fuzz_validators(&problems::PAIRS));
}

// ---- the default token diff ----

#[test]
fn default_diff_never_accepts_a_wrong_output() {
    for problem in problems::ALL {
        fuzz::fuzz_default_diff(problem, 4 * fuzz::cases())
            .print(&format!("default diff on {} answers", problem.name));
    }
}

// ---- bounded reading ----

/// The largest valid input of a problem, answered, as files.
struct Largest {
    instance: Instance,
    _dir: tempfile::TempDir,
}

fn largest(problem: &Problem) -> Largest {
    let dir = tempfile::tempdir().unwrap();
    let input = (problem.largest)();
    let answer = solve(problem.name, &input).unwrap();
    let (input_path, answer_path) = (dir.path().join("in"), dir.path().join("ans"));
    std::fs::write(&input_path, &input).unwrap();
    std::fs::write(&answer_path, &answer).unwrap();
    Largest {
        instance: Instance {
            name: "largest".to_string(),
            input,
            answer,
            input_path,
            answer_path,
        },
        _dir: dir,
    }
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// Runs the checker on one stream and holds it to its memory bound.
fn bounded_run(
    problem: &Problem,
    exe: &Path,
    instance: &Instance,
    stdin: &Path,
    what: &str,
) -> Said {
    let scratch = tempfile::tempdir().unwrap();
    let ran = programs::run_checker_measured(
        exe,
        &instance.input_path,
        &instance.answer_path,
        stdin,
        scratch.path(),
    );
    let bound = streams::SLACK + 8 * (problem.board_bytes)(instance);
    let o = &ran.outcome;
    eprintln!(
        "{} checker, {what}: {:?} in {:.2} s wall, {:.2} s CPU, peak {:.1} MiB",
        problem.name,
        ran.said(),
        o.wall.as_secs_f64(),
        o.cpu.as_secs_f64(),
        mib(o.peak_rss)
    );
    let said = ran
        .said()
        .unwrap_or_else(|why| panic!("{} checker, {what}: {why}", problem.name));
    assert!(
        o.peak_rss <= bound,
        "{} checker, {what}: peak memory {:.1} MiB, more than {:.1} MiB",
        problem.name,
        mib(o.peak_rss),
        mib(bound)
    );
    said
}

/// The largest correct output is accepted; ten million tokens and three gigabyte streams are
/// judged (whatever the verdict) without a crash and in bounded memory.
fn checker_reads_in_bounded_memory(problem: &Problem) {
    let big = largest(problem);
    let instance = &big.instance;
    let source = hostile::pool::package(problem.name)
        .output_validator()
        .unwrap()
        .expect("a custom checker");
    let exe = programs::compiled(&source);
    let dir = tempfile::tempdir().unwrap();

    let right = dir.path().join("right");
    std::fs::write(&right, &instance.answer).unwrap();
    let said = bounded_run(problem, &exe, instance, &right, "the largest answer");
    assert_eq!(said, Said::Yes, "{}: the largest answer", problem.name);

    let long = dir.path().join("long");
    let bytes = streams::ten_million_tokens(&instance.answer, &long);
    let what = format!("10^7 tokens ({:.0} MiB)", mib(bytes));
    assert!(matches!(
        bounded_run(problem, &exe, instance, &long, &what),
        Said::No(_)
    ));
    std::fs::remove_file(&long).unwrap();

    let first_line = instance.answer.split_inclusive(|&b| b == b'\n').next();
    for (kind, prefix) in [
        (Garbage::OneToken, &b""[..]),
        (Garbage::NoNewline, &b""[..]),
        (Garbage::EndlessNumber, first_line.unwrap_or_default()),
    ] {
        let pipe = Pipe::new(dir.path(), prefix, kind);
        let said = bounded_run(
            problem,
            &exe,
            instance,
            &pipe.path.clone(),
            &format!("{kind:?} through a pipe"),
        );
        let sent = pipe.finish();
        eprintln!("  ({:.0} MiB written to the pipe)", mib(sent));
        assert!(matches!(said, Said::No(_)), "{kind:?}");
    }
}

/// A validator on three gigabyte streams: a verdict, no crash, bounded memory.
fn validator_reads_in_bounded_memory(problem: &Problem) {
    let sources = hostile::pool::package(problem.name)
        .input_validators()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    for source in sources {
        let exe = programs::compiled(&source);
        for kind in [
            Garbage::OneToken,
            Garbage::NoNewline,
            Garbage::EndlessNumber,
        ] {
            let pipe = Pipe::new(dir.path(), b"", kind);
            let scratch = tempfile::tempdir().unwrap();
            let ran = programs::run_validator_measured(&exe, &pipe.path.clone(), scratch.path());
            let sent = pipe.finish();
            let o = &ran.outcome;
            eprintln!(
                "{} validator, {kind:?} through a pipe: {:?} in {:.2} s, peak {:.1} MiB, {:.0} MiB written",
                problem.name,
                ran.said(),
                o.wall.as_secs_f64(),
                mib(o.peak_rss),
                mib(sent)
            );
            let said = ran
                .said()
                .unwrap_or_else(|why| panic!("{} validator, {kind:?}: {why}", source.display()));
            assert!(matches!(said, Said::No(_)), "{kind:?}");
            assert!(
                o.peak_rss <= streams::SLACK,
                "{} validator, {kind:?}: peak memory {:.1} MiB",
                source.display(),
                mib(o.peak_rss)
            );
        }
    }
}

#[test]
fn checkers_checker_reads_in_bounded_memory() {
    checker_reads_in_bounded_memory(&problems::CHECKERS);
}

#[test]
fn checkers_path_checker_reads_in_bounded_memory() {
    checker_reads_in_bounded_memory(&problems::CHECKERS_PATH);
}

#[test]
fn shifting_checker_reads_in_bounded_memory() {
    checker_reads_in_bounded_memory(&problems::SHIFTING);
}

#[test]
fn frogs_checker_reads_in_bounded_memory() {
    checker_reads_in_bounded_memory(&problems::FROGS);
}

#[test]
fn pairs_checker_reads_in_bounded_memory() {
    checker_reads_in_bounded_memory(&problems::PAIRS);
}

#[test]
fn validators_read_in_bounded_memory() {
    for problem in problems::ALL {
        validator_reads_in_bounded_memory(problem);
    }
}

// ---- the harness catches what it claims to catch ----

/// Writes a std-only program into a temporary directory.
fn planted(dir: &Path, name: &str, body: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{name}.rs"));
    std::fs::write(&path, body).unwrap();
    path
}

fn panic_message(result: std::thread::Result<Tally>) -> String {
    let err = result.expect_err("the harness must fail on a broken program");
    err.downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn the_harness_catches_broken_checkers_and_validators() {
    let dir = tempfile::tempdir().unwrap();
    let lenient = planted(
        dir.path(),
        "lenient",
        "fn main() { std::process::exit(42) }",
    );
    let message = panic_message(std::panic::catch_unwind(|| {
        fuzz::fuzz_checker_source(&problems::CHECKERS_PATH, &lenient, 200)
    }));
    assert!(message.contains("accepted a wrong output"), "{message}");

    let silent = planted(dir.path(), "silent", "fn main() { std::process::exit(43) }");
    let message = panic_message(std::panic::catch_unwind(|| {
        fuzz::fuzz_checker_source(&problems::CHECKERS, &silent, 200)
    }));
    assert!(message.contains("exit 43 without a reason"), "{message}");

    // Right on every output, except that it multiplies numbers up without a bound: the
    // overflow checks must turn a long number into a failure.
    let overflowing = planted(
        dir.path(),
        "overflowing",
        r#"use std::io::Read;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut out = String::new();
    std::io::stdin().read_to_string(&mut out).unwrap_or_default();
    let mut v: u64 = 0;
    for c in out.bytes() {
        v = if c.is_ascii_digit() { v * 10 + (c - b'0') as u64 } else { 0 };
    }
    let answer = std::fs::read_to_string(&args[2]).unwrap();
    let same = out.split_ascii_whitespace().eq(answer.split_ascii_whitespace());
    std::fs::write(args[3].clone() + "/judgemessage.txt", "differs\n").unwrap();
    std::process::exit(if same { 42 } else { 43 })
}"#,
    );
    let message = panic_message(std::panic::catch_unwind(|| {
        fuzz::fuzz_checker_source(&problems::CHECKERS, &overflowing, 300)
    }));
    assert!(message.contains("panicked (exit 101)"), "{message}");

    let accepts_all = planted(
        dir.path(),
        "accepts_all",
        "fn main() { println!(\"fine\"); std::process::exit(42) }",
    );
    let message = panic_message(std::panic::catch_unwind(|| {
        fuzz::fuzz_validator_source(&problems::CHECKERS, &accepts_all, 200)
    }));
    assert!(message.contains("breaks the format"), "{message}");
}

#[test]
fn the_oracles_judge_known_outputs() {
    let input = b"6\n_._._.\n.W.W._\nB._._.\n.W.W._\n_._._.\n._._.B\n";
    let pool_instance = |answer: &[u8]| Instance {
        name: "sample 4".to_string(),
        input: input.to_vec(),
        answer: answer.to_vec(),
        input_path: Default::default(),
        answer_path: Default::default(),
    };
    let path = pool_instance(b"a4 c6 e4 c2 a4\n");
    let oracle = problems::CHECKERS_PATH.oracle.unwrap();
    let wrong = |truth: Truth| matches!(truth, Truth::Wrong(_));
    assert_eq!(oracle(&path, b"a4 c6 e4 c2 a4\n"), Truth::Right);
    assert_eq!(oracle(&path, b"a4\r\nc2 e4 c6\ta4"), Truth::Right);
    assert!(wrong(oracle(&path, b"a4 c6 e4 c2\n")), "a white is left");
    assert!(wrong(oracle(&path, b"a4 c6 a4\n")), "b5 is jumped twice");
    assert!(wrong(oracle(&path, b"a04 c6 e4 c2 a4\n")), "not a name");
    assert!(wrong(oracle(&path, b"None\n")));
    let token = problems::CHECKERS.oracle.unwrap();
    assert_eq!(token(&pool_instance(b"a4\n"), b" a4 "), Truth::Right);
    assert!(wrong(token(&pool_instance(b"a4\n"), b"A4")));
    assert!(wrong(token(&pool_instance(b"a4\n"), b"a4 a4")));
    assert!((problems::CHECKERS.input_spec)(input).is_ok());
    assert!((problems::CHECKERS.input_spec)(&input[..input.len() - 1]).is_err());

    // pairs, n = 3: the reference's four moves, and ways to go wrong.
    let pairs = problems::PAIRS.oracle.unwrap();
    let three = Instance {
        input: b"3\n".to_vec(),
        ..pool_instance(b"4\n0\n2\n5\n0\n")
    };
    assert_eq!(pairs(&three, b"4\n0\n2\n5\n0\n"), Truth::Right);
    assert_eq!(
        pairs(&three, b"4 0 2 5 00"),
        Truth::Open("leading zeros".into())
    );
    assert!(
        wrong(pairs(&three, b"4\n1\n3\n6\n1\n")),
        "one-based positions"
    );
    assert!(wrong(pairs(&three, b"None\n")));
    let two = Instance {
        input: b"2\n".to_vec(),
        ..pool_instance(b"None\n")
    };
    assert_eq!(pairs(&two, b" None"), Truth::Right);
    assert!(wrong(pairs(&two, b"None 0")));
}

// ---- regressions: what the fuzzing found ----

#[test]
fn regression_frogs_checker_takes_the_move_count_as_digits_only() {
    // `parse::<u64>` alone took `+3` as the move count.
    let right = b"3\n_OX\nXO_\nX_O\n";
    let said = fuzz::check_once("frogs", b"1\n", b"+3\n_OX\nXO_\nX_O\n").unwrap();
    assert_eq!(
        said,
        Said::No("line 1: expected the move count K, found '+3'".to_string())
    );
    assert_eq!(fuzz::check_once("frogs", b"1\n", right), Ok(Said::Yes));
    // White space around lines and blank lines still do not count.
    let spaced = b" 3 \r\n\n_OX\t\r\n  XO_\nX_O";
    assert_eq!(fuzz::check_once("frogs", b"1\n", spaced), Ok(Said::Yes));
}

#[test]
fn regression_frogs_checker_keeps_a_bounded_head_of_an_endless_line() {
    // The checker read a whole line into memory before looking at it (2.9 GiB for a 1 GiB
    // line without a line end). Now it keeps a head of at most 2^18 bytes and says so.
    let mut output = b"3\n".to_vec();
    output.extend(std::iter::repeat_n(b'O', 300_000));
    output.push(b'\n');
    let said = fuzz::check_once("frogs", b"1\n", &output).unwrap();
    assert_eq!(
        said,
        Said::No("line 2 (move 1): longer than 262144 characters; a row has 3 squares".to_string())
    );
    // A row with long white space around it is still a row.
    let mut padded = b"3\n".to_vec();
    padded.extend(std::iter::repeat_n(b' ', 300_000));
    padded.extend_from_slice(b"_OX");
    padded.extend(std::iter::repeat_n(b' ', 300_000));
    padded.extend_from_slice(b"\nXO_\nX_O\n");
    assert_eq!(fuzz::check_once("frogs", b"1\n", &padded), Ok(Said::Yes));
}

#[test]
fn regression_number_validators_read_a_bounded_head() {
    // The shifting, shifting-query, shifting-labels and frogs validators read all of stdin
    // before looking at it (1 GiB of memory for 1 GiB of garbage). Now they read at most
    // 4 MiB + 1 byte, still name the first error, and name the cut when the error lies beyond.
    let endless_number = vec![b'7'; 5 << 20];
    let mut trailing_lines = b"12\n".to_vec();
    trailing_lines.extend(std::iter::repeat_n(b'\n', 5 << 20));
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "frogs",
            &endless_number,
            "line 1, column 1: the input goes on past 4194304 bytes",
        ),
        (
            "frogs",
            &trailing_lines,
            "line 2, column 1: unexpected text after the input",
        ),
        (
            "shifting",
            &endless_number,
            "line 1, column 1: the input goes on past 4194304 bytes",
        ),
        ("shifting-labels", b"3 4\n", "valid"),
        (
            "shifting-query",
            &endless_number,
            "line 1, column 1: the input goes on past 4194304 bytes",
        ),
    ];
    for (problem, input, want) in cases {
        let said = fuzz::validate_once(problem, input).unwrap();
        match said {
            Said::Yes => assert_eq!(want, "valid", "{problem}"),
            Said::No(reason) => assert_eq!(reason, want, "{problem}"),
        }
    }
    // The largest valid shifting-query input (10^5 questions with the longest numbers) is far
    // below the bound.
    let mut largest = b"1000000000 1000000000 100000\n".to_vec();
    for _ in 0..100_000 {
        largest.extend_from_slice(b"1000000002000000000\n");
    }
    assert!(largest.len() < 4 << 20);
    assert_eq!(
        fuzz::validate_once("shifting-query", &largest),
        Ok(Said::Yes)
    );
}
