#!/usr/bin/env bash
# Every dispatch mode on the shared sample days and on generated days, side by side (issues 33 and 34).
# The figures are simulated, so they do not depend on the machine's load (only wallSeconds does).
#   bench/dispatch-sim-days.sh [out-dir]        (default bench/results/dispatch-sim-days)
# Writes one --compare JSON per day and accept share into out-dir, each with the load average before and after its
# run ("loadAverage"), and the whole run's in load-before.txt and load-after.txt; holds /tmp/dispatch-cpu.lock
# throughout.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/bench/results/dispatch-sim-days}"
samples="${DISPATCH_SAMPLES:-$root/../shared/bench/scenarios}"
mkdir -p "$out"
exec 9>/tmp/dispatch-cpu.lock
flock 9
uptime > "$out/load-before.txt"
sim="$root/deploy/dispatch-sim.sh"
"$sim" --generate --orders 1200 --riders 150 --hours 8 --seed 202 --out "$out/gen-202.json" >/dev/null
"$sim" --generate --orders 1200 --riders 150 --hours 8 --seed 303 --out "$out/gen-303.json" >/dev/null
"$sim" --generate --orders 600 --riders 150 --hours 8 --seed 404 --out "$out/gen-404.json" >/dev/null
days=("$out/gen-202.json" "$out/gen-303.json" "$out/gen-404.json")
for sample in nairobi-300-orders nairobi-2000-orders; do
  if [ -f "$samples/$sample.json" ]; then days=("$samples/$sample.json" "${days[@]}"); fi
done
for day in "${days[@]}"; do
  name=$(basename "$day" .json)
  for share in 1.0 0.7; do
    before=$(cut -d' ' -f1-3 /proc/loadavg)
    "$sim" "$day" --seed 1 --accept-share "$share" --compare MANUAL,BROADCAST,RANKED,AUTO_ASSIGN,BATCHED --json \
      > "$out/$name-accept-$share.json.tmp"
    after=$(cut -d' ' -f1-3 /proc/loadavg)
    # the load average (1, 5, 15 min) before and after this run, first in its JSON: the figures are simulated, only
    # wallSeconds depends on the machine
    sed '1s/^{/{"loadAverage": {"before": "'"$before"'", "after": "'"$after"'"}, /' \
      "$out/$name-accept-$share.json.tmp" > "$out/$name-accept-$share.json"
    rm "$out/$name-accept-$share.json.tmp"
    echo "dispatch-sim-days: $name accept $share done" >&2
  done
done
uptime > "$out/load-after.txt"
