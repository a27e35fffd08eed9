#!/usr/bin/env bash
# Continuous monitoring benchmark: a screening list update that flags F of W watched wallets must
# write exactly F events; reports the time from the list reload to the last event and to the last
# webhook delivery (local receiver). Usage: bench/watchlist.sh [watched=100000] [flagged=1000]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.WatchlistBench "$@"
