//! The name a setter most likely meant by one no reader knows: the one place that measures a
//! slip (`acepted`, `start_tme`, `raito`), so that every "did you mean" of the package model
//! counts slips alike.

/// The candidate at most `most` slips from `word` (insertions, deletions, substitutions or
/// swaps of neighbours, case ignored), the nearest, the first of equals.
pub(crate) fn nearest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    most: usize,
) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&word, &c.to_lowercase()), c))
        .filter(|(distance, _)| *distance <= most)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn the_nearest_within_reach_first_of_equals() {
        let known = ["accepted", "wrong_answer", "time_limit_exceeded"];
        assert_eq!(nearest("acepted", known, 2), Some("accepted"));
        assert_eq!(nearest("ACCEPTD", known, 2), Some("accepted"));
        assert_eq!(nearest("slow", known, 2), None);
        assert_eq!(nearest("ab", ["ax", "xb"], 1), Some("ax"));
    }
}
