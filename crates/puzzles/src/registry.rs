//! The registry of puzzle families: one [`Family`] entry per family, each written in the
//! family's own module (`checkers::FAMILY`, ...), and the lookups over [`FAMILIES`], the one
//! list of them (`families!` in `crates/puzzles/src/lib.rs`). The entries' types are
//! `leapfrog-registry`'s, so that the tools, which take a `Registry` value, never depend on
//! this crate.
//!
//! Everything that differs between families is reached through an entry: the problems a family
//! answers (solver, `--show` drawing, outcome classifier for `leapfrog generate`, and how a
//! failing input shrinks in `leapfrog stress`), the conditions its answers depend on, and its
//! counter (its generators are listed in `leapfrog-generators`, family by family). Commands look
//! names up here and never match on them, so adding a family means writing its entry and
//! adding its name to the list.

pub use super::FAMILIES;
pub use leapfrog_registry::{
    Conditions, CountError, CountFn, CountMethod, CountRequest, Family, Picture, Puzzle, ShrinkFn,
};

/// Every problem of every family, in `--list` order.
pub fn all() -> impl Iterator<Item = &'static Puzzle> {
    FAMILIES.iter().flat_map(|f| f.puzzles)
}

/// Looks a puzzle up by its command-line name.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    leapfrog_registry::find_in(FAMILIES, name)
}

/// The counter for a problem name, if its family has one.
pub fn counter(name: &str) -> Option<CountFn> {
    leapfrog_registry::counter_in(FAMILIES, name)
}

/// The problems whose family has a counter.
pub fn counted() -> impl Iterator<Item = &'static Puzzle> {
    FAMILIES
        .iter()
        .filter(|f| f.counter.is_some())
        .flat_map(|f| f.puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = all().map(|p| p.name).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "a name is registered twice: {names:?}");
    }

    #[test]
    fn lookups_find_every_entry() {
        for p in all() {
            assert!(std::ptr::eq(find(p.name).unwrap(), p));
        }
        assert!(find("no-such-puzzle").is_none());
        assert!(counter("pairs").is_some());
        assert!(counter("checkers").is_none());
    }
}
