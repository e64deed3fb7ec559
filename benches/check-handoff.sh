#!/usr/bin/env bash
# Benchmark for `leapfrog check` handing a large output to its checker (issue 42): where the
# judge is root, the checker runs as the jury's user, who may not enter a private (`0700`)
# directory. The output reaches it on stdin, opened by the judge, and is never copied.
#
# One run measures, on the shifting output for n = m = SIZE (10^4: 10^8 moves, ~550 MB):
#
#   1. `leapfrog check shifting INPUT OUTPUT` with both files in a private (`0700`) directory,
#      against `wc -l < OUTPUT` on the same file;
#   2. the same with both files in a shared (`0755`) directory;
#   3. the checker binary alone on the output, against the same `wc -l`;
#   4. the same checker held to one processor (`taskset`), where it scans and plays on one
#      thread instead of two.
#
# Each command runs ROUNDS times (default 5), alternating with its baseline so that load hits
# both alike; the best wall-clock and CPU times are printed as a Markdown table with the ratios.
# The machine's load average is printed first: the figures are only comparable within one run.
#
#   benches/check-handoff.sh [ROUNDS] [SIZE]   (needs ~1.2 GB free in $TMPDIR at SIZE 10000)
#
# `LEAPFROG=path` times another build of leapfrog; `TREE=dir` takes the package `shifting`
# (and so its checker) from another checkout, e.g. one made by
# `git archive main | tar -x -C DIR`, to compare checkers in the same minute.
set -euo pipefail

rounds=${1:-5}
size=${2:-10000}
root=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${TREE:-$root}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
mkdir -m 0700 "$work/private"
mkdir -m 0755 "$work/shared"

[ -n "${LEAPFROG:-}" ] || cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog=${LEAPFROG:-$root/target/release/leapfrog}
rustc -O --edition 2021 -o "$work/checker" "$tree/problems/shifting/output_validators/shifting.rs"
mkdir -p "$work/feedback"

# "wall cpu" of one run of a shell command line (CPU: user + system of all its processes).
measure() {
    /usr/bin/time -f "%e %U %S" -o "$work/time" bash -c "$1" >/dev/null 2>&1 || true
    tail -1 "$work/time" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}

# best_of A B: A and B alternately, $rounds times; "wallA cpuA wallB cpuB", the best of each.
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

# report NAME BASELINE wall cpu baseline-wall baseline-cpu
report() {
    local ratio="-" cpu_ratio="-"
    if [ "$(echo "$5 > 0" | bc -l)" = 1 ]; then ratio=$(printf '%.2fx' "$(echo "$3 / $5" | bc -l)"); fi
    if [ "$(echo "$6 > 0" | bc -l)" = 1 ]; then cpu_ratio=$(printf '%.2fx' "$(echo "$4 / $6" | bc -l)"); fi
    printf '| %s | %.3f s | %.2f s | %s | %.3f s | %.2f s | %s | %s |\n' \
        "$1" "$3" "$4" "$2" "$5" "$6" "$ratio" "$cpu_ratio"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); user $(id -un); best of $rounds runs;" \
    "checker from $tree"

echo "$size $size" >"$work/private/big.in"
"$leapfrog" solve shifting <"$work/private/big.in" >"$work/private/big.out"
# An answer beside the input, so that no reference answer is computed (this checker reads
# none of it: the move count is all it holds).
head -1 "$work/private/big.out" >"$work/private/big.ans"
# The shared copies are hard links: the same blocks, read from the same page cache.
for f in big.in big.out big.ans; do ln "$work/private/$f" "$work/shared/$f"; done
chmod 0644 "$work/private/"* "$work/shared/"*
printf 'output: %s bytes\n\n' "$(wc -c <"$work/private/big.out")"

# Once first, so that the cached build of the checker is ready.
(cd "$tree" && "$leapfrog" check shifting "$work/private/big.in" "$work/private/big.out" >/dev/null)

echo "| command | wall | CPU | baseline | wall | CPU | wall ratio | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|"
for place in private shared; do
    report "\`leapfrog check shifting\` from a $place directory" "\`wc -l < OUTPUT\`" \
        $(best_of "cd '$tree' && '$leapfrog' check shifting '$work/$place/big.in' '$work/$place/big.out'" \
            "wc -l < '$work/$place/big.out'")
done
report "the checker alone" "\`wc -l < OUTPUT\`" \
    $(best_of "'$work/checker' '$work/shared/big.in' '$work/shared/big.ans' '$work/feedback' < '$work/shared/big.out'" \
        "wc -l < '$work/shared/big.out'")
# The first processor this shell may use (`taskset -cp` lists them as "0,1" or "0-1").
first_cpu=$(taskset -cp $$ | sed 's/.*: //; s/[-,].*//')
report "the checker alone, on one processor" "\`wc -l < OUTPUT\`" \
    $(best_of "taskset -c $first_cpu '$work/checker' '$work/shared/big.in' '$work/shared/big.ans' '$work/feedback' < '$work/shared/big.out'" \
        "wc -l < '$work/shared/big.out'")
