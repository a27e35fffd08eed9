# Sourced by the bench scripts (after `cd` to the repository): sets CP to the classpath Vouch and
# the baselines run from. BENCH_CLASSPATH when set; else the jar is built and the runtime
# dependencies listed in target/bench/runtime.classpath.
if [ -n "${BENCH_CLASSPATH:-}" ]; then
  CP="$BENCH_CLASSPATH"
else
  echo "== build"
  mkdir -p target/bench
  mvn -B -q -DskipTests package
  mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench/runtime.classpath -Dmdep.includeScope=runtime
  CP="target/classes:$(cat target/bench/runtime.classpath)"
fi
