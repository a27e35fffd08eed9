#!/usr/bin/env bash
# Usage: keep-unchanged.sh <generated-dir> <shadow-dir>
# jte rewrites every generated source on every build, which makes the compiler rebuild the whole
# module (and then every test class) even when nothing changed. A file whose content is the same
# as last time gets last time's modification time back, so only real changes recompile.
set -euo pipefail
gen=$1
shadow=$2
[ -d "$gen" ] || exit 0
mkdir -p "$shadow"
cd "$gen"
find . -type f -print0 | while IFS= read -r -d '' f; do
  if [ -f "$shadow/$f" ] && cmp -s "$f" "$shadow/$f"; then
    touch -r "$shadow/$f" "$f"
  else
    mkdir -p "$shadow/$(dirname "$f")"
    cp -p "$f" "$shadow/$f"
  fi
done
