//! `--tests`: which tests a filter selects.

/// Whether a test name matches a `--tests` filter: comma-separated patterns, each a glob
/// (`*`, `?`, matched against the whole name; `*` crosses `/`) or, without glob characters, a
/// substring.
pub fn matches_filter(name: &str, filter: &str) -> bool {
    filter
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .any(|pattern| {
            if !pattern.contains(['*', '?']) {
                return name.contains(pattern);
            }
            // A pattern globset cannot read (an unclosed `[`) matches nothing.
            globset::Glob::new(pattern).is_ok_and(|glob| glob.compile_matcher().is_match(name))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters() {
        assert!(matches_filter("sample/1", "sample"));
        assert!(matches_filter("secret/none/03", "secret/none/*"));
        assert!(!matches_filter("secret/unique/03", "secret/none/*"));
        assert!(matches_filter("secret/unique/03", "none,unique"));
        assert!(matches_filter("sample/2", "sample/?"));
        assert!(!matches_filter("sample/12", "sample/?"));
        assert!(matches_filter("secret/a/b/1", "secret/*"));
    }
}
