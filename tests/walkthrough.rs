//! The book's guide pages "Your first problem" (`docs/src/guide/first-problem.md`) and "Your
//! first contest" (`first-contest.md`: an interactive and a float problem among others), run as
//! written: their `sh walkthrough` blocks are the commands (in a fresh directory, with the built
//! `leapfrog` first on PATH instead of `cargo install`), their `file=PATH` blocks the files, and
//! each `text output` block the lines the commands before it must print, in order. Times, memory
//! and the parts written `…` vary.

use std::path::{Path, PathBuf};

/// One step of the walkthrough, in the page's order.
#[derive(Debug)]
enum Step {
    /// A command and the exit code its `# exit N` comment gives (0 without one).
    Run(String, i32),
    Write(PathBuf, String),
    /// The lines the commands since the previous check printed.
    Expect(Vec<String>),
}

/// A guide page (`docs/src/guide/NAME`), checked to open with `title`.
fn section(name: &str, title: &str) -> String {
    let path = format!("{}/docs/src/guide/{name}", env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(
        page.starts_with(&format!("# {title}\n")),
        "the guide's page {name} opens with the title {title:?}"
    );
    page
}

/// The marked fenced blocks of the section as steps.
fn steps(section: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let words: Vec<&str> = info.split_whitespace().collect();
        if words == ["sh", "walkthrough"] {
            for command in body.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
                let (command, code) = match command.split_once("# exit ") {
                    Some((command, code)) => (command.trim(), code.trim().parse().unwrap()),
                    None => (command, 0),
                };
                steps.push(Step::Run(command.to_string(), code));
            }
        } else if words == ["text", "output"] {
            steps.push(Step::Expect(body.iter().map(|l| l.to_string()).collect()));
        } else if let Some(path) = words.iter().find_map(|w| w.strip_prefix("file=")) {
            let mut text = body.join("\n");
            text.push('\n');
            steps.push(Step::Write(PathBuf::from(path), text));
        }
    }
    steps
}

/// A line with its decimal numbers as `#` and its runs of white space as one space.
fn normalize(line: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
                j += 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                out.push('#');
            } else {
                out.extend(&chars[i..j]);
            }
            i = j;
        } else if c.is_whitespace() {
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            out.push(' ');
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.trim().to_string()
}

/// Whether a printed line matches a line of the page: the same after [`normalize`], where each
/// `…` of the page stands for any text.
fn matches(printed: &str, shown: &str) -> bool {
    let printed = normalize(printed);
    let pieces: Vec<String> = shown.split('…').map(normalize).collect();
    let mut rest = printed.as_str();
    for (k, piece) in pieces.iter().enumerate() {
        match rest.find(piece.as_str()) {
            Some(at) if k > 0 || at == 0 => rest = &rest[at + piece.len()..],
            _ => return false,
        }
    }
    rest.is_empty() || pieces.last().is_some_and(|p| p.is_empty())
}

fn have(tool: &str) -> bool {
    let found = leapfrog::util::find_in_path(tool).is_some();
    if !found {
        eprintln!("skipped: the walkthrough of the guide needs {tool}, which is not installed");
    }
    found
}

#[test]
fn guide_walkthrough_runs_as_written() {
    let steps = steps(&section("first-problem.md", "Your first problem"));
    if have("g++") && have("python3") {
        run_steps(steps, 10, 4);
    }
}

#[test]
fn contest_guide_runs_as_written() {
    let steps = steps(&section("first-contest.md", "Your first contest"));
    if !have("g++") || !have("python3") {
        return;
    }
    if leapfrog::statement::pdf::chromium().is_none() {
        assert!(
            std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_none(),
            "chromium is required here (LEAPFROG_REQUIRE_BROWSER is set) but not installed"
        );
        eprintln!(
            "skipped: the contest guide prints its problem set with chromium, which is not installed"
        );
        return;
    }
    run_steps(steps, 8, 5);
}

/// Runs the steps in a fresh directory; the page must have at least `min_runs` commands and
/// `min_checks` output blocks.
fn run_steps(steps: Vec<Step>, min_runs: usize, min_checks: usize) {
    let runs = steps.iter().filter(|s| matches!(s, Step::Run(..))).count();
    let checks = steps
        .iter()
        .filter(|s| matches!(s, Step::Expect(_)))
        .count();
    assert!(runs >= min_runs && checks >= min_checks, "{steps:#?}");
    let dir = tempfile::tempdir().unwrap();
    let binary = PathBuf::from(assert_cmd::cargo::cargo_bin!("leapfrog"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("leapfrog-cache");
    let mut printed: Vec<String> = Vec::new();
    for step in steps {
        match step {
            // The built binary stands in for the installed one.
            Step::Run(command, _) if command.starts_with("cargo install") => {}
            Step::Run(command, code) => {
                let output = std::process::Command::new("sh")
                    .args(["-c", &command])
                    .current_dir(dir.path())
                    .env("PATH", &path)
                    .env("LEAPFROG_CACHE_DIR", &cache)
                    .env("NO_COLOR", "1")
                    .output()
                    .unwrap();
                let stdout = String::from_utf8_lossy(&output.stdout);
                let stderr = String::from_utf8_lossy(&output.stderr);
                assert_eq!(
                    output.status.code(),
                    Some(code),
                    "`{command}`:\n{stdout}\n{stderr}"
                );
                printed.extend(stdout.lines().chain(stderr.lines()).map(String::from));
            }
            Step::Write(rel, text) => {
                let target = dir.path().join(&rel);
                std::fs::write(&target, text)
                    .unwrap_or_else(|e| panic!("writing {}: {e}", rel.display()));
            }
            Step::Expect(lines) => {
                let mut rest = printed.iter();
                for shown in &lines {
                    assert!(
                        rest.any(|line| matches(line, shown)),
                        "the guide shows {shown:?}, not printed in this order:\n{}",
                        printed.join("\n")
                    );
                }
                printed.clear();
            }
        }
    }
}

#[test]
fn output_lines_match_with_numbers_and_gaps() {
    assert!(matches(
        "  AC   sample/1          0.04 s     13.2 MiB",
        "  AC   sample/1          0.00 s      0.5 MiB"
    ));
    assert!(!matches(
        "  WA   sample/1  0.04 s",
        "  AC   sample/1  0.00 s"
    ));
    assert!(matches("a · sandbox · memory: cgroup", "a · …"));
    assert!(matches("x passes /tmp/p/check.py", "x passes …check.py"));
    assert!(!matches("x passes /tmp/p/check.rs", "x passes …check.py"));
}
