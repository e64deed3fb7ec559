#!/usr/bin/env bash
# Measures the judge's own overhead and how it scales: `leapfrog judge --jobs 1` on N one-line
# tests with a trivial C submission, in the sandbox and with --no-sandbox, against a plain shell
# loop that runs the same binary on the same tests and compares bytes with cmp; and
# `--jobs 2` against `--jobs 1`, both sandboxed. The commands take turns, round after round, so
# a change in the machine's load hits them alike; prints the median and best wall time of
# each, the time per test, the CPU time (of the command and everything it started), the ratios
# to the loop, and the speed-up of two jobs over one. The last column is how busy the whole
# machine was while each command ran (from /proc/stat, so the kernel's own work for the runs,
# such as freeing their namespaces, counts, and so does anything else running): two jobs can
# only gain 2x where their CPU time fits twice into one job's wall time.
#
# What a second job can gain on this machine at all is measured too: the same shell loop as two
# halves side by side (the odd tests and the even ones), once left to the scheduler and once
# each pinned to a CPU with taskset, as the judge pins its runs. Their speed-up over one loop is
# the machine's own for work made of short processes (fork, exec, exit), without any judge.
#
#   benches/judge-overhead.sh [TESTS [ROUNDS]]     (defaults: 201 tests, 15 rounds)
#
# LEAPFROG=path/to/leapfrog measures that binary (another build, say main's) instead of
# building this tree's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tests=${1:-201}
rounds=${2:-15}
if [ -z "${LEAPFROG:-}" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
fi
leapfrog=${LEAPFROG:-$root/target/release/leapfrog}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pkg=$work/pkg
mkdir -p "$pkg/data/sample" "$pkg/data/secret"
printf 'name: Overhead\nvalidation: default\nlimits:\n  time_limit: 1\n' > "$pkg/problem.yaml"
printf '1 2\n' > "$pkg/data/sample/1.in"
printf '3\n' > "$pkg/data/sample/1.ans"
for i in $(seq -w 1 $((tests - 1))); do
  echo "$i $i" > "$pkg/data/secret/$i.in"
  echo $((10#$i * 2)) > "$pkg/data/secret/$i.ans"
done
cat > "$work/sum.c" <<'C'
#include <stdio.h>
int main(void) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1; printf("%ld\n", a + b); return 0; }
C
gcc -O2 -o "$work/sum" "$work/sum.c"
cat > "$work/loop.sh" <<'SH'
#!/usr/bin/env bash
# The baseline: the same binary on every test, output compared byte for byte. With a third
# argument `K/N`, only every N-th test from the K-th (one of N loops side by side).
out=$(mktemp)
part=${3:-0/1}
i=0
for f in "$1"/data/sample/*.in "$1"/data/secret/*.in; do
  if [ $((i % ${part#*/})) -eq "${part%/*}" ]; then
    "$2" < "$f" > "$out"
    cmp -s "$out" "${f%.in}.ans" || echo "WA $f"
  fi
  i=$((i + 1))
done
rm -f "$out"
SH
cat > "$work/two-loops.sh" <<'SH'
#!/usr/bin/env bash
# Two halves of the baseline side by side; with `pinned`, each on a CPU of its own (the first
# two this script may use).
loop=$(dirname "$0")/loop.sh
if [ "${3:-}" = pinned ]; then
  read -r a b _ < <(python3 -c 'import os; print(*sorted(os.sched_getaffinity(0)))')
  taskset -c "$a" "$loop" "$1" "$2" 0/2 &
  taskset -c "$b" "$loop" "$1" "$2" 1/2
else
  "$loop" "$1" "$2" 0/2 &
  "$loop" "$1" "$2" 1/2
fi
wait
SH
chmod +x "$work/loop.sh" "$work/two-loops.sh"

