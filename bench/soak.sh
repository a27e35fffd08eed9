#!/usr/bin/env bash
# Soak under faults (issue 12): Vouch's api and worker roles as separate processes on their own
# PostgreSQL cluster, redis-server and devnet chains, mixed traffic for N minutes while the worker,
# Redis and PostgreSQL are SIGKILLed and restarted in turn; then proves that no accepted job or
# minted receipt was lost and that no 5xx other than 503 was answered. Prints a summary table.
#
# Usage: bench/soak.sh [minutes=10]
#   SOAK_RATE=40          offered requests per second (open loop, at most SOAK_CONCURRENCY in flight)
#   SOAK_CONCURRENCY=8
#   SOAK_FAULT_EVERY=40   seconds between the starts of two faults (worker, redis, postgres in turn)
#   SOAK_DOWN=8           seconds a killed component stays down
#   SOAK_SKIP_BUILD=1     reuse target/vouch.jar
#   SOAK_KEEP=1           keep target/soak/<run> (data, logs, answers) after a passing run
# Needs: JDK 17, Maven, Node 20 (tools/devnet npm ci), redis-server, PostgreSQL server binaries
# (initdb, pg_ctl, postgres, psql: /usr/lib/postgresql/*/bin or on PATH), curl, python3.
# Every wait is bounded and every child is stopped on exit, whatever ends the script.
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES=${1:-10}
RATE=${SOAK_RATE:-40}
CONCURRENCY=${SOAK_CONCURRENCY:-8}
FAULT_EVERY=${SOAK_FAULT_EVERY:-40}
DOWN=${SOAK_DOWN:-8}
RUN="target/soak/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN"
RUN=$(cd "$RUN" && pwd)
LOG="$RUN/soak.log"

say() { echo "[soak $(date +%H:%M:%S)] $*" | tee -a "$LOG" >&2; }
die() { say "FAILED: $*"; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
# Six consecutive free ports for the devnet chains.
free_range() {
  python3 - <<'EOF'
import random, socket
for _ in range(200):
    base = random.randint(30000, 59000)
    socks = []
    try:
        for p in range(base, base + 6):
            s = socket.socket(); s.bind(("127.0.0.1", p)); socks.append(s)
        print(base); break
    except OSError:
        pass
    finally:
        for s in socks: s.close()
EOF
}

PGBIN=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && [ -x "$d/psql" ] && { PGBIN="$d"; break; }
done
if [ -z "$PGBIN" ] && command -v pg_ctl >/dev/null && command -v psql >/dev/null; then PGBIN=$(dirname "$(command -v pg_ctl)"); fi
[ -n "$PGBIN" ] || die "no PostgreSQL server binaries (initdb, pg_ctl, psql) found"
for tool in java mvn node redis-server curl python3; do
  command -v "$tool" >/dev/null || die "soak.sh needs $tool on PATH"
done
[ -d tools/devnet/node_modules ] || die "run npm ci in tools/devnet first"

# ---------- children and their cleanup ----------

API_PID="" WORKER_PID="" REDIS_PID="" DEVNET_PID="" LOAD_PID=""
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user (or nobody).
PGRUN="$RUN/pgrun"
PGDATA="$PGRUN/data"
mkdir -p "$PGRUN"
AS_PG=()
if [ "$(id -u)" -eq 0 ]; then
  PG_OWNER=$(id -u postgres >/dev/null 2>&1 && echo postgres || echo nobody)
  chown "$PG_OWNER" "$PGRUN"
  AS_PG=(runuser -u "$PG_OWNER" --)
fi
stop_pid() { # pid [seconds]: SIGTERM, then SIGKILL after a bounded wait
  local pid=$1 wait=${2:-10}
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((wait * 10))); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}
postmaster_pid() { [ -f "$PGDATA/postmaster.pid" ] && head -1 "$PGDATA/postmaster.pid" || true; }
kill_postgres() { # SIGKILL the postmaster and every backend it started
  local pm
  pm=$(postmaster_pid)
  [ -n "$pm" ] && kill -0 "$pm" 2>/dev/null || return 0
  local children
  children=$(ps -o pid= --ppid "$pm" 2>/dev/null || true)
  kill -KILL "$pm" $children 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pm" 2>/dev/null || break; sleep 0.1; done
}
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  say "stopping every child"
  stop_pid "$LOAD_PID" 5
  stop_pid "$API_PID" 15
  stop_pid "$WORKER_PID" 15
  stop_pid "$REDIS_PID" 5
  stop_pid "$DEVNET_PID" 10 # the devnet stops its anvil nodes itself
  if [ -f "$RUN/devnet.json" ]; then # and should it not have, its nodes by pid
    for p in $(python3 -c 'import json,sys; print(" ".join(str(c["pid"]) for c in json.load(open(sys.argv[1]))["chains"] if c.get("pid")))' "$RUN/devnet.json" 2>/dev/null); do
      stop_pid "$p" 2
    done
  fi
  if [ -n "$(postmaster_pid)" ]; then
    timeout 20 "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" stop -m immediate >/dev/null 2>&1 || kill_postgres
  fi
  if [ "$code" -eq 0 ] && [ "${SOAK_KEEP:-}" != 1 ]; then rm -rf "$PGRUN"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

