#!/usr/bin/env bash
# Labels at scale (issue 33 item 7): load N labels at start, a 1% refresh and its diff sweep,
# exposure read latency idle and during the refresh. Usage: bench/labels.sh [labels=10000000]
# BENCH_HEAP (default 512m) is the JVM's heap: the load streams, so it must fit.
exec env JAVA_TOOL_OPTIONS="-Xmx${BENCH_HEAP:-512m}" "$(dirname "$0")/run-main.sh" dev.vouch.bench.LabelsBench "$@"
