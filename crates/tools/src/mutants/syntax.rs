//! What the mutator needs to know of each language's syntax tree: the tree-sitter grammar, and
//! the names its nodes and fields go by. The walk in `super::operators` is the same for every
//! language; only these tables differ.

use tree_sitter::{Language, Node};

/// A language the mutator can parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    Rust,
    C,
    Cpp,
    Python,
}

impl Syntax {
    /// The syntax of a source file, from its extension (the judge's own extensions).
    pub fn of_file(name: &str) -> Option<Syntax> {
        let ext = name.rsplit_once('.')?.1;
        Some(match ext {
            "rs" => Syntax::Rust,
            "c" => Syntax::C,
            "cpp" | "cc" | "cxx" | "c++" | "C" => Syntax::Cpp,
            "py" | "py3" => Syntax::Python,
            _ => return None,
        })
    }

    pub fn grammar(self) -> Language {
        match self {
            Syntax::Rust => tree_sitter_rust::LANGUAGE.into(),
            Syntax::C => tree_sitter_c::LANGUAGE.into(),
            Syntax::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Syntax::Python => tree_sitter_python::LANGUAGE.into(),
        }
    }

    /// Nodes whose whole subtree is left alone: comments, string and character literals, and
    /// the input/output plumbing whose mutants every test rejects at once (or none can).
    pub fn is_skipped(self, node: Node, source: &str) -> bool {
        let kind = node.kind();
        if kind.contains("comment") || kind.contains("string") || kind.contains("char_literal") {
            return true;
        }
        match self {
            // Macro bodies are unparsed token trees; the print family is formatting anyway.
            Syntax::Rust => kind == "macro_invocation" || kind == "attribute_item",
            Syntax::C | Syntax::Cpp => {
                kind == "preproc_include"
                    || kind == "preproc_def"
                    || (kind == "call_expression" && calls_plumbing(node, source))
            }
            Syntax::Python => kind == "call" && calls_plumbing(node, source),
        }
    }

    /// The text a removed statement becomes.
    pub fn empty_statement(self) -> &'static str {
        match self {
            Syntax::Rust => "",
            Syntax::C | Syntax::Cpp => ";",
            Syntax::Python => "pass",
        }
    }

    /// The text an emptied `if` body becomes.
    pub fn empty_block(self) -> &'static str {
        match self {
            Syntax::Python => "pass",
            _ => "{}",
        }
    }

    /// `condition` negated.
    pub fn negate(self, condition: &str) -> String {
        match self {
            Syntax::Python => format!("not ({condition})"),
            _ => format!("!({condition})"),
        }
    }

    /// Binary expressions whose operator this language spells in an `operator` field.
    pub fn is_binary(self, kind: &str) -> bool {
        matches!(
            kind,
            "binary_expression"
                | "binary_operator"
                | "boolean_operator"
                | "compound_assignment_expr"
                | "assignment_expression"
                | "augmented_assignment"
        )
    }

    pub fn is_index(self, kind: &str) -> bool {
        matches!(
            kind,
            "index_expression" | "subscript_expression" | "subscript"
        )
    }

    /// The index inside an index expression (`i` in `a[i]`), when there is exactly one.
    pub fn index_of(self, node: Node<'_>) -> Option<Node<'_>> {
        let index = match self {
            Syntax::Rust => node.named_child(1)?,
            Syntax::C => node.child_by_field_name("index")?,
            Syntax::Cpp => {
                let list = node.child_by_field_name("indices")?;
                if list.named_child_count() != 1 {
                    return None;
                }
                list.named_child(0)?
            }
            Syntax::Python => {
                let mut cursor = node.walk();
                let mut subs = node.children_by_field_name("subscript", &mut cursor);
                let first = subs.next()?;
                if subs.next().is_some() {
                    return None;
                }
                first
            }
        };
        (index.kind() != "slice" && index.kind() != "range_expression").then_some(index)
    }

    pub fn is_conditional(self, kind: &str) -> bool {
        matches!(
            kind,
            "if_expression"
                | "if_statement"
                | "elif_clause"
                | "while_expression"
                | "while_statement"
        )
    }

    /// The condition expression of an `if` or `while`, without the parentheses C puts round it.
    pub fn condition_of(self, node: Node<'_>) -> Option<Node<'_>> {
        let condition = node.child_by_field_name("condition")?;
        let inner = match condition.kind() {
            "parenthesized_expression" => condition.named_child(0)?,
            "condition_clause" => condition.child_by_field_name("value")?,
            "let_condition" | "let_chain" => return None,
            _ => condition,
        };
        (inner.kind() != "declaration" && inner.kind() != "comment").then_some(inner)
    }

    pub fn is_jump(self, kind: &str) -> bool {
        matches!(
            kind,
            "break_expression" | "break_statement" | "continue_expression" | "continue_statement"
        )
    }

    pub fn is_return(self, kind: &str) -> bool {
        matches!(kind, "return_expression" | "return_statement")
    }

    pub fn is_integer(self, kind: &str) -> bool {
        matches!(kind, "integer_literal" | "number_literal" | "integer")
    }

    pub fn is_boolean(self, kind: &str) -> bool {
        matches!(kind, "boolean_literal" | "true" | "false")
    }

    /// Loops and branches: a `return` inside one of them is an early return.
    pub fn is_branching(self, kind: &str) -> bool {
        self.is_conditional(kind)
            || matches!(
                kind,
                "for_expression"
                    | "for_statement"
                    | "for_range_loop"
                    | "loop_expression"
                    | "do_statement"
                    | "match_arm"
                    | "case_statement"
                    | "else_clause"
            )
    }
}

/// Calls of input/output set-up functions (buffer sizes, stream ties, precision, recursion
/// limits): mutating their arguments changes nothing a test can see, or everything at once.
fn calls_plumbing(node: Node, source: &str) -> bool {
    let Some(function) = node.child_by_field_name("function") else {
        return false;
    };
    let name = &source[function.byte_range()];
    let last = name.rsplit(['.', ':']).next().unwrap_or(name);
    matches!(
        last,
        "setvbuf"
            | "sync_with_stdio"
            | "tie"
            | "setprecision"
            | "setw"
            | "reserve"
            | "with_capacity"
            | "setrecursionlimit"
    )
}
