"use strict";
// The report page: a view of the JSON in #data. The matrix is built as one HTML string and
// inserted once; hover, clicks and filters use one listener each on the table (event
// delegation), so 2000 tests x 30 submissions stay responsive. Details are unpacked on a click.
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const BLOBS = JSON.parse(document.getElementById("blobs").textContent);
  const V = D.verdicts;
  const T = D.tests.length;
  const S = D.subs.length;
  const NOT_RUN = V.length; // the filter's slot for cells that were not run
  const limitMs = D.limits.time_s * 1000;
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const at = (s, t, k) => D.cells[s][5 * t + k];
  const verdict = (s, t) => at(s, t, 0); // -1: not run
  const bytes = (n) => n < 1024 ? n + " B" : n < 1048576 ? (n / 1024).toFixed(1) + " KiB" : (n / 1048576).toFixed(1) + " MiB";
  const secs = (ms) => (ms / 1000).toFixed(3) + " s";
  const short = (name) => name.slice(name.lastIndexOf("/") + 1);
  // A "wrong" submission is one whose folder promises a rejection.
  const wrong = D.subs.map((c) => c.expected != null && c.expected !== "AC");

  // Per test: which submissions reject it, and a bit per verdict present (for the filter).
  const rejectedBy = new Array(T);
  const mask = new Uint32Array(T);
  for (let t = 0; t < T; t++) {
    const list = [];
    for (let s = 0; s < S; s++) {
      const v = verdict(s, t);
      mask[t] |= 1 << (v < 0 ? NOT_RUN : v);
      if (v > 0) list.push(s);
    }
    rejectedBy[t] = list;
  }
  const anyWrong = wrong.some((w) => w);
  const useless = [];
  if (anyWrong) {
    for (let t = 0; t < T; t++) if (!rejectedBy[t].some((s) => wrong[s])) useless.push(t);
  }
  const killedBy = D.subs.map((_, s) => { let n = 0; for (let t = 0; t < T; t++) if (verdict(s, t) > 0) n++; return n; });
  const maxTime = D.subs.map((_, s) => { let m = 0; for (let t = 0; t < T; t++) if (verdict(s, t) >= 0) m = Math.max(m, at(s, t, 1)); return m; });

  function header() {
    const counts = new Array(V.length + 1).fill(0);
    for (let t = 0; t < T; t++) for (let s = 0; s < S; s++) { const v = verdict(s, t); counts[v < 0 ? NOT_RUN : v]++; }
    const parts = counts.map((n, v) => n ? `<span class="badge v${v === NOT_RUN ? "n" : v}">${v === NOT_RUN ? "not run" : V[v]} ${n}</span>` : "").join(" ");
    $("head").innerHTML = `<h1>${esc(D.problem)} <span class="${D.ok ? "ok" : "bad"}">${D.ok ? "every submission as expected" : "not as expected"}</span></h1>` +
      `<p>${T} tests × ${S} submissions · limits ${D.limits.time_s} s CPU, ${D.limits.memory_mib} MiB memory, ${D.limits.output_mib} MiB output · ${esc(D.isolation)} · ${parts}</p>` +
      `<p class="hint">A cell's colour is its verdict and its bar the CPU time against the limit; hover for memory, click for the details.</p>`;
  }

  function filters() {
    const present = new Array(V.length + 1).fill(false);
    for (let t = 0; t < T; t++) for (let v = 0; v <= V.length; v++) if (mask[t] & (1 << v)) present[v] = true;
    const boxes = V.map((v, i) => !present[i] ? "" : `<label><input type="checkbox" data-v="${i}" checked> <span class="badge v${i}">${v}</span></label>`).join("") +
      (present[NOT_RUN] ? `<label><input type="checkbox" data-v="${NOT_RUN}" checked> <span class="badge vn">not run</span></label>` : "");
    const groups = D.groups.map((g, i) => `<option value="${i}">${esc(g || "(top)")}</option>`).join("");
    $("filters").innerHTML = `<span>Show tests where a submission got</span> ${boxes}` +
      ` <label>group <select id="group"><option value="-1">all</option>${groups}</select></label>` +
      (anyWrong ? ` <label><input type="checkbox" id="useless"> only tests that reject no wrong submission</label>` : "") +
      ` <span id="shown"></span>`;
    $("filters").addEventListener("change", applyFilters);
  }

  function columnHead(s) {
    const c = D.subs[s];
    const got = c.verdict == null ? "–" : c.verdict;
    const bad = c.status === "mismatch" || c.status === "error";
    const pct = limitMs > 0 ? Math.round(100 * maxTime[s] / limitMs) : 0;
    const exp = c.expected == null ? "exp –" : `exp ${esc(c.expected)}`;
    // One short fact per line, each cut with an ellipsis rather than wrapped into the next
    // column's; the title holds the whole of it.
    return `<div class="sub${bad ? " bad" : ""}" title="${esc(c.name)} (${esc(c.language)})${c.reason ? "\n" + esc(c.reason) : ""}">` +
      `<div class="name">${esc(short(c.name))}</div><div>${exp}</div><div>got ${esc(got)}</div>` +
      `<div class="time${pct > 50 ? " close" : ""}">${secs(maxTime[s])}</div><div class="time${pct > 50 ? " close" : ""}">${pct}% of TL</div><div>${killedBy[s]} failed</div></div>`;
  }

  // Rows are flex boxes with `content-visibility: auto`, so the browser lays out and paints only
  // the rows on screen; a table would lay out all of them before showing anything.
  function matrix() {
    const parts = ["<div class=\"head\"><div class=\"bands\"><div class=\"test\"></div>"];
    let s = 0;
    while (s < S) {
      let e = s;
      while (e < S && D.subs[e].expected === D.subs[s].expected) e++;
      const label = (D.subs[s].expected == null ? "no expectation" : "expected " + D.subs[s].expected) + ` (${e - s})`;
      parts.push(`<div class="band" style="width:${(e - s) * 66}px" title="${esc(label)}">${esc(label)}</div>`);
      s = e;
    }
    parts.push("</div><div class=\"subs\"><div class=\"test\">test</div>");
    for (let s = 0; s < S; s++) parts.push(columnHead(s));
    parts.push("<div class=\"rej\">rejected by</div></div></div>");
    let group = -1;
    for (let t = 0; t < T; t++) {
      const test = D.tests[t];
      if (test[1] !== group) {
        if (group >= 0) parts.push("</div>");
        group = test[1];
        parts.push(`<div class="grp" data-g="${group}"><div class="gname">${esc(D.groups[group] || "(top)")}</div>`);
      }
      parts.push(`<div class="row" data-t="${t}"><div class="test" title="${esc(test[0])}">${esc(short(test[0]))}</div>`);
      for (let s = 0; s < S; s++) {
        const v = verdict(s, t);
        if (v < 0) { parts.push("<i class=\"c vn\"></i>"); continue; }
        const frac = limitMs > 0 ? Math.min(1, at(s, t, 1) / limitMs) : 0;
        // No bar (and no style attribute to parse) for runs under 1% of the limit.
        parts.push(frac < 0.01 ? `<i class="c v${v}"></i>` : `<i class="c v${v}" style="--t:${frac.toFixed(2)}"></i>`);
      }
      const r = rejectedBy[t];
      parts.push(`<span class="rej${anyWrong && !r.some((x) => wrong[x]) ? " none" : ""}">${r.length}</span></div>`);
    }
    if (group >= 0) parts.push("</div>");
    const box = $("matrix");
    box.innerHTML = parts.join("");
    box.addEventListener("click", onClick);
    box.addEventListener("mouseover", onHover);
    box.addEventListener("mouseleave", () => { $("tip").hidden = true; });
  }

  // The submission of a cell: its place among the row's cells.
  const columnOf = (cell) => Array.prototype.indexOf.call(cell.parentNode.children, cell) - 1;

  function summary() {
    const items = useless.map((t) => `<li><a href="#" data-t="${t}">${esc(D.tests[t][0])}</a></li>`).join("");
    const kills = D.subs.map((c, s) => wrong[s] ? `<li>${esc(c.name)}: rejected on ${killedBy[s]} of ${T} tests${killedBy[s] ? ", first " + esc(D.tests[firstRejection(s)][0]) : ""}</li>` : "").join("");
    $("summary").innerHTML = anyWrong
      ? `<h2>Tests that reject no wrong submission (${useless.length} of ${T})</h2>` +
        `<p class="hint">Candidates to drop, or to strengthen.</p><ul id="useless-list">${items}</ul>` +
        `<h2>How many tests reject each wrong submission</h2><ul>${kills}</ul>`
      : "";
    $("summary").addEventListener("click", (e) => {
      const a = e.target.closest("a[data-t]");
      if (!a) return;
      e.preventDefault();
      const t = +a.dataset.t;
      const row = document.querySelector(`#matrix .row[data-t="${t}"]`);
      if (row) { row.hidden = false; row.scrollIntoView({ block: "center" }); }
      showTest(t);
    });
  }

  function firstRejection(s) { for (let t = 0; t < T; t++) if (verdict(s, t) > 0) return t; return 0; }

  function applyFilters() {
    let wanted = 0;
    for (const box of $("filters").querySelectorAll("input[data-v]")) if (box.checked) wanted |= 1 << +box.dataset.v;
    const group = +$("group").value;
    const onlyUseless = anyWrong && $("useless").checked;
    const isUseless = new Uint8Array(T);
    for (const t of useless) isUseless[t] = 1;
    let shown = 0;
    for (const body of $("matrix").querySelectorAll(".grp")) {
      const g = +body.dataset.g;
      let any = false;
      for (const row of body.children) {
        if (row.dataset.t === undefined) continue;
        const t = +row.dataset.t;
        const show = (group < 0 || group === g) && (mask[t] & wanted) !== 0 && (!onlyUseless || isUseless[t]);
        row.hidden = !show;
        if (show) { any = true; shown++; }
      }
      body.hidden = !any;
    }
    $("shown").textContent = `${shown} of ${T} tests shown`;
  }

  function onHover(e) {
    const td = e.target.closest(".c");
    const tip = $("tip");
    if (!td) { tip.hidden = true; return; }
    const t = +td.parentNode.dataset.t;
    const s = columnOf(td);
    const v = verdict(s, t);
    tip.textContent = `${short(D.subs[s].name)} · ${short(D.tests[t][0])}: ` +
      (v < 0 ? "not run" : `${V[v]} · ${secs(at(s, t, 1))} CPU · ${(at(s, t, 2) / 10).toFixed(1)} MiB`);
    tip.style.left = e.clientX + 14 + "px";
    tip.style.top = e.clientY + 14 + "px";
    tip.hidden = false;
  }

  function onClick(e) {
    const td = e.target.closest(".c");
    if (td) { showCell(columnOf(td), +td.parentNode.dataset.t, td); return; }
    const th = e.target.closest(".row .test, .row .rej");
    if (th) showTest(+th.parentNode.dataset.t);
  }

  async function unpack(i) {
    if (i < 0 || BLOBS[i] === undefined) return null;
    const raw = Uint8Array.from(atob(BLOBS[i]), (c) => c.charCodeAt(0));
    const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
    return await new Response(stream).text();
  }

  const pre = (title, text, size) => `<h3>${title}${size == null ? "" : ` <small>${bytes(size)}</small>`}</h3><pre>${esc(text)}</pre>`;

  async function testParts(t) {
    const test = D.tests[t];
    const detail = JSON.parse(await unpack(test[4]) || "null");
    if (!detail) return `<p class="hint">The file heads were not recorded.</p>`;
    return pre("Input", detail.input_head, test[2]) + pre("Answer", detail.answer_head, test[3]);
  }

  let selected = null;
  async function showCell(s, t, td) {
    if (selected) selected.classList.remove("sel");
    selected = td || null;
    if (selected) selected.classList.add("sel");
    const box = $("details");
    const c = D.subs[s];
    const v = verdict(s, t);
    const head = `<button class="close" title="close">×</button><h2><span class="badge v${v < 0 ? "n" : v}">${v < 0 ? "not run" : V[v]}</span> ${esc(c.name)}</h2>` +
      `<p>on <b>${esc(D.tests[t][0])}</b>` + (v < 0 ? ": not run (judging stopped once the outcome was settled)</p>" :
      ` · ${secs(at(s, t, 1))} CPU of ${D.limits.time_s} s · ${(at(s, t, 2) / 10).toFixed(1)} MiB</p>`);
    const message = v > 0 ? `<h3>Checker's message</h3><p class="message">${esc(D.messages[at(s, t, 3)] || "(none)")}</p>` : "";
    box.innerHTML = head + message + "<p class=\"hint\">loading…</p>";
    box.hidden = false;
    const cell = v >= 0 ? JSON.parse(await unpack(at(s, t, 4)) || "null") : null;
    let parts = head + message;
    if (cell) {
      if (cell.details.length) parts += pre("Checker's lines", cell.details.join("\n"));
      if (cell.picture != null) {
        const svg = await unpack(cell.picture);
        parts += `<figure class="picture">${svg}<figcaption>${esc(cell.caption)}</figcaption></figure>`;
      } else if (cell.caption) {
        parts += `<p class="hint">${esc(cell.caption)}</p>`;
      }
      parts += pre("Output", cell.output_head, cell.output_bytes);
    }
    parts += await testParts(t);
    box.innerHTML = parts;
    box.dataset.cell = s + "," + t;
  }

  async function showTest(t) {
    const box = $("details");
    const r = rejectedBy[t];
    const list = r.map((s) => `<li><span class="badge v${verdict(s, t)}">${V[verdict(s, t)]}</span> ${esc(D.subs[s].name)}</li>`).join("");
    const head = `<button class="close" title="close">×</button><h2>${esc(D.tests[t][0])}</h2>` +
      `<p>Rejected by ${r.length} of ${S} submissions` + (anyWrong && !r.some((s) => wrong[s]) ? " — <b>no wrong submission</b>" : "") + `</p><ul>${list}</ul>`;
    box.innerHTML = head;
    box.hidden = false;
    box.innerHTML = head + await testParts(t);
    box.dataset.cell = "test," + t;
  }

  $("details").addEventListener("click", (e) => {
    if (e.target.closest("button.close")) { $("details").hidden = true; if (selected) selected.classList.remove("sel"); }
  });

  header();
  filters();
  matrix();
  summary();
  applyFilters();
  // Reading a size forces style and layout now, so the mark below includes laying the table out.
  void $("matrix").offsetHeight;
  document.documentElement.dataset.ready = Math.round(performance.now());
})();
