#!/usr/bin/env bash
# Checks that simulated riders carry on after a restart: starts a fresh local run at time
# scale 4, creates a sandbox delivery, stops the service (SIGTERM) once it is IN_TRANSIT, starts
# it again on the same data dir and waits for the delivery to end. Exits 0 when it ends DELIVERED
# or FAILED with every step after NEW by a rider. Takes about 4 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
port=18490
base=http://localhost:$port
data=$(mktemp -d)
logs=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; wait 2>/dev/null || true; rm -rf "$data"' EXIT

start() {   # $1: log file
  DISPATCH_DATA_DIR=$data DISPATCH_ADMIN_TOKEN=restart-check DISPATCH_SIMULATOR_TIMESCALE=4 \
    ./deploy/run-local.sh --server.port=$port >"$1" 2>&1 &
  pid=$!
  for _ in $(seq 1 240); do grep -q "dispatch is ready" "$1" && return; sleep 0.5; done
  cat "$1"; exit 1
}
get() {     # $1: path, $2: python expression on the answer's data
  curl -s "$base$1" -H "X-API-Key: $KEY" -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" |
    python3 -c "import sys, json; data = json.load(sys.stdin)['data']; print($2)"
}
await_status() {   # $1: regular expression of the statuses to wait for, $2: seconds
  for _ in $(seq 1 "$2"); do
    s=$(get "/api/v1/external/dispatches/$ID" "data['status']")
    [[ $s =~ ^($1)$ ]] && return
    sleep 1
  done
  echo "still $s after $2 s"; exit 1
}

start "$logs/first.log"
KEY=$(awk '$1=="sandbox" && $2=="API" {print $4; exit}' "$logs/first.log")
ID=$(curl -s -X POST $base/api/v1/external/dispatches -H "X-API-Key: $KEY" \
  -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" -H 'Content-Type: application/json' \
  -d '{"customerName":"Amina Njeri","customerPhone":"+254 700 000 001",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}' |
  python3 -c "import sys, json; print(json.load(sys.stdin)['data']['id'])")
echo "created $ID"
await_status IN_TRANSIT 200
echo "IN_TRANSIT: stopping the service"
kill $pid; wait $pid || true; pid=

start "$logs/second.log"
grep -h "simulator on\|carries" "$logs/second.log" | cut -c1-250
await_status "DELIVERED|FAILED" 400
steps=$(get "/api/v1/external/dispatches/$ID/events" "' '.join(e['status'] + ':' + e['actor']['type'] for e in data)")
echo "history: $steps"
[[ $steps =~ ^NEW:merchant\ ASSIGNED:rider\ PICKED_UP:rider\ IN_TRANSIT:rider\ (DELIVERED|FAILED):rider$ ]]
echo "simulator restart check OK: $s after the restart"
