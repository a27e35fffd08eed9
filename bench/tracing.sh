#!/usr/bin/env bash
# Cost of tracing when off: the decision-read benchmark on this checkout (tracing built in, off:
# no OTEL_* variable) and on a build without tracing (the commit before it, TRACING_BASE, default
# the merge-base with main), alternating, ROUNDS times each.
# Usage: bench/tracing.sh [wallets] [concurrency] [seconds]   (ROUNDS=3 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
wallets=${1:-1000} concurrency=${2:-32} seconds=${3:-15} rounds=${ROUNDS:-3}
base=${TRACING_BASE:-$(git merge-base HEAD main)}
without=$(mktemp -d)
trap 'git worktree remove --force "$without" >/dev/null 2>&1 || true' EXIT
git worktree add --detach "$without" "$base" >/dev/null
env | grep -q '^OTEL_' && { echo "unset the OTEL_* variables first: this measures tracing off" >&2; exit 2; }
for ((i = 1; i <= rounds; i++)); do
  for build in off without; do
    dir=.; [ "$build" = without ] && dir=$without
    line=$("$dir/bench/decision-read.sh" "$wallets" "$concurrency" "$seconds" | grep '^requests=')
    echo "round=$i build=$build $line"
  done
done
