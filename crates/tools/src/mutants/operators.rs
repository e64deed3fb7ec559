//! The mutation operators: one walk over the syntax tree that proposes, at every node where an
//! operator applies, the edits it makes. Each edit replaces one byte range of the source.

use tree_sitter::Node;

use super::syntax::Syntax;
use super::{Edit, Operator};

/// Every edit the operators propose for one parsed source, in document order.
pub(super) fn propose(syntax: Syntax, root: Node, source: &str) -> Vec<Edit> {
    let mut walk = Walk {
        syntax,
        source,
        edits: Vec::new(),
    };
    walk.visit(root, false);
    walk.edits
}

struct Walk<'s> {
    syntax: Syntax,
    source: &'s str,
    edits: Vec<Edit>,
}

impl<'s> Walk<'s> {
    fn visit(&mut self, node: Node, in_branch: bool) {
        if self.syntax.is_skipped(node, self.source) {
            return;
        }
        self.at(node, in_branch);
        let in_branch = in_branch || self.syntax.is_branching(node.kind());
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            self.visit(child, in_branch);
        }
    }

    fn at(&mut self, node: Node, in_branch: bool) {
        let kind = node.kind();
        let s = self.syntax;
        if s.is_binary(kind) {
            self.binary(node);
        } else if kind == "comparison_operator" {
            self.comparison(node);
        } else if s.is_index(kind) {
            self.index(node);
        } else if s.is_conditional(kind) {
            self.conditional(node);
        } else if s.is_jump(kind) || (s.is_return(kind) && in_branch) {
            self.remove(node, Operator::RemoveStatement);
        } else if s.is_integer(kind) {
            self.integer(node);
        } else if s.is_boolean(kind) {
            self.boolean(node);
        }
    }

    fn text(&self, node: Node) -> &'s str {
        &self.source[node.byte_range()]
    }

    fn push(&mut self, operator: Operator, context: Node, target: Node, replacement: String) {
        self.edits.push(Edit {
            operator,
            context: context.byte_range(),
            span: target.byte_range(),
            replacement,
            line: target.start_position().row + 1,
        });
    }

    fn binary(&mut self, node: Node) {
        let Some(op) = node.child_by_field_name("operator") else {
            return;
        };
        let text = self.text(op).to_string();
        if let Some(swapped) = swapped_relational(&text) {
            self.push(Operator::Relational, node, op, swapped.into());
        } else if let Some(swapped) = swapped_arithmetic(&text) {
            self.push(Operator::Arithmetic, node, op, swapped.into());
        } else if let Some(swapped) = swapped_logical(&text) {
            self.push(Operator::Logical, node, op, swapped.into());
            self.remove_clauses(node);
        }
    }

    /// `a && b` becomes `a`, and `b`.
    fn remove_clauses(&mut self, node: Node) {
        for field in ["left", "right"] {
            if let Some(side) = node.child_by_field_name(field) {
                let kept = self.text(side).to_string();
                self.push(Operator::RemoveClause, node, node, kept);
            }
        }
    }

    /// Python chains comparisons (`a < b <= c`); each operator is mutated on its own.
    fn comparison(&mut self, node: Node) {
        let mut cursor = node.walk();
        let ops: Vec<Node> = node
            .children_by_field_name("operators", &mut cursor)
            .collect();
        for op in ops {
            if let Some(swapped) = swapped_relational(self.text(op)) {
                self.push(Operator::Relational, node, op, swapped.into());
            }
        }
    }

    fn index(&mut self, node: Node) {
        let Some(index) = self.syntax.index_of(node) else {
            return;
        };
        let text = self.text(index).to_string();
        for delta in ["+ 1", "- 1"] {
            self.push(Operator::Index, node, index, format!("({text}) {delta}"));
        }
    }

    fn conditional(&mut self, node: Node) {
        if let Some(condition) = self.syntax.condition_of(node) {
            let negated = self.syntax.negate(self.text(condition));
            self.push(Operator::Negate, condition, condition, negated);
        }
        let is_if = node.kind().starts_with("if") || node.kind() == "elif_clause";
        if let (true, Some(body)) = (is_if, node.child_by_field_name("consequence")) {
            let empty = self.syntax.empty_block().to_string();
            if self.text(body).trim() != empty {
                self.push(Operator::RemoveStatement, body, body, empty);
            }
        }
    }

    fn remove(&mut self, node: Node, operator: Operator) {
        let empty = match self.syntax {
            // `break` is an expression in Rust: the unit value keeps any surrounding `;` valid.
            Syntax::Rust if node.kind() != "return_expression" => "()",
            syntax => syntax.empty_statement(),
        };
        let target = match node.parent() {
            Some(p) if p.kind() == "expression_statement" && node.kind() == "return_expression" => {
                p
            }
            _ => node,
        };
        self.push(operator, target, target, empty.to_string());
    }

    fn integer(&mut self, node: Node) {
        let text = self.text(node);
        let Some((value, suffix)) = decimal(text) else {
            return;
        };
        let mut out = Vec::new();
        match value {
            0 => out.push((Operator::Constant, 1)),
            1 => out.push((Operator::Constant, 0)),
            _ => {}
        }
        if value >= 1 {
            out.push((Operator::Literal, value + 1));
            if value >= 2 {
                out.push((Operator::Literal, value - 1));
            }
        }
        for (operator, new) in out {
            self.push(operator, node, node, format!("{new}{suffix}"));
        }
    }

    fn boolean(&mut self, node: Node) {
        let flipped = match self.text(node) {
            "true" => "false",
            "false" => "true",
            "True" => "False",
            "False" => "True",
            _ => return,
        };
        self.push(Operator::Constant, node, node, flipped.to_string());
    }
}

