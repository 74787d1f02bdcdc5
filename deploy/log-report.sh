#!/usr/bin/env bash
# The auditors' report over a range of the event log (README, "Reporting on the log"). Builds the
# executable jar on first use (offline when ~/.m2 has everything), then runs it with a JDK 21+
# from deploy/jdk.sh. Every argument goes to the tool; --help lists them.
#   deploy/log-report.sh --kafka localhost:9092 --from 2026-11-23T00:00:00Z --format csv --out day.csv
#   deploy/log-report.sh --db jdbc:postgresql://localhost:5432/dispatch --db-user dispatch --merchant <uuid>
# With --scenario it writes the period as a dispatch-sim scenario file with what actually happened
# (decisions.md section 17; docs/dispatch-simulator.md, "A scenario from the log"):
#   deploy/log-report.sh --scenario --kafka localhost:9092 --from 2026-11-23T11:00Z --to 2026-11-23T14:00Z \
#     [--zone nairobi-cbd] [--speed-kmh 18] [--detour-factor 1.3] --out lunch.json
#   deploy/dispatch-sim.sh lunch.json --compare RANKED,BATCHED      # "recorded" first
# Exit status: 0 report (or scenario) written, 1 source unreachable or unreadable, 2 bad options.
# LOG_REPORT_JAVA_OPTS: JVM options (default -Xmx1g).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/deploy/jdk.sh"
jar="$root/log-report/target/log-report-0.1.0-SNAPSHOT-exec.jar"
if [ ! -f "$jar" ]; then
  echo "log-report: building $jar (once)" >&2
  (cd "$root" && mvn -B -q -o -pl log-report -am package -DskipTests >&2) \
    || (cd "$root" && mvn -B -q -pl log-report -am package -DskipTests >&2)
fi
# shellcheck disable=SC2086
exec java ${LOG_REPORT_JAVA_OPTS:--Xmx1g} -jar "$jar" "$@"
