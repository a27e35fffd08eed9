#!/usr/bin/env bash
# One-command hot-path benchmark (issue 11): Vouch (api role, budgets in Redis) against a bare
# Vert.x baseline, same machine, same PostgreSQL, same load generator, in one sitting.
#
# Usage: bench/perf.sh [seconds=15] [connections=64] [wallets=100000]
#   BENCH_DATABASE_URL  server to create the bench database on (default: the machine's PostgreSQL)
#   BENCH_ONLY          space-separated scenario names to run (default: all)
#   BENCH_PROFILE=1     also profile Vouch under decision-read load (async-profiler flame graph in
#                       target/bench/vouch-*.html; BENCH_PROFILER=jfr for a JFR recording instead);
#                       BENCH_PROFILE=<scenario> profiles that scenario instead
#   BENCH_BUDGETS=local budgets in process instead of Redis (what the Redis round trip costs)
# Needs: JDK 17, Maven, psql, redis-server, wrk (Debian packages postgresql-client, redis-server, wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-15}
CONNECTIONS=${2:-64}
WALLETS=${3:-100000}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"

for tool in psql redis-server wrk java mvn; do
  command -v "$tool" >/dev/null || { echo "perf.sh needs $tool on PATH" >&2; exit 2; }
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

echo "== build"
mvn -B -q -DskipTests package
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$OUT/runtime.classpath" -Dmdep.includeScope=runtime
CP="target/classes:$(cat "$OUT/runtime.classpath")"

DB="vouch_bench_$(date +%s)"
BASE_NO_DB="${SERVER_URL%/*}"
DB_URL="$BASE_NO_DB/$DB"
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT

echo "== database $DB, migrate, seed $WALLETS committed wallets"
psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" java -jar target/vouch.jar migrate >"$OUT/migrate.log" 2>&1
psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed.sql >/dev/null

REDIS_PORT=$(free_port)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >"$OUT/redis.log" 2>&1 &
PIDS+=($!)

# Budgets on (every request is admitted through Redis) but wide enough that the service is
# measured: anonymous and partner budgets at a billion units a minute. The developer key keeps
# its 120 units and serves the over-budget (429) scenario.
export DATABASE_URL="$DB_URL"
# BENCH_BUDGETS=local meters budgets in process instead (shows what the Redis round trip costs).
[ "${BENCH_BUDGETS:-redis}" = local ] || export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
export VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000 VOUCH_BUDGETS_PLANS_PARTNER_PER_MINUTE=1000000000
export VOUCH_BUDGETS_RECEIPTS_PER_MINUTE=1000000
PARTNER=$(java -jar target/vouch.jar keys create --plan partner --label bench-partner 2>/dev/null | tail -1)
LIMITED=$(java -jar target/vouch.jar keys create --plan developer --label bench-429 2>/dev/null | tail -1)

VOUCH_PORT=$(free_port)
BASE_PORT=$(free_port)
VOUCH_ROLE=api PORT=$VOUCH_PORT java -XX:+UseParallelGC -Xms512m -Xmx1g -jar target/vouch.jar serve >"$OUT/vouch.log" 2>&1 &
VOUCH_PID=$!
PIDS+=($VOUCH_PID)
java -XX:+UseParallelGC -Xms512m -Xmx1g -cp "$CP" bench/baseline/Baseline.java "$BASE_PORT" "$DB_URL" >"$OUT/baseline.log" 2>&1 &
BASE_PID=$!
PIDS+=($BASE_PID)
for i in $(seq 1 120); do
  if curl -sf -o /dev/null "localhost:$VOUCH_PORT/health/ready" && curl -sf -o /dev/null "localhost:$BASE_PORT/single/0x1"; then
    break
  fi
  sleep 1
done

# A receipt to read, and the interaction-graph wallet (the first seeded wallet), when those exist.
RECEIPT=$(curl -s -X POST "localhost:$VOUCH_PORT/api/v1/decision-receipts" -H "Authorization: Bearer $PARTNER" \
  -H 'Content-Type: application/json' -d "{\"wallet\":\"$(printf '0x%040x' 7)\"}" | sed -n 's/.*"id":"\(rcp_[A-Za-z0-9_-]\{16\}\)".*/\1/p')
