//! A setter's first hour (issue 19): the rough edges a new user met with a package of their own,
//! each driven through the `leapfrog` binary as the user ran it.

use std::process::Stdio;

use crate::support::{TempPackage, leapfrog};

fn cache_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache")
}

fn have(tool: &str) -> bool {
    let found = leapfrog::util::find_in_path(tool).is_some();
    if !found {
        eprintln!("skipped: {tool} is not installed");
    }
    found
}

/// `leapfrog judge … | head -1`: a reader that closes the pipe early ends the output quietly,
/// with the command's usual exit code and no panic.
#[test]
fn closed_stdout_is_a_normal_end() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 3);
    let solution = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("leapfrog"))
        .args(["judge", &pkg.arg(), solution.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .env("LEAPFROG_CACHE_DIR", cache_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the first line, as `head -1` does after its line.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "stderr: {stderr}");
}

/// Every command's `--help` ends with examples and the exit codes.
#[test]
fn every_help_has_examples_and_exit_codes() {
    use clap::CommandFactory;
    let cli = leapfrog::cli::Cli::command();
    let mut names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    assert!(names.len() > 10, "{names:?}");
    names.push(String::new());
    for name in names {
        let mut cmd = leapfrog();
        if !name.is_empty() {
            cmd.arg(&name);
        }
        let output = cmd.arg("--help").output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{name} --help: {text}");
        assert!(
            text.contains("Examples:\n  leapfrog "),
            "{name} --help:\n{text}"
        );
        assert!(text.contains("Exit codes: 0 "), "{name} --help:\n{text}");
    }
}

/// Counts of one read in the singular: "1/1 test accepted", not "1 tests".
#[test]
fn messages_use_plurals() {
    assert_eq!(leapfrog::util::plural(1usize, "test"), "1 test");
    assert_eq!(
        leapfrog::util::plural(0u64, "judge error"),
        "0 judge errors"
    );
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 0);
    let solution = pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let output = leapfrog()
        .args(["judge", &pkg.arg(), solution.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("1/1 test accepted"), "{text}");
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("1 submission: 1 as expected") && text.contains("0 judge errors"),
        "{text}"
    );
    assert!(text.contains("· 1 submission ·"), "{text}");
    assert!(
        text.contains("  1 test ") && !text.contains("1 tests"),
        "{text}"
    );
}

/// A checker that crashes keeps its own first words and its last ones: a Rust panic's message
/// and location stay visible after its backtrace note, and the verdict is JE.
#[test]
fn crashing_checker_keeps_stderr_head_and_tail() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "problem.yaml",
        "name: Sum\nvalidation: custom\nlimits:\n  time_limit: 2\n",
    );
    // Talks first, then dies as a Rust program does on a panic (exit code 101).
    pkg.write(
        "output_validators/check.py",
        "import sys\nsys.stderr.write('checker starting on the input\\n')\nfor i in range(30):\n    sys.stderr.write('reading token %d\\n' % i)\nsys.stderr.write(\"thread 'main' panicked at src/check.rs:17:9:\\nindex out of bounds: the len is 2 but the index is 5\\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\\n\")\nsys.exit(101)\n",
    );
    let (value, code) = crate::support::judge_source(
        &pkg,
        "sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
        &[],
    );
    assert_eq!(code, 2, "{value}");
    let message = value["tests"][0]["message"].as_str().unwrap().to_string();
    assert_eq!(value["tests"][0]["verdict"], "JE", "{value}");
    for part in [
        "checker starting on the input",
        "panicked at src/check.rs:17:9",
        "index out of bounds: the len is 2 but the index is 5",
        "exit code 101",
    ] {
        assert!(message.contains(part), "{part:?} missing from {message:?}");
    }
}

/// A generator program that crashes: the error shows the start and the end of its stderr.
#[test]
fn failing_generator_keeps_stderr_head_and_tail() {
    let text = (0..40).map(|i| format!("line {i}\n")).collect::<String>();
    let shown = leapfrog::util::head_tail_lines(&text, 4);
    assert!(shown.starts_with("line 0 | line 1"), "{shown}");
    assert!(shown.ends_with("line 38 | line 39"), "{shown}");
    assert!(shown.contains("32 lines"), "{shown}");
}

