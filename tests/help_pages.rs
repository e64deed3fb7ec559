//! Every command's reference page in the book (`docs/src/reference/commands/<command>.md`)
//! embeds the command's `--help` as the binary prints it, between the markers
//! `<!-- help: leapfrog CMD -->` and `<!-- end help -->`. The commands are enumerated from the
//! binary (the `Commands:` list of `leapfrog --help`, and of each command that has its own), so a
//! new command without a page, a page left behind by a removed command, or a changed `--help`
//! fails here. `LEAPFROG_BLESS=1 cargo test --release --test integration -- help_pages` rewrites
//! the blocks (and writes a page for a command that has none) from the binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::support::leapfrog;

const BOOK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src");
const END: &str = "<!-- end help -->";

/// `leapfrog WORDS --help`, as a reader's terminal of clap's default width shows it.
fn help(words: &[String]) -> String {
    let output = leapfrog()
        .args(words)
        .arg("--help")
        .env_remove("COLUMNS")
        .env_remove("LINES")
        .output()
        .unwrap();
    assert!(output.status.success(), "leapfrog {words:?} --help failed");
    String::from_utf8(output.stdout).unwrap()
}

/// The names of a help text's `Commands:` list (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut lines = help.lines().skip_while(|l| *l != "Commands:");
    lines.next();
    for line in lines.take_while(|l| !l.is_empty()) {
        // A name line is indented by two spaces; the wrapped rest of a description by more.
        let Some(rest) = line.strip_prefix("  ") else {
            continue;
        };
        if rest.starts_with(' ') {
            continue;
        }
        let name = rest.split_whitespace().next().unwrap_or_default();
        if name != "help" {
            names.push(name.to_string());
        }
    }
    names
}

/// Every command (as its words after `leapfrog`, the top level as none) and its help text.
fn commands() -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut queue = vec![Vec::new()];
    while let Some(words) = queue.pop() {
        let text = help(&words);
        for name in subcommands(&text) {
            let mut sub = words.clone();
            sub.push(name);
            queue.push(sub);
        }
        found.push((words, text));
    }
    found.sort();
    found
}

/// The page that documents a command: its first word's, the top level on the index.
fn page(words: &[String]) -> PathBuf {
    let name = words.first().map_or("index", String::as_str);
    Path::new(BOOK).join(format!("reference/commands/{name}.md"))
}

fn marker(words: &[String]) -> String {
    let mut line = String::from("<!-- help: leapfrog");
    for word in words {
        line.push(' ');
        line.push_str(word);
    }
    line + " -->"
}

fn block(words: &[String], help: &str) -> String {
    format!("{}\n```text\n{}```\n{END}", marker(words), help)
}

/// The help text a page shows for a command, and where its block starts and ends.
fn shown(text: &str, words: &[String]) -> Option<(String, usize, usize)> {
    let start = text.find(&(marker(words) + "\n"))?;
    let end = start + text[start..].find(END)? + END.len();
    let inner = &text[start..end];
    let body = inner
        .split_once("\n```text\n")?
        .1
        .rsplit_once("```\n")?
        .0
        .to_string();
    Some((body, start, end))
}

/// The first line where two texts differ, for the failure message.
fn first_difference(page: &str, binary: &str) -> String {
    let mut a = page.lines();
    let mut b = binary.lines();
    for n in 1.. {
        match (a.next(), b.next()) {
            (None, None) => return "only in line ends".into(),
            (x, y) if x == y => continue,
            (x, y) => return format!("line {n}: page {x:?}, --help {y:?}"),
        }
    }
    unreachable!()
}

/// Writes `text` through a temporary file in the same directory and renames it into place.
fn write(path: &Path, text: &str) {
    let tmp = path.with_extension("md.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[test]
fn every_command_page_shows_its_help() {
    let bless = std::env::var_os("LEAPFROG_BLESS").is_some_and(|v| v == "1");
    let commands = commands();
    assert!(commands.len() > 15, "too few commands found: {commands:?}");
    let mut by_page: BTreeMap<PathBuf, Vec<(Vec<String>, String)>> = BTreeMap::new();
    for (words, text) in commands {
        assert!(
            !text.contains("\n```"),
            "leapfrog {words:?} --help holds a fence"
        );
        by_page.entry(page(&words)).or_default().push((words, text));
    }
    let summary = std::fs::read_to_string(Path::new(BOOK).join("SUMMARY.md")).unwrap();
    let mut problems = Vec::new();
    for (path, commands) in &by_page {
        let rel = path
            .strip_prefix(BOOK)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if !summary.contains(&format!("]({rel})")) {
            problems.push(format!("{rel} is not listed in SUMMARY.md"));
        }
        let mut text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(_) if bless => format!("# `leapfrog {}`\n", commands[0].0.join(" ")),
            Err(e) => {
                problems.push(format!("{rel}: {e}"));
                continue;
            }
        };
        let before = text.clone();
        for (words, help) in commands {
            match shown(&text, words) {
                Some((body, _, _)) if body == *help => {}
                Some((body, start, end)) => {
                    problems.push(format!(
                        "{rel}: `leapfrog {}` differs from --help ({})",
                        words.join(" "),
                        first_difference(&body, help)
                    ));
                    text.replace_range(start..end, &block(words, help));
                }
                None => {
                    problems.push(format!("{rel}: no block `{}` … `{END}`", marker(words)));
                    // After the page's last block, else after its title line.
                    let (at, piece) = match text.rfind(END) {
                        Some(last) => (last + END.len(), format!("\n\n{}", block(words, help))),
                        None => (
                            text.find('\n').map_or(text.len(), |n| n + 1),
                            format!("\n{}\n", block(words, help)),
                        ),
                    };
                    text.insert_str(at, &piece);
                }
            }
        }
        if bless && text != before {
            write(path, &text);
        }
    }
    // Blocks for commands that no longer exist.
    let known: Vec<String> = by_page
        .values()
        .flatten()
        .map(|(words, _)| marker(words))
        .collect();
    let dir = Path::new(BOOK).join("reference/commands");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for line in text.lines().filter(|l| l.starts_with("<!-- help: ")) {
            if !known.iter().any(|k| k == line) {
                problems.push(format!("{}: {line} names no command", path.display()));
            }
        }
    }
    if bless {
        for problem in &problems {
            eprintln!("blessed: {problem}");
        }
    } else {
        assert!(
            problems.is_empty(),
            "the command pages differ from the binary (LEAPFROG_BLESS=1 rewrites them):\n{}",
            problems.join("\n")
        );
    }
}

#[test]
fn commands_are_read_from_the_help_list() {
    let text = "Usage: x\n\nCommands:\n  judge       Judge\n  time-limit  Print a problem's time\n              and more\n  help        Print this\n\nOptions:\n  -h\n";
    assert_eq!(subcommands(text), ["judge", "time-limit"]);
    assert!(subcommands("Usage: x\n\nOptions:\n  -h\n").is_empty());
}
