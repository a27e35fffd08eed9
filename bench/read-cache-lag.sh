#!/usr/bin/env bash
# How late another API instance sees a commit through its read cache (issue 26 item 1; target:
# p99 at most 100 ms). Creates a bench database, seeds committed wallets (bench/seed.sql), starts
# two Vouch API instances (A and B) on it, then bench/lag/ReadCacheLag.java rewrites seeded rows
# on the primary and reads them back from B until the new row shows. With LAG_LOAD=1 both
# instances serve a wrk decision-read load meanwhile (the announcement then competes with reads).
#
# Usage: bench/read-cache-lag.sh [commits=1000] [wallets=100000]
#   BENCH_CLASSPATH     run from this classpath instead of building
#   BENCH_DATABASE_URL  server to create the bench database on (default: the machine's PostgreSQL)
#   LAG_LOAD=1          wrk load (2 threads, 32 connections) on both instances during the probe
set -euo pipefail
cd "$(dirname "$0")/.."
COMMITS=${1:-1000}; WALLETS=${2:-100000}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
. bench/classpath.sh
DB="vouch_lag_$(date +%s)"
DB_URL="${SERVER_URL%/*}/$DB"
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" java -cp "$CP" dev.vouch.cli.Main migrate >"$OUT/lag-migrate.log" 2>&1
psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed.sql >/dev/null
export DATABASE_URL="$DB_URL" VOUCH_ROLE=api VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000
A_PORT=$(free_port); B_PORT=$(free_port)
PORT=$A_PORT java -XX:+UseParallelGC -Xms512m -Xmx1g -cp "$CP" dev.vouch.cli.Main serve >"$OUT/lag-a.log" 2>&1 &
PIDS+=($!)
PORT=$B_PORT java -XX:+UseParallelGC -Xms512m -Xmx1g -cp "$CP" dev.vouch.cli.Main serve >"$OUT/lag-b.log" 2>&1 &
PIDS+=($!)
for i in $(seq 1 120); do
  curl -sf -o /dev/null "localhost:$A_PORT/health/ready" && curl -sf -o /dev/null "localhost:$B_PORT/health/ready" && break
  sleep 1
done
if [ -n "${LAG_LOAD:-}" ]; then
  for port in "$A_PORT" "$B_PORT"; do
    wrk -t1 -c16 -d3600s -s bench/wrk/load.lua "http://127.0.0.1:$port" -- get /api/v1/decision/ "$WALLETS" 1 - - >/dev/null 2>&1 &
    PIDS+=($!)
  done
fi
JDBC="jdbc:postgresql://$(sed -E 's#^postgres(ql)?://([^@]*@)?##' <<<"$DB_URL")?user=${PGUSER:-postgres}"
echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $WALLETS wallets, $COMMITS commits, load ${LAG_LOAD:-off}"
java -cp "$CP" bench/lag/ReadCacheLag.java "$JDBC" "http://127.0.0.1:$B_PORT" "$WALLETS" "$COMMITS"
echo "B: $(curl -s "localhost:$B_PORT/metrics" | grep -E '^(cache_gets_total|vouch_read_cache_drops_total|vouch_read_cache_announced_total)' | tr '\n' ' ')"
