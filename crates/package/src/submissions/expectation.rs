//! What a submission is expected to get: a list of rules, each a set of permitted verdicts and
//! a set of required ones over some of the tests (the 2025-09 format's model), and optionally
//! DOMjudge's list of acceptable final results. Checked against the verdicts of the tests
//! judged so far, in test order.

use crate::verdict::Verdict;

/// A set of test verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VerdictSet(u16);

/// The verdicts a rule may name, in the order they are printed.
const ORDER: [Verdict; 7] = [
    Verdict::Ac,
    Verdict::Wa,
    Verdict::Tle,
    Verdict::Rte,
    Verdict::Mle,
    Verdict::Ole,
    Verdict::Ce,
];

impl VerdictSet {
    pub fn of(verdicts: &[Verdict]) -> VerdictSet {
        let mut set = VerdictSet::default();
        for v in verdicts {
            set.insert(*v);
        }
        set
    }

    pub fn insert(&mut self, v: Verdict) {
        self.0 |= 1 << (v as u16);
    }

    pub fn contains(self, v: Verdict) -> bool {
        self.0 & (1 << (v as u16)) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The verdicts in both sets.
    pub fn and(self, other: VerdictSet) -> VerdictSet {
        VerdictSet(self.0 & other.0)
    }

    /// The verdicts in either set.
    pub fn or(self, other: VerdictSet) -> VerdictSet {
        VerdictSet(self.0 | other.0)
    }

    /// The verdicts of this set that are not in `other`.
    pub fn without(self, other: VerdictSet) -> VerdictSet {
        VerdictSet(self.0 & !other.0)
    }

    /// Whether every verdict of this set is in `other`.
    pub fn is_subset(self, other: VerdictSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The verdicts in the set, in the order they are printed.
    pub fn verdicts(self) -> impl Iterator<Item = Verdict> {
        ORDER.into_iter().filter(move |v| self.contains(*v))
    }

    /// Reads one name of the 2025-09 format (`AC`, `WA`, `TLE`, `RTE`) or leapfrog's own
    /// (`MLE`, `OLE`) into the set. The format's `RTE` covers leapfrog's MLE and OLE, which it
    /// has no name for (a program killed for its memory or its output failed at run time).
    pub fn add_spec_name(&mut self, name: &str) -> Result<(), String> {
        let verdicts: &[Verdict] = match name {
            "AC" => &[Verdict::Ac],
            "WA" => &[Verdict::Wa],
            "TLE" => &[Verdict::Tle],
            "RTE" => &[Verdict::Rte, Verdict::Mle, Verdict::Ole],
            "MLE" => &[Verdict::Mle],
            "OLE" => &[Verdict::Ole],
            _ => {
                return Err(format!(
                    "unknown verdict `{name}` (the format's are AC, WA, TLE, RTE; leapfrog also reads MLE, OLE)"
                ));
            }
        };
        for v in verdicts {
            self.insert(*v);
        }
        Ok(())
    }

    /// Reads one result name as DOMjudge spells it in `@EXPECTED_RESULTS@:` (any case, `-` or
    /// `_`): CORRECT, WRONG-ANSWER, NO-OUTPUT, TIMELIMIT, RUN-ERROR, MEMORY-LIMIT,
    /// OUTPUT-LIMIT, COMPILER-ERROR (and the format's long names).
    pub fn add_domjudge_name(&mut self, name: &str) -> Result<(), String> {
        let key = name.trim().to_ascii_uppercase().replace('_', "-");
        let verdicts: &[Verdict] = match key.as_str() {
            "CORRECT" | "ACCEPTED" | "AC" => &[Verdict::Ac],
            "WRONG-ANSWER" | "NO-OUTPUT" | "WA" => &[Verdict::Wa],
            "TIMELIMIT" | "TIME-LIMIT" | "TIME-LIMIT-EXCEEDED" | "TLE" => &[Verdict::Tle],
            "RUN-ERROR" | "RUN-TIME-ERROR" | "RTE" => &[Verdict::Rte, Verdict::Mle, Verdict::Ole],
            "MEMORY-LIMIT" | "MLE" => &[Verdict::Mle],
            "OUTPUT-LIMIT" | "OLE" => &[Verdict::Ole],
            "COMPILER-ERROR" | "COMPILE-ERROR" | "CE" => &[Verdict::Ce],
            _ => {
                return Err(format!(
                    "unknown result `{}` (DOMjudge's are CORRECT, WRONG-ANSWER, NO-OUTPUT, TIMELIMIT, RUN-ERROR, MEMORY-LIMIT, OUTPUT-LIMIT, COMPILER-ERROR)",
                    name.trim()
                ));
            }
        };
        for v in verdicts {
            self.insert(*v);
        }
        Ok(())
    }

    /// `AC`, `RTE|TLE|WA`: the codes in the set, `RTE` standing for MLE and OLE when all three
    /// are in.
    pub fn label(self) -> String {
        let rte_class = self.contains(Verdict::Rte)
            && self.contains(Verdict::Mle)
            && self.contains(Verdict::Ole);
        ORDER
            .iter()
            .filter(|v| self.contains(**v))
            .filter(|v| !(rte_class && matches!(v, Verdict::Mle | Verdict::Ole)))
            .map(|v| v.code())
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Whether a rule's submissions bound the time limit (the format's `use_for_time_limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimitUse {
    /// Not used, whatever the verdicts say.
    No,
    /// A lower bound: the slowest test this rule covers × `ac_to_time_limit`.
    Lower,
    /// An upper bound: the slowest test this rule covers ÷ `time_limit_to_tle`.
    Upper,
}

/// Which tests a rule covers.
#[derive(Debug, Clone)]
pub enum TestScope {
    All,
    /// Tests whose name, or one of whose groups (`secret/group1`), a glob matches.
    Matching {
        pattern: String,
        glob: globset::GlobMatcher,
    },
}

impl TestScope {
    pub fn covers(&self, test: &str) -> bool {
        match self {
            TestScope::All => true,
            TestScope::Matching { glob, .. } => {
                let mut name = test;
                loop {
                    if glob.is_match(name) {
                        return true;
                    }
                    match name.rfind('/') {
                        Some(i) => name = &name[..i],
                        None => return false,
                    }
                }
            }
        }
    }
}

/// One rule: over the tests of its scope, every verdict in `permitted` and at least one in
/// `required`.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Where the rule comes from, for messages: `folder wrong_answer`, `submissions.yaml
    /// 'accepted/*'`.
    pub origin: String,
    pub tests: TestScope,
    pub permitted: Option<VerdictSet>,
    pub required: Option<VerdictSet>,
    /// Text that some test's checker message must contain.
    pub message: Option<String>,
    /// `use_for_time_limit` as written, when it was.
    pub time_limit_use: Option<TimeLimitUse>,
}

impl Rule {
    /// How the rule bounds the time limit: as written, else as the format infers it (`required`
    /// exactly TLE: upper bound; `permitted` without TLE: lower bound).
    pub fn time_limit_use(&self) -> TimeLimitUse {
        if let Some(u) = self.time_limit_use {
            return u;
        }
        let only_tle = VerdictSet::of(&[Verdict::Tle]);
        if self.required == Some(only_tle) {
            TimeLimitUse::Upper
        } else if self.permitted.is_some_and(|p| !p.contains(Verdict::Tle)) {
            TimeLimitUse::Lower
        } else {
            TimeLimitUse::No
        }
    }
}

/// Everything a submission is expected to get.
#[derive(Debug, Clone, Default)]
pub struct Expectation {
    pub rules: Vec<Rule>,
    /// DOMjudge's `@EXPECTED_RESULTS@:`: the final verdict (the first test that is not AC, in
    /// test order) must be one of these.
    pub final_verdicts: Option<(String, VerdictSet)>,
    /// `score` from submissions.yaml, kept as written for scoring problems (not checked here).
    pub score: Option<serde_yaml_ng::Value>,
}

/// The verdicts judged so far, in test order: `(test name, verdict)`.
pub type Judged<'a> = [(&'a str, Verdict)];

impl Expectation {
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty() && self.final_verdicts.is_none()
    }

