#!/usr/bin/env bash
# JMH microbenchmarks of the score and decision models and the receipt canonical hash.
# Usage: bench/jmh.sh [JMH options, e.g. -wi 2 -i 3]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests test-compile
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
exec java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" org.openjdk.jmh.Main ModelsJmh "$@"
