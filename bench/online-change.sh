#!/usr/bin/env bash
# A read-model schema change under read load (issue 26 item 2): wallet_reads gains a column
# (catalog-only ADD COLUMN through wallet_reads_alter, V93: short lock_timeout, retried) and the
# derivation that fills it, in one short transaction, then `vouch read-model backfill` fills the
# existing rows in keyset chunks, each its own transaction. Meanwhile wrk keeps reading decisions
# from Vouch (api role), with its read cache off and then on (a change per mode, each its own
# column). Reports p50/p99 before and during, the backfill's duration and rows/s, and a lock
# monitor (pg_locks every ~50 ms): the longest any ACCESS EXCLUSIVE lock on wallet_reads was seen
# held or waited, and how many samples of one fell inside the backfill (must be 0).
#
# Usage: bench/online-change.sh [wallets=100000] [seconds=20] [connections=32]
#   BENCH_CLASSPATH     run Vouch from this classpath instead of building
#   BENCH_DATABASE_URL  server to create the bench database on (default: the machine's PostgreSQL)
#   BENCH_CHUNK         backfill rows per transaction (default 5000)
#   BENCH_MODES         read cache modes to run (default "off on")
#   BENCH_DB            an already seeded database to change (bench/scale.sh's 10M one): not
#                       created, seeded or dropped; it keeps the bench columns (run it last)
#   BENCH_BACKFILL_SECONDS  stop the backfill after this long (it resumes with --after; at 10M a
#                       whole backfill outlasts a sitting): the figures are of the rows it did
#   BENCH_BACKFILL_RATE the backfill's --rows-per-second (default 0: unpaced)
# Needs: JDK 17, Maven, psql, redis-server, wrk.
set -euo pipefail
cd "$(dirname "$0")/.."
WALLETS=${1:-100000}
SECONDS_PER_RUN=${2:-20}
CONNECTIONS=${3:-32}
CHUNK=${BENCH_CHUNK:-5000}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"
for tool in psql redis-server wrk java; do
  command -v "$tool" >/dev/null || { echo "online-change.sh needs $tool on PATH" >&2; exit 2; }
done
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

. bench/classpath.sh

DB=${BENCH_DB:-"vouch_online_$(date +%s)_$$"}
DB_URL="${SERVER_URL%/*}/$DB"
PIDS=()
cleanup() {
  rm -f "$OUT/online-monitor.on"
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "${BENCH_DB:-}" ] || psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

if [ -n "${BENCH_DB:-}" ]; then
  echo "== database $DB as seeded ($WALLETS wallets)"
else
  echo "== database $DB, migrate, seed $WALLETS wallets"
  psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
  DATABASE_URL="$DB_URL" java -cp "$CP" dev.vouch.cli.Main migrate >"$OUT/online-migrate.log" 2>&1
  t0=$(now_ms)
  psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed.sql >/dev/null
  echo "seeded in $(( $(now_ms) - t0 )) ms; wallet_reads rows: $(psql -At "$DB_URL" -c 'SELECT count(*) FROM wallet_reads')"
fi

REDIS_PORT=$(free_port)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >"$OUT/online-redis.log" 2>&1 &
PIDS+=($!)
export DATABASE_URL="$DB_URL" REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
export VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000 VOUCH_BUDGETS_PLANS_PARTNER_PER_MINUTE=1000000000
PARTNER=$(java -cp "$CP" dev.vouch.cli.Main keys create --plan partner --label bench-online 2>/dev/null | tail -1)

run_wrk() { # port seconds
  wrk -t2 -c"$CONNECTIONS" -d"$2s" --latency -s bench/wrk/load.lua "http://127.0.0.1:$1" -- \
    get /api/v1/decision/ "$WALLETS" 1 - - 2>&1 | grep '^RESULT' || echo "RESULT rps=0 p50=0 p99=0 p999=0 status_errors=0 socket_errors=0 requests=0"
}
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$2"; }

