#!/usr/bin/env bash
# Usage: tools-install.sh start|wait <build directory>   (pom.xml: start at initialize, wait at
# process-test-classes)
# The tools the tests need and a fresh clone lacks: Anvil (tools/devnet), the OpenAPI tools, the
# manifest validator (tools/k8s), the webhook verifier (tools/webhooks): `npm ci` each; the Python
# venv (tools/python/setup.sh). They used to install one after another between the main and the
# test compile (about 40 s on the 2-core machine); now they install together in the background
# while Maven compiles, and the build waits for them before the tests. A tool already installed is
# left alone. Their output is printed by `wait`; any failure fails the build there.
set -uo pipefail
mode=$1
out=$2/tools-install
root=$(cd "$(dirname "$0")/../.." && pwd)

install_one() {
  case $1 in
    python) (cd "$root/tools/python" && bash setup.sh) ;;
    *) (cd "$root/tools/$1" && npm ci --no-audit --no-fund --loglevel=error) ;;
  esac
}

case $mode in
  start)
    mkdir -p "$out"
    rm -f "$out"/*.rc "$out"/*.log "$out/needed"
    needed=()
    for npm_tool in devnet openapi k8s webhooks; do
      [ -d "$root/tools/$npm_tool/node_modules" ] || needed+=("$npm_tool")
    done
    [ -f "$root/tools/python/.venv/.ready" ] || needed+=(python)
    printf '%s\n' "${needed[@]}" >"$out/needed"
    [ ${#needed[@]} -eq 0 ] && exit 0
    echo "[tools-install] installing in the background: ${needed[*]} (logs in $out)"
    # The lock is held from here until the last install ends (the runner inherits it), so a
    # `wait` that starts before the runner does still waits.
    exec 9>"$out/lock"
    flock 9
    setsid bash "$0" run "$2" "${needed[@]}" </dev/null >"$out/runner.log" 2>&1 &
    ;;
  run)
    shift 2
    pids=()
    for t in "$@"; do
      ( install_one "$t" >"$out/$t.log" 2>&1 9>&-; echo $? >"$out/$t.rc" ) 9>&- &
      pids+=($!)
    done
    wait "${pids[@]}"
    ;;
  wait)
    [ -f "$out/needed" ] || exit 0
    exec 9>"$out/lock"
    if ! flock -w 1800 9; then
      echo "[tools-install] the installs did not end within 30 minutes (logs in $out)" >&2
      exit 1
    fi
    status=0
    while read -r t; do
      [ -n "$t" ] || continue
      rc=$(cat "$out/$t.rc" 2>/dev/null || echo "never ended")
      echo "[tools-install] $t: $([ "$rc" = 0 ] && echo installed || echo "FAILED ($rc)")"
      [ -s "$out/$t.log" ] && sed 's/^/  /' "$out/$t.log"
      [ "$rc" = 0 ] || status=1
    done <"$out/needed"
    [ -s "$out/runner.log" ] && sed 's/^/  /' "$out/runner.log"
    rm -f "$out/needed"
    exit $status
    ;;
  *)
    echo "usage: $0 start|wait <build directory>" >&2
    exit 2
    ;;
esac
