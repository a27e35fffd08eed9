#!/usr/bin/env bash
# The fault suite's figures (issue 18 targets: first 503 within 2 s of a freeze, then p99 50 ms,
# recovery within 2 s, reads on the primary 1 s after the lag bound is passed). FailoverTest and
# HungDatabaseTest assert behaviour only and log these as "measured:" lines; this runs them with
# the primary faults held 5 s (as in the sittings of docs/operations.md) and prints those lines.
# Run on an otherwise idle machine: a loaded one moves every figure.
#   bench/fault-figures.sh [tests=FailoverTest,HungDatabaseTest]
set -euo pipefail
cd "$(dirname "$0")/.."
tests="${1:-FailoverTest,HungDatabaseTest}"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -ntp -q test -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false -Dvouch.fault.holdMs=5000
for t in ${tests//,/ }; do
  echo "== $t"
  # The logs are JSON lines; the figure is the text after "measured: " in msg.
  grep -h '"msg":"measured: ' target/surefire-reports/*."$t"-output.txt | sed 's/.*"msg":"measured: \([^"]*\)".*/  \1/'
done
