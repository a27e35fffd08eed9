#!/usr/bin/env bash
# A hub wallet's snapshot commit (issue 26 item 2): a wallet with N accepted trust edges moves its
# latest snapshot, and the read model refreshes its row and (when the facts its peers carry moved)
# every peer's row, in the commit's own transaction (V20, V60, V93). Measures that transaction for
# each N: its duration, the wallet_reads rows it rewrote and locked, its WAL bytes (its own records,
# pg_walinspect, so other databases on the server do not count), and the vouch_reads announcements
# it sent (V91). Also the accept of one more edge on the hub (the hub's row carries every edge).
#
# Usage: bench/hub-commit.sh [peers=10,100,1000,10000] [wallets=100000] [repeats=5]
#   BENCH_CLASSPATH  run `vouch migrate` from this classpath instead of building
#   BENCH_DATABASE_URL  server to create the bench database on (default: the machine's PostgreSQL)
# The commit is the SQL of SnapshotCommits.commit that touches the read model: INSERT the snapshot,
# SET_FUNDER's update, SET_EXPOSURE, POINT_LATEST, then COMMIT (the deferred refresh). Counterparty,
# chain and graph rows do not depend on the peers and are left out. Two shapes: "moved" (the new
# snapshot's first activity / funder / seasoned count differ: every peer row changes) and "same"
# (only the score moved: the peers' rows do not change). Figures: median of the repeats.
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=${1:-10,100,1000,10000}
WALLETS=${2:-100000}
REPEATS=${3:-5}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"
for tool in psql java; do command -v "$tool" >/dev/null || { echo "hub-commit.sh needs $tool" >&2; exit 2; }; done

. bench/classpath.sh

DB="vouch_hub_$(date +%s)_$$"
DB_URL="${SERVER_URL%/*}/$DB"
cleanup() { psql -q "$SERVER_URL" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true; }
trap cleanup EXIT
total=0
for p in ${PEERS//,/ }; do total=$((total + p)); done
[ "$total" -le "$WALLETS" ] || { echo "peers ($total in all) must fit in the $WALLETS seeded wallets" >&2; exit 2; }

echo "== database $DB, migrate, seed $WALLETS wallets"
psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
DATABASE_URL="$DB_URL" java -cp "$CP" dev.vouch.cli.Main migrate >"$OUT/hub-migrate.log" 2>&1
psql -q "$DB_URL" -v n="$WALLETS" -f bench/seed.sql >/dev/null
psql -q "$DB_URL" -c "CREATE EXTENSION IF NOT EXISTS pg_walinspect" >/dev/null
q() { psql -X -At -v ON_ERROR_STOP=1 "$DB_URL" "$@"; }

# Hub k: 0xfff..k; its peers the seeded wallets [from, from + n), each with one accepted edge
# peer -> hub as the accept path stores it (verified, accepted, a value), inserted in one
# transaction: the triggers derive the hub's and the peers' rows at its commit.
seed_hub() { # hub from n
  q -v hub="$1" -v from="$2" -v n="$3" <<'SQL' >/dev/null
BEGIN;
INSERT INTO wallets (address) VALUES (:'hub');
INSERT INTO snapshots (wallet, committed_at, score_model_version, score, global_wallet_age, cross_chain_activity,
  arc_activity, counterparty_diversity, verified_attestations, propagated_trust, transaction_activity, risk_penalty,
  first_activity_at, global_wallet_age_days, active_chains, total_tx_count, arc_tx_count, unique_counterparties,
  flagged_counterparties, failed_tx_count, accepted_attestations, attestation_counterparties, peer_score_sum,
  job_id, seasoned_counterparties, funder, exposure)
SELECT :'hub', now() - interval '1 hour', 'identity_score_v3', 80, 25, 15, 15, 20, 20, 10, 20, 0,
       now() - interval '900 days', 900, ARRAY['Arc Testnet'], 50000, 20000, :n, 0, 0, :n, :n, 50 * :n, NULL, 10, NULL,
       '{"sanctions":"none","labelsVersion":"none"}'::jsonb;
UPDATE wallets w SET latest_snapshot_id = s.id FROM snapshots s WHERE s.wallet = w.address AND w.address = :'hub';
INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, created_at, verified_at, accepted_at,
  tx_from, tx_to, tx_value, tx_block, tx_time)
SELECT '0x' || lpad(to_hex(i), 40, '0'), :'hub', 5042002,
       '0x' || md5(:'hub' || i) || md5(i || :'hub'), now() - interval '2 days', now() - interval '2 days',
       now() - interval '1 day', '0x' || lpad(to_hex(i), 40, '0'), :'hub', 1000000 + i, 1000 + i, now() - interval '2 days'
  FROM generate_series(:from, :from + :n - 1) AS i;
COMMIT;
SQL
}