# Everything must be accepted (and compiled, and cached) before it is timed.
"$leapfrog" judge "$pkg" "$work/sum" --jobs 1 --require-sandbox > /dev/null
"$leapfrog" judge "$pkg" "$work/sum" --jobs 1 --no-sandbox > /dev/null
[ -z "$("$work/loop.sh" "$pkg" "$work/sum")" ]
[ -z "$("$work/two-loops.sh" "$pkg" "$work/sum" pinned)" ]

python3 - "$rounds" "$tests" "$work/loop.sh $pkg $work/sum" \
  "$leapfrog judge $pkg $work/sum --jobs 1 --no-sandbox" \
  "$leapfrog judge $pkg $work/sum --jobs 1 --require-sandbox" \
  "$leapfrog judge $pkg $work/sum --jobs 2 --require-sandbox" \
  "$work/two-loops.sh $pkg $work/sum" "$work/two-loops.sh $pkg $work/sum pinned" <<'PY'
import resource, statistics, subprocess, sys, time
rounds, tests = int(sys.argv[1]), int(sys.argv[2])
names = ["shell loop + cmp", "leapfrog judge --jobs 1 --no-sandbox", "leapfrog judge --jobs 1 (sandbox)",
         "leapfrog judge --jobs 2 (sandbox)", "two shell loops side by side", "two shell loops, pinned"]
commands = sys.argv[3:]
wall = {name: [] for name in names}
cpu = {name: [] for name in names}
busy = {name: [] for name in names}
ncpu = len(__import__("os").sched_getaffinity(0))
def machine_busy():
    # Jiffies (1/100 s) all CPUs spent neither idle nor waiting for I/O.
    fields = [int(f) for f in open("/proc/stat").readline().split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / 100
def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
for _ in range(rounds):
    for name, command in zip(names, commands):
        cpu_before, busy_before, start = children_cpu(), machine_busy(), time.perf_counter()
        subprocess.run(command.split(), stdout=subprocess.DEVNULL, check=True)
        wall[name].append(time.perf_counter() - start)
        cpu[name].append(children_cpu() - cpu_before)
        busy[name].append((machine_busy() - busy_before) / (ncpu * wall[name][-1]))
median = {name: statistics.median(wall[name]) for name in names}
median_cpu = {name: statistics.median(cpu[name]) for name in names}
best = {name: min(wall[name]) for name in names}
base = names[0]
print(f"{tests} tests, {rounds} alternating rounds; wall time (median, best) and CPU time (median)")
print(f"  {'command':<38} {'wall':>8} {'per test':>9} {'ratio':>6} {'best':>8} {'ratio':>6} {'CPU':>8} {'ratio':>6}"
      f" {'machine busy':>13}")
for name in names:
    print(f"  {name:<38} {median[name]*1000:6.0f}ms {median[name]/tests*1000:7.2f}ms"
          f" {median[name]/median[base]:5.2f}x {best[name]*1000:6.0f}ms {best[name]/best[base]:5.2f}x"
          f" {median_cpu[name]*1000:6.0f}ms {median_cpu[name]/median_cpu[base]:5.2f}x"
          f" {statistics.median(busy[name])*100:12.0f}%")
sandbox, bare, two = names[2], names[1], names[3]
print(f"  the sandbox's own cost per test: {(median[sandbox] - median[bare]) / tests * 1000:.2f} ms wall,"
      f" {(median_cpu[sandbox] - median_cpu[bare]) / tests * 1000:.2f} ms CPU")
print(f"  one job, sandboxed, against the bare loop: {median[sandbox]/median[base]:.2f}x (median),"
      f" {best[sandbox]/best[base]:.2f}x (best)")
print(f"  two jobs against one (sandboxed), speed-up: {median[sandbox]/median[two]:.2f}x (median),"
      f" {best[sandbox]/best[two]:.2f}x (best)")
loops, pinned = names[4], names[5]
print(f"  the machine's own: two loops against one, speed-up: {median[base]/median[loops]:.2f}x (median),"
      f" {best[base]/best[loops]:.2f}x (best); pinned {median[base]/median[pinned]:.2f}x (median),"
      f" {best[base]/best[pinned]:.2f}x (best)")
PY
