//! The integration tests, one binary (as ripgrep does): every module below is one area of the
//! tool, driven through the `leapfrog` binary or the library, and they all link the crate once.

mod setter_support;
mod support;

mod answer_validators;
mod architecture;
mod check_answer;
mod check_validate;
mod checkers_cli;
mod checkers_packages;
mod checkers_property;
mod checkers_validators;
mod conditions;
mod contest;
mod contest_frictions;
mod domjudge;
mod ecosystem_validators;
mod expectations;
mod export;
mod first_hour;
mod format_2025;
mod generate;
mod genyaml;
mod help_pages;
mod hostile_outputs;
mod included_files;
mod interactive_blame;
mod interrupt;
mod isolation;
mod judge_faults;
mod judge_verdicts;
mod jury_compilers;
mod languages;
mod lean_build;
mod lenient_reading;
mod memory_limits;
#[cfg(feature = "mutants")]
mod mutants;
mod no_panic;
mod pairs;
mod pairs_heavy;
mod pairs_programs;
mod per_test_inputs;
mod problem_types;
mod program_kinds;
mod render;
mod report_page;
mod run_user;
mod sandbox_attacks;
mod shifting;
mod statement;
mod stress;
mod time_limit;
mod validator_groups;
mod verify;
mod walkthrough;
