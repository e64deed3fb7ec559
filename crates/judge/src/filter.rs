//! `--tests`: which tests a filter selects. The filter is compiled once, where the command line
//! is read, into a [`TestFilter`] that every later step matches test names with.

use globset::{Glob, GlobSet, GlobSetBuilder};

use leapfrog_package::{Package, TestCase};

/// A `--tests` filter, compiled: comma-separated patterns, each a glob (`*`, `?`, `[...]`,
/// matched against the whole name; `*` crosses `/`) or, without glob characters, a substring.
#[derive(Debug, Clone)]
pub struct TestFilter {
    /// The filter as given (for messages).
    text: String,
    globs: GlobSet,
    substrings: Vec<String>,
}

/// A `--tests` filter that cannot be read: a glob that would otherwise silently match nothing.
#[derive(Debug, thiserror::Error)]
#[error(
    "invalid pattern '{pattern}': {kind} (patterns are globs with * and ? and [...] classes, or plain substrings)"
)]
pub struct FilterError {
    pattern: String,
    kind: String,
}

impl TestFilter {
    /// Compiles a filter; fails naming the first glob that cannot be read.
    pub fn parse(text: &str) -> Result<TestFilter, FilterError> {
        let mut globs = GlobSetBuilder::new();
        let mut substrings = Vec::new();
        for pattern in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if !is_glob(pattern) {
                substrings.push(pattern.to_string());
                continue;
            }
            let glob = Glob::new(pattern).map_err(|err| FilterError {
                pattern: pattern.to_string(),
                kind: err.kind().to_string(),
            })?;
            globs.add(glob);
        }
        // Each glob was read above, so the set builds.
        let globs = globs.build().unwrap_or_else(|_| GlobSet::empty());
        Ok(TestFilter {
            text: text.to_string(),
            globs,
            substrings,
        })
    }

    /// Whether the filter selects the test named `name`.
    pub fn matches(&self, name: &str) -> bool {
        self.substrings.iter().any(|s| name.contains(s.as_str())) || self.globs.is_match(name)
    }

    /// The filter as given.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// Whether a pattern is read as a glob rather than a substring.
fn is_glob(pattern: &str) -> bool {
    pattern.contains(['*', '?', '[', '{'])
}

/// The package's tests that `filter` selects (all without one), in judging order.
pub fn selected_tests(
    package: &Package,
    filter: Option<&TestFilter>,
) -> Result<Vec<TestCase>, leapfrog_package::PackageError> {
    Ok(package
        .tests()?
        .into_iter()
        .filter(|t| filter.is_none_or(|f| f.matches(&t.name)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(name: &str, filter: &str) -> bool {
        TestFilter::parse(filter).unwrap().matches(name)
    }

    #[test]
    fn unreadable_globs_are_invalid_patterns() {
        let err = TestFilter::parse("sample,[").unwrap_err().to_string();
        assert!(err.starts_with("invalid pattern '['"), "{err}");
        assert_eq!(
            TestFilter::parse("secret/[ab]*").unwrap().as_str(),
            "secret/[ab]*"
        );
        assert!(matches("secret/a1", "secret/[ab]*"));
    }

    #[test]
    fn filters() {
        assert!(matches("sample/1", "sample"));
        assert!(matches("secret/none/03", "secret/none/*"));
        assert!(!matches("secret/unique/03", "secret/none/*"));
        assert!(matches("secret/unique/03", "none,unique"));
        assert!(matches("sample/2", "sample/?"));
        assert!(!matches("sample/12", "sample/?"));
        assert!(matches("secret/a/b/1", "secret/*"));
        assert!(matches("secret/x", "nothing, secret/*"));
        assert!(!matches("secret/x", " , "));
    }
}
