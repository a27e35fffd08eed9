#!/usr/bin/env bash
# The read cache's memory against its setting (issue 26 item 2): one Vouch (api role) on a seeded
# database, its read cache filled by reading many distinct wallets (batches of 500), then the
# cache's entries, the heap it holds (heap used after a full GC, full minus empty) and the
# process RSS, beside the bound it was given. Run once per setting; reading more wallets than the
# bound must leave the entries and the heap at the bound, not at the number read.
#
# Usage: bench/cache-memory.sh <database> <wallets to read> [entries=200000] [megabytes=256]
#   <database>  a database on the machine's PostgreSQL seeded by bench/seed.sql (wallets 1..n),
#               e.g. bench/scale.sh's vouch_scale_10m; read only (the keys it creates aside)
#   BENCH_CLASSPATH as in perf.sh; otherwise target/classes and target/bench/runtime.classpath
set -euo pipefail
cd "$(dirname "$0")/.."
DB=$1; READ=$2; ENTRIES=${3:-200000}; MEGABYTES=${4:-256}
SERVER_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OUT=target/bench
mkdir -p "$OUT"
CP=${BENCH_CLASSPATH:-"target/classes:$(cat "$OUT/runtime.classpath")"}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

export DATABASE_URL="${SERVER_URL%/*}/$DB"
export VOUCH_BUDGETS_PLANS_PARTNER_PER_MINUTE=1000000000 VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE=1000000000
export VOUCH_READ_MODEL_CACHE_ENTRIES=$ENTRIES VOUCH_READ_MODEL_CACHE_MEGABYTES=$MEGABYTES
KEY=$(java -cp "$CP" dev.vouch.cli.Main keys create --plan partner --label cache-memory 2>/dev/null | tail -1)
PORT=$(free_port)
# The heap is sized well above the bound so the bound, not the heap, is what stops the cache.
VOUCH_ROLE=api PORT=$PORT java -XX:+UseParallelGC -Xms256m -Xmx3g -cp "$CP" dev.vouch.cli.Main serve >"$OUT/cache-memory.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; wait 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf -o /dev/null "localhost:$PORT/health/ready" && break; sleep 1; done

rss() { awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$PID/status"; }
heap() { # used heap in KiB after a full collection (young + old generation)
  jcmd "$PID" GC.run >/dev/null
  jcmd "$PID" GC.heap_info | awk '/total/ {for (i=1;i<=NF;i++) if ($i=="used") {sub("K","",$(i+1)); kb += $(i+1)}} END {printf "%d", kb}'
}
metric() { curl -s "localhost:$PORT/metrics" | awk -v m="$1" '$0 ~ "^"m"\\{.*wallet_reads" {print $2}' | head -1; }

# One decision first, so the classes of the read path are loaded before the empty measurement.
curl -s -o /dev/null "localhost:$PORT/api/v1/decision/$(printf '0x%040x' 1)"
H0=$(heap); R0=$(rss)
python3 bench/batch-bodies.py "$READ" >"$OUT/cache-memory.bodies"
T0=$(date +%s)
# Two streams: the machine has two cores, and the server does the work.
split -n l/2 "$OUT/cache-memory.bodies" "$OUT/cache-memory.part."
for part in "$OUT"/cache-memory.part.*; do
  while read -r body; do
    curl -s -o /dev/null -X POST "localhost:$PORT/api/v1/decision/batch" -H "Authorization: Bearer $KEY" \
      -H 'Content-Type: application/json' -d "$body"
  done <"$part" &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
T1=$(date +%s)
rm -f "$OUT"/cache-memory.part.*
SIZE=$(metric cache_size); H1=$(heap); R1=$(rss)
awk -v read="$READ" -v e="$ENTRIES" -v mb="$MEGABYTES" -v size="$SIZE" -v h0="$H0" -v h1="$H1" -v r0="$R0" -v r1="$R1" \
  -v secs=$((T1 - T0)) -v commit="$(git rev-parse --short HEAD 2>/dev/null || echo '?')" -v loadavg="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
  printf "| %s | %d / %d MB | %d | %.1f | %d | %d | %.0f | %d | %s |\n", read, e, mb, size, (h1 - h0) / 1024, r0, r1,
    (size > 0 ? (h1 - h0) * 1024 / size : 0), secs, "commit " commit ", load " loadavg
}'
echo "(wallets read | bound entries / MB | cache entries | heap held MiB (full GC, filled - empty) | RSS empty MiB | RSS filled MiB | heap bytes per entry | fill seconds | sitting)"
