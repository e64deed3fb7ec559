//! Shrinking a failing generator command line rather than its output, the way property-based
//! testing shrinks the random choices: every numeric argument is bisected down to the smallest
//! value that still fails (`--n 200000` to `--n 2`), then other seeds are tried at smaller
//! sizes. A candidate counts only if the generator runs, the validators accept its input and
//! the submission still fails the same way.

use std::time::Instant;

use serde::Serialize;

use super::harness::{Harness, Trial};
use leapfrog_package::verdict::Verdict;

/// How many other seeds to try once bisection is done.
const OTHER_SEEDS: u64 = 12;

/// A generator command line: the generator, its argument template (`{seed}` or `--seed S` in
/// it) and the seed.
#[derive(Debug, Clone)]
pub struct Line {
    pub name: String,
    pub template: Vec<String>,
    pub seed: u64,
}

impl Line {
    pub fn args(&self) -> Vec<String> {
        with_seed(&self.template, self.seed)
    }

    /// The command line as a person would type it.
    pub fn render(&self) -> String {
        std::iter::once(self.name.clone())
            .chain(self.args())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The numeric arguments that are not the seed: their positions in the template.
    fn numeric(&self) -> Vec<usize> {
        (0..self.template.len())
            .filter(|&k| k == 0 || self.template[k - 1] != "--seed")
            .filter(|&k| !self.template[k].contains("{seed}"))
            .filter(|&k| value_of(&self.template[k]).is_some())
            .collect()
    }

    /// The name of the argument at `k`: the option before it, `--n=` style, or its position.
    fn argument_name(&self, k: usize) -> String {
        let token = &self.template[k];
        if let Some((key, _)) = token.split_once('=') {
            return key.to_string();
        }
        match k.checked_sub(1).map(|p| &self.template[p]) {
            Some(option) if option.starts_with('-') && value_of(option).is_none() => option.clone(),
            _ => format!("argument {}", k + 1),
        }
    }

    fn with_value(&self, k: usize, value: u64) -> Line {
        let mut line = self.clone();
        let token = &mut line.template[k];
        *token = match token.split_once('=') {
            Some((key, _)) => format!("{key}={value}"),
            None => value.to_string(),
        };
        line
    }
}

/// A non-negative integer argument, alone or after `=`.
fn value_of(token: &str) -> Option<u64> {
    let value = token.split_once('=').map_or(token, |(_, v)| v);
    value.parse().ok()
}

/// An argument that moved while shrinking.
#[derive(Debug, Clone, Serialize)]
pub struct Moved {
    pub argument: String,
    pub from: String,
    pub to: String,
}

/// Shrinks a command line's numeric arguments, then its seed.
pub(super) struct LineShrinker<'h, 'a> {
    pub harness: &'h Harness<'a>,
    pub verdict: Verdict,
    pub deadline: Instant,
    /// When to stop trying other seeds, leaving the rest of the time to shrinking the input.
    pub seeds_until: Instant,
    pub steps: usize,
    /// The random tests tried before the failure, for the status shown while shrinking.
    pub tests: u64,
}

impl LineShrinker<'_, '_> {
    fn out_of_time(&self) -> bool {
        Instant::now() > self.deadline
    }

    fn try_line(&mut self, line: &Line) -> anyhow::Result<Option<Trial>> {
        crate::interrupt::check()?;
        let Ok(case) = self.harness.generate(&line.name, &line.args()) else {
            return Ok(None);
        };
        let found = self.harness.reproduces(case, self.verdict)?;
        if let Some(trial) = &found {
            self.steps += 1;
            self.harness.status("shrinking", self.tests, &trial.case);
        }
        Ok(found)
    }

    /// The smallest failing line found in time, its trial, and the arguments that moved.
    pub(super) fn shrink(
        &mut self,
        original: Line,
        mut best: Trial,
    ) -> anyhow::Result<(Line, Trial, Vec<Moved>)> {
        let mut line = original.clone();
        for k in line.numeric() {
            (line, best) = self.bisect(line, k, best)?;
        }
        (line, best) = self.other_seeds(line, best)?;
        let mut moved: Vec<Moved> = original
            .numeric()
            .into_iter()
            .filter(|&k| original.template[k] != line.template[k])
            .map(|k| Moved {
                argument: original.argument_name(k),
                from: original.template[k].clone(),
                to: line.template[k].clone(),
            })
            .collect();
        if line.seed != original.seed {
            moved.push(Moved {
                argument: "seed".to_string(),
                from: original.seed.to_string(),
                to: line.seed.to_string(),
            });
        }
        Ok((line, best, moved))
    }

