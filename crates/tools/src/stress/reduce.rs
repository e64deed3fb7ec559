//! Shrinking a failing input itself, when no generator command line can be shrunk any more (or
//! there was none: `stress --input`, a failing secret test): the puzzle's own reductions on a
//! small input, then delta debugging on lines, then on tokens (text that validators describe
//! only), then smaller numbers. Every candidate is written to a file and must pass the input
//! validators and fail the same way; a first-line count is fixed to match what is left.

use std::time::Instant;

use super::ddmin::ddmin;
use super::harness::{Case, Harness, Trial};
use super::layout::Layout;
use leapfrog_package::verdict::Verdict;
use leapfrog_registry::ShrinkFn;

/// Writes the candidate made of the kept units (with the count fixed or not) to a path.
type WriteUnits<'a> = dyn Fn(&[usize], bool, &std::path::Path) -> std::io::Result<()> + 'a;

/// Inputs up to this size get the puzzle's reductions, which make all their candidates at once.
const SHAPE_BYTES: usize = 4096;
/// Inputs up to this size get their numbers shrunk one by one.
const VALUE_BYTES: usize = 65_536;

/// Shrinks the input of a failing trial.
pub(super) struct Reducer<'h, 'a> {
    pub harness: &'h Harness<'a>,
    pub verdict: Verdict,
    pub deadline: Instant,
    /// Candidates accepted so far.
    pub steps: usize,
    /// The random tests tried before the failure, for the status shown while shrinking.
    pub tests: u64,
}

impl Reducer<'_, '_> {
    fn out_of_time(&self) -> bool {
        Instant::now() > self.deadline
    }

    /// The trial if the candidate written by `write` reproduces the failure.
    fn try_candidate(
        &mut self,
        write: &dyn Fn(&std::path::Path) -> std::io::Result<()>,
    ) -> anyhow::Result<Option<Trial>> {
        let case: Case = self.harness.new_case()?;
        write(&case.input())?;
        let found = self.harness.reproduces(case, self.verdict)?;
        if let Some(trial) = &found {
            self.steps += 1;
            self.harness.status("shrinking", self.tests, &trial.case);
        }
        Ok(found)
    }

    /// Runs every pass until none makes the input smaller or time is out.
    pub(super) fn reduce(
        &mut self,
        mut best: Trial,
        shape: Option<ShrinkFn>,
    ) -> anyhow::Result<Trial> {
        loop {
            let before = best.case.input_len();
            if let Some(shape) = shape.filter(|_| before <= SHAPE_BYTES) {
                best = self.shape_pass(best, shape)?;
            }
            best = self.lines_pass(best)?;
            let layout = Layout::read(&best.case.input())?;
            if layout.is_text() && self.harness.has_validators() {
                drop(layout);
                best = self.tokens_pass(best)?;
            }
            if shape.is_none() && best.case.input_len() <= VALUE_BYTES {
                best = self.values_pass(best)?;
            }
            if best.case.input_len() >= before || self.out_of_time() {
                return Ok(best);
            }
        }
    }

    /// The puzzle's reductions, the first candidate that still fails each time.
    fn shape_pass(&mut self, mut best: Trial, shape: ShrinkFn) -> anyhow::Result<Trial> {
        'smaller: loop {
            let input = std::fs::read(best.case.input())?;
            for candidate in shape(&input) {
                if self.out_of_time() {
                    break 'smaller;
                }
                if candidate.len() > input.len() || candidate == input {
                    continue;
                }
                if let Some(trial) = self.try_candidate(&|p| std::fs::write(p, &candidate))? {
                    best = trial;
                    continue 'smaller;
                }
            }
            break;
        }
        Ok(best)
    }

    /// Delta debugging on lines (binary inputs too).
    fn lines_pass(&mut self, best: Trial) -> anyhow::Result<Trial> {
        let layout = Layout::read(&best.case.input())?;
        let units = layout.line_units();
        let write = |kept: &[usize], fix: bool, path: &std::path::Path| {
            let lines: Vec<usize> = kept.iter().map(|&k| units[k]).collect();
            layout.write_lines(&lines, fix, path)
        };
        self.ddmin_pass(best, &layout, units.len(), &write)
    }

    /// Delta debugging on tokens.
    fn tokens_pass(&mut self, best: Trial) -> anyhow::Result<Trial> {
        let layout = Layout::read(&best.case.input())?;
        let units = layout.token_units();
        let write = |kept: &[usize], fix: bool, path: &std::path::Path| {
            let tokens: Vec<usize> = kept.iter().map(|&k| units[k]).collect();
            layout.write_tokens(&tokens, fix, path)
        };
        self.ddmin_pass(best, &layout, units.len(), &write)
    }

    /// Delta debugging over `n` units written by `write`: with a counting first line, each
    /// candidate is tried with the count fixed, and, where no validator would reject a count
    /// that no longer matches, also as it was.
    fn ddmin_pass(
        &mut self,
        best: Trial,
        layout: &Layout,
        n: usize,
        write: &WriteUnits<'_>,
    ) -> anyhow::Result<Trial> {
        let mut last: Option<Trial> = None;
        let deadline = self.deadline;
        let counted = layout.header.is_some() && !self.harness.has_validators();
        ddmin(
            n,
            &mut |kept| {
                let found = match self.try_candidate(&|p| write(kept, true, p))? {
                    Some(trial) => Some(trial),
                    None if counted => self.try_candidate(&|p| write(kept, false, p))?,
                    None => None,
                };
                let fails = found.is_some();
                if found.is_some() {
                    last = found;
                }
                Ok(fails)
            },
            &|| Instant::now() > deadline,
        )?;
        Ok(last.unwrap_or(best))
    }

    /// Each number made smaller (halved, then by smaller and smaller cuts) while it still fails.
    fn values_pass(&mut self, mut best: Trial) -> anyhow::Result<Trial> {
        let mut t = 0;
        let mut layout = Layout::read(&best.case.input())?;
        while t < layout.tokens.len() && !self.out_of_time() {
            let counted = layout.header.is_some() && layout.tokens[t].line == 0 && t == 0;
            let text = std::str::from_utf8(&layout.bytes[layout.tokens[t].bytes.clone()]).ok();
            let value = text
                .and_then(|s| s.parse::<u128>().ok())
                .filter(|_| !counted);
            let mut progressed = false;
            for smaller in value.map(smaller_values).unwrap_or_default() {
                if self.out_of_time() {
                    break;
                }
                let value = smaller.to_string();
                if let Some(trial) = self.try_candidate(&|p| layout.write_replaced(t, &value, p))? {
                    best = trial;
                    progressed = true;
                    break;
                }
            }
            if progressed {
                layout = Layout::read(&best.case.input())?;
            } else {
                t += 1;
            }
        }
        Ok(best)
    }
}

/// Smaller values for a number, largest cut first: 0, v/2, v - v/4, ..., v - 1, so that a
/// number shrinks towards a threshold in logarithmically many steps.
fn smaller_values(value: u128) -> Vec<u128> {
    let mut values = vec![0];
    let mut cut = value - value / 2;
    while cut > 0 {
        values.push(value - cut);
        cut /= 2;
    }
    values.push(value.saturating_sub(1));
    values.retain(|&v| v < value);
    values.dedup();
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_values_close_in_on_a_threshold() {
        assert_eq!(smaller_values(0), Vec::<u128>::new());
        assert_eq!(smaller_values(1), [0]);
        assert_eq!(smaller_values(10), [0, 5, 8, 9]);
        assert_eq!(smaller_values(15), [0, 7, 11, 13, 14]);
    }
}
