#!/usr/bin/env bash
# Seeds the ten-million-wallet database of issue 26 item 2 once and says what it cost: seconds
# per step, the database's size and its largest tables. The database is kept (perf.sh reads it
# with BENCH_DB=<name>, bench/cache-memory.sh and bench/online-change.sh take its name); drop it
# with `psql -c 'DROP DATABASE vouch_scale_10m'` when done (about 45 GB).
#
# Usage: bench/scale.sh [wallets=10000000] [database=vouch_scale_10m]
# Then, one sitting on an idle machine (bench/README.md, "Ten million wallets"):
#   BENCH_READ_CACHE=off BENCH_ONLY="decision-anon score batch-500" bench/perf.sh 15 64 100000
#   BENCH_READ_CACHE=off BENCH_ONLY="decision-anon score batch-500" BENCH_DB=vouch_scale_10m bench/perf.sh 15 64 10000000
#   bench/cache-memory.sh vouch_scale_10m 1000000            # the default bound
#   bench/cache-memory.sh vouch_scale_10m 1000000 2000000 512 # a bound the MB side stops
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}; DB=${2:-vouch_scale_10m}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB_URL="${SERVER_URL%/*}/$DB"
OUT=target/bench
mkdir -p "$OUT"
. bench/classpath.sh
if [ "$(psql -At "$SERVER_URL" -c "SELECT count(*) FROM pg_database WHERE datname = '$DB'")" != 0 ]; then
  echo "$DB exists; drop it first to seed again" >&2
  exit 2
fi
step() { # label, command...
  local t0 t1; t0=$(date +%s.%N); "${@:2}" >/dev/null; t1=$(date +%s.%N)
  printf '%-28s %8.0f s (load %s)\n' "$1" "$(echo "$t1 - $t0" | bc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
}
psql -q "$SERVER_URL" -c "CREATE DATABASE $DB"
step "migrate" env DATABASE_URL="$DB_URL" java -cp "$CP" dev.vouch.cli.Main migrate
step "seed.sql ($N wallets)" psql -q "$DB_URL" -v n="$N" -f bench/seed.sql
step "seed-bare.sql" psql -q "$DB_URL" -v n="$N" -f bench/seed-bare.sql
psql -At "$DB_URL" -c "SELECT 'database ' || pg_size_pretty(pg_database_size('$DB'))" \
  -c "SELECT relname || ' ' || pg_size_pretty(pg_total_relation_size(oid)) FROM pg_class
       WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY pg_total_relation_size(oid) DESC LIMIT 6"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(psql -V | head -1), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
