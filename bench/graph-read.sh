#!/usr/bin/env bash
# Interaction graph read latency: 50-node pages of a wallet with many counterparties.
# Usage: bench/graph-read.sh [counterparties=10000] [requests-per-kind=500]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.GraphReadBench "$@"
