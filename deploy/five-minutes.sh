#!/usr/bin/env bash
# Runs the README's "Zero to dispatch.delivered in five minutes" block verbatim against a fresh
# local run with the sandbox rider simulator on (its defaults, but no failures at the door, so the
# ending is always dispatch.delivered), and times it: from starting the service to the merchant's
# endpoint printing a signed dispatch.delivered. Exits non-zero if that does not happen in 5 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/jdk.sh
port=8080
token=five-minutes-admin
simulator=true
export DISPATCH_SIMULATOR_FAILSHARE=0
source bench/start-local.sh
ready=$(date +%s%N)
SANDBOX=$(awk '$1=="sandbox" && $2=="merchant" {print $3; exit}' "$log")
SANDBOX_KEY=$(awk '$1=="sandbox" && $2=="API" {print $4; exit}' "$log")
block=$(awk '/^## Zero to dispatch.delivered/{f=1} f&&/^```sh/{c=1;next} c&&/^```/{exit} c' README.md)
printed=$(mktemp)
# the block's placeholders are the values the start printed; the printer runs in the background
BASE=http://localhost:$port ADMIN=$token SANDBOX=$SANDBOX SANDBOX_KEY=$SANDBOX_KEY bash -c "
  set -euo pipefail
  $(echo "$block" | sed -e '/^BASE=/d' -e '/^\.\/deploy\/run-local.sh/d')
  for _ in \$(seq 1 1200); do grep -q 'dispatch.delivered' '$printed' && break; sleep 0.25; done
  kill \$!
" > "$printed" 2>&1 || true
cat "$printed"
delivered=$(date +%s%N)
grep -q "dispatch.delivered.*signature OK" "$printed" || { echo "no signed dispatch.delivered arrived"; exit 1; }
for event in dispatch.created dispatch.assigned dispatch.picked_up dispatch.en_route; do
  grep -q "$event .*signature OK" "$printed" || { echo "missing $event"; exit 1; }
done
total=$(( (delivered - started) / 1000000 ))
echo "five-minutes OK: service start to ready $(( (ready - started) / 1000000 )) ms, ready to dispatch.delivered" \
  "$(( (delivered - ready) / 1000000 )) ms, start to dispatch.delivered $total ms (build excluded)"
[ "$total" -lt 300000 ]
