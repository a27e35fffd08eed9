#!/usr/bin/env bash
# Watched deposit addresses: lag from a deposit's block to its transfer.screened event and webhook
# on the devnet (tools/devnet, npm ci there first). Usage:
#   bench/transfer-watch.sh [deposits=20] [monitoring.transferWatch.pollMillis=1000] [webhooks.pollMs=1000]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.TransferWatchBench "$@"
