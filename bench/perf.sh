#!/usr/bin/env bash
# One-command hot-path benchmark (issues 11, 17): Vouch (api role, budgets in Redis) against two
# baselines, same machine, same PostgreSQL, same load generator, in one sitting: the bare server
# (bench/baseline/Bare.java, primary: one table, a pre-rendered answer per wallet) and the join
# baseline (bench/baseline/Baseline.java). Besides req/s, latency and RSS it reports the CPU
# seconds per 10,000 decisions of the server under load plus its PostgreSQL backends plus Redis.
#
# Usage: bench/perf.sh [seconds=15] [connections=64] [wallets=100000]
#   BENCH_SMOKE=1       smoke mode (CI): 1 s per run, 4 connections, 1,000 wallets, no warm-up,
#                       each connection paced (BENCH_PACE_MS, 25 there); asserts nothing about
#                       time, only that every scenario answered as expected (2xx, or 429 for
#                       over-budget-429); prints SMOKE: PASS or exits 1
#   BENCH_PACE_MS       milliseconds each wrk connection waits before each request (default 0: as
#                       fast as it can, the measurement). Unpaced, the smoke's 18 one-second runs
#                       took both cores in the middle of the test suite only to check answers.
#   BENCH_CLASSPATH     run Vouch and the baselines from this classpath instead of building
#   BENCH_DATABASE_URL  server to create the bench database on (default: the machine's PostgreSQL)
#   BENCH_ONLY          space-separated scenario names to run (default: all)
#   BENCH_DB            an already seeded database on that server to read (bench/scale.sh's 10M one):
#                       not created, seeded or dropped here; its wallet count is the third argument
#   BENCH_PROFILE=1     also profile Vouch under decision-read load (async-profiler flame graph in
#                       target/bench/vouch-*.html; BENCH_PROFILER=jfr for a JFR recording instead);
#                       BENCH_PROFILE=<scenario> profiles that scenario instead
#   BENCH_BUDGETS=local budgets in process instead of Redis (what the Redis round trip costs)
#   BENCH_ORDER=vouch-first  each scenario runs Vouch before the bare server and join baseline
#   BENCH_DROP_CACHES=1 empty the kernel's page cache before every run (root; cold reads at 10M)
#   BENCH_READ_CACHE=off  Vouch without its read cache (database.readCacheMillis 0); on (default):
#                       the warm-up also reads every seeded wallet once in batches of 500, so the
#                       cache holds them all (the shape of TechEmpower's cached-queries test);
#                       BENCH_WARM=<k> warms wallets 1..k only (10M do not fit the default bound)
# Needs: JDK 17, Maven, psql, redis-server, wrk (Debian packages postgresql-client, redis-server, wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
SMOKE=${BENCH_SMOKE:-}
if [ -n "$SMOKE" ]; then
  SECONDS_PER_RUN=${1:-1}; CONNECTIONS=${2:-4}; WALLETS=${3:-1000}; PACE_MS=${BENCH_PACE_MS:-25}
else
  SECONDS_PER_RUN=${1:-15}; CONNECTIONS=${2:-64}; WALLETS=${3:-100000}; PACE_MS=${BENCH_PACE_MS:-0}
fi
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"

for tool in psql redis-server wrk java mvn; do
  command -v "$tool" >/dev/null || { echo "perf.sh needs $tool on PATH" >&2; exit 2; }
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

. bench/classpath.sh
# Smoke mode: the one-shot CLI runs (migrate, keys) with a quick JIT, as the servers below.
VOUCH=(java ${SMOKE:+-XX:+UseSerialGC -XX:TieredStopAtLevel=1} -cp "$CP" dev.vouch.cli.Main)

DB=${BENCH_DB:-"vouch_bench_$(date +%s)"}
BASE_NO_DB="${SERVER_URL%/*}"
DB_URL="$BASE_NO_DB/$DB"
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "${BENCH_DB:-}" ] || psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT

if [ -n "${BENCH_DB:-}" ]; then
  echo "== database $DB as seeded ($WALLETS committed wallets)"
