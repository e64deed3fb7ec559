//! The layers inside the `leapfrog-tools` crate hold: no module under `crates/tools/src/` names
//! a module of a higher layer. Between crates, Cargo enforces the layers (a crate cannot name one
//! it does not depend on); inside one crate only this test sees them. The layer order is read
//! from the crate's top doc comment (`crates/tools/src/lib.rs`, section "Layers"), so it is
//! written down once. Its submodule `verdicts` shows the other rule of the code's shape: a
//! `Verdict` is made only in the verdict module.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod verdicts;

/// Each top-level module's layer number, lowest first, parsed from the numbered list in the
/// "# Layers" section of `crates/tools/src/lib.rs`.
fn layers(lib: &str) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    let section = lib
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .skip_while(|l| *l != "# Layers")
        .take_while(|l| !l.starts_with("pub mod") && !l.starts_with("mod "));
    for line in section {
        let Some((number, rest)) = line.split_once(". ") else {
            continue;
        };
        let Ok(layer) = number.parse::<usize>() else {
            continue;
        };
        for name in rest.split(',').map(|n| n.trim().trim_matches('`')) {
            assert!(
                found.insert(name.to_string(), layer).is_none(),
                "crates/tools/src/lib.rs lists `{name}` in two layers"
            );
        }
    }
    found
}

/// The top-level modules a file's code names through `crate::`, with the line of each mention.
/// Comment lines do not count: only code creates a dependency.
fn crate_references(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let code: Vec<(usize, &str)> = source
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l))
        .collect();
    // Joined so that a `use crate::{...}` list spread over lines reads as one.
    let mut text = String::new();
    let mut line_of = Vec::new();
    for (number, line) in code {
        text.push_str(line);
        text.push('\n');
        line_of.resize(text.len(), number);
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = text[at..].find("crate::") {
        let start = at + offset;
        at = start + "crate::".len();
        let identifier_before = start > 0 && {
            let b = bytes[start - 1];
            b.is_ascii_alphanumeric() || b == b'_'
        };
        if identifier_before {
            continue;
        }
        let line = line_of[start];
        if bytes.get(at) == Some(&b'{') {
            for name in braced_heads(&text[at + 1..]) {
                found.push((line, name));
            }
        } else {
            found.push((line, identifier(&text[at..])));
        }
    }
    found.retain(|(_, name)| !name.is_empty() && name != "self");
    found
}

/// The first path segment of every item of a `{a, b::c, d::{e, f}}` list (the text after `{`).
fn braced_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut item_start = true;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && !c.is_whitespace() => {
                heads.push(identifier(&text[i..]));
                item_start = false;
            }
            _ => {}
        }
    }
    heads
}

fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The top-level module a file under `src/` belongs to (`src/stress/mod.rs` → `stress`); `None`
/// for the crate root.
fn module_of(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).unwrap();
    let mut parts = rel.components().map(|c| c.as_os_str().to_string_lossy());
    parts.next()?; // `src`
    let second = parts.next()?;
    if second == "bin" {
        return None;
    }
    let is_file = parts.next().is_none() && second.ends_with(".rs");
    match second.as_ref() {
        "lib.rs" | "main.rs" if is_file => None,
        name if is_file => Some(name.trim_end_matches(".rs").to_string()),
        name => Some(name.to_string()),
    }
}

/// Every place where a module names one of a higher layer, or is missing from the list.
fn violations(root: &Path, layers: &BTreeMap<String, usize>) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(&root.join("src")) {
        let Some(module) = module_of(root, &file) else {
            continue;
        };
        let shown = file.strip_prefix(root).unwrap().display().to_string();
        let Some(&own) = layers.get(&module) else {
            found.push(format!(
                "{shown}: module `{module}` is in no layer of crates/tools/src/lib.rs"
            ));
            continue;
        };
        let source = std::fs::read_to_string(&file).unwrap();
        for (line, used) in crate_references(&source) {
            match layers.get(&used) {
                Some(&theirs) if theirs > own => found.push(format!(
                    "{shown}:{line}: `{module}` (layer {own}) uses `crate::{used}` (layer {theirs}, higher)"
                )),
                Some(_) => {}
                None => found.push(format!(
                    "{shown}:{line}: uses `crate::{used}`, which is in no layer of crates/tools/src/lib.rs"
                )),
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_higher_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/tools");
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let layers = layers(&lib);
    assert!(
        layers.len() >= 9,
        "crates/tools/src/lib.rs must list the layers (found {layers:?})"
    );
    let found = violations(&root, &layers);
    assert!(
        found.is_empty(),
        "imports against the layer order of crates/tools/src/lib.rs:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_sees_every_form_of_crate_path() {
    let source = "use crate::judge::Verdict;\n// use crate::commented;\nuse crate::{\n    lang::{self, Compiled},\n    package,\n};\nfn f() { crate::util::read_head(p); pub(crate) fn g() {} }\nlet s = \"\"; mycrate::no;\n";
    let names: Vec<(usize, String)> = crate_references(source);
    let expected = [(1, "judge"), (3, "lang"), (3, "package"), (7, "util")];
    let expected: Vec<(usize, String)> =
        expected.iter().map(|&(l, n)| (l, n.to_string())).collect();
    assert_eq!(names, expected);
}

#[test]
fn the_layers_are_parsed_from_the_doc_comment() {
    let lib = "//! intro\n//!\n//! # Layers\n//!\n//! text 1. not a layer\n//! 1. `util`, `verdict`\n//! 2. `runner`\n\npub mod runner;\n";
    let layers = layers(lib);
    assert_eq!(layers.get("util"), Some(&1));
    assert_eq!(layers.get("verdict"), Some(&1));
    assert_eq!(layers.get("runner"), Some(&2));
    assert_eq!(layers.len(), 3);
}
