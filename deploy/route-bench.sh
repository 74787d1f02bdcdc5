#!/usr/bin/env bash
# Solves pickup-and-delivery instances with time windows in Li & Lim's text format with the route planner's own
# solver (decisions.md section 15; docs/route-planner.md) and prints one line per instance, `name vehicles distance
# seconds` (vehicles 0 and a reason when unsolved or invalid), then one JSON summary line. Builds the executable jar
# on first use (offline when ~/.m2 has everything), then runs it with a JDK 21+ from deploy/jdk.sh.
#   deploy/route-bench.sh /work/shared/bench/pdptw/li-lim-100 [--seconds 10] [--seed 34]
#   deploy/route-bench.sh lc101.txt --greedy      (cheapest insertion only: the baseline)
# Exit status: 0 done, 2 bad options.
# ROUTE_BENCH_JAVA_OPTS: JVM options (default -Xmx1g).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/deploy/jdk.sh"
jar="$root/route-planner/target/route-planner-0.1.0-SNAPSHOT-exec.jar"
if [ ! -f "$jar" ]; then
  echo "route-bench: building $jar (once)" >&2
  (cd "$root" && mvn -B -q -o -pl route-planner package -DskipTests >&2) \
    || (cd "$root" && mvn -B -q -pl route-planner package -DskipTests >&2)
fi
# shellcheck disable=SC2086
exec java ${ROUTE_BENCH_JAVA_OPTS:--Xmx1g} -jar "$jar" "$@"
