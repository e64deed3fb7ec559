#!/usr/bin/env bash
# Benchmarks for the board problems: the reference solvers of `checkers` and `checkers-path`
# and the accepted C++ submission, each run once per secret test (142 boards of up to 26 × 26),
# against `cat` run on the same files in the same kind of shell loop. Boards are tiny, so this
# measures the cost of a whole run (process start included) next to the cheapest possible run.
# Prints the medians and the ratios (needs hyperfine: apt install hyperfine).
#
#   benches/checkers.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-10}
cd "$root"
cargo build --release --quiet
leapfrog=$root/target/release/leapfrog
"$leapfrog" generate checkers > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find problems/checkers/data/secret -name '*.in' | sort > "$work/tests"
g++ -O2 -o "$work/euler" problems/checkers/submissions/accepted/euler.cpp
loop() { echo "while read -r f; do $1 < \"\$f\" > /dev/null; done < $work/tests"; }

hyperfine --warmup 2 --runs "$runs" --export-json "$work/times.json" \
  -n cat "$(loop cat)" \
  -n "leapfrog solve checkers" "$(loop "$leapfrog solve checkers")" \
  -n "leapfrog solve checkers-path" "$(loop "$leapfrog solve checkers-path")" \
  -n "accepted/euler.cpp" "$(loop "$work/euler")" > /dev/null

python3 - "$work/times.json" "$(wc -l < "$work/tests")" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
tests = int(sys.argv[2])
base = results["cat"]["median"]
print(f"{tests} boards, one process each; median of {len(results['cat']['times'])} runs")
print()
print("| command | per board | ratio to `cat` |")
print("|---|---:|---:|")
for name, r in results.items():
    print(f"| {name} | {r['median'] / tests * 1000:.2f} ms | {r['median'] / base:.2f}x |")
PY