else
  echo "== database $DB, migrate, seed $WALLETS committed wallets"
  psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
  DATABASE_URL="$DB_URL" "${VOUCH[@]}" migrate >"$OUT/migrate.log" 2>&1
  psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed.sql >/dev/null
  psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed-bare.sql >/dev/null
fi

REDIS_PORT=$(free_port)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >"$OUT/redis.log" 2>&1 &
REDIS_PID=$!
PIDS+=($REDIS_PID)

# Budgets on (every request is admitted through Redis) but wide enough that the service is
# measured: anonymous and partner budgets at a billion units a minute. The developer key keeps
# its 120 units and serves the over-budget (429) scenario.
export DATABASE_URL="$DB_URL"
# BENCH_BUDGETS=local meters budgets in process instead (shows what the Redis round trip costs).
[ "${BENCH_BUDGETS:-redis}" = local ] || export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
export VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000 VOUCH_BUDGETS_PLANS_PARTNER_PER_MINUTE=1000000000
export VOUCH_BUDGETS_RECEIPTS_PER_MINUTE=1000000
VOUCH_PORT=$(free_port)
BASE_PORT=$(free_port)
BARE_PORT=$(free_port)
JVM_OPTS=(-XX:+UseParallelGC -Xms512m -Xmx1g)
# Smoke mode runs beside test suites on a busy machine (CI): small heaps, quick JIT, patient start.
[ -n "$SMOKE" ] && JVM_OPTS=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m) \
  && export VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS=30000 VOUCH_DATABASE_STATEMENT_TIMEOUT_MS=30000 VOUCH_HTTP_REQUEST_TIMEOUT_MS=70000
[ "${BENCH_READ_CACHE:-on}" = off ] && export VOUCH_DATABASE_READ_CACHE_MILLIS=0
VOUCH_ROLE=api PORT=$VOUCH_PORT java "${JVM_OPTS[@]}" -cp "$CP" dev.vouch.cli.Main serve >"$OUT/vouch.log" 2>&1 &
VOUCH_PID=$!
PIDS+=($VOUCH_PID)
java "${JVM_OPTS[@]}" -cp "$CP" bench/baseline/Baseline.java "$BASE_PORT" "$DB_URL" >"$OUT/baseline.log" 2>&1 &
BASE_PID=$!
PIDS+=($BASE_PID)
java "${JVM_OPTS[@]}" -cp "$CP" bench/baseline/Bare.java "$BARE_PORT" "$DB_URL" >"$OUT/bare.log" 2>&1 &
BARE_PID=$!
PIDS+=($BARE_PID)
# The three keys are made (three CLI runs at once) while the servers start: Vouch hears of keys
# created after its start (NOTIFY), as a second terminal's `keys create` beside a running serve.
"${VOUCH[@]}" keys create --plan partner --label bench-partner >"$OUT/key-partner.txt" 2>"$OUT/key-partner.log" &
KEY1=$!
"${VOUCH[@]}" keys create --plan developer --label bench-429 >"$OUT/key-429.txt" 2>"$OUT/key-429.log" &
KEY2=$!
# A partner key with its own risk policy (issue 32 item 3): the decision-policy scenario.
"${VOUCH[@]}" keys create --plan partner --label bench-policy >"$OUT/key-policy.txt" 2>"$OUT/key-policy.log" &
KEY3=$!
wait "$KEY1" || { echo "keys create failed; see $OUT/key-partner.log" >&2; exit 1; }
wait "$KEY2" || { echo "keys create failed; see $OUT/key-429.log" >&2; exit 1; }
wait "$KEY3" || { echo "keys create failed; see $OUT/key-policy.log" >&2; exit 1; }
PARTNER=$(tail -1 "$OUT/key-partner.txt")
LIMITED=$(tail -1 "$OUT/key-429.txt")
POLICY_KEY=$(tail -1 "$OUT/key-policy.txt")
rm -f "$OUT"/key-*.txt
up=
for i in $(seq 1 600); do
  if curl -sf -o /dev/null "localhost:$VOUCH_PORT/health/ready" && curl -sf -o /dev/null "localhost:$BASE_PORT/single/0x1" \
      && curl -sf -o /dev/null "localhost:$BARE_PORT/single/0x1"; then
    up=1
    break
  fi
  sleep 0.2
