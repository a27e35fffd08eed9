#!/usr/bin/env bash
# Runs a benchmark main class from the test sources with the test classpath.
# Usage: bench/run-main.sh <class> [args...]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests test-compile
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
main="$1"
shift
exec java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" \
  -Djava.util.logging.config.file=src/test/resources/logging-test.properties \
  "$main" "$@"
