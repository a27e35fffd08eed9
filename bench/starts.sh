#!/usr/bin/env bash
# Ten `serve --role api` starts in a row against a healthy PostgreSQL, each waited on until
# /health/ready answers (or the process exits), then stopped: run it while the machine is loaded
# (e.g. beside `mvn test`) to see that a start on a busy node waits for the database instead of
# dying on one late heartbeat (issue 25 item 4). Needs target/vouch.jar, psql and curl.
#   bench/starts.sh [count] [database-url-without-db-name]
set -u
cd "$(dirname "$0")/.."
count=${1:-10}
base=${2:-postgres://postgres@127.0.0.1:5432}
db=vouch_bench_starts
psql "$base/postgres" -qc "DROP DATABASE IF EXISTS $db" -qc "CREATE DATABASE $db" >/dev/null
ok=0
for i in $(seq 1 "$count"); do
  port=$((19300 + i))
  load=$(cut -d' ' -f1 /proc/loadavg)
  DATABASE_URL=$base/$db PORT=$port VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS=1 \
    java -jar target/vouch.jar serve --role api > "/tmp/vouch-start-$i.log" 2>&1 &
  pid=$!
  result="not ready in 180 s"
  for _ in $(seq 1 900); do
    if ! kill -0 $pid 2>/dev/null; then result="exited: $(tail -1 "/tmp/vouch-start-$i.log")"; break; fi
    if curl -sf -o /dev/null "http://127.0.0.1:$port/health/ready"; then result=ready; break; fi
    sleep 0.2
  done
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
  [ "$result" = ready ] && ok=$((ok + 1))
  echo "start $i: $result (load average $load)"
done
echo "$ok of $count starts ready"
psql "$base/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null
[ "$ok" -eq "$count" ]
