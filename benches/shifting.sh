#!/usr/bin/env bash
# Benchmarks for the shifting family, each against a baseline measured in the same run:
#
#   1. `leapfrog solve shifting` for n = m = 10,000 (10^8 moves, ~550 MB) piped into `wc -c`,
#      against `cat OUTPUT | wc -c` on the same bytes;
#   2. the shifting output checker on that output (a file on stdin), against `wc -l` on it;
#   3. `leapfrog check shifting` on that output, without an answer file (the reference answer
#      reaches the checker through a pipe only as far as it reads it, and this checker reads
#      none of it), against the checker binary alone: what leapfrog adds around the checker;
#   4. `leapfrog solve shifting-query` with 10^5 random queries at n = m = 10^9, against
#      `wc -l` on the query file (the cost of merely reading it).
#
# Every command runs ROUNDS times (default 5), alternating with its baseline so that load
# changes on a shared machine hit both alike; the best wall-clock and CPU times (user + system,
# all processes of a pipeline) of each are printed as a Markdown table, with the ratio of the
# wall-clock times. Usage: benches/shifting.sh [ROUNDS]   (needs ~1.2 GB free in $TMPDIR)
set -euo pipefail

rounds=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-shifting.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog="$root/target/release/leapfrog"
rustc -O --edition 2021 -o "$work/checker" "$root/problems/shifting/output_validators/shifting.rs"
mkdir -p "$work/feedback"

# "wall cpu": wall-clock seconds of one run of a shell command line, and the CPU seconds (user +
# system) of every process in it.
measure() {
    /usr/bin/time -f "%e %U %S" -o "$work/time" bash -c "$1" >/dev/null 2>&1
    tail -1 "$work/time" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}

# best_of "A" "B": runs A and B alternately $rounds times; prints the best wall and CPU times of
# each: "wallA cpuA wallB cpuB".
best_of() {
    local k wa ca wb cb bwa=999999 bca=999999 bwb=999999 bcb=999999
    for ((k = 0; k < rounds; k++)); do
        read -r wa ca < <(measure "$1")
        read -r wb cb < <(measure "$2")
        bwa=$(echo "if ($wa < $bwa) $wa else $bwa" | bc -l)
        bca=$(echo "if ($ca < $bca) $ca else $bca" | bc -l)
        bwb=$(echo "if ($wb < $bwb) $wb else $bwb" | bc -l)
        bcb=$(echo "if ($cb < $bcb) $cb else $bcb" | bc -l)
    done
    echo "$bwa $bca $bwb $bcb"
}

# report NAME BASELINE-NAME wall cpu baseline-wall baseline-cpu
report() {
    local ratio="-" cpu_ratio="-"
    if [ "$(echo "$5 > 0" | bc -l)" = 1 ]; then ratio=$(printf '%.2fx' "$(echo "$3 / $5" | bc -l)"); fi
    if [ "$(echo "$6 > 0" | bc -l)" = 1 ]; then cpu_ratio=$(printf '%.2fx' "$(echo "$4 / $6" | bc -l)"); fi
    printf '| %s | %.3f s | %.2f s | %s | %.3f s | %.2f s | %s | %s |\n' \
        "$1" "$3" "$4" "$2" "$5" "$6" "$ratio" "$cpu_ratio"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg); best of $rounds runs"

echo "10000 10000" >"$work/big.in"
"$leapfrog" solve shifting <"$work/big.in" >"$work/big.out"
printf 'output: %s moves, %s bytes\n' "$(head -1 "$work/big.out")" "$(wc -c <"$work/big.out")"

echo
echo "| command | wall | CPU | baseline | wall | CPU | wall ratio | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|"
report "\`leapfrog solve shifting\` (n = m = 10^4) \\| \`wc -c\`" "\`cat OUTPUT\` \\| \`wc -c\`" \
    $(best_of "'$leapfrog' solve shifting < '$work/big.in' | wc -c" "cat '$work/big.out' | wc -c")

verdict=$("$work/checker" "$work/big.in" "$work/big.in" "$work/feedback" <"$work/big.out" && echo 0 || echo $?)
[ "$verdict" = 42 ] || { echo "the checker did not accept the solver's output ($verdict)"; exit 1; }
report "\`problems/shifting/output_validators/shifting.rs\` on that output" "\`wc -l < OUTPUT\`" \
    $(best_of "'$work/checker' '$work/big.in' '$work/big.in' '$work/feedback' < '$work/big.out'; true" \
        "wc -l < '$work/big.out'")

# Once first, so that the cached build of the checker is ready.
(cd "$root" && "$leapfrog" check shifting "$work/big.in" "$work/big.out" >/dev/null)
report "\`leapfrog check shifting INPUT OUTPUT\`" "the checker alone" \
    $(best_of "cd '$root' && '$leapfrog' check shifting '$work/big.in' '$work/big.out'" \
        "'$work/checker' '$work/big.in' '$work/big.in' '$work/feedback' < '$work/big.out'; true")

"$leapfrog" gen shifting-query --n 1000000000 --m 1000000000 --q 100000 --indices random --seed 1 \
    >"$work/query.in"
report "\`leapfrog solve shifting-query\` (10^5 queries, n = m = 10^9)" "\`wc -l < INPUT\`" \
    $(best_of "'$leapfrog' solve shifting-query < '$work/query.in'" "wc -l < '$work/query.in'")
