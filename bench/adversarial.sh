#!/usr/bin/env bash
# Full adversarial evaluation of the trust and anomaly models (issue 21, docs/models.md
# "Adversarial evaluation"; issue 24 adds wash-trading and dusting with a real ERC-20): every
# attack shape at full size (rings up to 50 wallets, 120 honest
# wallets) on a local Anvil chain through the real service. About 2-10 minutes on 2 cores.
# Kept results: bench/adversarial.md.
#   bench/adversarial.sh            seed 21 (the table in docs/models.md)
#   SEED=7 bench/adversarial.sh     another population
# Output: target/adversarial/adversarial-<seed>-<wallets>.md (the table) and .tsv (one line per
# wallet: label, shape, verdict, limit, score, reasons; diff two model versions with it).
set -euo pipefail
cd "$(dirname "$0")/.."
SEED="${SEED:-21}"
mvn -B -ntp -q test -Dtest=AdversarialEvaluation -Dsurefire.failIfNoSpecifiedTests=false \
  -Dadversarial.seed="$SEED" || status=$?
cat "$(ls -t target/adversarial/adversarial-"$SEED"-*.md | head -1)"
exit "${status:-0}"
