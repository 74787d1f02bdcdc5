#!/usr/bin/env bash
# The log report's rate (issue 16, "the same figure for the report tool"): seeds realistic
# delivery lifecycles (default 200,000 events) into an embedded Kafka topic dispatch-events
# (6 partitions) and into an embedded PostgreSQL's command.domain_event_entry (command-service's
# DDL, rows as Axon writes them), then, per round, times a baseline and the report on each source:
#   kafka        baseline: a raw consumer read of the whole topic, bytes only, no decoding
#   event store  baseline: a JDBC read of the same columns the report selects, no decoding
# The report runs as users run it: its executable jar in a JVM of its own, JSON to /dev/null. Its
# own rate covers the reading loop (decode, fold, count); the whole command adds the JVM start,
# connecting, resolving the range and writing the report.
# Usage: bench/log-report.sh [events] [rounds]   (defaults 200000 and 2)
# Output: printed and appended to bench/results/log-report.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
events=${1:-200000}
rounds=${2:-2}
out=bench/results/log-report.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bench_build_classpaths log-report test
classpath="$(cat log-report/target/bench-classpath.txt)"
jar=log-report/target/log-report-0.1.0-SNAPSHOT-exec.jar

bench_await_quiet
{
  echo ""
  echo "== $(date -u +%FT%TZ) $(nproc) cores, load average $BENCH_LOAD_BEFORE${BENCH_BUSY:+ ($BENCH_BUSY)}; $events events, $rounds rounds; $(java -version 2>&1 | head -1)"
} | tee -a "$out"
java -Xmx2g -cp "$classpath" bench/logreport/LogReportBench.java "$events" "$rounds" "$jar" "$JAVA_HOME/bin/java" 2>"$work/bench.err" \
  | grep --line-buffered -v '^\s*$' | tee -a "$out" \
  || { tail -40 "$work/bench.err" >&2; exit 1; }
bench_load_line | tee -a "$out"