# ACCESS EXCLUSIVE locks on wallet_reads (held or waited), every ~50 ms, from one psql session:
# "<epoch ms>|<pid>|<granted>" per lock seen, "<epoch ms>|-|-" per sample.
monitor() { # log
  touch "$OUT/online-monitor.on"
  while [ -e "$OUT/online-monitor.on" ]; do
    echo "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint || '|' || coalesce(string_agg(l.pid || '|' || l.granted, ';'), '-|-')
            FROM pg_locks l WHERE l.locktype = 'relation' AND l.mode = 'AccessExclusiveLock'
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND l.relation = 'wallet_reads'::regclass;"
    sleep 0.05
  done | psql -X -At "$DB_URL" >"$1" 2>&1
}
# Longest run of consecutive samples that saw an exclusive lock (first to last sample plus one
# mean interval: a lock seen once lasted at most about one interval), samples with one inside
# [from, to] ms, the number of samples and their mean interval (a loaded machine polls slower).
monitor_report() { # log from to
  awk -F'|' -v from="$2" -v to="$3" '
    NR == 1 { first = $1 } { n++; end = $1; seen = ($2 != "-") }
    seen && $1 >= from && $1 <= to { inside++ }
    seen { if (!run) start = $1; run = 1; last = $1; next }
    { if (run) { d = last - start; if (d > longest) longest = d; had = 1 }; run = 0 }
    END { if (run) { d = last - start; if (d > longest) longest = d; had = 1 }
          iv = n > 1 ? (end - first) / (n - 1) : 0
          printf "lock_samples=%d sample_ms=%.0f longest_exclusive_ms=%s exclusive_samples_in_backfill=%d\n",
            n, iv, had ? sprintf("%.0f", longest + iv) : "0", inside + 0 }' "$1"
}

