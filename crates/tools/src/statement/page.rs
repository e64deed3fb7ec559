//! The standalone statement page: one HTML file with its style, pictures (inline SVG), formulas
//! (MathML) and samples inside, so it opens from disk with no network and no other files. Each
//! sample has a Copy button that puts the exact file text on the clipboard.

use super::{Sample, Statement, html, samples};
use leapfrog_package::Package;
use leapfrog_registry::Registry;
use leapfrog_render::svg::escape;

const STYLE: &str = r#"
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --accent: #b5400c; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--ink); font: 17px/1.6 "Charter", "Georgia", "Times New Roman", serif; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
header { border-bottom: 2px solid var(--ink); margin-bottom: 1.5rem; }
h1 { font-size: 2rem; margin: 0 0 .3rem; }
.limits { margin: 0 0 .8rem; color: var(--muted); font: 14px/1.4 system-ui, sans-serif; }
h2 { font-size: 1.3rem; margin: 2rem 0 .6rem; }
h3 { font-size: 1.1rem; margin: 1.4rem 0 .4rem; }
code, pre { font: 14px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; }
:not(pre) > code { background: var(--soft); padding: .1em .3em; border-radius: 4px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: .7rem .9rem; overflow-x: auto; margin: 0; }
main > pre { margin: 1rem 0; }
figure.picture { margin: 1.4rem 0; text-align: center; }
figure.picture svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .95rem; margin-top: .4rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .7rem; }
math[display="block"] { margin: .8rem 0; }
.samples { border-top: 1px solid var(--line); margin-top: 1.6rem; }
.sample { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: 1rem 0 1.6rem; }
.sample-part { min-width: 0; }
.sample-head { display: flex; align-items: center; justify-content: space-between; font: 600 14px/1 system-ui, sans-serif; margin-bottom: .35rem; }
button.copy { font: 13px/1 system-ui, sans-serif; padding: .35rem .7rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
button.copy:hover { border-color: var(--accent); color: var(--accent); }
button.copy.done { background: #e6f4ea; border-color: #2e7d32; color: #2e7d32; }
@media (max-width: 40rem) { .sample { grid-template-columns: 1fr; } }
"#;

const SCRIPT: &str = r#"
for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const text = document.getElementById(button.dataset.target).textContent;
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch (_) {
      // Pages opened from disk may not get the async clipboard: copy through a selection.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      copied = document.execCommand('copy');
      area.remove();
    }
    button.textContent = copied ? 'Copied' : 'Select and copy';
    button.classList.toggle('done', copied);
    setTimeout(() => { button.textContent = 'Copy'; button.classList.remove('done'); }, 1500);
  });
}
"#;

/// Builds the page for a package.
pub fn build(registry: &Registry, package: &Package) -> anyhow::Result<String> {
    let statement = Statement::load(package)?;
    let body = html::body(statement.pieces(package)?, registry.drawings.draw)
        .map_err(|e| e.context(statement.path.display().to_string()))?;
    let samples = samples(package)?;
    statement.warn_missing_samples(package);
    let name = escape(package.display_name());
    let limits = &package.config.limits;
    let mut page = String::with_capacity(body.len() + 8192);
    page.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    page.push_str(&format!(
        "<meta name=\"generator\" content=\"leapfrog {}\">\n",
        env!("CARGO_PKG_VERSION")
    ));
    page.push_str(&format!(
        "<title>{name}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
    ));
    page.push_str(&format!(
        "<header>\n<h1>{name}</h1>\n<p class=\"limits\">Time limit: {} s · Memory limit: {} MiB</p>\n</header>\n",
        seconds(limits.time_s.get()),
        limits.memory_mib
    ));
    page.push_str("<article class=\"statement\">\n");
    page.push_str(&body);
    page.push_str("</article>\n");
    if !samples.is_empty() {
        page.push_str("<section class=\"samples\">\n");
        // Statements often end with their own "Samples" section explaining them; the sample
        // files then continue that section instead of opening a second one.
        let own = ["<h2>Samples</h2>", "<h2>Sample</h2>", "<h2>Examples</h2>"];
        if !own.iter().any(|h| body.contains(h)) {
            page.push_str("<h2>Samples</h2>\n");
        }
        for sample in &samples {
            sample_html(&mut page, sample);
        }
        page.push_str("</section>\n");
    }
    page.push_str(&format!(
        "</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    ));
    Ok(page)
}

fn sample_html(page: &mut String, sample: &Sample) {
    let n = sample.number;
    page.push_str(&format!("<h3>Sample {n}</h3>\n<div class=\"sample\">\n"));
    for (what, id, text) in [
        ("Input", format!("sample-{n}-input"), &sample.input),
        ("Output", format!("sample-{n}-output"), &sample.answer),
    ] {
        // The HTML parser drops one newline right after <pre>; keep a leading blank line.
        let lead = if text.starts_with('\n') { "\n" } else { "" };
        page.push_str(&format!(
            "<div class=\"sample-part\">\n<div class=\"sample-head\"><span>{what}</span><button class=\"copy\" type=\"button\" data-target=\"{id}\" aria-label=\"Copy sample {n} {}\">Copy</button></div>\n<pre id=\"{id}\">{lead}{}</pre>\n</div>\n",
            what.to_lowercase(),
            escape(text)
        ));
    }
    page.push_str("</div>\n");
}

/// Seconds without a useless fraction: `2`, `1.5`.
fn seconds(s: f64) -> String {
    leapfrog_render::glyphs::fmt(s)
}
