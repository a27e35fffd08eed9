#!/usr/bin/env bash
# Decision-read load benchmark: the real service on embedded (or DATABASE_URL) PostgreSQL.
# Usage: bench/decision-read.sh [wallets] [concurrency] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests test-compile
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" \
  -Djava.util.logging.config.file=src/test/resources/logging-test.properties \
  dev.vouch.bench.DecisionReadBench "$@"