fn swapped_relational(op: &str) -> Option<&'static str> {
    Some(match op {
        "<" => "<=",
        "<=" => "<",
        ">" => ">=",
        ">=" => ">",
        "==" => "!=",
        "!=" => "==",
        _ => return None,
    })
}

fn swapped_arithmetic(op: &str) -> Option<&'static str> {
    Some(match op {
        "+" => "-",
        "-" => "+",
        "+=" => "-=",
        "-=" => "+=",
        _ => return None,
    })
}

fn swapped_logical(op: &str) -> Option<&'static str> {
    Some(match op {
        "&&" => "||",
        "||" => "&&",
        "and" => "or",
        "or" => "and",
        _ => return None,
    })
}

/// A plain decimal literal's value and type suffix (`10u64` → (10, "u64"), `5LL` → (5, "LL")).
/// Hexadecimal, octal, binary and floating-point literals are left alone.
fn decimal(text: &str) -> Option<(u128, &str)> {
    let digits_end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
        .unwrap_or(text.len());
    let (digits, suffix) = text.split_at(digits_end);
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) || !integer_suffix(suffix)
    {
        return None;
    }
    let value: u128 = digits.replace('_', "").parse().ok()?;
    Some((value, suffix))
}

/// Rust's integer type suffixes and C's `u` / `l` combinations; anything else (`x1f`, `.5`,
/// `e9`, `f64`) is not a plain decimal integer.
fn integer_suffix(suffix: &str) -> bool {
    let rust = ["u", "i"].iter().any(|sign| {
        suffix
            .strip_prefix(sign)
            .is_some_and(|bits| ["8", "16", "32", "64", "128", "size"].contains(&bits))
    });
    let c = suffix.len() <= 3 && suffix.chars().all(|ch| matches!(ch, 'u' | 'U' | 'l' | 'L'));
    rust || c
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn decimal_literals_keep_their_suffix_and_leave_other_bases_alone() {
        assert_eq!(decimal("10u64"), Some((10, "u64")));
        assert_eq!(decimal("1_000"), Some((1000, "")));
        assert_eq!(decimal("5LL"), Some((5, "LL")));
        assert_eq!(decimal("0x1f"), None);
        assert_eq!(decimal("1.5"), None);
        assert_eq!(decimal("2e9"), None);
        assert_eq!(decimal("3f64"), None);
        assert_eq!(decimal("017"), None);
    }
}
