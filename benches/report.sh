#!/usr/bin/env bash
# The report page (`verify --report`): its size and how long headless Chromium takes to open it,
# for real packages and for made-up results of 2000 tests × 30 submissions, against a blank page
# opened the same way (the browser's own start-up and teardown).
#
# "open" is measured twice: the page's own clock (navigation start to the matrix built, which the
# page records in <html data-ready>), and the wall time of a whole `chromium --dump-dom` run.
# Needs chromium (apt-get install chromium) and python3.
#
#   benches/report.sh [RUNS] [PROBLEM...]        (default: 5 runs; checkers checkers-path)
#   PAGES=DIR benches/report.sh ...              (reuse DIR/PROBLEM.html instead of judging again)
#   NO_BUILD=1 benches/report.sh ...             (use the binaries already in target/release)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
shift || true
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=(checkers checkers-path)
cd "$root"
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet --bin leapfrog --example synthetic_report
leapfrog=$root/target/release/leapfrog
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pages=()
for p in "${problems[@]}"; do
  if [ -n "${PAGES:-}" ] && [ -f "$PAGES/$p.html" ]; then
    cp "$PAGES/$p.html" "$work/$p.html"
  else
    "$leapfrog" verify "$p" --report "$work/$p.html" --json > /dev/null || true
  fi
  pages+=("$work/$p.html")
done
"$root/target/release/examples/synthetic_report" 2000 30 "$work/synthetic-2000x30.html"
pages+=("$work/synthetic-2000x30.html")
printf '<!doctype html><title>blank</title><script>document.documentElement.dataset.ready=Math.round(performance.now())</script>\n' > "$work/blank.html"

python3 - "$runs" "$work" "$work/blank.html" "${pages[@]}" <<'PY'
import os, re, shutil, statistics, subprocess, sys, time
runs, work, blank, pages = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
browser = shutil.which("chromium") or shutil.which("chromium-browser")
if not browser:
    sys.exit("chromium is not installed (apt-get install chromium)")

def open_once(page, i):
    profile = os.path.join(work, f"profile-{i}")
    args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--dump-dom", "file://" + page]
    start = time.perf_counter()
    dom = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    shutil.rmtree(profile, ignore_errors=True)
    ready = re.search(r'data-ready="(\d+)"', dom)
    if not ready:
        sys.exit(f"{page}: the page's script did not finish")
    return wall, int(ready.group(1))

def measure(page):
    open_once(page, "warm")
    samples = [open_once(page, i) for i in range(runs)]
    return statistics.median(w for w, _ in samples), statistics.median(r for _, r in samples)

base_wall, base_ready = measure(blank)
print(f"median of {runs} runs; baseline: a blank page, {base_wall:.2f} s wall, ready at {base_ready} ms")
print()
print("| page | size | ready (page clock) | wall | wall ratio to blank |")
print("|---|---:|---:|---:|---:|")
for page in pages:
    wall, ready = measure(page)
    size = os.path.getsize(page)
    name = os.path.basename(page)
    print(f"| {name} | {size / 1e6:.2f} MB | {ready} ms | {wall:.2f} s | {wall / base_wall:.2f}x |")
PY