# The change: column $1, derived as the number of the wallet's trust edges. The whole derivation
# is restated (wallet_read_rows returns wallet_reads' row type, so it must gain the column in the
# same transaction as the table), as a migration would; refresh_wallet_reads and the view too.
change_sql() {
  cat <<SQL
\set ON_ERROR_STOP on
\timing on
BEGIN;
-- The derivation first (not checked until the column exists), so the exclusive lock, taken by the
-- ALTER, lasts only through the view and the COMMIT.
SET LOCAL check_function_bodies = off;
DROP VIEW wallet_reads_derived;
$(derivation_sql)
\echo HOLD
SELECT wallet_reads_alter('ALTER TABLE wallet_reads ADD COLUMN $1 integer', 100, 50) AS attempts;
CREATE VIEW wallet_reads_derived AS
  SELECT d.* FROM wallet_read_rows(ARRAY(SELECT wallet_read_addresses())) d WHERE NOT wallet_read_is_empty(d);
COMMIT;
SQL
}
COLUMNS_SO_FAR=""  # every bench column so far, in the order added (the table's column order)
derivation_sql() {
  local extra_rows="" extra_set="" extra_n="" c
  for c in $COLUMNS_SO_FAR; do
    extra_rows="$extra_rows,
         (SELECT count(*)::integer FROM trust_edges a WHERE a.from_wallet = q.address OR a.to_wallet = q.address)"
    extra_set="$extra_set, $c"; extra_n="$extra_n, n.$c"
  done
  cat <<SQL
CREATE OR REPLACE FUNCTION wallet_read_rows(wanted text[]) RETURNS SETOF wallet_reads
LANGUAGE sql STABLE AS \$\$
  SELECT q.address, i.username,
         s.id, s.committed_at, s.score_model_version, s.score,
         s.global_wallet_age, s.cross_chain_activity, s.arc_activity, s.counterparty_diversity,
         s.verified_attestations, s.propagated_trust, s.transaction_activity, s.risk_penalty,
         s.global_wallet_age_days, s.active_chains, s.total_tx_count, s.arc_tx_count,
         s.unique_counterparties, s.flagged_counterparties, s.failed_tx_count,
         s.accepted_attestations, s.attestation_counterparties, s.peer_score_sum, s.flagged_lists,
         coalesce(s.coverage, (SELECT json_agg(json_build_object(
                    'chain', c.chain, 'status', c.status, 'transient', c.is_transient,
                    'standing', c.is_standing, 'historyCapped', c.history_capped,
                    'recencyReliable', c.recency_reliable, 'source', c.source,
                    'fallbackFrom', c.fallback_from,
                    'at', (extract(epoch FROM c.indexed_at) * 1000)::bigint) ORDER BY c.chain_id)::text
            FROM snapshot_chains c WHERE c.snapshot_id = s.id)),
         (SELECT jsonb_agg(jsonb_build_object(
                    'peer', p.peer, 'at', (extract(epoch FROM a.accepted_at) * 1000)::bigint,
                    'out', a.from_wallet = q.address, 'value', a.tx_value::text,
                    'peerFirst', (extract(epoch FROM ps.first_activity_at) * 1000)::bigint,
                    'peerFunder', ps.funder, 'peerSeasoned', ps.seasoned_counterparties) ORDER BY a.id)
            FROM trust_edges a
            CROSS JOIN LATERAL (SELECT CASE WHEN a.from_wallet = q.address THEN a.to_wallet
                                            ELSE a.from_wallet END AS peer) p
            LEFT JOIN wallets pw ON pw.address = p.peer
            LEFT JOIN snapshots ps ON ps.id = pw.latest_snapshot_id
           WHERE a.from_wallet = q.address OR a.to_wallet = q.address),
         s.first_activity_at, s.funder,
         EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = q.address AND j.state IN ('queued', 'running')),
         s.seasoned_counterparties,
         s.exposure::text$extra_rows
    FROM (SELECT DISTINCT x AS address FROM unnest(wanted) x WHERE x IS NOT NULL) q
    LEFT JOIN wallets w ON w.address = q.address
    LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
    LEFT JOIN identities i ON i.wallet = q.address
\$\$;
CREATE OR REPLACE FUNCTION refresh_wallet_reads(wanted text[]) RETURNS void
LANGUAGE plpgsql AS \$\$
DECLARE
  w text[] := ARRAY(SELECT DISTINCT x FROM unnest(wanted) x WHERE x IS NOT NULL ORDER BY x);
BEGIN
  IF coalesce(cardinality(w), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM wallet_reads_lock(w);
  UPDATE wallet_reads r
     SET (username, snapshot_id, committed_at, score_model_version, score,
          global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
          verified_attestations, propagated_trust, transaction_activity, risk_penalty,
          global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
          unique_counterparties, flagged_counterparties, failed_tx_count,
          accepted_attestations, attestation_counterparties, peer_score_sum, flagged_lists,
          coverage, edges, first_activity_at, funder, in_flight, seasoned_counterparties, exposure$extra_set)
       = (n.username, n.snapshot_id, n.committed_at, n.score_model_version, n.score,
          n.global_wallet_age, n.cross_chain_activity, n.arc_activity, n.counterparty_diversity,
          n.verified_attestations, n.propagated_trust, n.transaction_activity, n.risk_penalty,
          n.global_wallet_age_days, n.active_chains, n.total_tx_count, n.arc_tx_count,
          n.unique_counterparties, n.flagged_counterparties, n.failed_tx_count,
          n.accepted_attestations, n.attestation_counterparties, n.peer_score_sum, n.flagged_lists,
          n.coverage, n.edges, n.first_activity_at, n.funder, n.in_flight, n.seasoned_counterparties, n.exposure$extra_n)
    FROM wallet_read_rows(w) n
   WHERE r.address = n.address
     AND ROW(r.*) IS DISTINCT FROM ROW(n.*);
  DELETE FROM wallet_reads r WHERE r.address = ANY (w) AND wallet_read_is_empty(r);
END
\$\$;
SQL
}

