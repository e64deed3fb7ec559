//! The page of `leapfrog status --html`: one table, a row per problem, in the report page's
//! style (its style sheet, inline; no script, so it opens anywhere).

use super::page::{STYLE, escape};

/// Extra rules for the status table.
const STATUS_STYLE: &str = "table.status { border-collapse: collapse; margin: 6px 14px; }\n\
table.status th, table.status td { border-bottom: 1px solid #dee2e6; padding: 3px 8px; text-align: left; vertical-align: top; }\n\
table.status th { background: #f8f9fa; position: sticky; top: 0; }\n\
td.num { text-align: right; font-variant-numeric: tabular-nums; }\n\
td.missing { color: var(--wa); } td.complete { color: var(--ac); }\n";

/// The page for `status --json`'s object (`title`, `problems`: see the status command).
pub fn build(status: &serde_json::Value) -> String {
    let title = status["title"].as_str().unwrap_or("status");
    let problems = status["problems"].as_array().cloned().unwrap_or_default();
    let complete = problems
        .iter()
        .filter(|p| p["missing"].as_array().is_some_and(|m| m.is_empty()))
        .count();
    let mut rows = String::new();
    for p in &problems {
        rows.push_str(&row(p));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<title>status · {title}</title>\n<style>\n{STYLE}{STATUS_STYLE}</style>\n</head>\n<body>\n\
<header><h1>status · {title} <span class=\"{}\">{complete} of {} complete</span></h1>\n\
<p class=\"hint\">Made by <code>leapfrog status --html</code>; time limits marked inferred are \
found by <code>leapfrog verify</code>.</p></header>\n\
<table class=\"status\" id=\"status\">\n<thead><tr><th>problem</th><th>samples</th><th>secret</th>\
<th>submissions</th><th>validators</th><th>time limit</th><th>generated data</th><th>missing</th>\
</tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n</body>\n</html>\n",
        if complete == problems.len() {
            "ok"
        } else {
            "bad"
        },
        problems.len(),
        title = escape(title),
    )
}

/// One problem's row.
fn row(p: &serde_json::Value) -> String {
    let text = |key: &str| escape(p[key].as_str().unwrap_or(""));
    let num = |key: &str| p[key].as_u64().map_or(String::from("–"), |n| n.to_string());
    if let Some(error) = p["error"].as_str() {
        return format!(
            "<tr data-problem=\"{}\"><td>{} {}</td><td colspan=\"7\" class=\"missing\">{}</td></tr>\n",
            text("problem"),
            text("label"),
            text("problem"),
            escape(error)
        );
    }
    let submissions: Vec<String> = p["submissions"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| format!("{} {}", escape(k), v))
                .collect()
        })
        .unwrap_or_default();
    let missing: Vec<String> = p["missing"]
        .as_array()
        .map(|m| m.iter().filter_map(|v| v.as_str().map(escape)).collect())
        .unwrap_or_default();
    let validators = &p["validators"];
    format!(
        "<tr data-problem=\"{}\"><td>{} {}<br><span class=\"hint\">{}</span></td>\
<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{} input, {} answer, output: {}</td>\
<td>{} s<br><span class=\"hint\">{}</span></td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
        text("problem"),
        text("label"),
        text("problem"),
        text("name"),
        num("samples"),
        num("secret"),
        submissions.join("<br>"),
        validators["input"],
        validators["answer"],
        escape(validators["output"].as_str().unwrap_or("")),
        p["time_limit"]["seconds"],
        escape(p["time_limit"]["how"].as_str().unwrap_or("")),
        escape(&p["data"].as_str().unwrap_or("").replace('_', " ")),
        if missing.is_empty() {
            "complete"
        } else {
            "missing"
        },
        if missing.is_empty() {
            "nothing".to_string()
        } else {
            missing.join("<br>")
        },
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_has_a_row_per_problem_and_escapes_names() {
        let status = serde_json::json!({
            "title": "a<b",
            "problems": [
                {"label": "A", "problem": "x", "name": "X & Y", "samples": 1, "secret": 2,
                 "submissions": {"AC": 1}, "validators": {"input": 1, "answer": 0, "output": "default"},
                 "time_limit": {"seconds": 1.0, "how": "problem.yaml"}, "data": "up_to_date", "missing": []},
                {"label": "B", "problem": "y", "error": "broken"}
            ]
        });
        let html = super::build(&status);
        assert_eq!(html.matches("<tr data-problem").count(), 2);
        assert!(html.contains("X &amp; Y") && html.contains("a&lt;b"));
        assert!(html.contains("1 of 2 complete"));
    }
}
