#!/usr/bin/env bash
# Benchmarks for the shifting family, each against a baseline measured in the same run:
#
#   1. `leapfrog solve shifting` for n = m = 10,000 (10^8 moves, ~550 MB) piped into `wc -c`,
#      against `cat OUTPUT | wc -c` on the same bytes;
#   2. the shifting output checker on that output (a file on stdin), against `wc -l` on it;
#   3. `leapfrog solve shifting-query` with 10^5 random queries at n = m = 10^9, against
#      `wc -l` on the query file (the cost of merely reading it).
#
# Every command runs ROUNDS times (default 5), alternating with its baseline so that load
# changes on a shared machine hit both alike; the best wall-clock time of each is reported with
# the ratio. Usage: scripts/bench-shifting.sh [ROUNDS]   (needs ~1.2 GB free in $TMPDIR)
set -euo pipefail

rounds=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-shifting.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog="$root/target/release/leapfrog"
rustc -O --edition 2021 -o "$work/checker" "$root/checkers/shifting.rs"
mkdir -p "$work/feedback"

# Wall-clock seconds of one run of a shell command line.
seconds() {
    local start end
    start=$(date +%s.%N)
    bash -c "$1" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# best_of "A" "B": runs A and B alternately $rounds times; prints "bestA bestB".
best_of() {
    local a b best_a=999999 best_b=999999 k
    for ((k = 0; k < rounds; k++)); do
        a=$(seconds "$1")
        b=$(seconds "$2")
        best_a=$(echo "if ($a < $best_a) $a else $best_a" | bc -l)
        best_b=$(echo "if ($b < $best_b) $b else $best_b" | bc -l)
    done
    echo "$best_a $best_b"
}

report() { # name ours baseline-name baseline
    printf '%-44s %7.3f s   %-22s %7.3f s   ratio %5.2fx\n' "$1" "$2" "$3" "$4" "$(echo "$2 / $4" | bc -l)"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg); best of $rounds runs"

echo "10000 10000" >"$work/big.in"
"$leapfrog" solve shifting <"$work/big.in" >"$work/big.out"
printf 'output: %s moves, %s bytes\n' "$(head -1 "$work/big.out")" "$(wc -c <"$work/big.out")"

read -r solve cat < <(best_of "'$leapfrog' solve shifting < '$work/big.in' | wc -c" \
    "cat '$work/big.out' | wc -c")
report "leapfrog solve shifting (n = m = 10^4) | wc -c" "$solve" "cat OUTPUT | wc -c" "$cat"

verdict=$("$work/checker" "$work/big.in" "$work/big.in" "$work/feedback" <"$work/big.out" && echo 0 || echo $?)
[ "$verdict" = 42 ] || { echo "the checker did not accept the solver's output ($verdict)"; exit 1; }
read -r check lines < <(best_of "'$work/checker' '$work/big.in' '$work/big.in' '$work/feedback' < '$work/big.out'; true" \
    "wc -l < '$work/big.out'")
report "checkers/shifting.rs on that output" "$check" "wc -l < OUTPUT" "$lines"

"$leapfrog" gen shifting-query --n 1000000000 --m 1000000000 --q 100000 --indices random --seed 1 \
    >"$work/query.in"
read -r query qlines < <(best_of "'$leapfrog' solve shifting-query < '$work/query.in'" \
    "wc -l < '$work/query.in'")
report "leapfrog solve shifting-query (10^5 at 10^9)" "$query" "wc -l < INPUT" "$qlines"