    /// The smallest value of argument `k` in `0..=value` that fails: galloping up from 0 (0, 1,
    /// 2, 4, ...: small sizes cost little to try and most failures show at one), then bisecting
    /// between the last value that passed and the first that failed (assuming that what fails
    /// at one size fails at larger ones, which is what sizes usually do).
    fn bisect(&mut self, line: Line, k: usize, mut best: Trial) -> anyhow::Result<(Line, Trial)> {
        let Some(value) = value_of(&line.template[k]) else {
            return Ok((line, best));
        };
        // Invariant: `high` fails; every value below `low` is unknown or passes.
        let (mut low, mut high) = (0, value);
        let mut probe = 0;
        while probe < high && !self.out_of_time() {
            match self.try_line(&line.with_value(k, probe))? {
                Some(trial) => {
                    high = probe;
                    best = trial;
                }
                None => low = probe + 1,
            }
            probe = if probe == 0 {
                1
            } else {
                probe.saturating_mul(2)
            };
        }
        while low < high && !self.out_of_time() {
            let middle = low + (high - low) / 2;
            match self.try_line(&line.with_value(k, middle))? {
                Some(trial) => {
                    high = middle;
                    best = trial;
                }
                None => low = middle + 1,
            }
        }
        Ok((line.with_value(k, high), best))
    }

    /// Other seeds with one numeric argument halved: where one fails, bisect it again there.
    fn other_seeds(&mut self, mut line: Line, mut best: Trial) -> anyhow::Result<(Line, Trial)> {
        let mut tries = 0;
        let late = |s: &Self| s.out_of_time() || Instant::now() > s.seeds_until;
        'seeds: while tries < OTHER_SEEDS && !late(self) {
            tries += 1;
            let seed = line
                .seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(tries);
            for k in line.numeric() {
                let Some(value) = value_of(&line.template[k]).filter(|&v| v > 0) else {
                    continue;
                };
                if late(self) {
                    break 'seeds;
                }
                let mut candidate = line.with_value(k, value / 2);
                candidate.seed = seed;
                if let Some(trial) = self.try_line(&candidate)? {
                    (line, best) = self.bisect(candidate, k, trial)?;
                    tries = 0;
                    continue 'seeds;
                }
            }
        }
        Ok((line, best))
    }
}

/// A command line's arguments with a new seed: in place of `{seed}`, else as the value after
/// `--seed`, else appended as `--seed N`.
fn with_seed(args: &[String], seed: u64) -> Vec<String> {
    let mut args = args.to_vec();
    if let Some(a) = args.iter_mut().find(|a| a.contains("{seed}")) {
        *a = a.replace("{seed}", &seed.to_string());
    } else if let Some(k) = args.iter().position(|a| a == "--seed") {
        if k + 1 < args.len() {
            args[k + 1] = seed.to_string();
        } else {
            args.push(seed.to_string());
        }
    } else {
        args.extend(["--seed".to_string(), seed.to_string()]);
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_arguments_are_found_named_and_replaced() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let line = Line {
            name: "gen.py".into(),
            template: words("--n 200000 --max=1000 --seed {seed} 7 --mode x"),
            seed: 3,
        };
        assert_eq!(line.numeric(), [1, 2, 5]);
        assert_eq!(line.argument_name(1), "--n");
        assert_eq!(line.argument_name(2), "--max");
        assert_eq!(line.argument_name(5), "argument 6");
        assert_eq!(
            line.with_value(1, 2).with_value(2, 9).render(),
            "gen.py --n 2 --max=9 --seed 3 7 --mode x"
        );
        let seeded = Line {
            name: "g".into(),
            template: words("--seed 5 --n 4"),
            seed: 8,
        };
        assert_eq!(seeded.numeric(), [3]);
        assert_eq!(seeded.render(), "g --seed 8 --n 4");
    }
}
