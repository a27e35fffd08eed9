#!/usr/bin/env bash
# Batch screening benchmark: 10, 100 and 500 unique rows next to the single decision read, one run.
# Usage: bench/batch.sh [wallets] [concurrency] [seconds per phase]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.BatchBench "$@"
