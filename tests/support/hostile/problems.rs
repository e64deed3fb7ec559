//! Every problem the harness knows, with what it needs to judge the problem's checker and
//! validator independently: an oracle for outputs, random legal plays, the exact input format
//! and the largest valid input.

use super::pool::Instance;
use super::{checkers, frogs, pairs, shifting};

/// Is an output right for this instance?
pub type Oracle = fn(&Instance, &[u8]) -> Truth;

/// What the oracle says about an output.
#[derive(Debug, Clone, PartialEq)]
pub enum Truth {
    Right,
    Wrong(String),
    /// Right in substance, written in a way the statement leaves open (a number with leading
    /// zeros): a checker may take it or leave it.
    Open(String),
}

impl From<Result<(), String>> for Truth {
    fn from(result: Result<(), String>) -> Truth {
        match result {
            Ok(()) => Truth::Right,
            Err(why) => Truth::Wrong(why),
        }
    }
}

pub struct Problem {
    pub name: &'static str,
    /// `None` for `validation: default` problems: their answer is unique, and the oracle is
    /// the token comparison itself.
    pub oracle: Option<Oracle>,
    /// A random legal play from a seed (often incomplete), to start edits from.
    pub wander: fn(&Instance, u64) -> Vec<u8>,
    /// The statement's input format, exactly: `Err` when the input breaks it.
    pub input_spec: fn(&[u8]) -> Result<(), String>,
    /// The size of the board or row a checker must keep.
    pub board_bytes: fn(&Instance) -> u64,
    /// The largest valid input (for the bounded-reading test of the checker).
    pub largest: fn() -> Vec<u8>,
}

fn generated(line: &str) -> Vec<u8> {
    let (name, args) = leapfrog::generators::split_command(line).expect("a generator name");
    let generator = leapfrog::generators::find(&name).expect("a built-in generator");
    (generator.run)(&args).expect("the generator runs")
}

fn largest_board() -> Vec<u8> {
    generated("checkers --outcome unique --n 26 --phase a1 --seed 5")
}

pub const CHECKERS: Problem = Problem {
    name: "checkers",
    oracle: Some(checkers::token_oracle),
    wander: checkers::wander_token,
    input_spec: checkers::input_spec,
    board_bytes: checkers::board_bytes,
    largest: largest_board,
};

pub const CHECKERS_PATH: Problem = Problem {
    name: "checkers-path",
    oracle: Some(checkers::path_oracle),
    wander: checkers::wander_path,
    input_spec: checkers::input_spec,
    board_bytes: checkers::board_bytes,
    largest: largest_board,
};

pub const SHIFTING: Problem = Problem {
    name: "shifting",
    oracle: Some(shifting::oracle),
    wander: shifting::wander,
    input_spec: shifting::input_spec,
    board_bytes: shifting::board_bytes,
    largest: shifting::largest,
};

pub const SHIFTING_QUERY: Problem = Problem {
    name: "shifting-query",
    oracle: None,
    wander: shifting::answer_itself,
    input_spec: shifting::query_input_spec,
    board_bytes: |_| 0,
    largest: Vec::new,
};

pub const SHIFTING_LABELS: Problem = Problem {
    name: "shifting-labels",
    oracle: None,
    wander: shifting::answer_itself,
    input_spec: shifting::labels_input_spec,
    board_bytes: |_| 0,
    largest: Vec::new,
};

pub const FROGS: Problem = Problem {
    name: "frogs",
    oracle: Some(frogs::oracle),
    wander: frogs::wander,
    input_spec: frogs::input_spec,
    board_bytes: frogs::board_bytes,
    largest: frogs::largest,
};

pub const PAIRS: Problem = Problem {
    name: "pairs",
    oracle: Some(pairs::oracle),
    wander: pairs::wander,
    input_spec: pairs::input_spec,
    board_bytes: pairs::board_bytes,
    largest: pairs::largest,
};

/// Every problem, in the order of the README.
pub const ALL: &[&Problem] = &[
    &CHECKERS,
    &CHECKERS_PATH,
    &SHIFTING,
    &SHIFTING_QUERY,
    &SHIFTING_LABELS,
    &FROGS,
    &PAIRS,
];

pub fn find(name: &str) -> &'static Problem {
    ALL.iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no problem {name} in the harness"))
}