# The commits, 1 + $3 in one psql session (a pooled connection: the first, which also plans and
# compiles the trigger functions in the new backend, is left out). \timing: client side, per
# statement, summed over the transaction. $2 = moved | same.
commits() { # hub shape repeats
  local hub=$1 shape=$2 fa funder seasoned
  if [ "$shape" = moved ]; then
    fa="first_activity_at - interval '1 second'"; funder="coalesce(funder, '') || 'x'"; seasoned="seasoned_counterparties + 1"
  else
    fa="first_activity_at"; funder="funder"; seasoned="seasoned_counterparties"
  fi
  for i in $(seq 0 "$3"); do cat <<SQL
\echo ITER
SELECT coalesce(nullif(current_setting('vouch.reads_seq', true), ''), '0') AS seq0, pg_backend_pid() AS bpid \gset
\setenv BPID :bpid
\! echo CPU0 \$(sed 's/^.*) //' /proc/\$BPID/stat | awk '{print \$12 + \$13}')
\timing on
BEGIN;
SELECT pg_current_xact_id() AS xid, pg_current_wal_lsn() AS lsn0 \gset
INSERT INTO snapshots (wallet, committed_at, score_model_version, score, global_wallet_age, cross_chain_activity,
  arc_activity, counterparty_diversity, verified_attestations, propagated_trust, transaction_activity, risk_penalty,
  first_activity_at, global_wallet_age_days, active_chains, total_tx_count, arc_tx_count, unique_counterparties,
  flagged_counterparties, failed_tx_count, accepted_attestations, attestation_counterparties, peer_score_sum,
  job_id, flagged_lists, coverage, seasoned_counterparties)
SELECT wallet, now(), score_model_version, score % 100 + 1, global_wallet_age, cross_chain_activity,
  arc_activity, counterparty_diversity, verified_attestations, propagated_trust, transaction_activity, risk_penalty,
  $fa, global_wallet_age_days, active_chains, total_tx_count + 1, arc_tx_count, unique_counterparties,
  flagged_counterparties, failed_tx_count, accepted_attestations, attestation_counterparties, peer_score_sum,
  job_id, flagged_lists, coverage, $seasoned
  FROM snapshots WHERE id = (SELECT latest_snapshot_id FROM wallets WHERE address = :'hub')
RETURNING id AS sid, (SELECT funder FROM snapshots o WHERE o.id = (SELECT latest_snapshot_id FROM wallets WHERE address = :'hub')) AS old_funder \gset
UPDATE snapshots SET funder = (SELECT $funder FROM snapshots WHERE id = (SELECT latest_snapshot_id FROM wallets WHERE address = :'hub')) WHERE id = :sid;
UPDATE snapshots SET exposure = '{"sanctions":"none","labelsVersion":"none"}'::text::jsonb WHERE id = :sid;
UPDATE wallets SET latest_snapshot_id = :sid WHERE address = :'hub';
COMMIT;
\timing off
\! echo CPU1 \$(sed 's/^.*) //' /proc/\$BPID/stat | awk '{print \$12 + \$13}')
SELECT pg_current_wal_flush_lsn() AS lsn1 \gset
SELECT 'RESULT', (SELECT count(*) FROM wallet_reads WHERE xmin::text = :'xid'),
       (SELECT count(*) FROM wallet_reads WHERE xmax::text = :'xid' AND xmin::text <> :'xid'),
       (SELECT coalesce(sum(record_length), 0) FROM pg_get_wal_records_info(:'lsn0', :'lsn1') WHERE xid::text = :'xid'),
       coalesce(nullif(current_setting('vouch.reads_seq', true), ''), '0')::bigint - :seq0;
SQL
  done | q -v hub="$hub" | summarize | tail -n +2
}

# One more accepted edge on the hub (a new peer from the spare wallets): the accept's transaction.
accepts() { # hub first-spare-wallet repeats
  local i
  for i in $(seq 0 "$3"); do cat <<SQL
\echo ITER
\set peer '$(printf '0x%040x' $(( $2 + i )))'
SELECT pg_backend_pid() AS bpid \gset
\setenv BPID :bpid
\! echo CPU0 \$(sed 's/^.*) //' /proc/\$BPID/stat | awk '{print \$12 + \$13}')
\timing on
BEGIN;
SELECT pg_current_xact_id() AS xid, pg_current_wal_lsn() AS lsn0 \gset
INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, created_at, verified_at, tx_from, tx_to, tx_value)
VALUES (:'peer', :'hub', 5042002, '0x' || md5(:'peer') || md5(:'hub'), now(), now(), :'peer', :'hub', 1) RETURNING id AS aid \gset
UPDATE attestations SET accepted_at = now() WHERE id = :aid;
COMMIT;
\timing off
\! echo CPU1 \$(sed 's/^.*) //' /proc/\$BPID/stat | awk '{print \$12 + \$13}')
SELECT pg_current_wal_flush_lsn() AS lsn1 \gset
SELECT 'RESULT', (SELECT count(*) FROM wallet_reads WHERE xmin::text = :'xid'), 0,
       (SELECT coalesce(sum(record_length), 0) FROM pg_get_wal_records_info(:'lsn0', :'lsn1') WHERE xid::text = :'xid'), 0;