done
[ -n "$up" ] || { echo "servers did not start in 120 s; see $OUT/vouch.log, baseline.log, bare.log" >&2; exit 1; }

# A receipt to read, and the interaction-graph wallet (the first seeded wallet), when those exist.
RECEIPT=$(curl -s -X POST "localhost:$VOUCH_PORT/api/v1/decision-receipts" -H "Authorization: Bearer $PARTNER" \
  -H 'Content-Type: application/json' -d "{\"wallet\":\"$(printf '0x%040x' 7)\"}" | sed -n 's/.*"id":"\(rcp_[A-Za-z0-9_-]\{16\}\)".*/\1/p')
GRAPH_WALLET=$(printf '0x%040x' 1)
POLICY_STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X PUT "localhost:$VOUCH_PORT/api/v1/policies" \
  -H "Authorization: Bearer $POLICY_KEY" -H 'Content-Type: application/json' \
  -d '{"categories":{"mixer":{"in":{"action":"block","minShare":0.01}}},"limitScale":{"payment":0.5}}')
[ "$POLICY_STATUS" = 201 ] || [ "$POLICY_STATUS" = 200 ] || { echo "PUT /api/v1/policies answered $POLICY_STATUS" >&2; exit 1; }
if [ -f bench/seed-graph.sql ]; then
  psql -q "$DB_URL" -v wallet="'$GRAPH_WALLET'" -v n=10000 -f bench/seed-graph.sql >/dev/null
fi

# Exhaust the developer key's minute so its requests are all refused (429); again right before
# the 429 scenario, since its window may have turned since. Prints the last answer's status.
exhaust() {
  # 130 requests from one curl on one connection (130 curl processes took seconds on a busy machine).
  local args=() i
  for i in $(seq 1 130); do args+=(-o /dev/null "localhost:$VOUCH_PORT/api/v1/decision/$GRAPH_WALLET"); done
  curl -s -w '%{http_code}\n' -H "Authorization: Bearer $LIMITED" "${args[@]}" | tail -1
}
exhaust >/dev/null

# CPU of the server under load, its PostgreSQL backends (every backend of the bench database;
# the idle servers' ones cost nothing) and Redis, from /proc/<pid>/stat (utime + stime) before and
# after each run. PostgreSQL must run on this machine for its share to count.
TCK=$(getconf CLK_TCK)
pg_pids() { psql -At "$SERVER_URL" -c "SELECT pid FROM pg_stat_activity WHERE datname = '$DB'" 2>/dev/null || true; }
# Smoke mode: the same backends from their process titles ("postgres: <user> <database> ..."), not
# two psql runs per measurement (a second or more each on a loaded machine; the figure is not asserted).
[ -n "$SMOKE" ] && pg_pids() {
  grep -lsaE "^postgres: .* $DB " /proc/[0-9]*/cmdline | sed 's#^/proc/\([0-9]*\)/cmdline$#\1#' || true
}
ticks() { [ -r "/proc/$1/stat" ] && sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}' || echo 0; }
measured() { # server_pid, then run_wrk's arguments: the RESULT line plus cpu=<seconds>
  local spid=$1; shift
  local -A before=()
  local p
  for p in $(pg_pids) "$spid" "$REDIS_PID"; do before[$p]=$(ticks "$p"); done
  local out; out=$(run_wrk "$@")
  local total=0
  for p in $(pg_pids) "$spid" "$REDIS_PID"; do total=$(( total + $(ticks "$p") - ${before[$p]:-0} )); done
  echo "$out cpu=$(awk -v t="$total" -v h="$TCK" 'BEGIN { printf "%.3f", t / h }')"
}
# BENCH_DROP_CACHES=1 (root): the kernel's page cache is emptied before every run, so each server
# reads its table cold from disk (at 10M the tables of Vouch and the bare server do not both fit).
drop_caches() {
  [ -n "${BENCH_DROP_CACHES:-}" ] || return 0
  sync
  echo 1 >/proc/sys/vm/drop_caches
}
# A cold server on a busy machine may not finish one request in a short smoke run: once more.
measure() {
  drop_caches
  local out; out=$(measured "$@")
  [ -n "$SMOKE" ] && [ "$(field requests "$out")" = 0 ] && out=$(measured "$@")
  echo "$out"
}

