#!/usr/bin/env bash
# A package with a slow Python output validator, verified by two binaries in one run: TESTS
# tests (100 by default), 5 accepted Python submissions that all print the same outputs, and a
# validator that spends LOOP steps of pure Python arithmetic on each check (3 000 000 steps:
# about a second a test on a quiet machine's CPython, a small fraction of it on PyPy). It shows
# what remembering the validator's verdicts and running jury Python on PyPy save.
#
# Prints one table row per binary: wall seconds of `leapfrog verify --json`, its exit code and
# the verdicts (which must be the same). Each binary gets a fresh compile cache.
#
#   benches/slow-validator.sh [TESTS [BASELINE_BINARY]]
#       TESTS: secret tests (default 100; 20 is a short run)
#       BASELINE_BINARY: default /work/main/target/release/leapfrog
# LEAPFROG=path/to/leapfrog measures that binary against the baseline instead of this tree's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tests=${1:-${TESTS:-100}}
baseline=${2:-/work/main/target/release/leapfrog}
case $tests in
  '' | *[!0-9]*)
    echo "usage: benches/slow-validator.sh [TESTS [BASELINE_BINARY]]: TESTS must be a number, not '$tests'" >&2
    exit 2
    ;;
esac
if [ -z "${LEAPFROG:-}" ]; then
  cargo build --release --quiet
  LEAPFROG=$root/target/release/leapfrog
fi
loop=${LOOP:-3000000}
work=$root/target/bench-slow-validator
rm -rf "$work"
mkdir -p "$work"
pkg=$work/slowcheck
mkdir -p "$pkg/data/sample" "$pkg/data/secret" "$pkg/input_validators" \
  "$pkg/output_validators/check" "$pkg/submissions/accepted"
cat > "$pkg/problem.yaml" <<YAML
name: Slow check
validation: custom
limits:
  time_limit: 2
YAML
printf '1 2\n' > "$pkg/data/sample/1.in"
printf '3\n' > "$pkg/data/sample/1.ans"
for i in $(seq 1 "$tests"); do
  printf '%d %d\n' "$i" $((i * 7)) > "$pkg/data/secret/$(printf %03d "$i").in"
  printf '%d\n' $((i * 8)) > "$pkg/data/secret/$(printf %03d "$i").ans"
done
cat > "$pkg/input_validators/validate.py" <<'PY'
import sys
parts = sys.stdin.read().split()
sys.exit(42 if len(parts) == 2 and all(p.isdigit() for p in parts) else 43)
PY
cat > "$pkg/output_validators/check/check.py" <<PY
import sys
want = open(sys.argv[2]).read().split()
got = sys.stdin.read().split()
# The slow part: pure Python arithmetic, as a validator reading exact fractions does.
acc = 0
for i in range($loop):
    acc = (acc * 31 + i) % 1000003
sys.exit(42 if got == want else 43)
PY
for s in 1 2 3 4 5; do
  printf '# accepted %d\na, b = map(int, input().split())\nprint(a + b)\n' "$s" \
    > "$pkg/submissions/accepted/sum$s.py"
done
echo "slow-validator: $tests secret tests + 1 sample, 5 accepted submissions, $loop steps a check"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
printf '%-40s %10s %5s %s\n' binary seconds exit verdicts
for bin in "$baseline" "$LEAPFROG"; do
  cache=$(mktemp -d "$work/cache.XXXXXX")
  start=$(date +%s.%N)
  set +e
  LEAPFROG_CACHE_DIR=$cache "$bin" verify "$pkg" --json > "$work/out.json" 2> "$work/err.txt"
  code=$?
  set -e
  end=$(date +%s.%N)
  verdicts=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(" ".join(r["verdict"] or "-" for r in v["submissions"]))' "$work/out.json" 2>/dev/null || echo "?")
  printf '%-40s %10.1f %5s %s\n' "$bin" "$(echo "$end - $start" | bc)" "$code" "$verdicts"
done
rm -rf "$work"
