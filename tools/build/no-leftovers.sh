#!/usr/bin/env bash
# Usage: no-leftovers.sh <run>   (pom.xml runs it in the test phase, after surefire)
# Fails the build when a process the tests started outlives them (issue 34: every run left a
# devnet's six anvils behind). Each test JVM has VOUCH_TEST_RUN=<run> in its environment (surefire's
# environmentVariables) and every process started under it inherits that, also one that left the
# JVM's process tree. Each JVM ends its own at exit (support/ProcessReaper), so a process found here
# escaped that too: it is listed, ended, and the build fails. Linux only: it reads /proc.
set -uo pipefail
run=$1
checkout=${run%@*}
reaped=$checkout/target/reaped-processes.txt

if [ ! -d /proc/self ]; then
  echo "[no-leftovers] no /proc here: processes left behind are not checked"
  exit 0
fi

# What the test JVMs had to end themselves: the tests that started them never stopped them.
# Each line starts with its run (a run that failed in surefire never got here to read its own).
if [ -f "$reaped" ]; then
  ours=$(grep -F -- "$run " "$reaped" | cut -d' ' -f2-)
  if [ -n "$ours" ]; then
    echo "[no-leftovers] the test JVMs ended these at exit (their tests never stopped them):"
    printf '%s\n' "$ours" | sed 's/^/  /'
  fi
  rm -f "$reaped"
fi

leftovers() {
  grep -lzxF -- "VOUCH_TEST_RUN=$run" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 | sort -n
}

# A process stopped as a JVM exited may take a few seconds more (a devnet stops its anvils).
left=$(leftovers)
for _ in $(seq 1 30); do
  [ -z "$left" ] && break
  sleep 0.5
  left=$(leftovers)
done
if [ -z "$left" ]; then
  echo "[no-leftovers] no process of the tests is left"
  exit 0
fi

echo "[no-leftovers] FAILED: these processes started by the tests are still running:"
for pid in $left; do
  printf '  pid %s ppid %s cwd %s: %s\n' "$pid" "$(awk '{print $4}' "/proc/$pid/stat" 2>/dev/null)" \
    "$(readlink "/proc/$pid/cwd" 2>/dev/null)" "$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)"
done
# Ended here, so a failing run leaves nothing behind either.
kill $left 2>/dev/null
sleep 3
left=$(leftovers)
[ -n "$left" ] && kill -9 $left 2>/dev/null
exit 1