run_wrk() { # port mode prefix size auth suffix
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s bench/wrk/load.lua "http://127.0.0.1:$1" -- \
    "$2" "$3" "$WALLETS" "$4" "$5" "$6" "$PACE_MS" 2>&1 | grep '^RESULT' || echo "RESULT rps=0 p50=0 p99=0 p999=0 status_errors=0 socket_errors=0 requests=0"
}
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$2"; }
# CPU seconds per 10,000 decisions (a batch request is as many decisions as rows).
per10k() { awk -v c="$(field cpu "$1")" -v n="$(field requests "$1")" -v r="$2" \
  'BEGIN { if (n * r > 0) printf "%.3f", c * 10000 / (n * r); else print "n/a" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "n/a" && b != "n/a" && b > 0) printf "%.2fx", a / b; else print "n/a" }'; }

declare -A BARE_FOR=(
  [decision-anon]="get /single/ 1"     [decision-keyed]="get /single/ 1" [score]="get /single/ 1"
  [batch-10]="batch /batch 10"         [batch-100]="batch /batch 100" [batch-500]="batch /batch 500"
  [receipt-read]="get /single/ 1"      [graph-page]="get /single/ 1"    [over-budget-429]="get /single/ 1"
  [decision-policy]="get /single/ 1")
declare -A BASELINE_FOR=(
  [decision-anon]="get /single/ 1"     [decision-keyed]="get /single/ 1" [score]="get /single/ 1"
  [batch-10]="batch /batch 10"         [batch-100]="batch /batch 100" [batch-500]="batch /batch 500"
  [receipt-read]="get /single/ 1"      [graph-page]="get /single/ 1"    [over-budget-429]="get /single/ 1"
  [decision-policy]="get /single/ 1")
SCENARIOS=(decision-anon decision-keyed decision-policy score batch-10 batch-100 batch-500 receipt-read graph-page over-budget-429)
[ -n "${BENCH_ONLY:-}" ] && read -r -a SCENARIOS <<<"$BENCH_ONLY"

vouch_args() {
  case "$1" in
    decision-anon)   echo "get /api/v1/decision/ 1 - -" ;;
    decision-keyed)  echo "get /api/v1/decision/ 1 $PARTNER -" ;;
    decision-policy) echo "get /api/v1/decision/ 1 $POLICY_KEY -" ;;
    score)           echo "get /api/v1/score/ 1 - -" ;;
    batch-10)        echo "batch /api/v1/decision/batch 10 $PARTNER -" ;;
    batch-100)       echo "batch /api/v1/decision/batch 100 $PARTNER -" ;;
    batch-500)       echo "batch /api/v1/decision/batch 500 $PARTNER -" ;;
    receipt-read)    echo "get /api/v1/decision-receipts/${RECEIPT:-rcp_missingmissing00} 1 - -" ;;
    graph-page)      echo "get /api/v1/interaction-graph/$GRAPH_WALLET 1 - ?limit=50" ;;
    over-budget-429) echo "get /api/v1/decision/ 1 $LIMITED -" ;;
  esac
}