ROWS=()
for mode in ${BENCH_MODES:-off on}; do
  column="bench_edges_cache_$mode"
  COLUMNS_SO_FAR="$COLUMNS_SO_FAR $column"
  VOUCH_PORT=$(free_port)
  if [ "$mode" = off ]; then export VOUCH_DATABASE_READ_CACHE_MILLIS=0; else unset VOUCH_DATABASE_READ_CACHE_MILLIS; fi
  VOUCH_ROLE=api PORT=$VOUCH_PORT java -XX:+UseParallelGC -Xms512m -Xmx1g -cp "$CP" dev.vouch.cli.Main serve \
    >"$OUT/online-vouch-$mode.log" 2>&1 &
  VPID=$!
  PIDS+=($VPID)
  for i in $(seq 1 120); do curl -sf -o /dev/null "localhost:$VOUCH_PORT/health/ready" && break; sleep 1; done
  echo "== cache $mode: warm-up"
  run_wrk "$VOUCH_PORT" "$SECONDS_PER_RUN" >/dev/null
  if [ "$mode" = on ] && [ "$WALLETS" -le 1000000 ]; then
    # Every wallet read once (500 a request): the cache holds them all before the baseline.
    python3 bench/batch-bodies.py "$WALLETS" | while read -r body; do
      curl -s -o /dev/null -X POST "localhost:$VOUCH_PORT/api/v1/decision/batch" -H "Authorization: Bearer $PARTNER" \
        -H 'Content-Type: application/json' -d "$body"
    done
  fi
  before=$(run_wrk "$VOUCH_PORT" "$SECONDS_PER_RUN")
  echo "cache $mode before: $before"

  # During: wrk runs until the change is over (SIGINT makes it stop and report).
  monitor "$OUT/online-locks-$mode.log" &
  MPID=$!
  wrk -t2 -c"$CONNECTIONS" -d600s --latency -s bench/wrk/load.lua "http://127.0.0.1:$VOUCH_PORT" -- \
    get /api/v1/decision/ "$WALLETS" 1 - - >"$OUT/online-wrk-$mode.log" 2>&1 &
  WPID=$!
  sleep 3
  t_alter=$(now_ms)
  change_sql "$column" | psql -X -q "$DB_URL" >"$OUT/online-alter-$mode.log" 2>&1
  t_alter_end=$(now_ms)
  # \timing (client side) of the statements from the ALTER to the COMMIT: the exclusive lock is
  # held (or, between attempts, briefly waited for) within their sum.
  alter_ms=$(awk '/^HOLD/ { on = 1 } on && /^Time: / { ms += substr($0, 7) + 0 } END { printf "%.1f", ms }' "$OUT/online-alter-$mode.log")
  attempts=$(grep -A2 attempts "$OUT/online-alter-$mode.log" | grep -Eo '^ *[0-9]+ *$' | head -1 | tr -d ' ')
  t_fill=$(now_ms)
  if [ -n "${BENCH_BACKFILL_SECONDS:-}" ]; then
    timeout -s TERM "$BENCH_BACKFILL_SECONDS" java -cp "$CP" dev.vouch.cli.Main read-model backfill --chunk "$CHUNK" \
      --rows-per-second "${BENCH_BACKFILL_RATE:-0}" >"$OUT/online-backfill-$mode.log" 2>&1 || true
  else
    java -cp "$CP" dev.vouch.cli.Main read-model backfill --chunk "$CHUNK" --rows-per-second "${BENCH_BACKFILL_RATE:-0}" \
      >"$OUT/online-backfill-$mode.log" 2>&1
  fi
  t_fill_end=$(now_ms)
  sleep 3
  kill -INT "$WPID"; wait "$WPID" || true
  rm -f "$OUT/online-monitor.on"; wait "$MPID" || true
  during=$(grep '^RESULT' "$OUT/online-wrk-$mode.log" || echo "RESULT rps=0 p50=0 p99=0")
  echo "cache $mode during: $during"
  filled=$(sed -n 's/^backfill done: \([0-9]*\) rows.*/\1/p' "$OUT/online-backfill-$mode.log")
  # Stopped early: the last chunk it reported.
  [ -n "$filled" ] || filled=$(sed -n 's/^backfilled \([0-9]*\) rows.*/\1/p' "$OUT/online-backfill-$mode.log" | tail -1)
  fill_ms=$(sed -n 's/^backfill done: .* in \([0-9]*\) ms.*/\1/p' "$OUT/online-backfill-$mode.log")
  [ -n "$fill_ms" ] || fill_ms=$(( t_fill_end - t_fill ))
  if [ -n "${BENCH_BACKFILL_SECONDS:-}" ]; then nulls="n/a (stopped after ${BENCH_BACKFILL_SECONDS} s)"
  else nulls=$(psql -At "$DB_URL" -c "SELECT count(*) FROM wallet_reads WHERE $column IS NULL"); fi
  drift=unchecked
  if [ "$WALLETS" -le 1000000 ]; then
    drift=$(java -cp "$CP" dev.vouch.cli.Main read-model check >"$OUT/online-check-$mode.log" 2>&1 && echo 0 || echo "some")
  fi
  locks=$(monitor_report "$OUT/online-locks-$mode.log" "$t_fill" "$t_fill_end")
  echo "cache $mode change: alter_tx_ms=$alter_ms attempts=${attempts:-?} (wall $(( t_alter_end - t_alter )) ms with psql)" \
    "backfill rows=$filled ms=$fill_ms rows_per_s=$(awk -v r="$filled" -v m="$fill_ms" 'BEGIN { if (m > 0) printf "%.0f", r * 1000 / m }')" \
    "nulls_left=$nulls drift=$drift $locks"
  ROWS+=("$mode|$before|$during|$alter_ms|$filled|$fill_ms|$locks|$nulls|$drift")
  kill "$VPID"; wait "$VPID" 2>/dev/null || true
