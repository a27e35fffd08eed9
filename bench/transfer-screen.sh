#!/usr/bin/env bash
# Transfer screening on the devnet (tools/devnet, npm ci there first) against a bare JSON-RPC
# eth_getTransactionReceipt proxy on the same Anvil, and the batch form. Usage:
#   bench/transfer-screen.sh [transfers=500] [concurrency=16] [seconds=10] [batches=10]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.TransferScreenBench "$@"
