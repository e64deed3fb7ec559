#!/usr/bin/env bash
# Benchmarks for `pairs`, each against a baseline on the same bytes, in the same run:
#
#   1. `leapfrog solve pairs` at n = 10^7 (10^7 moves, 85 MB) piped into `wc -c`, against
#      `cat OUTPUT | wc -c`;
#   2. the output checker (checkers/pairs.rs, compiled with rustc -O) on that output as a file
#      on stdin, against `wc -l OUTPUT`.
#
# Every command runs through `bash -c` (pipelines and the checker's redirection need a shell), so
# each side pays the same shell start-up.
#
# hyperfine runs every command RUNS times (default 15) after warm-up runs, in ROUNDS rounds that
# alternate commands and baselines (so load changes on a shared machine hit both alike); the
# script prints the best median over the rounds of each and their ratio as a Markdown table.
#
#   benches/pairs-speed.sh [RUNS] [ROUNDS]      (needs hyperfine and ~200 MB in $TMPDIR)
set -euo pipefail

runs=${1:-15}
rounds=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-pairs.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog="$root/target/release/leapfrog"
rustc -O --edition 2021 -o "$work/checker" "$root/checkers/pairs.rs"
mkdir -p "$work/feedback"

n=10000000
echo "$n" > "$work/in"
"$leapfrog" solve pairs < "$work/in" > "$work/out"
# The judges' answer only needs the count line.
head -1 "$work/out" > "$work/ans"
code=0
"$work/checker" "$work/in" "$work/ans" "$work/feedback" < "$work/out" || code=$?
if [ "$code" != 42 ]; then
    echo "the checker did not accept the reference output: $(cat "$work/feedback/judgemessage.txt")" >&2
    exit 1
fi

# median seconds of a command, from hyperfine's JSON export
median() {
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/t.json" "$1" > /dev/null 2>&1 ||
        hyperfine --warmup 2 --runs "$runs" --export-json "$work/t.json" "$1" > /dev/null
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['median'])" "$work/t.json"
}

# best median over the rounds of two alternating commands: "a b"
pair() {
    local best_a=1e9 best_b=1e9 a b
    for ((r = 0; r < rounds; r++)); do
        a=$(median "$1")
        b=$(median "$2")
        best_a=$(python3 -c "print(min($a, $best_a))")
        best_b=$(python3 -c "print(min($b, $best_b))")
    done
    echo "$best_a $best_b"
}

read -r solve cat_wc < <(pair \
    "bash -c '$leapfrog solve pairs < $work/in | wc -c'" \
    "bash -c 'cat $work/out | wc -c'")
read -r check wc_l < <(pair \
    "bash -c '$work/checker $work/in $work/ans $work/feedback < $work/out; test \$? = 42'" \
    "bash -c 'wc -l $work/out'")

size=$(stat -c %s "$work/out")
python3 - "$size" "$solve" "$cat_wc" "$check" "$wc_l" <<'PY'
import sys
size, solve, cat_wc, check, wc_l = int(sys.argv[1]), *map(float, sys.argv[2:])
print(f"n = 10^7: {size / 1e6:.1f} MB of output (best median of the rounds)\n")
print("| command | baseline | command time | baseline time | ratio |")
print("|---|---|---:|---:|---:|")
print(f"| `leapfrog solve pairs \\| wc -c` | `cat OUTPUT \\| wc -c` | {solve*1000:.0f} ms | {cat_wc*1000:.0f} ms | {solve/cat_wc:.2f}x |")
print(f"| `checker < OUTPUT` | `wc -l OUTPUT` | {check*1000:.0f} ms | {wc_l*1000:.0f} ms | {check/wc_l:.2f}x |")
PY