done

echo
echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(psql -V | head -1), wrk -t2 -c$CONNECTIONS, $WALLETS wallets, chunk $CHUNK, pace ${BENCH_BACKFILL_RATE:-0} rows/s, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '| %5s | %8s | %7s | %7s | %8s | %7s | %7s | %6s | %8s | %9s | %7s | %11s | %14s |\n' cache "r/s bef" p50_bef p99_bef "r/s dur" p50_dur p99_dur "p99 x" alter_ms fill_rows fill_s "rows/s" "longest AEL ms"
printf '|%s|\n' "-------|----------|---------|---------|----------|---------|---------|--------|----------|-----------|---------|-------------|----------------"
for r in "${ROWS[@]}"; do
  IFS='|' read -r mode b d alter filled fill_ms locks nulls drift <<<"$r"
  printf '| %5s | %8s | %7s | %7s | %8s | %7s | %7s | %6s | %8s | %9s | %7s | %11s | %14s |\n' "$mode" \
    "$(field rps "$b")" "$(field p50 "$b")" "$(field p99 "$b")" "$(field rps "$d")" "$(field p50 "$d")" "$(field p99 "$d")" \
    "$(awk -v a="$(field p99 "$d")" -v b="$(field p99 "$b")" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')" \
    "$alter" "$filled" "$(awk -v m="$fill_ms" 'BEGIN { printf "%.1f", m / 1000 }')" \
    "$(awk -v r="$filled" -v m="$fill_ms" 'BEGIN { if (m > 0) printf "%.0f", r * 1000 / m }')" \
    "$(field longest_exclusive_ms " $locks")"
  echo "  cache $mode: $locks nulls_left=$nulls drift=$drift"
done
