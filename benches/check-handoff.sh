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
#   4. the same checker held to one processor (`taskset`), where one thread does it all.
#
# Each pair runs ROUNDS times (default 15) after two warm-up runs of each, the command and its
# baseline taking turns so that load hits both alike. Every run is started directly (no shell:
# stdin is opened by the script) and timed with `time.perf_counter`; its CPU time is the
# user + system time that `wait4` reports for it and every process it waited for. The table
# gives the fastest and the median wall time, the least CPU time and the ratios to the
# baseline; the machine's load average is printed first and last: the figures are only
# comparable within one run.
#
#   benches/check-handoff.sh [ROUNDS] [SIZE]   (needs ~1.2 GB free in $TMPDIR at SIZE 10000)
#
# `LEAPFROG=path` times another build of leapfrog; `TREE=dir` takes the package `shifting`
# (and so its checker) from another checkout, e.g. one made by
# `git archive main | tar -x -C DIR`, to compare checkers in the same minute.
set -euo pipefail

rounds=${1:-15}
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

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); user $(id -un);" \
    "$rounds alternating rounds; checker from $tree"

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

# The first processor this shell may use (`taskset -cp` lists them as "0,1" or "0-1").
first_cpu=$(taskset -cp $$ | sed 's/.*: //; s/[-,].*//')

python3 - "$rounds" "$work" "$leapfrog" "$tree" "$first_cpu" <<'PY'
import os, statistics, subprocess, sys, time

rounds, work, leapfrog, tree, cpu = int(sys.argv[1]), *sys.argv[2:]
checker = [f"{work}/checker", f"{work}/shared/big.in", f"{work}/shared/big.ans", f"{work}/feedback"]


def wc(place):
    return ("`wc -l < OUTPUT`", ["wc", "-l"], f"{work}/{place}/big.out")


def run(argv, stdin):
    """Wall and CPU seconds of one run of `argv` with `stdin` on its standard input."""
    with open(stdin, "rb") as given:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=given, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, cwd=tree)
        _, _, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = 0  # reaped above
    return wall, usage.ru_utime + usage.ru_stime


pairs = []
for place in ("private", "shared"):
    argv = [leapfrog, "check", "shifting", f"{work}/{place}/big.in", f"{work}/{place}/big.out"]
    pairs.append((f"`leapfrog check shifting` from a {place} directory", argv, "/dev/null", wc(place)))
pairs.append(("the checker alone", checker, f"{work}/shared/big.out", wc("shared")))
pairs.append(("the checker alone, on one processor", ["taskset", "-c", cpu] + checker,
              f"{work}/shared/big.out", wc("shared")))

print("| command | fastest | median | CPU | baseline | fastest | median | CPU "
      "| ratio: fastest | median | CPU |")
print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|")
for name, argv, stdin, (base_name, base_argv, base_stdin) in pairs:
    times = {"a": [], "b": []}
    for k in range(rounds + 2):
        a, b = run(argv, stdin), run(base_argv, base_stdin)
        if k >= 2:  # two warm-up rounds
            times["a"].append(a)
            times["b"].append(b)
    row = []
    for side in ("a", "b"):
        walls = [w for w, _ in times[side]]
        row.append((min(walls), statistics.median(walls), min(c for _, c in times[side])))
    (fa, ma, ca), (fb, mb, cb) = row
    ms = lambda s: f"{s * 1000:.1f} ms"
    ratio = lambda x, y: f"{x / y:.2f}×" if y > 0 else "–"
    print(f"| {name} | {ms(fa)} | {ms(ma)} | {ms(ca)} | {base_name} | {ms(fb)} | {ms(mb)} "
          f"| {ms(cb)} | **{ratio(fa, fb)}** | **{ratio(ma, mb)}** | {ratio(ca, cb)} |")
    sys.stdout.flush()
PY
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
