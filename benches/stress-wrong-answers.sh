#!/usr/bin/env bash
# Runs `leapfrog stress` on every wrong_answer submission of every problem (or of the problems
# named) with a 60 s budget each, and prints a Markdown table: tests until the first failure,
# seconds, and the shrunk failing input. Exits 1 if any mistake goes unfound.
#
#   benches/stress-wrong-answers.sh [PROBLEM...]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet
leapfrog=$root/target/release/leapfrog
save=$(mktemp -d)
trap 'rm -rf "$save"' EXIT
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=($(ls problems))
missed=0
echo "| problem | submission | tests | seconds | verdict | smallest failing input |"
echo "|---|---|---|---|---|---|"
for p in "${problems[@]}"; do
  for sub in problems/$p/submissions/wrong_answer/*; do
    json=$("$leapfrog" stress "$p" "$sub" --time 60 --shrink-time 30 --save "$save" --json 2>/dev/null)
    python3 - "$p" "$(basename "$sub")" "$json" <<'PY' || missed=1
import json, sys
problem, name, text = sys.argv[1:4]
try:
    d = json.loads(text)
except ValueError:
    print(f"| {problem} | {name} | - | - | error | - |"); sys.exit(1)
if not d["found"]:
    print(f"| {problem} | {name} | {d['tests']} | {d['seconds']:.1f} | not found | - |"); sys.exit(1)
shown = d["input"].strip().replace("\n", " / ")
if len(shown) > 120:
    shown = shown[:117] + "..."
print(f"| {problem} | {name} | {d['tests']} | {d['seconds']:.1f} | {d['verdict']} | `{shown}` ({d['shrunk_bytes']} of {d['original_bytes']} bytes) |")
PY
  done
done
exit $missed
