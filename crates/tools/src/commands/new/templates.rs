//! The files of a new problem: a sum of two integers, small enough to read in a minute and
//! complete enough to verify at once (statement, sample, validator, seeded generator, accepted
//! solution), in the language asked for.

/// A language a new problem's programs can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    Cpp,
    Python,
    Rust,
}

impl Lang {
    pub fn extension(self) -> &'static str {
        match self {
            Lang::Cpp => "cpp",
            Lang::Python => "py",
            Lang::Rust => "rs",
        }
    }

    /// (validator, generator, solution) sources.
    pub fn sources(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Lang::Python => (PY_VALIDATOR, PY_GENERATOR, PY_SOLUTION),
            Lang::Cpp => (CPP_VALIDATOR, CPP_GENERATOR, CPP_SOLUTION),
            Lang::Rust => (RS_VALIDATOR, RS_GENERATOR, RS_SOLUTION),
        }
    }
}

/// `problem.yaml` (2025-09) for a problem titled `title` with the given uuid.
pub fn problem_yaml(title: &str, uuid: &str) -> String {
    let quoted = serde_yaml_ng::to_string(title).unwrap_or_else(|_| format!("'{title}'\n"));
    format!(
        "problem_format_version: 2025-09\n\
type: pass-fail\n\
name: {quoted}\
uuid: {uuid}\n\
credits: the problem setters\n\
license: unknown\n\
limits:\n  \
# Remove time_limit to have verify infer it from the slowest accepted submission.\n  \
time_limit: 2.0\n  \
memory: 1024\n"
    )
}

pub fn statement(title: &str) -> String {
    format!(
        "# {title}\n\n\
Given two positive integers $a$ and $b$, print their sum.\n\n\
## Input\n\n\
One line with two integers $a$ and $b$ ($1 \\le a, b \\le 10^9$), separated by a space.\n\n\
## Output\n\n\
One line with the integer $a + b$.\n"
    )
}

/// `generators/generators.yaml`: three groups of seeded random tests; answers from the
/// accepted solution.
pub fn generators_yaml(ext: &str) -> String {
    format!(
        "# How data/secret is made (BAPCtools' generators.yaml); run `leapfrog generate .`.\n\
solution: /submissions/accepted/solution.{ext}\n\
data:\n  \
secret:\n    \
data:\n      \
- small: gen.{ext} --max 10 --seed {{seed}}\n      \
- medium: gen.{ext} --max 100000 --seed {{seed}}\n      \
- large: gen.{ext} --max 1000000000 --seed {{seed}}\n"
    )
}

const PY_VALIDATOR: &str = r#"# Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
import re
import sys

data = sys.stdin.buffer.read()
match = re.fullmatch(rb"([1-9][0-9]{0,9}) ([1-9][0-9]{0,9})\n", data)
if match is None:
    print("expected one line with two positive integers a b", file=sys.stderr)
    sys.exit(43)
for value in (int(match[1]), int(match[2])):
    if value > 10**9:
        print(f"{value} is above 10^9", file=sys.stderr)
        sys.exit(43)
sys.exit(42)
"#;

const PY_GENERATOR: &str = r#"# Generator: two integers in [1, MAX] from a seed: gen.py --max MAX --seed SEED.
import random
import sys

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
rng = random.Random(int(args["--seed"]))
top = int(args["--max"])
print(rng.randint(1, top), rng.randint(1, top))
"#;

const PY_SOLUTION: &str = r#"a, b = map(int, input().split())
print(a + b)
"#;

const CPP_VALIDATOR: &str = r#"// Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

static int invalid(const char* why) {
    std::fprintf(stderr, "%s\n", why);
    return 43;
}

// Reads a positive integer without leading zeros at text[at...], up to 10^9.
static bool number(const std::string& text, size_t& at, long long& value) {
    size_t start = at;
    value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 11) {
        value = value * 10 + (text[at] - '0');
        ++at;
    }
    return at > start && text[start] != '0' && value <= 1000000000LL;
}

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    size_t at = 0;
    long long a, b;
    if (!number(text, at, a)) return invalid("a: expected an integer from 1 to 10^9");
    if (at >= text.size() || text[at] != ' ') return invalid("expected one space after a");
    ++at;
    if (!number(text, at, b)) return invalid("b: expected an integer from 1 to 10^9");
    if (at + 1 != text.size() || text[at] != '\n') return invalid("expected a newline after b, then the end");
    return 42;
}
"#;

const CPP_GENERATOR: &str = r#"// Generator: two integers in [1, MAX] from a seed: gen --max MAX --seed SEED.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

int main(int argc, char** argv) {
    unsigned long long top = 1000000000ULL, seed = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--max")) top = std::strtoull(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
        else { std::fprintf(stderr, "unknown argument %s\n", argv[i]); return 1; }
    }
    std::mt19937_64 rng(seed);
    unsigned long long a = 1 + rng() % top, b = 1 + rng() % top;
    std::printf("%llu %llu\n", a, b);
}
"#;

const CPP_SOLUTION: &str = r#"#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << a + b << "\n";
}
"#;

const RS_VALIDATOR: &str = r#"//! Input validator: exit 42 when stdin is one line "a b" with 1 <= a, b <= 10^9, else 43.
use std::io::Read;

fn invalid(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(43)
}

fn number(word: &str, name: &str) -> u64 {
    let ok = !word.is_empty()
        && word.len() <= 10
        && !word.starts_with('0')
        && word.bytes().all(|b| b.is_ascii_digit());
    match word.parse::<u64>() {
        Ok(v) if ok && v <= 1_000_000_000 => v,
        _ => invalid(&format!("{name}: expected an integer from 1 to 10^9, got {word:?}")),
    }
}

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        invalid("the input is not UTF-8");
    }
    let Some(line) = text.strip_suffix('\n') else {
        invalid("expected the line to end with a newline");
    };
    let Some((a, b)) = line.split_once(' ') else {
        invalid("expected two integers separated by one space");
    };
    number(a, "a");
    number(b, "b");
    std::process::exit(42)
}
"#;

const RS_GENERATOR: &str = r#"//! Generator: two integers in [1, MAX] from a seed: gen --max MAX --seed SEED.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mut top, mut seed) = (1_000_000_000u64, 0u64);
    for pair in args[1..].chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok()).expect("a number after each flag");
        match pair[0].as_str() {
            "--max" => top = value,
            "--seed" => seed = value,
            other => panic!("unknown argument {other}"),
        }
    }
    // splitmix64: a small, well-mixed generator, so the test needs no crate.
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let (a, b) = (1 + next() % top, 1 + next() % top);
    println!("{a} {b}");
}
"#;

const RS_SOLUTION: &str = r#"use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let sum: u64 = text.split_whitespace().map(|w| w.parse::<u64>().unwrap()).sum();
    println!("{sum}");
}
"#;
