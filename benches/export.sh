#!/usr/bin/env bash
# Measures `leapfrog export` against copying the package with `cp -rL`: the export copies the
# same test data (and converts the statement, draws its pictures as PNG, rewrites problem.yaml,
# writes into a staging directory and renames it), so copying the bytes is the floor.
# Prints both times and the ratio (needs hyperfine: apt install hyperfine).
#
#   benches/export.sh [PROBLEM] [RUNS]     (default: the test fixture with 200 MiB of data)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${2:-10}
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
leapfrog=$root/target/release/leapfrog
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $# -ge 1 ]; then
  package=$(cd "$root" && "$leapfrog" export "$1" "$work/warmup" > /dev/null && cd "problems/$1" && pwd)
else
  # The fixture problem, with 100 secret tests of 2 MiB each (inputs) and their answers.
  cp -r "$root/tests/fixtures/setter" "$work/repo"
  package=$work/repo/problems/hops
  rm -f "$package/generators/generators.yaml"
  mkdir -p "$package/data/secret"
  for i in $(seq -w 1 100); do
    head -c 2097152 /dev/zero | tr '\0' '7' > "$package/data/secret/$i.in"
    echo "$i" > "$package/data/secret/$i.ans"
  done
fi
size=$(du -sh --dereference "$package" | cut -f1)

hyperfine --warmup 2 --runs "$runs" -N --export-json "$work/times.json" \
  --prepare "rm -rf $work/cp $work/export" \
  -n "cp -rL" "cp -rL $package $work/cp" \
  -n "leapfrog export" "$leapfrog export $package $work/export" > /dev/null

python3 - "$work/times.json" "$size" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
base = results["cp -rL"]["median"]
ours = results["leapfrog export"]["median"]
print(f"package of {sys.argv[2]}, median of {len(results['cp -rL']['times'])} runs each")
for name, r in results.items():
    print(f"  {name:<16} {r['median']*1000:8.1f} ms  (mean {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} ms)")
print(f"  leapfrog export / cp -rL: {ours / base:.2f}x")
PY