if [ -z "$SMOKE" ]; then
  echo "== warm-up"
  run_wrk "$VOUCH_PORT" get /api/v1/decision/ 1 - - >/dev/null
  run_wrk "$BASE_PORT" get /single/ 1 - - >/dev/null
  run_wrk "$BARE_PORT" get /single/ 1 - - >/dev/null
  if [ "${BENCH_READ_CACHE:-on}" != off ]; then
    # Every seeded wallet read once (500 a request): the cache is warm, not filling during a run.
    python3 bench/batch-bodies.py "${BENCH_WARM:-$WALLETS}" >"$OUT/warm.bodies"
    while read -r body; do
      curl -s -o /dev/null -X POST "localhost:$VOUCH_PORT/api/v1/decision/batch" -H "Authorization: Bearer $PARTNER" \
        -H 'Content-Type: application/json' -d "$body"
    done <"$OUT/warm.bodies"
  fi
fi

if [ -n "${BENCH_PROFILE:-}" ] && [ -z "$SMOKE" ]; then
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
FAILS=()
LAST_429=
declare -A BARE_SEEN=() JOIN_SEEN=()
for s in "${SCENARIOS[@]}"; do
  # The receipt and graph reads hit one fixed path (their prefix already names the id or wallet).
  read -r mode prefix size auth suffix <<<"$(vouch_args "$s")"
  if [ "$s" = receipt-read ] || [ "$s" = graph-page ]; then mode=fixed; fi
  read -r xmode xprefix xsize <<<"${BARE_FOR[$s]}"
  read -r bmode bprefix bsize <<<"${BASELINE_FOR[$s]}"
  # The smoke checks that each server answers each distinct request: the baselines' repeated
  # `/single/` run is made once there (a sitting measures it beside every scenario).
  # BENCH_ORDER=vouch-first measures Vouch before the baselines (at 10M the tables they read evict
  # each other from the page cache, so whichever runs second may find the cache turned against it).
  if [ "${BENCH_ORDER:-}" = vouch-first ]; then
    [ "$s" = over-budget-429 ] && exhaust >/dev/null
    v=$(measure "$VOUCH_PID" "$VOUCH_PORT" "$mode" "$prefix" "$size" "$auth" "$suffix")
  fi
  if [ -n "$SMOKE" ] && [ -n "${BARE_SEEN[$xmode $xprefix $xsize]:-}" ]; then
    x=${BARE_SEEN[$xmode $xprefix $xsize]}
  else
    x=$(measure "$BARE_PID" "$BARE_PORT" "$xmode" "$xprefix" "$xsize" - -)
    BARE_SEEN[$xmode $xprefix $xsize]=$x
  fi
  if [ -n "$SMOKE" ] && [ -n "${JOIN_SEEN[$bmode $bprefix $bsize]:-}" ]; then
    b=${JOIN_SEEN[$bmode $bprefix $bsize]}
  else
    b=$(measure "$BASE_PID" "$BASE_PORT" "$bmode" "$bprefix" "$bsize" - -)
    JOIN_SEEN[$bmode $bprefix $bsize]=$b
  fi
  if [ "${BENCH_ORDER:-}" != vouch-first ]; then
    [ "$s" = over-budget-429 ] && exhaust >/dev/null
    v=$(measure "$VOUCH_PID" "$VOUCH_PORT" "$mode" "$prefix" "$size" "$auth" "$suffix")
  fi
  [ "$s" = over-budget-429 ] && LAST_429=$(exhaust)
  ROWS+=("$s|$v|$x|$b|$size")
  echo "$s vouch: $v"
  echo "$s bare:  $x"
  echo "$s join:  $b"
  # What every scenario must answer: requests, no socket errors, all 2xx (all refused for the 429 one).
  for pair in "vouch|$v" "bare|$x" "join|$b"; do
    who=${pair%%|*}; r=${pair#*|}
    n=$(field requests "$r"); bad=$(field status_errors "$r"); sock=$(field socket_errors "$r")
    if [ "${n:-0}" -eq 0 ] || [ "${sock:-1}" -ne 0 ]; then FAILS+=("$s $who: ${n:-0} requests, ${sock:-?} socket errors"); continue; fi
    if [ "$s" = over-budget-429 ] && [ "$who" = vouch ]; then
      [ "$bad" -ge 1 ] || FAILS+=("$s vouch: no refusal among $n answers")
    elif [ "$bad" -ne 0 ]; then
      FAILS+=("$s $who: $bad of $n answers were not 2xx")
    fi
  done
done

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
mib() { echo $(( $(rss_kb "$1") / 1024 )); }
heap_used() { jcmd "$1" GC.heap_info 2>/dev/null | awk '/total/ {for (i=1;i<=NF;i++) if ($i=="used") {print $(i+1); exit}}'; }

echo
echo "Read cache: ${BENCH_READ_CACHE:-on} ($(curl -s "localhost:$VOUCH_PORT/metrics" | awk '/^cache_gets_total\{.*wallet_reads.*result="hit"/ {h=$2} /^cache_gets_total\{.*wallet_reads.*result="miss"/ {m=$2} /^cache_size\{.*wallet_reads/ {s=$2} END {printf "hits %d, misses %d, size %d", h, m, s}'))"
echo "Graph page cache: $(curl -s "localhost:$VOUCH_PORT/metrics" | awk '/^cache_gets_total\{.*interaction_graph.*result="hit"/ {h=$2} /^cache_gets_total\{.*interaction_graph.*result="miss"/ {m=$2} /^cache_size\{.*interaction_graph/ {s=$2} END {printf "hits %d, misses %d, size %d", h, m, s}')"
echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -1), $(psql -V | head -1), $(redis-server --version | awk '{print $3}'), wrk -t2 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $WALLETS wallets, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "CPU: seconds per 10,000 decisions of the server under load + its PostgreSQL backends + Redis (/proc/<pid>/stat); x bare = Vouch / bare server"
printf '| %-15s | %8s | %7s | %7s | %8s | %6s | %8s | %9s | %8s | %8s | %8s | %8s | %8s | %9s | %8s |\n' \
  scenario "req/s" p50_ms p99_ms p99.9_ms non2xx "cpu/10k" "bare r/s" "bare p50" "bare p99" "bare cpu" "x bare" "cpu x" "join r/s" "x join"
