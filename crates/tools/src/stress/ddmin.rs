//! Delta debugging (Zeller and Hildebrandt's ddmin): from a failing set of units (lines,
//! tokens), a smaller set that still fails, found by trying parts and complements at a finer
//! and finer granularity. Given time, the result is 1-minimal: removing any one unit makes the
//! failure go away.

/// The units of `0..n` that are kept: the smallest failing subset found before `out_of_time`.
/// `fails` is never asked about the full set (it is known to fail) nor about an empty one.
pub(super) fn ddmin(
    n: usize,
    fails: &mut dyn FnMut(&[usize]) -> anyhow::Result<bool>,
    out_of_time: &dyn Fn() -> bool,
) -> anyhow::Result<Vec<usize>> {
    let mut kept: Vec<usize> = (0..n).collect();
    let mut parts = 2;
    while kept.len() >= 2 && !out_of_time() {
        let chunks = split(&kept, parts);
        let mut progressed = false;
        for chunk in &chunks {
            if out_of_time() {
                return Ok(kept);
            }
            if fails(chunk)? {
                kept = chunk.clone();
                parts = 2;
                progressed = true;
                break;
            }
        }
        // With two parts, each complement is the other part, already tried.
        if !progressed && chunks.len() > 2 {
            for skip in 0..chunks.len() {
                if out_of_time() {
                    return Ok(kept);
                }
                let complement: Vec<usize> = chunks
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != skip)
                    .flat_map(|(_, c)| c.iter().copied())
                    .collect();
                if fails(&complement)? {
                    kept = complement;
                    parts = (chunks.len() - 1).max(2);
                    progressed = true;
                    break;
                }
            }
        }
        if !progressed {
            if parts >= kept.len() {
                break;
            }
            parts = (parts * 2).min(kept.len());
        }
    }
    Ok(kept)
}

/// `units` in `parts` consecutive chunks of nearly equal length.
fn split(units: &[usize], parts: usize) -> Vec<Vec<usize>> {
    let parts = parts.min(units.len()).max(1);
    (0..parts)
        .map(|p| units[p * units.len() / parts..(p + 1) * units.len() / parts].to_vec())
        .filter(|c| !c.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_two_units_that_fail_together_among_many() {
        let mut asked = 0;
        let kept = ddmin(
            100_000,
            &mut |set| {
                asked += 1;
                Ok(set.contains(&31_337) && set.contains(&77_000))
            },
            &|| false,
        )
        .unwrap();
        assert_eq!(kept, [31_337, 77_000]);
        assert!(asked < 300, "{asked} questions");
    }

    #[test]
    fn stops_when_time_is_out_with_what_it_has() {
        let kept = ddmin(10, &mut |_| Ok(true), &|| true).unwrap();
        assert_eq!(kept.len(), 10);
        let kept = ddmin(10, &mut |set| Ok(set.len() >= 3), &|| false).unwrap();
        assert_eq!(kept.len(), 3);
    }
}
