#!/usr/bin/env bash
# Tracing's jobs and JSON-RPC calls per root wallet on the devnet scenario (issue 33 item 2): each
# scenario wallet cold, on a fresh service and database. See bench/README.md "Tracing of intermediaries".
# Usage: bench/path-trace.sh [depth=2] [perWallet=5]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.PathTraceBench "$@"