GRAPH_WALLET=$(printf '0x%040x' 1)
if [ -f bench/seed-graph.sql ]; then
  psql -q "$DB_URL" -v wallet="'$GRAPH_WALLET'" -v n=10000 -f bench/seed-graph.sql >/dev/null
fi

# Exhaust the developer key's minute so its requests are all refused (429).
for i in $(seq 1 130); do curl -s -o /dev/null -H "Authorization: Bearer $LIMITED" "localhost:$VOUCH_PORT/api/v1/decision/$GRAPH_WALLET"; done

run_wrk() { # port mode prefix size auth suffix
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s bench/wrk/load.lua "http://127.0.0.1:$1" -- \
    "$2" "$3" "$WALLETS" "$4" "$5" "$6" 2>&1 | grep '^RESULT' || echo "RESULT rps=0 p50=0 p99=0 p999=0 status_errors=0 socket_errors=0 requests=0"
}
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$2"; }

declare -A BASELINE_FOR=(
  [decision-anon]="get /single/ 1"     [decision-keyed]="get /single/ 1" [score]="get /single/ 1"
  [batch-10]="batch /batch 10"         [batch-100]="batch /batch 100" [batch-500]="batch /batch 500"
  [receipt-read]="get /single/ 1"      [graph-page]="get /single/ 1"    [over-budget-429]="get /single/ 1")
SCENARIOS=(decision-anon decision-keyed score batch-10 batch-100 batch-500 receipt-read graph-page over-budget-429)
[ -n "${BENCH_ONLY:-}" ] && read -r -a SCENARIOS <<<"$BENCH_ONLY"

vouch_args() {
  case "$1" in
    decision-anon)   echo "get /api/v1/decision/ 1 - -" ;;
    decision-keyed)  echo "get /api/v1/decision/ 1 $PARTNER -" ;;
    score)           echo "get /api/v1/score/ 1 - -" ;;
    batch-10)        echo "batch /api/v1/decision/batch 10 $PARTNER -" ;;
    batch-100)       echo "batch /api/v1/decision/batch 100 $PARTNER -" ;;
    batch-500)       echo "batch /api/v1/decision/batch 500 $PARTNER -" ;;
    receipt-read)    echo "get /api/v1/decision-receipts/${RECEIPT:-rcp_missingmissing00} 1 - -" ;;
    graph-page)      echo "get /api/v1/interaction-graph/$GRAPH_WALLET 1 - ?limit=50" ;;
    over-budget-429) echo "get /api/v1/decision/ 1 $LIMITED -" ;;
  esac
}

echo "== warm-up"
run_wrk "$VOUCH_PORT" get /api/v1/decision/ 1 - - >/dev/null
run_wrk "$BASE_PORT" get /single/ 1 - - >/dev/null

