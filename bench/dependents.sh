#!/usr/bin/env bash
# Issue 33 item 5: a snapshot commit of a wallet that N wallets read as an intermediary, and the
# recompute of those N (dev.vouch.bench.DependentsBench). Figures go to bench/README.md "Dependents".
#
# Usage: bench/dependents.sh [sizes=0,100,10000] [repeats=3]
exec "$(dirname "$0")/run-main.sh" dev.vouch.bench.DependentsBench "$@"
