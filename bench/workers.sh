#!/usr/bin/env bash
# Worker scale-out: intake throughput with 1, 2, 4 worker processes (role worker, separate JVMs)
# and one API process against one PostgreSQL, N wallets with 50 transfers on each of three local
# Anvil chains. Needs tools/devnet npm ci and PostgreSQL (DATABASE_URL names the server; the
# bench database is created and dropped at exit).
# Usage: bench/workers.sh [workers=1,2,4] [wallets=2000] [txsPerChain=50] [jobsPerWorker=4]
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.WorkersBench "$@"
