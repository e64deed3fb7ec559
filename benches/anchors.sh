#!/usr/bin/env bash
# The organisers' own test packages, judged by leapfrog and by BAPCtools, in one run: total wall
# time of `leapfrog verify` on the 21 anchor packages (problemtools' 4 examples and the 17 that
# BAPCtools' test/test_problems.py runs `bt run` on) against `bt run` on fresh copies of the
# same 17 (bt does not read problemtools' legacy examples the same way, so its total covers its
# own 17 only and the table shows both totals over the 17 they share too).
#
# Needs the pinned sdists (downloaded here into target/anchors) and BAPCtools in a venv
# (created here in target/bt-venv: `pip install bapctools==2026.10.0`); nothing is copied into
# the repository. bt does not run problemtools' legacy examples ("legacy is no longer
# supported"), so the ratio is over the 17 both run; leapfrog's total over all 21 against bt's
# over its 17 is printed too (a stricter ratio).
#
#   benches/anchors.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# LEAPFROG=path/to/leapfrog measures that binary instead of building target/release/leapfrog.
if [ -z "${LEAPFROG:-}" ]; then
  cargo build --release --quiet
  LEAPFROG=$root/target/release/leapfrog
fi
leapfrog=$LEAPFROG
anchors=$root/target/anchors
mkdir -p "$anchors"
bapc=$anchors/bapctools-2026.10.0
pt=$anchors/problemtools-1.20260907
if [ ! -d "$bapc" ] || [ ! -d "$pt" ]; then
  (cd "$anchors" && pip download -q --no-deps --no-binary :all: \
    bapctools==2026.10.0 problemtools==1.20260907 -d . &&
    tar xzf bapctools-2026.10.0.tar.gz && tar xzf problemtools-1.20260907.tar.gz)
fi
venv=$root/target/bt-venv
if [ ! -x "$venv/bin/bt" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q bapctools==2026.10.0
fi
# The packages BAPCtools' own suite runs `bt run` on (test/test_problems.py's PROBLEMS).
bapc_problems=$(python3 - "$bapc/test/test_problems.py" <<'PY'
import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
names = []
for node in ast.walk(tree):
    if isinstance(node, (ast.Assign, ast.AugAssign)):
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        if getattr(target, "id", None) == "PROBLEMS" and isinstance(node.value, ast.List):
            names += [elt.value for elt in node.value.elts]
print(" ".join(names))
PY
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Fresh copies for each tool: neither sees what the other generated or built. -L: BAPCtools'
# packages link headers from its own sources (../bapctools/resources), as in .ci/conformance.
mkdir -p "$work/lf/bapc" "$work/lf/pt" "$work/bt"
cp -rL "$bapc/test/problems/." "$work/lf/bapc/"
cp -rL "$bapc/test/problems/." "$work/bt/"
cp -rL "$pt/examples/." "$work/lf/pt/"
# checktestdata's `pyctd` (bapctools/constants) for both tools, where .ci/run and
# .ci/conformance link it.
export PATH=$root/target/validator-tools:$PATH
export LEAPFROG_CACHE_DIR=$work/lf-cache
now() { date +%s.%N; }
printf '| package | leapfrog verify | result | bt run |\n|---|---:|---|---:|\n' > "$work/table"
lf_total=0
bt_total=0
shared_lf=0
for name in $bapc_problems; do
  start=$(now)
  if "$leapfrog" verify "$work/lf/bapc/$name" > "$work/lf-$name.log" 2>&1; then result=clean; else result="fails (exit $?)"; fi
  lf=$(echo "$(now) - $start" | bc)
  start=$(now)
  (cd "$work/bt/$name" && "$venv/bin/bt" run > "$work/bt-$name.log" 2>&1) || true
  bt=$(echo "$(now) - $start" | bc)
  lf_total=$(echo "$lf_total + $lf" | bc)
  shared_lf=$(echo "$shared_lf + $lf" | bc)
  bt_total=$(echo "$bt_total + $bt" | bc)
  printf '| bapctools/%s | %.1f s | %s | %.1f s |\n' "$name" "$lf" "$result" "$bt" >> "$work/table"
done
for dir in "$work/lf/pt"/*/; do
  name=$(basename "$dir")
  start=$(now)
  if "$leapfrog" verify "$dir" > "$work/lf-pt-$name.log" 2>&1; then result=clean; else result="fails (exit $?)"; fi
  lf=$(echo "$(now) - $start" | bc)
  lf_total=$(echo "$lf_total + $lf" | bc)
  printf '| problemtools/%s | %.1f s | %s | – |\n' "$name" "$lf" "$result" >> "$work/table"
done
cat "$work/table"
echo
printf 'leapfrog verify, all 21: %.1f s; on the 17 BAPCtools packages: %.1f s; bt run on those 17: %.1f s; ratio leapfrog / bt on the same 17: %.2f; leapfrog on 21 / bt on 17: %.2f\n' \
  "$lf_total" "$shared_lf" "$bt_total" "$(echo "$shared_lf / $bt_total" | bc -l)" \
  "$(echo "$lf_total / $bt_total" | bc -l)"