if [ -n "${BENCH_PROFILE:-}" ]; then
  # BENCH_PROFILE=1 profiles the anonymous decision read; BENCH_PROFILE=<scenario> that scenario.
  # async-profiler (from Maven Central, attached to the running JVM) gives CPU samples with kernel
  # frames and an HTML flame graph; BENCH_PROFILER=jfr records JFR instead.
  pscenario=$([ "$BENCH_PROFILE" = 1 ] && echo decision-anon || echo "$BENCH_PROFILE")
  read -r mode prefix size auth suffix <<<"$(vouch_args "$pscenario")"
  if [ "$pscenario" = receipt-read ] || [ "$pscenario" = graph-page ]; then mode=fixed; fi
  if [ "${BENCH_PROFILER:-async}" = async ]; then
    mvn -B -q dependency:get -Dartifact=tools.profiler:async-profiler:4.1 >/dev/null
    mkdir -p "$OUT/async-profiler"
    unzip -o -q "$HOME/.m2/repository/tools/profiler/async-profiler/4.1/async-profiler-4.1.jar" 'linux-x64/*' -d "$OUT/async-profiler"
    lib="$(pwd)/$OUT/async-profiler/linux-x64/libasyncProfiler.so"
    jcmd "$VOUCH_PID" JVMTI.agent_load "$lib" '"start,event=cpu,interval=1ms"' >/dev/null
    run_wrk "$VOUCH_PORT" "$mode" "$prefix" "$size" "$auth" "$suffix" >/dev/null
    jcmd "$VOUCH_PID" JVMTI.agent_load "$lib" "\"stop,file=$(pwd)/$OUT/vouch-$pscenario.collapsed,collapsed\"" >/dev/null
    jcmd "$VOUCH_PID" JVMTI.agent_load "$lib" "\"stop,file=$(pwd)/$OUT/vouch-$pscenario.html\"" >/dev/null || true
    echo "Profile: $OUT/vouch-$pscenario.html (flame graph), $OUT/vouch-$pscenario.collapsed (folded stacks)"
  else
    jcmd "$VOUCH_PID" JFR.start name=bench settings=profile filename="$(pwd)/$OUT/vouch-$pscenario.jfr" >/dev/null
    run_wrk "$VOUCH_PORT" "$mode" "$prefix" "$size" "$auth" "$suffix" >/dev/null
    jcmd "$VOUCH_PID" JFR.stop name=bench >/dev/null
    echo "JFR recording: $OUT/vouch-$pscenario.jfr (jfr print --events jdk.ExecutionSample $OUT/vouch-$pscenario.jfr)"
  fi
fi

ROWS=()
for s in "${SCENARIOS[@]}"; do
  # The receipt and graph reads hit one fixed path (their prefix already names the id or wallet).
  read -r mode prefix size auth suffix <<<"$(vouch_args "$s")"
  if [ "$s" = receipt-read ] || [ "$s" = graph-page ]; then mode=fixed; fi
  read -r bmode bprefix bsize <<<"${BASELINE_FOR[$s]}"
  b=$(run_wrk "$BASE_PORT" "$bmode" "$bprefix" "$bsize" - -)
  v=$(run_wrk "$VOUCH_PORT" "$mode" "$prefix" "$size" "$auth" "$suffix")
  ROWS+=("$s|$v|$b")
  echo "$s vouch: $v"
  echo "$s base:  $b"
done

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
heap_used() { jcmd "$1" GC.heap_info 2>/dev/null | awk '/total/ {for (i=1;i<=NF;i++) if ($i=="used") {print $(i+1); exit}}'; }

echo
echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -1), $(psql -V | head -1), $(redis-server --version | awk '{print $3}'), wrk -t2 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $WALLETS wallets"
printf '| %-16s | %9s | %8s | %8s | %9s | %9s | %9s | %8s | %9s | %8s |\n' scenario "req/s" p50_ms p99_ms p99.9_ms non2xx "base req/s" "base p50" "base p99" "ratio"
printf '|%s|\n' "------------------|-----------|----------|----------|-----------|-----------|-----------|----------|-----------|----------"
for r in "${ROWS[@]}"; do
  IFS='|' read -r s v b <<<"$r"
  vr=$(field rps "$v"); br=$(field rps "$b")
  ratio=$(awk -v a="$vr" -v b="$br" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "n/a" }')
  printf '| %-16s | %9s | %8s | %8s | %9s | %9s | %9s | %8s | %9s | %8s |\n' "$s" "$vr" "$(field p50 "$v")" \
    "$(field p99 "$v")" "$(field p999 "$v")" "$(field status_errors "$v")" "$br" "$(field p50 "$b")" "$(field p99 "$b")" "$ratio"
done
echo "Vouch heap used: $(heap_used "$VOUCH_PID"), RSS: $(( $(rss_kb "$VOUCH_PID") / 1024 )) MiB; baseline RSS: $(( $(rss_kb "$BASE_PID") / 1024 )) MiB"
