#!/usr/bin/env bash
# The engine's cost of one BATCHED delivery (issue 34's target: insertion into the live routes of 200 riders, p99
# under 50 ms): the decision core's whole decision from the DeliveryOpened fact to its decisions, riders holding
# deliveries on planned routes (dispatch-policy's BatchedInsertionBench). Baseline in the same run: the planner's
# bare cheapest insertion on a random state of the same size (route-planner's InsertionBench).
# Then, on the core's state: the background improvement's moves between riders (ADR 0061), the zone's snapshot and
# every movable delivery tried on the other routes, median and max of five rounds (a "relocation" line).
# Usage: bench/batched-insertion.sh [riders] [held-each] [rounds]   (defaults 200 2 2000)
# Output: printed and appended to bench/results/batched-insertion.txt, with the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
riders=${1:-200}
held=${2:-2}
rounds=${3:-2000}
out=bench/results/batched-insertion.txt
mvn -B -q -pl dispatch-policy -am test-compile -Dspotless.check.skip=true
bench_await_quiet
before="$BENCH_LOAD_BEFORE${BENCH_BUSY:+ ($BENCH_BUSY)}"
core=$(java -cp dispatch-policy/target/test-classes:dispatch-policy/target/classes:route-planner/target/classes \
  io.dispatch.policy.core.BatchedInsertionBench "$riders" "$held" "$rounds")
planner=$(java -cp route-planner/target/classes io.dispatch.planner.bench.InsertionBench 2>&1 | tail -1)
after=$(cat /proc/loadavg)
{
  echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD)  load average before: $before  after: $after"
  echo "core (whole BATCHED decision): $core"
  echo "baseline, planner's insertion alone: $planner"
} | tee -a "$out"
