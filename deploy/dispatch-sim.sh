#!/usr/bin/env bash
# Runs a scenario day through the dispatch engine's own decision core on a simulated clock and prints one JSON
# object of figures (decisions.md section 14; docs/dispatch-simulator.md). Builds the executable jar on first use
# (offline when ~/.m2 has everything), then runs it with a JDK 21+ from deploy/jdk.sh. Every argument goes to the tool.
#   deploy/dispatch-sim.sh scenario.json [--mode RANKED] [--seed 7] [--accept-share 0.7]
#   deploy/dispatch-sim.sh scenario.json --compare MANUAL,BROADCAST,RANKED,AUTO_ASSIGN
#   deploy/dispatch-sim.sh scenario.json --max-active 3 --compare RANKED,AUTO_ASSIGN,BATCHED
#   deploy/dispatch-sim.sh --generate --orders 1200 --riders 200 --hours 8 --seed 101 --out day.json
# Exit status: 0 done, 1 scenario unreadable or unwritable, 2 bad options.
# DISPATCH_SIM_JAVA_OPTS: JVM options (default -Xmx1g).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/deploy/jdk.sh"
jar="$root/dispatch-policy/target/dispatch-policy-0.1.0-SNAPSHOT-exec.jar"
if [ ! -f "$jar" ]; then
  echo "dispatch-sim: building $jar (once)" >&2
  # -am: dispatch-policy needs route-planner, which is built in the same reactor (never installed in ~/.m2)
  (cd "$root" && mvn -B -q -o -pl dispatch-policy -am package -DskipTests >&2) \
    || (cd "$root" && mvn -B -q -pl dispatch-policy -am package -DskipTests >&2)
fi
# shellcheck disable=SC2086
exec java ${DISPATCH_SIM_JAVA_OPTS:--Xmx1g} -jar "$jar" "$@"
