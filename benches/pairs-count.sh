#!/usr/bin/env bash
# Benchmark for the structural counter (`leapfrog count pairs N`, docs/pairs-count.md).
#
# Baseline, timed in the same run: Python's exact integers evaluating the *observed* closed form
# (k!)^4 * f for the same n. That is the cheapest way to print a number of this size, and it
# costs nothing to prove. The ratio shows what the proof-backed count costs on top of that.
# The script also checks that both print the same digits.
#
#   benches/pairs-count.sh [RUNS] [BIG] [HUGE]
#
# RUNS (default 5): hyperfine runs for n = 1000. BIG (default 10000): one timed run at that n,
# against the baseline (pass 0 to skip it). HUGE (default 100000, the goal of issue 42): one run
# at that n stopped after LIMIT seconds (default 60, the goal), saying whether it finished and,
# if it did, comparing it with the baseline too; pass 0 to skip it. LEAPFROG=path times another
# build (for example main's) instead of building this tree.
set -euo pipefail

runs=${1:-5}
big=${2:-10000}
huge=${3:-100000}
limit=${LIMIT:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-count.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ -n "${LEAPFROG:-}" ]; then
  leapfrog=$LEAPFROG
else
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  leapfrog="$root/target/release/leapfrog"
fi

cat > "$work/closed.py" <<'PY'
import sys
from math import comb, factorial
n = int(sys.argv[1]); k = n // 4
f = [comb(2*k-2, k-1) // k, comb(2*k-2, k-1), k * comb(2*k-1, k-1), (k+1) * k * comb(2*k-1, k-1)][n % 4]
sys.set_int_max_str_digits(0)
print(factorial(k) ** 4 * f)
PY

n=1000
"$leapfrog" count pairs "$n" 2>/dev/null > "$work/structural.txt"
python3 "$work/closed.py" "$n" > "$work/closed.txt"
if cmp -s "$work/structural.txt" "$work/closed.txt"; then same=yes; else same=NO; fi

hyperfine --warmup 1 --runs "$runs" --export-json "$work/times.json" \
  -n "python3 closed form" "python3 $work/closed.py $n" \
  -n "leapfrog count pairs $n" "$leapfrog count pairs $n" > /dev/null

python3 - "$work/times.json" "$n" "$same" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
n, same = sys.argv[2], sys.argv[3]
base = r["python3 closed form"]
print(f"n = {n}, median of the runs; the two print the same digits: {same}")
print()
print("| command | median | ratio to the baseline |")
print("|---|---:|---:|")
for name, t in r.items():
    print(f"| {name} | {t:.3f} s | {t / base:.2f}x |")
PY

if [ "$big" -gt 0 ]; then
  start=$(date +%s.%N)
  "$leapfrog" count pairs "$big" 2>/dev/null > "$work/big.txt"
  mid=$(date +%s.%N)
  python3 "$work/closed.py" "$big" > "$work/big-closed.txt"
  end=$(date +%s.%N)
  if cmp -s "$work/big.txt" "$work/big-closed.txt"; then same=yes; else same=NO; fi
  python3 - "$start" "$mid" "$end" "$big" "$same" "$(wc -c < "$work/big.txt")" <<'PY'
import sys
s, m, e = map(float, sys.argv[1:4])
print()
print(f"n = {sys.argv[4]}: leapfrog {m - s:.2f} s, python3 closed form {e - m:.2f} s, "
      f"ratio {(m - s) / (e - m):.2f}x; {int(sys.argv[6]) - 1} digits, equal: {sys.argv[5]}")
PY
fi

if [ "$huge" -gt 0 ]; then
  start=$(date +%s.%N)
  if timeout "$limit" "$leapfrog" count pairs "$huge" 2>/dev/null > "$work/huge.txt"; then
    mid=$(date +%s.%N)
    python3 "$work/closed.py" "$huge" > "$work/huge-closed.txt"
    end=$(date +%s.%N)
    if cmp -s "$work/huge.txt" "$work/huge-closed.txt"; then same=yes; else same=NO; fi
    python3 - "$start" "$mid" "$end" "$huge" "$same" "$(wc -c < "$work/huge.txt")" "$limit" <<'PY'
import sys
s, m, e = map(float, sys.argv[1:4])
print(f"n = {sys.argv[4]}: leapfrog {m - s:.2f} s (finished within the {sys.argv[7]} s limit), "
      f"python3 closed form {e - m:.2f} s, ratio {(m - s) / (e - m):.2f}x; "
      f"{int(sys.argv[6]) - 1} digits, equal: {sys.argv[5]}")
PY
  else
    echo "n = $huge: not finished in $limit s (stopped)"
  fi
fi
