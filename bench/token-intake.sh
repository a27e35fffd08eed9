#!/usr/bin/env bash
# What token evidence adds to an intake: a wallet with N native and N token transfers (a real
# ERC-20) on each of three local Anvil chains, two services side by side, indexing.tokenEvidence
# on and off; time and RPC bytes per intake from the services' /metrics. See bench/README.md.
# Usage: bench/token-intake.sh [transfersPerChain=50] [rounds=9] [latencyMs=0]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.TokenIntakeBench "$@"
