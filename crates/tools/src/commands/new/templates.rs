//! The files of a new problem, for each problem type and language: small problems that read in
//! a minute and verify at once (statement, sample, input validator, seeded generator with its
//! plan, an accepted and a wrong submission, and the output validator or interactor the type
//! needs). The program texts live in `crates/tools/templates/new/` as ordinary source files, so
//! they can be read and compiled as they are; this module picks and places them.

/// A language a new problem's programs can be written in. The file extensions that `new`
/// prints ("py programs") and the usual other names are taken too: `--lang py` after reading
/// that line is no mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    #[value(alias = "c++", alias = "cc", alias = "cxx")]
    Cpp,
    #[value(alias = "py", alias = "python3")]
    Python,
    #[value(alias = "rs")]
    Rust,
    Java,
}

impl Lang {
    pub fn extension(self) -> &'static str {
        match self {
            Lang::Cpp => "cpp",
            Lang::Python => "py",
            Lang::Rust => "rs",
            Lang::Java => "java",
        }
    }

    /// The position of this language's text in [`SOURCES`].
    fn index(self) -> usize {
        match self {
            Lang::Python => 0,
            Lang::Cpp => 1,
            Lang::Rust => 2,
            Lang::Java => 3,
        }
    }
}

/// The kind of problem `new problem --type` starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// The sum of two integers, compared token by token.
    PassFail,
    /// A pass-fail problem whose answer is a real number: the quotient of two integers, any
    /// output within 1e-6 (absolute or relative) accepted (`data/test_group.yaml`).
    Float,
    /// Guess a number from 1 to 1000 with 10 guesses; an interactor answers each guess.
    Interactive,
    /// Two runs: the sum, then its double; the output validator hands the first output on.
    MultiPass,
    /// The sum of two integers in two test groups (small numbers, any numbers), a point a test.
    Scoring,
}

impl Kind {
    /// The `type:` of problem.yaml.
    fn problem_type(self) -> &'static str {
        match self {
            Kind::PassFail | Kind::Float => "pass-fail",
            Kind::Interactive => "interactive",
            Kind::MultiPass => "multi-pass",
            Kind::Scoring => "scoring",
        }
    }

    /// The template names of (input validator, generator, accepted, wrong, output validator).
    fn programs(self) -> [Option<&'static str>; 5] {
        let (validator, generator) = match self {
            Kind::Interactive => ("validate_secret", "gen_secret"),
            _ => ("validate_pair", "gen_pair"),
        };
        let (accepted, wrong, checker) = match self {
            Kind::PassFail | Kind::Scoring => ("sum", "small_only", None),
            Kind::Float => ("quotient", "quotient_wrong", None),
            Kind::Interactive => ("guess", "guess_wrong", Some("interact")),
            Kind::MultiPass => ("twice", "twice_wrong", Some("twice_check")),
        };
        [
            Some(validator),
            Some(generator),
            Some(accepted),
            Some(wrong),
            checker,
        ]
    }

    /// The first sample: input and answer.
    fn sample(self) -> (&'static str, &'static str) {
        match self {
            Kind::PassFail | Kind::Scoring | Kind::MultiPass => ("1 2\n", "3\n"),
            Kind::Float => ("1 3\n", "0.333333333\n"),
            // The answer file of an interactive test is not read: the interactor knows all.
            Kind::Interactive => ("7\n", ""),
        }
    }
}

/// `include_str!` of one program in every language, in [`Lang::index`] order.
macro_rules! sources {
    ($name:literal) => {
        (
            $name,
            [
                include_str!(concat!("../../../templates/new/", $name, ".py")),
                include_str!(concat!("../../../templates/new/", $name, ".cpp")),
                include_str!(concat!("../../../templates/new/", $name, ".rs")),
                include_str!(concat!("../../../templates/new/", $name, ".java")),
            ],
        )
    };
}

/// Every program template, by name.
const SOURCES: &[(&str, [&str; 4])] = &[
    sources!("validate_pair"),
    sources!("gen_pair"),
    sources!("sum"),
    sources!("small_only"),
    sources!("quotient"),
    sources!("quotient_wrong"),
    sources!("twice"),
    sources!("twice_wrong"),
    sources!("twice_check"),
    sources!("validate_secret"),
    sources!("gen_secret"),
    sources!("guess"),
    sources!("guess_wrong"),
    sources!("interact"),
];

/// The statement templates, by kind; `TITLE` stands for the problem's name.
fn statement_template(kind: Kind) -> &'static str {
    match kind {
        Kind::PassFail => include_str!("../../../templates/new/statement-pass-fail.md"),
        Kind::Float => include_str!("../../../templates/new/statement-float.md"),
        Kind::Interactive => include_str!("../../../templates/new/statement-interactive.md"),
        Kind::MultiPass => include_str!("../../../templates/new/statement-multi-pass.md"),
        Kind::Scoring => include_str!("../../../templates/new/statement-scoring.md"),
    }
}