SQL
  done | q -v hub="$1" | summarize | tail -n +2
}

# Sums the \timing lines of BEGIN..COMMIT; the backend's CPU over the transaction (/proc ticks,
# PostgreSQL on this machine); then the RESULT fields. Prints: ms cpu_ms rewritten locked wal notes.
TCK=$(getconf CLK_TCK)
summarize() { # one line per ITER block
  awk -F'|' -v tck="$TCK" '
    function out() { if (r != "") printf "%.1f %.0f %s\n", ms, (c1 - c0) * 1000 / tck, r }
    /^ITER/ { out(); ms = 0; r = "" }
    /^Time: / { ms += substr($0, 7) + 0 } /^CPU0 / { split($0, a, " "); c0 = a[2] }
    /^CPU1 / { split($0, a, " "); c1 = a[2] } /^RESULT/ { r = $2 " " $3 " " $4 " " $5 }
    END { out() }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

from=1
spare=$(( total + 1 ))
ROWS=()
for p in ${PEERS//,/ }; do
  hub=$(printf '0xfff%037x' "$p")
  t0=$(date +%s%N)
  seed_hub "$hub" "$from" "$p"
  seed_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  from=$(( from + p ))
  # The rows must be what the app derives: none differs from wallet_read_rows for the hub and its peers.
  drift=$(q -v hub="$hub" <<'SQL'
WITH w AS (SELECT ARRAY(SELECT :'hub' UNION SELECT from_wallet FROM attestations WHERE to_wallet = :'hub') AS a)
SELECT count(*) FROM (
  (SELECT r.* FROM wallet_reads r, w WHERE r.address = ANY (w.a) EXCEPT SELECT d.* FROM w, wallet_read_rows(w.a) d)
  UNION ALL
  (SELECT d.* FROM w, wallet_read_rows(w.a) d EXCEPT SELECT r.* FROM wallet_reads r, w WHERE r.address = ANY (w.a))) x
SQL
)
  [ "$drift" = 0 ] || { echo "hub $p: $drift rows differ from the derivation after seeding" >&2; exit 1; }
  edges=$(q -v hub="$hub" <<<"SELECT jsonb_array_length(edges) FROM wallet_reads WHERE address = :'hub'")
  for shape in moved same; do
    mapfile -t runs < <(commits "$hub" "$shape" "$REPEATS")
    ms=$(printf '%s\n' "${runs[@]}" | awk '{print $1}' | median)
    cpu=$(printf '%s\n' "${runs[@]}" | awk '{print $2}' | median)
    read -r _ _ rewritten locked _ notes <<<"${runs[-1]}"
    wal=$(printf '%s\n' "${runs[@]}" | awk '{print $5}' | median)
    ROWS+=("$p|$shape|$ms|$cpu|$rewritten|$locked|$wal|$notes")
    echo "RESULT peers=$p shape=$shape ms=$ms cpu_ms=$cpu rewritten=$rewritten locked=$locked wal_bytes=$wal announcements=$notes edges=$edges seed_ms=$seed_ms"
  done
  mapfile -t runs < <(accepts "$hub" "$spare" "$REPEATS")
  spare=$(( spare + REPEATS + 1 ))
  ms=$(printf '%s\n' "${runs[@]}" | awk '{print $1}' | median)
  cpu=$(printf '%s\n' "${runs[@]}" | awk '{print $2}' | median)
  read -r _ _ rewritten _ wal _ <<<"${runs[-1]}"
  ROWS+=("$p|accept|$ms|$cpu|$rewritten|-|$wal|-")
  echo "RESULT peers=$p shape=accept ms=$ms cpu_ms=$cpu rewritten=$rewritten wal_bytes=$wal"
done

echo
echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(psql -V | head -1), $WALLETS wallets, median of $REPEATS, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "commit_ms: wall time of BEGIN..COMMIT from psql; cpu_ms: the backend's CPU over it (10 ms ticks)"
printf '| %6s | %6s | %9s | %6s | %9s | %7s | %10s | %13s |\n' peers shape commit_ms cpu_ms rewritten locked wal_bytes announcements
printf '|%s|\n' "--------|--------|-----------|--------|-----------|---------|------------|---------------"
for r in "${ROWS[@]}"; do
  IFS='|' read -r p shape ms cpu rw lk wal n <<<"$r"
  printf '| %6s | %6s | %9s | %6s | %9s | %7s | %10s | %13s |\n' "$p" "$shape" "$ms" "$cpu" "$rw" "$lk" "$wal" "$n"
done
