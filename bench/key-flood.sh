#!/usr/bin/env bash
# Made-up API key flood (issue 25 item 5): wrk cycles N distinct well-formed keys (valid checksum,
# unknown to the database) from one IP against one `serve --role api`, then reports requests,
# 401s, 429s and the database lookups the service counted (vouch_api_key_lookups_total), and what
# two never-used pro keys get from the same IP right after the flood.
# Usage: bench/key-flood.sh [seconds=15] [keys=20000] [connections=16]
# Needs wrk, psql and the machine's PostgreSQL (BENCH_DATABASE_URL, default
# postgres://postgres@127.0.0.1:5432/postgres); creates and drops a database of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-15}"; keys="${2:-20000}"; conns="${3:-16}"
base="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
db="vouch_keyflood_$$"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
work=$(mktemp -d)
psql -q "$base" -c "CREATE DATABASE $db"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql -q "$base" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
}
trap cleanup EXIT

# Well-formed keys: vouch_live_ + 32 base62 + base62 CRC32 of what precedes (ApiKeyFormat).
python3 - "$keys" > "$work/keys.lua" <<'PY'
import random, sys, zlib
A = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
def b62(v, w):
    out = []
    for _ in range(w):
        out.append(A[v % 62]); v //= 62
    return "".join(reversed(out))
print("keys = {")
for _ in range(int(sys.argv[1])):
    body = "vouch_live_" + "".join(random.choice(A) for _ in range(32))
    print('"%s%s",' % (body, b62(zlib.crc32(body.encode()), 6)))
print("}")
PY
cat >> "$work/keys.lua" <<'LUA'
-- counts is global: done() reads each thread's copy with thread:get, which sees globals only.
local i, threads = 0, {}
counts = {}
function setup(thread) table.insert(threads, thread) end
function init(args) i = math.random(#keys) end
function request()
  i = i % #keys + 1
  return wrk.format("GET", "/api/v1/decision/0x00000000000000000000000000000000000000ab",
    { ["Authorization"] = "Bearer " .. keys[i] })
end
function response(status) counts[status] = (counts[status] or 0) + 1 end
function done(summary)
  local total = {}
  for _, t in ipairs(threads) do
    for s, n in pairs(t:get("counts")) do total[s] = (total[s] or 0) + n end
  end
  for s, n in pairs(total) do io.write(string.format("status %d: %d\n", s, n)) end
end
LUA

mvn -B -q -DskipTests compile
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=runtime
dburl="${base%/*}/$db"
DATABASE_URL="$dburl" PORT="$port" java -cp "target/classes:$(cat target/bench.classpath)" dev.vouch.cli.Main \
  serve --role api > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$port/health/ready" > /dev/null && break
  sleep 0.5
done
pro=()
for _ in 1 2; do
  pro+=("$(DATABASE_URL="$dburl" java -cp "target/classes:$(cat target/bench.classpath)" dev.vouch.cli.Main \
    keys create --plan pro --label key-flood | tail -1)")
done
lookups() { curl -s "http://127.0.0.1:$port/metrics" | awk '/^vouch_api_key_lookups_total/ {s += $2} END {print s + 0}'; }
before=$(lookups)
wrk -t2 -c"$conns" -d"${seconds}s" -s "$work/keys.lua" "http://127.0.0.1:$port" | tee "$work/wrk.out"
after=$(lookups)
# Two pro keys created before the flood and never used, first used right after it from the same IP
# (issue 34 item 7): each answer's status and which budget its headers name.
for k in "${pro[@]}"; do
  curl -s -o "$work/pro.body" -D "$work/pro.head" -H "Authorization: Bearer $k" \
    "http://127.0.0.1:$port/api/v1/decision/0x00000000000000000000000000000000000000ab"
  echo "pro key after the flood: $(head -1 "$work/pro.head" | tr -d '\r')" \
    "limit=$(awk 'tolower($1) == "x-ratelimit-limit:" {print $2}' "$work/pro.head" | tr -d '\r')" \
    "$(grep -o '"message":"[^"]*' "$work/pro.body" | head -1)"
done
requests=$(awk '/requests in/ {print $1}' "$work/wrk.out")
echo "keys=$keys seconds=$seconds connections=$conns requests=$requests" \
  "401=$(awk '/^status 401:/ {print $3}' "$work/wrk.out")" \
  "429=$(awk '/^status 429:/ {print $3}' "$work/wrk.out")" \
  "database_lookups=$(python3 -c "print(int($after - $before))")"
