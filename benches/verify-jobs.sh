#!/usr/bin/env bash
# How `leapfrog verify` scales with a second job on the seven problems of this repository: each
# package verified with `--jobs 1` and with `--jobs 2`, the two taking turns round after round
# (so that a change in the machine's load hits both alike), on fresh copies whose data was
# generated and whose programs were built by a first, untimed verify. Prints one row per
# package (median wall time of each, and the speed-up) and the totals, with the date and the
# load average: the figures are only comparable within one run.
#
# Also the most a second job could give: no schedule finishes before the longest single run
# (a submission that must exceed the time limit runs to the limit × time_limit_to_tle on one
# processor), nor in less than half the one-job time, so the speed-up is at most
# one-job time / max(longest run, one-job time / 2). The longest run is the largest
# `max_time_s` (CPU seconds) of `verify --json`.
#
# Then the same packages as one contest (`verify FOLDER`, every package in it): with two jobs,
# problems overlap on the two CPUs, so one problem's longest run no longer bounds the whole.
#
#   benches/verify-jobs.sh [ROUNDS [PACKAGE...]]     (defaults: 3 rounds, problems/*)
#
# LEAPFROG=path/to/leapfrog measures that binary instead of building this tree's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
shift || true
if [ $# -gt 0 ]; then packages=("$@"); else packages=("$root"/problems/*/); fi
if [ -z "${LEAPFROG:-}" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
fi
leapfrog=${LEAPFROG:-$root/target/release/leapfrog}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

copies=()
for package in "${packages[@]}"; do
  name=$(basename "$package")
  cp -r "$package" "$work/$name"
  # Untimed: generates the data, builds every program and fills the build cache; a package
  # whose submissions do not all get their expected verdicts is no fit for a timing.
  "$leapfrog" verify "$work/$name" > /dev/null 2>&1 || {
    echo "verify fails on $name; not timed" >&2
    exit 1
  }
  copies+=("$work/$name")
done

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$rounds alternating rounds; $("$leapfrog" --version)"
python3 - "$rounds" "$leapfrog" "$work" "${copies[@]}" <<'PY'
import json, os, statistics, subprocess, sys, time
rounds, leapfrog, contest, copies = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
wall = {(c, j): [] for c in copies + [contest] for j in (1, 2)}
longest = {}
for _ in range(rounds):
    for copy in copies + [contest]:
        for jobs in (1, 2):
            start = time.perf_counter()
            done = subprocess.run([leapfrog, "verify", copy, "--jobs", str(jobs), "--json"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            wall[copy, jobs].append(time.perf_counter() - start)
            if done.returncode != 0:
                sys.exit(f"verify --jobs {jobs} failed on {copy} (exit {done.returncode})")
            report = json.loads(done.stdout)
            problems = [p.get("report") or {"submissions": []} for p in report["problems"]] if copy == contest else [report]
            runs = [s.get("max_time_s") or 0.0 for p in problems for s in p["submissions"]]
            longest[copy] = max([longest.get(copy, 0.0)] + runs)
print("| package | `--jobs 1` | `--jobs 2` | speed-up | longest run | most a second job can give |")
print("|---|---:|---:|---:|---:|---:|")
total = {1: 0.0, 2: 0.0}
for copy in copies:
    one, two = (statistics.median(wall[copy, j]) for j in (1, 2))
    total[1] += one
    total[2] += two
    bound = one / max(longest[copy], one / 2)
    print(f"| {os.path.basename(copy)} | {one:.1f} s | {two:.1f} s | {one / two:.2f}× "
          f"| {longest[copy]:.1f} s | {bound:.2f}× |")
print(f"| **all {len(copies)}, one after the other** | **{total[1]:.1f} s** | **{total[2]:.1f} s** "
      f"| **{total[1] / total[2]:.2f}×** | | |")
one, two = (statistics.median(wall[contest, j]) for j in (1, 2))
bound = one / max(longest[contest], one / 2)
print(f"| **all {len(copies)} as one contest** | **{one:.1f} s** | **{two:.1f} s** "
      f"| **{one / two:.2f}×** | {longest[contest]:.1f} s | {bound:.2f}× |")
PY
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