try_for() { # seconds command...: polls until the command succeeds (0) or the time is up (1)
  local secs=$1
  shift
  for _ in $(seq 1 $((secs * 2))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  return 1
}
wait_for() { # what seconds command...: as try_for, and a timeout fails the run
  local what=$1 secs=$2
  shift 2
  try_for "$secs" "$@" || die "$what not ready within ${secs} s"
}
wait_for_java() { # what pid port: a Vouch process answering, else its threads are dumped and the run fails
  if ! try_for 120 answers "$3"; then
    timeout 30 jcmd "$2" Thread.print >"$RUN/$1-threads.txt" 2>&1 || true
    die "$1 (pid $2) not answering on port $3 within 120 s (threads: $RUN/$1-threads.txt)"
  fi
}
ready() { curl -sf --max-time 2 -o /dev/null "http://127.0.0.1:$1/health/ready"; }
answers() { curl -s --max-time 2 -o /dev/null "http://127.0.0.1:$1/health/live"; }

# ---------- build ----------

if [ "${SOAK_SKIP_BUILD:-}" != 1 ] || [ ! -f target/vouch.jar ]; then
  say "build"
  mvn -B -q -DskipTests package >"$RUN/build.log" 2>&1 || die "build failed (see $RUN/build.log)"
fi

# ---------- PostgreSQL, Redis, chains ----------

PG_PORT=$(free_port)
say "postgres: private cluster on port $PG_PORT ($PGBIN)"
"${AS_PG[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust -E UTF8 >"$RUN/initdb.log" 2>&1 \
  || die "initdb failed (see $RUN/initdb.log)"
# fsync off is safe against process kills (committed WAL is in the OS page cache); synchronous
# commit stays on, so a commit the service was told of survives the postmaster's SIGKILL.
start_postgres() {
  timeout 90 "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGRUN/postgres.log" -w -t 60 start \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $PGRUN -c fsync=off -c max_connections=200" >/dev/null \
    || die "postgres did not start (see $PGRUN/postgres.log)"
}
start_postgres
PSQL=("$PGBIN/psql" -X -q -At -h 127.0.0.1 -p "$PG_PORT" -U postgres)
timeout 30 "${PSQL[@]}" -d postgres -c "CREATE DATABASE vouch" || die "create database failed"
DB_URL="postgres://postgres@127.0.0.1:$PG_PORT/vouch"

REDIS_PORT=$(free_port)
start_redis() {
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >>"$RUN/redis.log" 2>&1 &
  REDIS_PID=$!
  wait_for "redis" 20 redis-cli -p "$REDIS_PORT" ping
}
start_redis
say "redis on port $REDIS_PORT"

CHAIN_PORT=$(free_range)
say "devnet chains on ports $CHAIN_PORT..$((CHAIN_PORT + 5))"
node tools/devnet/devnet.mjs start --base-port "$CHAIN_PORT" --out "$RUN/chains.yaml" --truth "$RUN/seed-truth.json" \
  >"$RUN/devnet.out" 2>"$RUN/devnet.log" &
DEVNET_PID=$!
wait_for "devnet" 120 grep -q '"status":"ready"' "$RUN/devnet.out"
cp tools/devnet/run/devnet.json "$RUN/devnet.json" 2>/dev/null || true

# ---------- Vouch: migrate, api, worker ----------

export DATABASE_URL="$DB_URL" REDIS_URL="redis://127.0.0.1:$REDIS_PORT" CHAINS_FILE="$RUN/chains.yaml"
# Budgets wide open: the soak measures faults, not refusals. Short leases so a killed worker's
# jobs are taken over within the run.
export VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000 VOUCH_BUDGETS_ANONYMOUS_DAILY_SCANS=100000000
export VOUCH_BUDGETS_ANONYMOUS_BATCH_ROWS=10 VOUCH_BUDGETS_RECEIPTS_PER_MINUTE=100000000
export VOUCH_INDEXING_LEASE_SECONDS=15 VOUCH_RECEIPTS_SIGNING_KEY_FILE="$RUN/receipt-keys.json"
export VOUCH_HTTP_ACCESS_LOG_PER_SECOND=5
timeout 120 java -jar target/vouch.jar migrate >"$RUN/migrate.log" 2>&1 || die "migrate failed (see $RUN/migrate.log)"

API_PORT=$(free_port)
WORKER_PORT=$(free_port)
start_api() {
  VOUCH_ROLE=api PORT=$API_PORT java -Xmx512m -jar target/vouch.jar serve >>"$RUN/api.log" 2>&1 &
  API_PID=$!
  wait_for_java api "$API_PID" "$API_PORT"
  wait_for "api readiness" 60 ready "$API_PORT"
}
start_worker() {
  VOUCH_ROLE=worker PORT=$WORKER_PORT java -Xmx512m -jar target/vouch.jar serve >>"$RUN/worker.log" 2>&1 &
  WORKER_PID=$!
  wait_for_java worker "$WORKER_PID" "$WORKER_PORT"
}
start_api
start_worker
say "api on $API_PORT (pid $API_PID), worker on $WORKER_PORT (pid $WORKER_PID)"

# ---------- load with faults ----------

SECONDS_TOTAL=$((MINUTES * 60))
say "load: $SECONDS_TOTAL s at $RATE req/s, concurrency $CONCURRENCY; a fault every $FAULT_EVERY s, $DOWN s down"
node bench/soak-load.mjs run --base "http://127.0.0.1:$API_PORT" --seconds "$SECONDS_TOTAL" --rate "$RATE" \
  --concurrency "$CONCURRENCY" --out "$RUN/answers.jsonl" 2>>"$LOG" &
LOAD_PID=$!

FAULTS=()
fault() { # target: SIGKILL, stay down, restart, wait until it serves again
  local target=$1 t0 t1
  t0=$(date +%s)
  case "$target" in
    worker)   kill -KILL "$WORKER_PID" 2>/dev/null || true; wait "$WORKER_PID" 2>/dev/null || true ;;
    redis)    kill -KILL "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true ;;
    postgres) kill_postgres ;;
  esac
  say "fault: $target SIGKILLed"
  sleep "$DOWN"
  case "$target" in
    worker)   start_worker ;;
    redis)    start_redis ;;
    postgres) start_postgres; wait_for "api readiness after postgres" 60 ready "$API_PORT" ;;
  esac
  t1=$(date +%s)
  say "fault: $target back after $((t1 - t0)) s"
  FAULTS+=("$target:$((t1 - t0))")
}

