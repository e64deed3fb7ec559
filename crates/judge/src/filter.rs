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
            if !is_glob(pattern) {
                return name.contains(pattern);
            }
            // A pattern globset cannot read (an unclosed `[`) matches nothing.
            globset::Glob::new(pattern).is_ok_and(|glob| glob.compile_matcher().is_match(name))
        })
}

/// Whether a pattern is read as a glob rather than a substring.
fn is_glob(pattern: &str) -> bool {
    pattern.contains(['*', '?', '[', '{'])
}

/// Checks a `--tests` filter when it is given: a glob that cannot be read is an error, not a
/// filter that silently matches nothing.
pub fn parse_filter(filter: &str) -> Result<String, String> {
    for pattern in filter.split(',').map(str::trim).filter(|p| is_glob(p)) {
        if let Err(err) = globset::Glob::new(pattern) {
            return Err(format!(
                "invalid pattern '{pattern}': {} (patterns are globs with * and ? and [...] classes, or plain substrings)",
                err.kind()
            ));
        }
    }
    Ok(filter.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_globs_are_invalid_patterns() {
        let err = parse_filter("sample,[").unwrap_err();
        assert!(err.starts_with("invalid pattern '['"), "{err}");
        assert_eq!(parse_filter("secret/[ab]*").unwrap(), "secret/[ab]*");
        assert!(matches_filter("secret/a1", "secret/[ab]*"));
    }

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