printf '|%s|\n' "-----------------|----------|---------|---------|----------|--------|----------|-----------|----------|----------|----------|----------|----------|-----------|---------"
for r in "${ROWS[@]}"; do
  IFS='|' read -r s v x b size <<<"$r"
  vr=$(field rps "$v"); xr=$(field rps "$x"); br=$(field rps "$b")
  vc=$(per10k "$v" "$size"); xc=$(per10k "$x" "$size")
  printf '| %-15s | %8s | %7s | %7s | %8s | %6s | %8s | %9s | %8s | %8s | %8s | %8s | %8s | %9s | %8s |\n' "$s" "$vr" \
    "$(field p50 "$v")" "$(field p99 "$v")" "$(field p999 "$v")" "$(field status_errors "$v")" "$vc" \
    "$xr" "$(field p50 "$x")" "$(field p99 "$x")" "$xc" "$(ratio "$vr" "$xr")" "$(ratio "$vc" "$xc")" "$br" "$(ratio "$vr" "$br")"
done
echo "RSS: Vouch $(mib "$VOUCH_PID") MiB (heap used $(heap_used "$VOUCH_PID")), bare $(mib "$BARE_PID") MiB, join baseline $(mib "$BASE_PID") MiB"

if [ -n "$SMOKE" ]; then
  # The 429 scenario's refusals must be 429s, not errors: its last exhaust ended on one.
  [ " ${SCENARIOS[*]} " != *" over-budget-429 "* ] || [ "$LAST_429" = 429 ] \
    || FAILS+=("over-budget-429: the exhausted key answered $LAST_429, not 429")
  [ -n "$RECEIPT" ] || FAILS+=("receipt-read: no receipt could be minted")
  if [ ${#FAILS[@]} -eq 0 ]; then
    echo "SMOKE: PASS (${#SCENARIOS[@]} scenarios, Vouch, bare server and join baseline)"
  else
    printf 'SMOKE: FAIL: %s\n' "${FAILS[@]}"
    exit 1
  fi
fi
