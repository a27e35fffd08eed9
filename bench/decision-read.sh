#!/usr/bin/env bash
# Decision-read load benchmark: the real service on embedded (or DATABASE_URL) PostgreSQL.
# Usage: bench/decision-read.sh [wallets] [concurrency] [seconds]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.DecisionReadBench "$@"