START=$(date +%s)
ORDER=(worker redis postgres)
n=0
sleep 10 # a calm start, so the first answers show the service healthy
while kill -0 "$LOAD_PID" 2>/dev/null; do
  # No fault starts in the last 20 s: everything is back up before the load ends.
  if [ $(( $(date +%s) - START + DOWN + 20 )) -ge "$SECONDS_TOTAL" ]; then break; fi
  fault "${ORDER[$((n % 3))]}"
  n=$((n + 1))
  next=$((START + 10 + n * FAULT_EVERY))
  while kill -0 "$LOAD_PID" 2>/dev/null && [ "$(date +%s)" -lt "$next" ]; do sleep 1; done
done
for _ in $(seq 1 $((SECONDS_TOTAL + 120))); do kill -0 "$LOAD_PID" 2>/dev/null || break; sleep 1; done
stop_pid "$LOAD_PID" 5
LOAD_PID=""
say "load finished; faults: ${FAULTS[*]:-none}"

# ---------- drain, then prove nothing was lost ----------

kill -0 "$API_PID" 2>/dev/null || die "the api process died during the soak (see $RUN/api.log)"
kill -0 "$WORKER_PID" 2>/dev/null || start_worker
pending() { timeout 10 "${PSQL[@]}" -d vouch -c "SELECT count(*) FROM index_jobs WHERE state IN ('queued','running')"; }
DRAIN_DEADLINE=$(( $(date +%s) + 240 ))
while [ "$(date +%s)" -lt "$DRAIN_DEADLINE" ]; do
  left=$(pending 2>/dev/null || echo "?")
  [ "$left" = 0 ] && break
  sleep 2
done
say "jobs still queued or running after the drain: $(pending 2>/dev/null || echo '?')"

node bench/soak-load.mjs verify --base "http://127.0.0.1:$API_PORT" --answers "$RUN/answers.jsonl" \
  --sql "$RUN/check.sql" >"$RUN/verify.json" 2>>"$LOG" || die "verify failed"
