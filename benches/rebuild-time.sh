#!/usr/bin/env bash
# How much `cargo build --release` rebuilds after a one-line change: for each FILE given (a
# Rust source of this tree), appends a comment line, times the release build (wall and CPU
# seconds of cargo and everything it started), then puts the file back and rebuilds untimed.
# Run it on two trees in one session to compare them (docs/src/architecture/building.md).
#
#   benches/rebuild-time.sh FILE...      (paths relative to the tree's root)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet
for file in "$@"; do
  [ -f "$file" ] || { echo "error: no file $file in $root" >&2; exit 2; }
  saved=$(mktemp)
  cp -p "$file" "$saved"
  echo "// rebuild probe" >> "$file"
  /usr/bin/time -f "$file: %e s wall, %U s user + %S s system" cargo build --release --quiet 2>&1 | tail -1
  cp -p "$saved" "$file"
  rm -f "$saved"
  touch "$file"
  cargo build --release --quiet
done