/// The text of program `name` in `lang`, to be saved as `file` (a Java class takes the name
/// of its file: javac and the judges look for it there).
fn program(name: &str, lang: Lang, file: &str) -> String {
    let text = SOURCES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, texts)| texts[lang.index()]);
    match lang {
        Lang::Java => {
            let stem = file.rsplit('/').next().unwrap_or(file);
            text.replace("CLASS", stem.trim_end_matches(".java"))
        }
        _ => text.to_string(),
    }
}

/// Every file of a new problem (relative path, contents).
pub fn files(kind: Kind, lang: Lang, title: &str, uuid: &str) -> Vec<(String, String)> {
    let ext = lang.extension();
    let [validator, generator, accepted, wrong, checker] = kind.programs();
    let (sample_in, sample_ans) = kind.sample();
    let mut files = vec![
        ("problem.yaml".to_string(), problem_yaml(kind, title, uuid)),
        (
            "statement/problem.en.md".to_string(),
            statement_template(kind).replace("TITLE", title),
        ),
        ("data/sample/1.in".to_string(), sample_in.to_string()),
        ("data/sample/1.ans".to_string(), sample_ans.to_string()),
        (
            "generators/generators.yaml".to_string(),
            generators_yaml(kind, ext),
        ),
    ];
    let mut place = |name: Option<&str>, file: String| {
        if let Some(name) = name {
            let text = program(name, lang, &file);
            files.push((file, text));
        }
    };
    place(validator, format!("input_validators/validate.{ext}"));
    place(generator, format!("generators/gen.{ext}"));
    place(accepted, format!("submissions/accepted/solution.{ext}"));
    place(
        wrong,
        format!("submissions/wrong_answer/{}.{ext}", wrong.unwrap_or("")),
    );
    place(
        checker,
        format!("output_validator/{}.{ext}", checker.unwrap_or("")),
    );
    if kind == Kind::Float {
        files.push((
            "data/test_group.yaml".to_string(),
            "# Every answer is a real number: an output within 1e-6 of it (absolute or relative)\n\
# is right, however many digits it prints.\n\
output_validator_args: [float_tolerance, 1e-6]\n"
                .to_string(),
        ));
    }
    files
}

/// `problem.yaml` (2025-09) of a problem of `kind` titled `title`.
fn problem_yaml(kind: Kind, title: &str, uuid: &str) -> String {
    let quoted = serde_yaml_ng::to_string(title).unwrap_or_else(|_| format!("'{title}'\n"));
    let passes = match kind {
        Kind::MultiPass => {
            "  # How many times a submission may be run, each pass on the last one's nextpass.in.\n  validation_passes: 2\n"
        }
        _ => "",
    };
    format!(
        "problem_format_version: 2025-09\n\
type: {}\n\
name: {quoted}\
uuid: {uuid}\n\
credits: the problem setters\n\
license: unknown\n\
limits:\n  \
# Remove time_limit to have verify infer it from the slowest accepted submission.\n  \
time_limit: 2.0\n  \
memory: 1024\n{passes}",
        kind.problem_type()
    )
}

/// `generators/generators.yaml`: seeded random tests (for a scoring problem, in two test
/// groups); answers from the accepted solution, except for an interactive problem, whose
/// answers are not read.
fn generators_yaml(kind: Kind, ext: &str) -> String {
    let solution = match kind {
        Kind::Interactive => String::new(),
        _ => format!("solution: /submissions/accepted/solution.{ext}\n"),
    };
    let tests = match kind {
        Kind::Interactive => format!(
            "      - low: gen.{ext} --seed 1\n      \
- random:\n          generate: gen.{ext} --seed {{seed}}\n          count: 5\n"
        ),
        Kind::Scoring => format!(
            "      - small:\n          \
data:\n            \
- tiny: gen.{ext} --max 3 --seed {{seed}}\n            \
- ten: gen.{ext} --max 10 --seed {{seed}}\n      \
- large:\n          \
data:\n            \
- medium: gen.{ext} --max 100000 --seed {{seed}}\n            \
- huge: gen.{ext} --max 1000000000 --seed {{seed}}\n"
        ),
        _ => format!(
            "      - small: gen.{ext} --max 10 --seed {{seed}}\n      \
- medium: gen.{ext} --max 100000 --seed {{seed}}\n      \
- large: gen.{ext} --max 1000000000 --seed {{seed}}\n"
        ),
    };
    format!(
        "# How data/secret is made (BAPCtools' generators.yaml); run `leapfrog generate .`.\n\
{solution}data:\n  secret:\n    data:\n{tests}"
    )
}
