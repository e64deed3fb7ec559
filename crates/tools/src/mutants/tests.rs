use super::*;

fn summary(syntax: Syntax, source: &str) -> Vec<String> {
    mutants(syntax, source)
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{}:{} {} -> {}",
                m.line,
                m.operator.name(),
                m.before,
                m.after
            )
        })
        .collect()
}

#[test]
fn rust_operators_at_every_node_they_apply_to() {
    let source = "fn f(v: &[u64], n: usize) -> u64 {\n    let mut s = 0;\n    for i in 0..n {\n        if v[i] < 10 && i != 3 {\n            s += v[i];\n            continue;\n        }\n        if s > 100 { return s; }\n    }\n    println!(\"{}\", n + 1); // a + b\n    s\n}\n";
    let got = summary(Syntax::Rust, source);
    let expect = [
        "2:constant 0 -> 1",
        "3:constant 0 -> 1",
        "4:negate v[i] < 10 && i != 3 -> !(v[i] < 10 && i != 3)",
        "4:remove-statement { s += v[i]; continue; } -> {}",
        "4:logical v[i] < 10 && i != 3 -> v[i] < 10 || i != 3",
        "4:remove-clause v[i] < 10 && i != 3 -> v[i] < 10",
        "4:remove-clause v[i] < 10 && i != 3 -> i != 3",
        "4:relational v[i] < 10 -> v[i] <= 10",
        "4:index v[i] -> v[(i) + 1]",
        "4:index v[i] -> v[(i) - 1]",
        "4:literal 10 -> 11",
        "4:literal 10 -> 9",
        "4:relational i != 3 -> i == 3",
        "4:literal 3 -> 4",
        "4:literal 3 -> 2",
        "5:arithmetic s += v[i] -> s -= v[i]",
        "5:index v[i] -> v[(i) + 1]",
        "5:index v[i] -> v[(i) - 1]",
        "6:remove-statement continue -> ()",
        "8:negate s > 100 -> !(s > 100)",
        "8:remove-statement { return s; } -> {}",
        "8:relational s > 100 -> s >= 100",
        "8:literal 100 -> 101",
        "8:literal 100 -> 99",
        "8:remove-statement return s; -> ",
    ];
    assert_eq!(got, expect, "{got:#?}");
}

#[test]
fn cpp_and_c_conditions_lose_their_parentheses_and_io_setup_is_left_alone() {
    let source = "#include <cstdio>\nint main() {\n  std::ios::sync_with_stdio(false);\n  int n; scanf(\"%d\", &n);\n  while (n > 1) { if (n == 2) break; n -= 2; }\n  printf(\"%d\\n\", n);\n}\n";
    let got = summary(Syntax::Cpp, source);
    assert!(
        got.contains(&"5:negate n > 1 -> !(n > 1)".to_string()),
        "{got:#?}"
    );
    assert!(
        got.contains(&"5:remove-statement break; -> ;".to_string()),
        "{got:#?}"
    );
    assert!(
        got.contains(&"5:arithmetic n -= 2 -> n += 2".to_string()),
        "{got:#?}"
    );
    assert!(
        !got.iter().any(|m| m.starts_with("3:")),
        "sync_with_stdio mutated: {got:#?}"
    );
    let c = summary(
        Syntax::C,
        "int f(int a) { if (a >= 0) return a; return -a; }\n",
    );
    assert!(
        c.contains(&"1:relational a >= 0 -> a > 0".to_string()),
        "{c:#?}"
    );
    assert!(
        c.contains(&"1:remove-statement return a; -> ;".to_string()),
        "{c:#?}"
    );
    assert!(
        !c.iter().any(|m| m.contains("return -a; ->")),
        "a final return is not early: {c:#?}"
    );
}

#[test]
fn python_chained_comparisons_boolean_words_and_pass() {
    let source = "import sys\nn = int(input())\nif 0 < n <= 5 and n % 2 == 1:\n    print(n + 1)\nelse:\n    print(\"no 1\")  # 7\n";
    let got = summary(Syntax::Python, source);
    assert!(
        got.contains(&"3:relational 0 < n <= 5 -> 0 <= n <= 5".to_string()),
        "{got:#?}"
    );
    assert!(
        got.contains(&"3:relational 0 < n <= 5 -> 0 < n < 5".to_string()),
        "{got:#?}"
    );
    assert!(
        got.contains(
            &"3:logical 0 < n <= 5 and n % 2 == 1 -> 0 < n <= 5 or n % 2 == 1".to_string()
        ),
        "{got:#?}"
    );
    assert!(
        got.iter()
            .any(|m| m.starts_with("3:negate") && m.contains("-> not (0 < n")),
        "{got:#?}"
    );
    assert!(
        got.iter()
            .any(|m| *m == "4:remove-statement print(n + 1) -> pass"),
        "{got:#?}"
    );
    assert!(
        got.contains(&"4:arithmetic n + 1 -> n - 1".to_string()),
        "{got:#?}"
    );
    assert!(
        !got.iter().any(|m| m.starts_with("6:")),
        "string or comment mutated: {got:#?}"
    );
}

#[test]
fn applying_a_mutant_changes_only_its_span_and_the_order_is_stable() {
    let source = "def f(a):\n    return a < 3\n";
    let first = mutants(Syntax::Python, source).unwrap();
    let again = mutants(Syntax::Python, source).unwrap();
    assert_eq!(first, again);
    let relational = first
        .iter()
        .find(|m| m.operator == Operator::Relational)
        .unwrap();
    assert_eq!(relational.apply(source), "def f(a):\n    return a <= 3\n");
}

#[test]
fn a_source_that_does_not_parse_is_an_error_naming_the_line() {
    let err = mutants(Syntax::Rust, "fn main() {\n    let x = ;\n}\n").unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err:#}");
}

/// Every accepted submission of the included packages parses, and the Rust and C++ ones give
/// enough mutants for the measure to mean something.
#[test]
fn the_included_accepted_submissions_all_have_mutants() {
    // The repository's problems, two levels above this crate.
    let problems = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
    let mut checked = 0;
    for problem in std::fs::read_dir(problems).unwrap() {
        let accepted = problem.unwrap().path().join("submissions/accepted");
        for file in std::fs::read_dir(accepted).unwrap() {
            let path = file.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let Some(syntax) = Syntax::of_file(&name) else {
                continue;
            };
            let source = std::fs::read_to_string(&path).unwrap();
            let found = mutants(syntax, &source).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            eprintln!("{}: {} mutants", path.display(), found.len());
            if matches!(syntax, Syntax::Rust | Syntax::Cpp) {
                assert!(
                    found.len() >= 30,
                    "{}: only {}",
                    path.display(),
                    found.len()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 21, "{checked}");
}
