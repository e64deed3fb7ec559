#!/usr/bin/env bash
# Measures the judge's own overhead: `leapfrog judge` on 200 tiny tests with a trivial C
# submission, against a plain shell loop that runs the same binary on the same tests and
# compares bytes with cmp. The judge runs both in its bubblewrap sandbox and with limits only.
# Prints the times and the ratios (needs hyperfine: apt install hyperfine).
#
#   benches/judge-overhead.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-20}
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog=$root/target/release/leapfrog
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pkg=$work/pkg
mkdir -p "$pkg/data/sample" "$pkg/data/secret"
printf 'name: Overhead\nvalidation: default\nlimits:\n  time_limit: 1\n' > "$pkg/problem.yaml"
printf '1 2\n' > "$pkg/data/sample/1.in"
printf '3\n' > "$pkg/data/sample/1.ans"
for i in $(seq -w 1 199); do
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
# The baseline: the same binary on every test, output compared byte for byte.
out=$(mktemp)
for f in "$1"/data/sample/*.in "$1"/data/secret/*.in; do
  "$2" < "$f" > "$out"
  cmp -s "$out" "${f%.in}.ans" || echo "WA $f"
done
rm -f "$out"
SH
chmod +x "$work/loop.sh"

# Make sure everything is accepted before timing it.
"$leapfrog" judge "$pkg" "$work/sum" --jobs 1 > /dev/null
[ -z "$("$work/loop.sh" "$pkg" "$work/sum")" ]

hyperfine --warmup 3 --runs "$runs" -N --export-json "$work/times.json" \
  -n "shell loop + cmp" "$work/loop.sh $pkg $work/sum" \
  -n "leapfrog --jobs 1" "$leapfrog judge $pkg $work/sum --jobs 1" \
  -n "leapfrog --jobs 1 --no-sandbox" "$leapfrog judge $pkg $work/sum --jobs 1 --no-sandbox" \
  -n "leapfrog --jobs 2" "$leapfrog judge $pkg $work/sum --jobs 2" > /dev/null

python3 - "$work/times.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
base = results["shell loop + cmp"]["median"]
one = results["leapfrog --jobs 1"]["median"]
two = results["leapfrog --jobs 2"]["median"]
print(f"200 tests, median of {len(results['shell loop + cmp']['times'])} runs each")
for name, r in results.items():
    print(f"  {name:<32} {r['median']*1000:8.1f} ms  (mean {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} ms)")
bare = results["leapfrog --jobs 1 --no-sandbox"]["median"]
print(f"  leapfrog --jobs 1 / shell loop:              {one / base:.2f}x")
print(f"  leapfrog --jobs 1 --no-sandbox / shell loop: {bare / base:.2f}x")
print(f"  sandbox cost per test: {(one - bare) / 200 * 1000:.1f} ms")
print(f"  speed-up of --jobs 2 over --jobs 1: {one / two:.2f}x")
PY
