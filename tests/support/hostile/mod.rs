//! The harness behind `tests/hostile_outputs.rs`: every output checker and input validator of
//! the packages, compiled with overflow checks and run as the judge runs it, against hostile
//! outputs and inputs, with the crate's own games as the oracle.
//!
//! - [`edits`]: recipes and edits that turn a correct text into a hostile one;
//! - [`programs`]: compiling the std-only programs and running them through the runner (the
//!   memory tests run them under `peak.c`, a small launcher that reports a program's own peak);
//! - [`pool`]: test instances from each package (samples, plan, random small tests);
//! - [`problems`]: per problem, the oracle, random legal plays and the exact input format,
//!   with one module per puzzle family ([`checkers`], [`shifting`], [`frogs`], [`pairs`]) and
//!   [`numbers`] for the number formats they share;
//! - [`fuzz`]: the proptest loops for checkers, validators and the default diff;
//! - [`streams`]: ten million tokens and a gigabyte of garbage through a pipe.

#![allow(dead_code)]

pub mod checkers;
pub mod edits;
pub mod frogs;
pub mod fuzz;
pub mod numbers;
pub mod pairs;
pub mod pool;
pub mod problems;
pub mod programs;
pub mod shifting;
pub mod streams;
