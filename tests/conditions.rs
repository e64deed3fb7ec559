//! The conditions each problem's answer depends on (`leapfrog::puzzles::Conditions`; each
//! package's `notes.md` explains them): every combination has a secret test in the package,
//! the notes name every combination, and the structured search's command lines make inputs of
//! the combination they are drawn for. Where a problem has a single-fault family, every
//! condition of its list fails alone in a secret test whose twin (all conditions holding) is a
//! secret test too, with another answer; where it has none, its notes explain that the list
//! is a partition of the inputs, which the classifier confirms.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use leapfrog::puzzles::{self, Conditions};

const PROBLEMS: [&str; 7] = [
    "checkers",
    "checkers-path",
    "frogs",
    "pairs",
    "shifting",
    "shifting-labels",
    "shifting-query",
];

fn conditions(problem: &str) -> &'static Conditions {
    puzzles::find(problem)
        .and_then(|p| p.conditions)
        .unwrap_or_else(|| panic!("{problem} has no conditions"))
}

/// Every generator command line of a plan's test cases (the leaves of its `data` trees).
fn plan_lines(problem: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(problem)
        .join("generators/generators.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let yaml: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
    let mut lines = Vec::new();
    collect(&yaml["data"], "", &mut lines);
    lines
}

fn collect(node: &serde_yaml_ng::Value, at: &str, out: &mut Vec<(String, String)>) {
    let Some(map) = node.as_mapping() else {
        return;
    };
    for (key, value) in map {
        let key = key.as_str().map(str::to_string).unwrap_or_default();
        let here = format!("{at}/{key}");
        match value {
            serde_yaml_ng::Value::String(line) => out.push((here, line.clone())),
            _ if value.get("data").is_some() => collect(&value["data"], &here, out),
            _ => collect(value, &here, out),
        }
    }
}

/// The combination of a plan line's input, if the line is for the conditions' generator.
fn classify_line(c: &Conditions, line: &str) -> Option<String> {
    let words = leapfrog::generators::words(line);
    let (name, args) = words.split_first()?;
    if name != c.generator {
        return None;
    }
    let generator = leapfrog::generators::find(name).unwrap();
    let input = (generator.run)(args).unwrap_or_else(|e| panic!("{line}: {e}"));
    Some((c.classify)(&input).unwrap_or_else(|| panic!("{line}: not an input")))
}

#[test]
fn every_combination_of_conditions_has_a_secret_test() {
    let mut report = Vec::new();
    for problem in PROBLEMS {
        let c = conditions(problem);
        let held: BTreeSet<String> = plan_lines(problem)
            .iter()
            .filter(|(at, _)| at.starts_with("/secret"))
            .filter_map(|(_, line)| classify_line(c, line))
            .collect();
        for combination in (c.combinations)() {
            if !held.contains(&combination) {
                report.push(format!("{problem}: no secret test in `{combination}`"));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn the_notes_name_every_combination() {
    for problem in PROBLEMS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(problem)
            .join("notes.md");
        let notes =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for combination in (conditions(problem).combinations)() {
            assert!(
                notes.contains(&format!("`{combination}`")),
                "{} does not name `{combination}`",
                path.display()
            );
        }
    }
}

#[test]
fn the_structured_search_draws_every_combination() {
    for problem in PROBLEMS {
        let c = conditions(problem);
        let generator = leapfrog::generators::find(c.generator).unwrap();
        for (k, combination) in (c.combinations)().iter().enumerate() {
            let made = (1..=5u64).filter(|&seed| {
                let args = (c.args)(k, seed);
                (generator.run)(&args)
                    .ok()
                    .is_some_and(|input| (c.classify)(&input).as_ref() == Some(combination))
            });
            assert!(
                made.count() >= 3,
                "{problem}: the structured search rarely makes `{combination}` ({:?})",
                (c.args)(k, 1)
            );
        }
    }
}

/// The generator's output for a plan line's arguments (the generator name dropped).
fn generate(line: &str) -> Vec<u8> {
    let words = leapfrog::generators::words(line);
    let generator = leapfrog::generators::find(&words[0]).unwrap();
    (generator.run)(&words[1..]).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The reference answer to an input.
fn solve(problem: &str, input: &[u8]) -> Vec<u8> {
    let puzzle = puzzles::find(problem).unwrap();
    let mut out = Vec::new();
    (puzzle.solve)(&mut &input[..], &mut out).unwrap_or_else(|e| panic!("{problem}: {e:?}"));
    out
}

#[test]
fn every_condition_fails_alone_in_a_secret_test_beside_its_twin() {
    let mut report = Vec::new();
    let mut checked = 0;
    for problem in PROBLEMS {
        let Some(single) = &conditions(problem).single else {
            // Its list is a partition: `the_lists_without_single_faults_are_partitions`.
            continue;
        };
        let lines: Vec<String> = plan_lines(problem)
            .into_iter()
            .filter(|(at, _)| at.starts_with("/secret"))
            .map(|(_, line)| line)
            .collect();
        // For each condition, the distinct inputs of the family's lines (each beside its twin)
        // where it fails alone: the family must break it at several sizes and shapes, not only
        // where other data happens to.
        let mut alone: BTreeMap<String, BTreeSet<Vec<u8>>> = BTreeMap::new();
        for line in &lines {
            // A single-fault line names its fault (`--fault F`); its twin adds `--twin`.
            if !line.contains("--fault ") || line.ends_with("--twin") {
                continue;
            }
            let twin = format!("{line} --twin");
            if !lines.contains(&twin) {
                report.push(format!(
                    "{problem}: `{line}` has no twin in the secret data"
                ));
                continue;
            }
            let (broken, held) = (generate(line), generate(&twin));
            if (single.alone)(&held).len() + (single.alone)(&broken).len() == 0 {
                report.push(format!("{problem}: `{line}` breaks no condition alone"));
            }
            if solve(problem, &broken) == solve(problem, &held) {
                report.push(format!("{problem}: `{line}` and its twin have one answer"));
            }
            for fault in (single.alone)(&broken) {
                alone.entry(fault).or_default().insert(broken.clone());
            }
            checked += 1;
        }
        for fault in single.faults {
            let inputs = alone.get(*fault).map_or(0, BTreeSet::len);
            if inputs < 3 {
                report.push(format!(
                    "{problem}: `{fault}` fails alone in {inputs} single-fault secret tests with a twin, not 3"
                ));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
    assert!(checked > 0, "no single-fault line was checked");
}

/// Every input of a row puzzle up to a size (all of them for the one-number puzzles), and the
/// largest ones: the domain the partition claim is checked on.
fn small_inputs(problem: &str) -> Vec<String> {
    match problem {
        "frogs" => (1..=200).map(|n| format!("{n}\n")).collect(),
        "pairs" => (1..=2000)
            .chain([999_999, 1_000_000])
            .map(|n| format!("{n}\n"))
            .collect(),
        "shifting" => {
            let sides: Vec<u64> = (1..=40).chain([700, 40_000, 400_000]).collect();
            let pairs = sides
                .iter()
                .flat_map(|&n| sides.iter().map(move |&m| (n, m)));
            // The problem bounds the number of moves, nm + n + m, by 2 000 000.
            pairs
                .filter(|(n, m)| n * m + n + m <= 2_000_000)
                .map(|(n, m)| format!("{n} {m}\n"))
                .collect()
        }
        "shifting-query" => {
            let sides: Vec<u64> = (2..=40).chain([1000, 100_000_000, 1_000_000_000]).collect();
            let pairs = sides
                .iter()
                .flat_map(|&n| sides.iter().map(move |&m| (n, m)));
            pairs.map(|(n, m)| format!("{n} {m} 1\n1\n")).collect()
        }
        _ => panic!("{problem}: no input domain for the partition check"),
    }
}

#[test]
fn the_lists_without_single_faults_are_partitions() {
    let mut partitions = Vec::new();
    for problem in PROBLEMS {
        let c = conditions(problem);
        if c.single.is_some() {
            continue;
        }
        partitions.push(problem);
        // The notes say why no condition of the list can fail alone.
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(problem)
            .join("notes.md");
        let notes = std::fs::read_to_string(&path).unwrap();
        let section = notes
            .split("## Single faults")
            .nth(1)
            .unwrap_or_else(|| panic!("{}: no `## Single faults` section", path.display()));
        assert!(
            section.contains("partition"),
            "{}: the single-fault section does not explain the partition",
            path.display()
        );
        // The claim: every input falls in exactly one combination of the list (the classifier
        // names one, and it is on the list), and every combination has inputs, so "one fails,
        // the others hold" describes no input.
        let combinations: BTreeSet<String> = (c.combinations)().into_iter().collect();
        let mut reached = BTreeSet::new();
        for input in small_inputs(problem) {
            let class = (c.classify)(input.as_bytes())
                .unwrap_or_else(|| panic!("{problem} {input:?}: in no combination"));
            assert!(
                combinations.contains(&class),
                "{problem} {input:?}: `{class}` is not on the list"
            );
            reached.insert(class);
        }
        assert_eq!(
            reached, combinations,
            "{problem}: combinations without inputs"
        );
    }
    assert_eq!(partitions, ["frogs", "pairs", "shifting", "shifting-query"]);
}