timeout 60 "${PSQL[@]}" -d vouch -F ' ' -f "$RUN/check.sql" >"$RUN/check.out" || die "database check failed"
JOBS=$(timeout 10 "${PSQL[@]}" -d vouch -F ' ' -c "SELECT state, count(*), coalesce(max(attempts),0) FROM index_jobs GROUP BY state ORDER BY state")
SEVERE_API=$(grep -c '"level":"SEVERE"' "$RUN/api.log" || true)
SEVERE_WORKER=$(grep -c '"level":"SEVERE"' "$RUN/worker.log" || true)
LINES_API=$(wc -l <"$RUN/api.log")
LINES_WORKER=$(wc -l <"$RUN/worker.log")

python3 - "$RUN" "$MINUTES" "$RATE" "${FAULTS[*]:-}" "$SEVERE_API" "$SEVERE_WORKER" "$LINES_API" "$LINES_WORKER" "$JOBS" <<'EOF'
import json, sys
run, minutes, rate, faults, sev_api, sev_worker, lines_api, lines_worker, jobs = sys.argv[1:10]
v = json.load(open(f"{run}/verify.json"))
chk = {}
for line in open(f"{run}/check.out"):
    parts = line.split()
    if len(parts) == 2 and parts[0] in ("lost_wallet", "refused_503_but_job_wallet"):
        chk.setdefault(parts[0], []).append(parts[1])
    elif len(parts) == 2:
        chk[parts[0]] = int(parts[1])
print()
print(f"Soak: {minutes} min, {rate} req/s offered, faults (target:seconds until serving again): {faults or 'none'}")
statuses = sorted({s for ops in v["byOp"].values() for s in ops}, key=lambda s: (not s[0].isdigit(), s))
print("| op | " + " | ".join(statuses) + " | p50 ms | p99 ms |")
print("|---|" + "---|" * (len(statuses) + 2))
for op, counts in sorted(v["byOp"].items()):
    lat = v["latency"].get(op, {})
    print(f"| {op} | " + " | ".join(str(counts.get(s, 0)) for s in statuses) + f" | {lat.get('p50')} | {lat.get('p99')} |")
print()
print("| check | result |")
print("|---|---|")
rows = [
    ("answers recorded", v["answers"]),
    ("5xx other than 503, error answers outside the envelope, answers without X-Request-Id", v["badCount"]),
    ("intakes accepted (202 started or indexing)", chk.get("accepted")),
    ("  ... ended with a committed snapshot", chk.get("committed")),
    ("  ... ended with a recorded failure (job failed)", chk.get("failed_recorded")),
    ("  ... still queued or running after the drain", chk.get("still_pending")),
    ("  ... lost (no snapshot, no job)", chk.get("lost")),
    ("intakes answered 503 'nothing was created'", chk.get("refused_503")),
    ("  ... that have a job anyway", chk.get("refused_503_but_job")),
    ("intakes answered 503 'may still take effect'", v["intake503MayHaveTakenEffect"]),
    ("receipt ids minted (201, or 200 deduped)", v["receiptsMinted"]),
    ("  ... read back with the same payloadHash", v["receiptsChecked"] - v["receiptMismatchCount"]),
    ("  ... missing or changed", v["receiptMismatchCount"]),
    ("receipt reads during the run with another hash", v["readsDuringRunWrong"]),
    ("SEVERE log lines api / worker", f"{sev_api} / {sev_worker}"),
    ("log lines api / worker", f"{lines_api} / {lines_worker}"),
]
for k, x in rows:
    print(f"| {k} | {x} |")
print()
print("index_jobs by state (state count max_attempts):", " ; ".join(jobs.splitlines()))
failed = []
if v["badCount"]: failed.append(f"{v['badCount']} bad answers, e.g. {v['bad'][:3]}")
if chk.get("lost"): failed.append(f"{chk['lost']} accepted intakes lost: {chk.get('lost_wallet')}")
if chk.get("still_pending"): failed.append(f"{chk['still_pending']} accepted intakes never finished")
if chk.get("refused_503_but_job"): failed.append(f"{chk['refused_503_but_job']} intakes told 'nothing was created' have a job: {chk.get('refused_503_but_job_wallet')}")
if v["receiptMismatchCount"]: failed.append(f"{v['receiptMismatchCount']} receipts lost or changed: {v['receiptMismatches'][:3]}")
if v["readsDuringRunWrong"]: failed.append("receipt reads returned another hash")
if not v["answers"]: failed.append("no answers recorded")
print("RESULT: " + ("PASS" if not failed else "FAIL: " + "; ".join(failed)))
sys.exit(1 if failed else 0)
EOF