/// `render -o` picks the format by the extension (anything but .svg / .png is an error, and
/// nothing is written), says what it wrote, and a bad move is blamed on `--moves`.
#[test]
fn render_output_format_and_blame() {
    let dir = tempfile::tempdir().unwrap();
    let jpg = dir.path().join("x.jpg");
    let output = leapfrog()
        .args(["render", "row", "--text", "BBB_WWW", "-o"])
        .arg(&jpg)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(".jpg") && stderr.contains(".svg or .png"),
        "{stderr}"
    );
    assert!(!jpg.exists());

    let svg = dir.path().join("x.svg");
    let output = leapfrog()
        .args(["render", "row", "--text", "BBB_WWW", "-o"])
        .arg(&svg)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(&format!("wrote {} (SVG", svg.display())),
        "{stdout}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));

    let output = leapfrog()
        .args(["render", "row", "--text", "BBB_WWW", "--moves", "3 5 9"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--moves: move 3 (9)"), "{stderr}");
    assert!(!stderr.contains("--text"), "{stderr}");
}

/// `statement` on a package outside the repository writes `<name>.html` next to the package,
/// not into the directory it was run from.
#[test]
fn statement_outside_the_repository_goes_next_to_the_package() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write(
        "problem_statement/problem.md",
        "# Sum\n\nPrint the sum of two numbers.\n",
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let output = leapfrog()
        .current_dir(elsewhere.path())
        .args(["statement", &pkg.arg()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let name = pkg.path().file_name().unwrap().to_str().unwrap();
    let expected = pkg.path().parent().unwrap().join(format!("{name}.html"));
    let _cleanup = RemoveOnDrop(expected.clone());
    assert!(expected.is_file(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains(&format!("{name}.html")), "{stdout}");
    assert!(
        std::fs::read_dir(elsewhere.path())
            .unwrap()
            .next()
            .is_none(),
        "wrote into the current directory"
    );
    let help = leapfrog().args(["statement", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("next to its directory"), "{help}");
}

struct RemoveOnDrop(std::path::PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// problem.yaml is read strictly: a typo'd key is an error naming the file and the key, with the
/// key meant; a section of the wrong shape says what it should be, in the file's own words.
#[test]
fn problem_yaml_typos_are_errors_with_a_suggestion() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    let cases = [
        (
            "limits: {time_limt: 3}\n",
            "unknown key `limits.time_limt`",
            "`limits.time_limit`",
        ),
        (
            "limits: {memroy: 64}\n",
            "unknown key `limits.memroy`",
            "`limits.memory`",
        ),
        (
            "limit: {time_limit: 3}\n",
            "unknown key `limit`",
            "`limits`",
        ),
        (
            "validaton: custom\n",
            "unknown key `validaton`",
            "`validation`",
        ),
        ("limits: [1]\n", "limits must be a mapping", ""),
    ];
    for (yaml, error, hint) in cases {
        pkg.write("problem.yaml", &format!("name: Sum\n{yaml}"));
        let output = leapfrog().args(["validate", &pkg.arg()]).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{yaml}: {stderr}");
        assert!(stderr.contains("problem.yaml"), "{yaml}: {stderr}");
        assert!(stderr.contains(error), "{yaml}: {stderr}");
        assert!(
            stderr.contains(&format!("did you mean {hint}")) || hint.is_empty(),
            "{yaml}: {stderr}"
        );
        assert!(!stderr.contains("Raw"), "{yaml}: {stderr}");
    }
    // Keys of the 2023-07 and 2025-09 formats are accepted even where leapfrog does not act on them.
    pkg.write(
        "problem.yaml",
        "problem_format_version: 2023-07-draft\ntype: pass-fail\nname: Sum\nuuid: 0a1b2c3d-0000-4000-8000-000000000000\ncredits: {authors: Someone}\nlicense: cc by-sa\nkeywords: [easy]\nlimits:\n  time_limit: 1\n  time_multipliers: {ac_to_time_limit: 2.0, time_limit_to_tle: 1.5}\n  memory: 256\n  code: 128\n  compilation_time: 60\n",
    );
    let output = leapfrog().args(["validate", &pkg.arg()]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// A generated input that the validator rejects exits 1, as the book's exit codes say for an
/// invalid test (2 stays for usage and judge errors).
#[test]
fn invalid_generated_input_exits_1() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write("generators/neg.py", "print(-1, 2)\n");
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      bad: neg.py\n",
    );
    let output = leapfrog().args(["generate", &pkg.arg()]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the generated input is invalid"),
        "{stderr}"
    );
    let commands = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/src/reference/commands/index.md"
    ))
    .unwrap();
    assert!(commands.contains("1 rejected (a wrong verdict, an invalid test, a generated input"));
}

/// The book says how to install the command, where built-in names work, and how a plan's
/// generator program and `solution:` are found.
#[test]
fn book_covers_the_first_steps() {
    let book: String = [
        "introduction.md",
        "reference/commands/generate.md",
        "reference/commands/judge.md",
    ]
    .iter()
    .map(|page| {
        let path = format!("{}/docs/src/{page}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    })
    .collect();
    for needle in [
        "cargo install --path .",
        "so they work only inside the repository",
        "The plan is optional",
        "or to the\npackage directory with a leading `/`",
        "Input and\noutput validators (checkers) may be written in any of the same languages",
        "The compile cache lives in",
    ] {
        assert!(book.contains(needle), "the book lacks {needle:?}");
    }
}

/// Secret data without samples (here generated from a plan) is judged with a warning that the
/// samples are missing; with no data at all, verify says so once, not on every row.
#[test]
fn missing_samples_warn_and_missing_data_is_one_error() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(1.0, 256, 0);
    std::fs::remove_dir_all(pkg.path().join("data")).unwrap();
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write("submissions/wrong_answer/zero.py", "print(0)\n");
    let output = leapfrog().args(["verify", &pkg.arg()]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(stderr.contains("no test data"), "{stderr}");

    pkg.write("generators/g.py", "import sys\nprint(sys.argv[1], 5)\n");
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      \"01\": g.py 1\n      \"02\": g.py 2\n",
    );
    let output = leapfrog()
        .args(["judge", &pkg.arg()])
        .arg(pkg.path().join("submissions/accepted/sum.py"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning:") && stderr.contains("no sample tests"),
        "{stderr}"
    );
}

/// `stress PKG SUB` with no flags on a package whose generators.yaml names its solution and uses its own
/// generator program: the plan's solution answers, the plan's generator makes the tests.
#[test]
fn stress_defaults_to_the_plans_solution_and_generator() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "generators/gen.py",
        "import random, sys\nargs = dict(zip(sys.argv[1::2], sys.argv[2::2]))\nrng = random.Random(int(args['--seed']))\nm = int(args['--max'])\nprint(rng.randint(0, m), rng.randint(0, m))\n",
    );
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      \"01\": gen.py --max 10 --seed 1\n      \"02\": gen.py --max 1000 --seed 2\n",
    );
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    // Wrong once the first number reaches 100.
    let buggy = pkg.write(
        "submissions/wrong_answer/big.py",
        "a, b = map(int, input().split())\nprint(a + b + (a >= 100))\n",
    );
    let output = leapfrog()
        .current_dir(pkg.path())
        .args(["stress", &pkg.arg(), buggy.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let value = crate::support::json(&output);
    assert_eq!(value["verdict"], "WA", "{value}");
    assert!(
        value["generator"]
            .as_str()
            .unwrap()
            .starts_with("gen.py --max 1000 --seed "),
        "{value}"
    );
    // The failing input is one the bug shows on, answered by the plan's solution.
    let numbers: Vec<i64> = value["input"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(numbers.len() == 2 && numbers[0] >= 100, "{value}");
    assert_eq!(
        value["expected"],
        format!("{}\n", numbers[0] + numbers[1]),
        "{value}"
    );

    // The accepted solution survives the plan's generator, still with no flags.
    let output = leapfrog()
        .current_dir(pkg.path())
        .args(["stress", &pkg.arg(), "submissions/accepted/sum.py"])
        .args(["--iterations", "4"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(stdout.contains("no failure in 4 tests"), "{stdout}");
}

/// On a terminal, with the secret data generated in the same run (a fresh package with a plan),
/// the result table's columns line up: every row's time ends at the same column, whatever the
/// length of the test's name and whatever the progress bar drew around it.
#[test]
fn result_table_aligned_when_data_is_generated_in_the_same_run() {
    if !have("python3") || !have("script") {
        return;
    }
    let pkg = TempPackage::sum(2.0, 256, 0);
    pkg.write(
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    pkg.write("generators/g.py", "import sys\nprint(sys.argv[1], 5)\n");
    pkg.write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\ndata:\n  secret:\n    data:\n      \"1\": g.py 1\n      a-longer-group:\n        data:\n          test-with-a-long-name-2: g.py 2\n      small:\n        data:\n          \"3\": g.py 3\n",
    );
    let command = format!(
        "{} judge {} {}",
        assert_cmd::cargo::cargo_bin!("leapfrog").display(),
        pkg.arg(),
        pkg.path().join("submissions/accepted/sum.py").display()
    );
    // `script` runs the command on a pseudo-terminal, as a user's shell would.
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("LEAPFROG_CACHE_DIR", cache_dir())
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let raw = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{raw}");
    assert!(raw.contains("generating it (3 tests)"), "{raw}");
    let rows: Vec<String> = raw
        .split('\n')
        .map(|line| {
            // What stays on the screen: the text after the last carriage return or line clear.
            let shown = line.trim_end_matches('\r');
            let shown = shown.rsplit(['\r']).next().unwrap_or_default();
            let shown = shown.rsplit("\x1b[2K").next().unwrap_or_default();
            strip_ansi(shown)
        })
        .filter(|line| line.starts_with("  AC "))
        .collect();
    assert_eq!(rows.len(), 4, "{raw}");
    let ends: Vec<Option<usize>> = rows.iter().map(|row| row.find(" s  ")).collect();
    assert!(ends[0].is_some(), "{rows:#?}");
    assert!(ends.iter().all(|end| *end == ends[0]), "{rows:#?}");
    let memory: Vec<Option<usize>> = rows.iter().map(|row| row.find(" MiB")).collect();
    assert!(memory.iter().all(|end| *end == memory[0]), "{rows:#?}");
}

/// The text without its colour and style escapes.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // An escape runs to its final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A run stopped for its time reports the memory it held, not its launcher's: a Python loop
/// that fills 20 MiB and then spins is a TLE of at least 15 MiB, whether memory is judged by a
/// cgroup or by sampling.
#[test]
fn time_limit_exceeded_reports_real_memory() {
    if !have("python3") {
        return;
    }
    let pkg = TempPackage::sum(1.0, 256, 0);
    let path = pkg.write(
        "submissions/time_limit_exceeded/fill_then_spin.py",
        "data = bytearray(20 * 1024 * 1024)\nfor i in range(0, len(data), 4096):\n    data[i] = 1\nwhile True:\n    pass\n",
    );
    for enforcement in ["", "sampled"] {
        let output = leapfrog()
            .args(["judge", &pkg.arg(), path.to_str().unwrap(), "--json"])
            .env("LEAPFROG_MEMORY_ENFORCEMENT", enforcement)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let value = crate::support::json(&output);
        let test = &value["tests"][0];
        assert_eq!(test["verdict"], "TLE", "{value}");
        let memory = test["memory_mib"].as_f64().unwrap();
        assert!(memory >= 15.0, "{enforcement:?}: {value}");
    }
}

/// A compile error names the source by the path the user gave, inside the sandbox or not; a
/// Python syntax error is Python's own message, without the syntax check's traceback line.
#[test]
fn compile_errors_name_the_users_path() {
    let pkg = TempPackage::sum(1.0, 256, 0);
    pkg.write(
        "mine/bad.cpp",
        "#include <cstdio>\nint main() { int a, b; scanf(\"%d %d\", &a, &b) printf(\"%d\\n\", a + b); }\n",
    );
    pkg.write(
        "mine/bad.py",
        "a, b = map(int, input().split()\nprint(a + b)\n",
    );
    let mut cases = vec![("mine/bad.py", "File \"mine/bad.py\", line 1")];
    if have("g++") {
        cases.push(("mine/bad.cpp", "mine/bad.cpp:2:"));
    }
    for (source, expected) in cases {
        if source.ends_with(".py") && !have("python3") {
            continue;
        }
        for extra in [None, Some("--no-sandbox")] {
            let output = leapfrog()
                .current_dir(pkg.path())
                .args(["judge", ".", source, "--json"])
                .args(extra)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(1), "{output:?}");
            let value = crate::support::json(&output);
            assert_eq!(value["verdict"], "CE", "{value}");
            let message = value["compile_message"].as_str().unwrap();
            assert!(message.contains(expected), "{source} {extra:?}: {message}");
            assert!(!message.contains("/program"), "{message}");
            assert!(!message.contains(pkg.path().to_str().unwrap()), "{message}");
            assert!(!message.contains("<string>"), "{message}");
            assert!(!message.contains("Traceback"), "{message}");
        }
    }
}
