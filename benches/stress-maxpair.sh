#!/usr/bin/env bash
# `leapfrog stress` with default flags on the maxpair fixture (n up to 200 000, a wrong
# submission that sums in 32-bit ints), measured with /usr/bin/time -v, inside a memory cgroup
# of 2 GiB when this user may make one (so that a regression cannot eat the machine). Prints
# the failure found, its shrunk size, the moved generator arguments, wall time and peak memory
# (the largest resident set of leapfrog and of each program it ran; leapfrog's own is at most
# that), and checks no scratch directory is left behind. Exits 1 if the shrunk input has more
# than 10 numbers or the peak is 512 MiB or more.
#
#   benches/stress-maxpair.sh [LEAPFROG]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -gt 0 ]; then
  leapfrog=$1
else
  (cd "$root" && cargo build --release --quiet)
  leapfrog=$root/target/release/leapfrog
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${group:-}" ] && rmdir "$group" 2>/dev/null || true' EXIT
cp -r "$root/tests/fixtures/maxpair" "$work/maxpair"
group=""
limit=$((2 * 1024 * 1024 * 1024))
if [ -w /sys/fs/cgroup/cgroup.subtree_control ] && mkdir "/sys/fs/cgroup/lf-bench-$$" 2>/dev/null; then
  group=/sys/fs/cgroup/lf-bench-$$; echo "$limit" > "$group/memory.max"
elif mkdir "/sys/fs/cgroup/memory/lf-bench-$$" 2>/dev/null; then
  group=/sys/fs/cgroup/memory/lf-bench-$$; echo "$limit" > "$group/memory.limit_in_bytes"
fi
before=$(ls "${TMPDIR:-/tmp}/leapfrog-stress" 2>/dev/null | sort)
set +e
(
  [ -n "$group" ] && echo $BASHPID > "$group/cgroup.procs"
  cd "$work" && exec /usr/bin/time -v "$leapfrog" stress "$work/maxpair" "$work/maxpair/submissions/wrong_answer/int32.cpp" \
    --save "$work" --json
) > "$work/out.json" 2> "$work/time.txt"
code=$?
set -e
after=$(ls "${TMPDIR:-/tmp}/leapfrog-stress" 2>/dev/null | sort)
python3 - "$work/out.json" "$work/time.txt" "$code" "${group:+2 GiB cgroup}" "$before" "$after" <<'PY'
import json, re, sys
out, timing, code, group, before, after = sys.argv[1:7]
text = open(timing).read()
peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
try:
    d = json.load(open(out))
except ValueError:
    print(f"no report (exit {code}); {text.strip().splitlines()[-1] if text.strip() else ''}")
    print(f"peak {peak / 1024:.0f} MiB, wall {wall}")
    sys.exit(1)
numbers = d["input"].split()[1:]
moved = ", ".join(f"{m['argument']} {m['from']} -> {m['to']}" for m in d["moved"]) or "none"
print(f"exit {code} ({group or 'no cgroup'}); {d['verdict']} after {d['tests']} tests ({d['seconds']:.1f} s)")
print(f"shrunk from {d['original_bytes']} to {d['shrunk_bytes']} bytes ({len(numbers)} numbers) in {d['shrink_steps']} steps; moved: {moved}")
print(f"wall {wall}; peak resident set {peak / 1024:.1f} MiB")
left = set(after.split()) - set(before.split())
print("scratch left behind: " + (", ".join(sorted(left)) if left else "none"))
sys.exit(0 if code == "1" and len(numbers) <= 10 and peak < 512 * 1024 and not left else 1)
PY
