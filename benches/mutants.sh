#!/usr/bin/env bash
# The mutation campaign behind the README's table: every accepted Rust and C++ program of the
# seven packages, `leapfrog mutants PACKAGE PROGRAM --hunt S --json`, one JSON file per program
# in OUTDIR, then the table (package, program, mutants, killed, survived, hunted, ...).
#
#   benches/mutants.sh [--hunt S] OUTDIR [JOBS] [PACKAGE/PROGRAM...]
#                                        run the campaign (hours on 2 cores), then the table
#   benches/mutants.sh --table OUTDIR    only the table, from the JSON files already there
#
# S is the hunt of each survivor in seconds (default 60). Naming programs (`checkers/euler.cpp`)
# measures only those, in the order given; by default every accepted Rust and C++ program.
# JOBS programs are measured at once (default 2), each with `--jobs 1`: the hunts are stress
# tests of S seconds each, one after another, so two campaigns side by side keep both cores busy.
# A program's file is written only when its run ends (its exit code and seconds go to .err).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)

table() {
    python3 - "$1" <<'PY'
import glob, json, os, sys
rows = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        report = json.load(open(path))
    except (OSError, ValueError):
        print(f"{path}: no complete report (still running, or failed: see the .err file)", file=sys.stderr)
        continue
    for s in report["submissions"]:
        if not s["submission"].endswith((".rs", ".cpp")):
            continue  # the campaign's scope: Rust and C++ programs
        equivalent = sum(1 for m in s["mutants"] if m.get("probably_equivalent"))
        hunted = sum(1 for m in s["mutants"] if m.get("hunted_tests") is not None)
        unexplained = s["survived"] - equivalent
        rows.append((report["problem"], os.path.basename(s["submission"]), s["total"],
                     s["killed"], s["timeout"], s["survived"], hunted, equivalent, unexplained,
                     s["build_failed"]))
print("| package | program | mutants | killed | of them by the time limit | survived | hunted | probably equivalent | unexplained | did not build |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for row in rows:
    print("| `%s` | `%s` | %d | %d | %d | %d | %d | %d | %d | %d |" % row)
PY
}

if [ "${1:-}" = --table ]; then
    table "${2:?usage: benches/mutants.sh --table OUTDIR}"
    exit 0
fi
usage="usage: benches/mutants.sh [--hunt S] OUTDIR [JOBS] [PACKAGE/PROGRAM...]"
hunt=60
if [ "${1:-}" = --hunt ]; then
    hunt=${2:?$usage}
    shift 2
fi
case $hunt in
    '' | *[!0-9]*) echo "--hunt $hunt: not a whole number of seconds; $usage" >&2; exit 2 ;;
esac
out=${1:?$usage}
jobs=${2:-2}
case $jobs in
    '' | *[!0-9]* | 0) echo "JOBS $jobs: not a positive whole number; $usage" >&2; exit 2 ;;
esac
shift $(( $# < 2 ? $# : 2 ))
cd "$root"
programs=()
if [ $# -gt 0 ]; then
    for named in "$@"; do
        if [ ! -f "problems/${named%%/*}/submissions/accepted/${named#*/}" ]; then
            echo "$named: no problems/${named%%/*}/submissions/accepted/${named#*/}; $usage" >&2
            exit 2
        fi
        programs+=("${named%%/*} ${named#*/}")
    done
else
    for accepted in problems/*/submissions/accepted/*.rs problems/*/submissions/accepted/*.cpp; do
        programs+=("$(echo "$accepted" | cut -d/ -f2) $(basename "$accepted")")
    done
fi
cd - > /dev/null
mkdir -p "$out"
out=$(cd "$out" && pwd)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
cd "$root"
# Every package's data first, so that two runs never generate the same package at once.
for problem in $(printf '%s\n' "${programs[@]}" | cut -d' ' -f1 | sort -u); do
    ./target/release/leapfrog generate "$problem" > /dev/null
done
one() {
    local problem=$1 program=$2 start
    start=$(date +%s)
    local code=0
    ./target/release/leapfrog mutants "$problem" "problems/$problem/submissions/accepted/$program" \
        --hunt "$hunt" --jobs 1 --json > "$out/$problem-$program.json.part" 2> "$out/$problem-$program.err" || code=$?
    mv "$out/$problem-$program.json.part" "$out/$problem-$program.json"
    echo "exit $code, $(( $(date +%s) - start )) s" >> "$out/$problem-$program.err"
}
export -f one
export out hunt
printf '%s\n' "${programs[@]}" | xargs -P "$jobs" -L 1 bash -c 'one "$0" "$1"'
table "$out"