    /// A short name for tables and `verify --json`'s `expected`: `AC` for programs that must
    /// pass every test, else the verdicts required (`WA`, `RTE|TLE|WA`), DOMjudge's list, or
    /// what is permitted.
    pub fn label(&self) -> String {
        if self.must_pass_everything() {
            return "AC".to_string();
        }
        if let Some((_, set)) = &self.final_verdicts {
            return set.label();
        }
        let mut required = VerdictSet::default();
        let mut permitted = VerdictSet::default();
        for rule in &self.rules {
            if let Some(r) = rule.required {
                required.0 |= r.0;
            }
            if let Some(p) = rule.permitted {
                permitted.0 |= p.0;
            }
        }
        if !required.is_empty() {
            required.label()
        } else if !permitted.is_empty() {
            permitted.label()
        } else {
            "any".to_string()
        }
    }

    /// Whether the submission must be accepted on every test (an accepted program).
    pub fn must_pass_everything(&self) -> bool {
        let ac = VerdictSet::of(&[Verdict::Ac]);
        let rule = self
            .rules
            .iter()
            .any(|r| matches!(r.tests, TestScope::All) && r.permitted == Some(ac));
        let fin = self.final_verdicts.as_ref().is_none_or(|(_, s)| *s == ac);
        (rule || self.rules.is_empty() && self.final_verdicts.is_some()) && fin
    }

