//! Mutants of a correct program: small, systematic syntactic changes (a relational operator's
//! boundary moved, `+` for `-`, a literal off by one, a clause or a `break` removed) made on the
//! program's syntax tree, so that judging each mutant on a package's tests measures how many
//! plausible mistakes the test data would catch.
//!
//! Parsing uses the tree-sitter grammars of Rust, C, C++ and Python; comments, strings, macro
//! bodies and input/output set-up are never mutated. The same source always gives the same
//! mutants in the same order.

pub mod add;
pub mod campaign;
mod operators;
pub mod syntax;

use std::ops::Range;

use anyhow::{Context, bail};
use serde::Serialize;

pub use syntax::Syntax;

/// The kinds of change, as named in reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Operator {
    /// `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`.
    Relational,
    /// `+` ↔ `-` (also in `+=` / `-=`).
    Arithmetic,
    /// An integer literal plus or minus one.
    Literal,
    /// An index expression plus or minus one.
    Index,
    /// `&&` ↔ `||` (`and` ↔ `or`).
    Logical,
    /// The condition of an `if` or `while` negated.
    Negate,
    /// One clause of a conjunction or disjunction removed.
    RemoveClause,
    /// A `break`, `continue`, early `return` or an `if` body removed.
    RemoveStatement,
    /// 0 ↔ 1, `true` ↔ `false`.
    Constant,
}

impl Operator {
    pub fn name(self) -> &'static str {
        match self {
            Operator::Relational => "relational",
            Operator::Arithmetic => "arithmetic",
            Operator::Literal => "literal",
            Operator::Index => "index",
            Operator::Logical => "logical",
            Operator::Negate => "negate",
            Operator::RemoveClause => "remove-clause",
            Operator::RemoveStatement => "remove-statement",
            Operator::Constant => "constant",
        }
    }
}

/// One proposed change: `span` of the source becomes `replacement`; `context` is the enclosing
/// expression or statement, shown before and after the change.
#[derive(Debug, Clone)]
pub(crate) struct Edit {
    operator: Operator,
    context: Range<usize>,
    span: Range<usize>,
    replacement: String,
    line: usize,
}

/// One mutant of a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// 1-based line of the change.
    pub line: usize,
    pub operator: Operator,
    /// The enclosing expression or statement before and after the change, on one line.
    pub before: String,
    pub after: String,
    span: Range<usize>,
    replacement: String,
}

impl Mutant {
    /// The mutated source.
    pub fn apply(&self, source: &str) -> String {
        let mut out = String::with_capacity(source.len() + self.replacement.len());
        out.push_str(&source[..self.span.start]);
        out.push_str(&self.replacement);
        out.push_str(&source[self.span.end..]);
        out
    }
}

/// Every mutant of `source`, in document order, without two that give the same program.
pub fn mutants(syntax: Syntax, source: &str) -> anyhow::Result<Vec<Mutant>> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&syntax.grammar())
        .context("loading the tree-sitter grammar")?;
    let tree = parser
        .parse(source, None)
        .context("the parser gave up on the source")?;
    if tree.root_node().has_error() {
        let at = first_error(tree.root_node()).map_or(0, |n| n.start_position().row + 1);
        bail!("the source does not parse as {syntax:?} (first error on line {at})");
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for edit in operators::propose(syntax, tree.root_node(), source) {
        if source[edit.span.clone()] == edit.replacement
            || !seen.insert((edit.span.clone(), edit.replacement.clone()))
        {
            continue;
        }
        out.push(describe(source, edit));
    }
    Ok(out)
}

fn first_error(node: tree_sitter::Node) -> Option<tree_sitter::Node> {
    if node.is_error() || node.is_missing() {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<_> = node.children(&mut cursor).collect();
    children.into_iter().find_map(first_error)
}

fn describe(source: &str, edit: Edit) -> Mutant {
    let context = &source[edit.context.clone()];
    let start = edit.span.start - edit.context.start;
    let end = edit.span.end - edit.context.start;
    let after = format!(
        "{}{}{}",
        &context[..start],
        edit.replacement,
        &context[end..]
    );
    Mutant {
        line: edit.line,
        operator: edit.operator,
        before: one_line(context),
        after: one_line(&after),
        span: edit.span,
        replacement: edit.replacement,
    }
}

/// Whitespace collapsed and long text cut in the middle, so a report row stays one line.
fn one_line(text: &str) -> String {
    const MAX: usize = 72;
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = flat.chars().collect();
    if chars.len() <= MAX {
        return flat;
    }
    let head: String = chars[..MAX / 2 - 2].iter().collect();
    let tail: String = chars[chars.len() - (MAX / 2 - 2)..].iter().collect();
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests;
