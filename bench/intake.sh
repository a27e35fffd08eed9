#!/usr/bin/env bash
# Intake benchmark: a wallet with N transactions on each of three local Anvil chains, intake
# through the real service vs. a bare client paging the same histories. Needs tools/devnet npm ci.
# Usage: bench/intake.sh [txsPerChain=1000] [rounds=11] [latencyMs=0] [distinctRecipients=txs-50]
#   latencyMs is added to every RPC answer, for both the bare client and the service.
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.IntakeBench "$@"