    /// Checks a finished run: `Err` names the first rule broken and how. `messages` gives each
    /// judged test's checker message, for `message:` rules.
    pub fn check(&self, judged: &Judged, messages: &[&str]) -> Result<(), String> {
        if let Some((origin, set)) = &self.final_verdicts {
            let last = Verdict::first_failure(judged.iter().map(|(_, v)| *v));
            if !set.contains(last) {
                return Err(format!(
                    "{origin}: the result is {last}, not {}",
                    set.label().replace('|', " or ")
                ));
            }
        }
        for rule in &self.rules {
            let covered: Vec<usize> = (0..judged.len())
                .filter(|&i| rule.tests.covers(judged[i].0))
                .collect();
            if covered.is_empty() {
                continue;
            }
            if let Some(permitted) = rule.permitted
                && let Some(&i) = covered.iter().find(|&&i| !permitted.contains(judged[i].1))
            {
                let (name, verdict) = judged[i];
                // The checker's words on that test, so the setter sees why without a rerun.
                let why = messages
                    .get(i)
                    .and_then(|m| m.lines().find(|l| !l.trim().is_empty()))
                    .map(|line| {
                        let short: String = line.trim().chars().take(160).collect();
                        format!(" ({short})")
                    })
                    .unwrap_or_default();
                return Err(format!(
                    "{verdict} on {name}{why}, which {} does not permit (only {})",
                    rule.origin,
                    permitted.label().replace('|', ", ")
                ));
            }
            if let Some(required) = rule.required
                && !covered.iter().any(|&i| required.contains(judged[i].1))
            {
                return Err(format!(
                    "never rejected as {} ({})",
                    required.label().replace('|', " or "),
                    rule.origin
                ));
            }
            if let Some(text) = &rule.message
                && !covered
                    .iter()
                    .any(|&i| messages.get(i).is_some_and(|m| m.contains(text.as_str())))
            {
                return Err(format!(
                    "no judge message contains '{text}' ({})",
                    rule.origin
                ));
            }
        }
        Ok(())
    }

    /// Whether the last test judged settles the run as the anchors judge it: it is the first
    /// that is not accepted (BAPCtools runs a submission until then, problemtools stops there
    /// too), and every rule covers every test and asks for no judge message, so that the
    /// verdicts so far decide. `verify --all-tests` runs on.
    pub fn settled_by_first_failure(&self, judged: &Judged) -> bool {
        let Some(&(_, last)) = judged.last() else {
            return false;
        };
        last != Verdict::Ac
            && judged[..judged.len() - 1]
                .iter()
                .all(|(_, v)| *v == Verdict::Ac)
            && self
                .rules
                .iter()
                .all(|r| matches!(r.tests, TestScope::All) && r.message.is_none())
    }

    /// Whether judging may stop after these tests: a rule is already broken, or every rule is
    /// met and none could be broken by a later test.
    pub fn settled(&self, judged: &Judged) -> bool {
        let broken = self.rules.iter().any(|rule| {
            rule.permitted.is_some_and(|p| {
                judged
                    .iter()
                    .any(|(name, v)| rule.tests.covers(name) && !p.contains(*v))
            })
        });
        let first_failure = judged.iter().map(|(_, v)| *v).find(|v| *v != Verdict::Ac);
        let final_known = match (&self.final_verdicts, first_failure) {
            (None, _) => Some(true),
            (Some((_, set)), Some(v)) => Some(set.contains(v)),
            (Some(_), None) => None,
        };
        if broken || final_known == Some(false) {
            return true;
        }
        let met = self.rules.iter().all(|rule| {
            rule.permitted.is_none()
                && rule.message.is_none()
                && rule.required.is_none_or(|r| {
                    judged
                        .iter()
                        .any(|(name, v)| rule.tests.covers(name) && r.contains(*v))
                })
        });
        met && final_known == Some(true) && !self.is_empty()
    }
}
