#!/usr/bin/env bash
# Benchmarks for `pairs`, each against a baseline on the same bytes, in the same run:
#
#   1. `leapfrog solve pairs` at n = 10^7 (10^7 moves, 85 MB) piped into `wc -c`, against
#      `cat OUTPUT | wc -c`;
#   2. the output checker (problems/pairs/output_validators/pairs.rs, compiled with rustc -O) on that output as a file
#      on stdin, against `wc -l OUTPUT`;
#   3. `leapfrog check pairs` on that output without an answer file (the reference answer
#      reaches the checker through a pipe only as far as it reads it: here its first line),
#      against the checker binary alone: what leapfrog adds around the checker.
#
# Every command runs through `bash -c` (pipelines and the checker's redirection need a shell), so
# each side pays the same shell start-up.
#
# hyperfine runs every command RUNS times (default 15) after warm-up runs, in ROUNDS rounds that
# alternate commands and baselines (so load changes on a shared machine hit both alike); the
# script prints, for each, the fastest run (wall clock) and the least mean CPU time (user +
# system) over the rounds, and their ratios, as a Markdown table. The fastest run rather than
# the median: on a loaded machine most runs of a few tens of milliseconds are slowed by waiting
# for a core, which says nothing about the command.
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
rustc -O --edition 2021 -o "$work/checker" "$root/problems/pairs/output_validators/pairs.rs"
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

# "fastest cpu": seconds of the fastest run of a command and its mean CPU seconds, from
# hyperfine's JSON export
timing() {
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/t.json" "$1" > /dev/null 2>&1 ||
        hyperfine --warmup 2 --runs "$runs" --export-json "$work/t.json" "$1" > /dev/null
    python3 -c "import json,sys; r = json.load(open(sys.argv[1]))['results'][0]
print(r['min'], r['user'] + r['system'])" "$work/t.json"
}

# the best of each over the rounds of two alternating commands: "wall_a cpu_a wall_b cpu_b"
pair() {
    local wa=1e9 ca=1e9 wb=1e9 cb=1e9 w c
    for ((r = 0; r < rounds; r++)); do
        read -r w c < <(timing "$1")
        wa=$(python3 -c "print(min($w, $wa))"); ca=$(python3 -c "print(min($c, $ca))")
        read -r w c < <(timing "$2")
        wb=$(python3 -c "print(min($w, $wb))"); cb=$(python3 -c "print(min($c, $cb))")
    done
    echo "$wa $ca $wb $cb"
}

read -r solve solve_cpu cat_wc cat_cpu < <(pair \
    "bash -c '$leapfrog solve pairs < $work/in | wc -c'" \
    "bash -c 'cat $work/out | wc -c'")
read -r check check_cpu wc_l wc_cpu < <(pair \
    "bash -c '$work/checker $work/in $work/ans $work/feedback < $work/out; test \$? = 42'" \
    "bash -c 'wc -l $work/out'")

# Once first, so that the cached build of the checker is ready.
(cd "$root" && "$leapfrog" check pairs "$work/in" "$work/out" > /dev/null)
read -r judge_check judge_cpu alone alone_cpu < <(pair \
    "bash -c 'cd $root && $leapfrog check pairs $work/in $work/out'" \
    "bash -c '$work/checker $work/in $work/ans $work/feedback < $work/out; test \$? = 42'")

size=$(stat -c %s "$work/out")
python3 - "$size" "$solve" "$solve_cpu" "$cat_wc" "$cat_cpu" "$check" "$check_cpu" "$wc_l" "$wc_cpu" \
    "$judge_check" "$judge_cpu" "$alone" "$alone_cpu" <<'PY'
import sys
size, *t = int(sys.argv[1]), *map(float, sys.argv[2:])
print(f"n = 10^7: {size / 1e6:.1f} MB of output; load average {open('/proc/loadavg').read().split()[0]}")
print()
print("| command | baseline | command: fastest, CPU | baseline: fastest, CPU | ratio (wall) | ratio (CPU) |")
print("|---|---|---:|---:|---:|---:|")
rows = [
    ("`leapfrog solve pairs \\| wc -c`", "`cat OUTPUT \\| wc -c`"),
    ("`checker < OUTPUT`", "`wc -l OUTPUT`"),
    ("`leapfrog check pairs INPUT OUTPUT`", "the checker alone"),
]
for k, (name, base) in enumerate(rows):
    w, c, bw, bc = t[4 * k: 4 * k + 4]
    print(f"| {name} | {base} | {w*1000:.0f} ms, {c*1000:.0f} ms | {bw*1000:.0f} ms, {bc*1000:.0f} ms "
          f"| {w/bw:.2f}x | {c/bc:.2f}x |")
PY
