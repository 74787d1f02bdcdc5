#!/usr/bin/env bash
# Checks by hand that simulated riders carry on after a restart: starts a fresh local run at
# time scale 4, creates a sandbox delivery, stops the service (SIGTERM) once it is IN_TRANSIT,
# starts it again on the same data dir and waits for the delivery to end. Exits 0 when it ends
# DELIVERED or FAILED with every step by the rider. Takes about 4 minutes.
set -u
cd "$(dirname "$0")/.."
data=$(mktemp -d); log1=/tmp/rs1.log; log2=/tmp/rs2.log
start() { DISPATCH_DATA_DIR=$data DISPATCH_ADMIN_TOKEN=rs DISPATCH_SIMULATOR_TIMESCALE=4 ./deploy/run-local.sh --server.port=18490 > $1 2>&1 & pid=$!; for i in $(seq 1 240); do grep -q "dispatch is ready" $1 && break; sleep 0.5; done; }
start $log1
KEY=$(awk '$1=="sandbox" && $2=="API" {print $4; exit}' $log1)
ID=$(curl -s -X POST localhost:18490/api/v1/external/dispatches -H "X-API-Key: $KEY" -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" -H 'Content-Type: application/json' -d '{"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},"dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}' | python3 -c "import sys,json; print(json.load(sys.stdin)['data']['id'])")
echo "created $ID"
for i in $(seq 1 200); do s=$(curl -s localhost:18490/api/v1/external/dispatches/$ID -H "X-API-Key: $KEY" -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" | python3 -c "import sys,json; print(json.load(sys.stdin)['data']['status'])"); [ "$s" = IN_TRANSIT ] && break; sleep 1; done
echo "status before stop: $s"
kill $pid; wait $pid
echo "stopped"
start $log2
grep -i "simulator on\|carries" $log2 | cut -c1-250
for i in $(seq 1 300); do s=$(curl -s localhost:18490/api/v1/external/dispatches/$ID -H "X-API-Key: $KEY" -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" | python3 -c "import sys,json; print(json.load(sys.stdin)['data']['status'])"); case $s in DELIVERED|FAILED) break;; esac; sleep 1; done
echo "status after restart: $s"
curl -s localhost:18490/api/v1/external/dispatches/$ID/events -H "X-API-Key: $KEY" -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)" | python3 -c "import sys,json; print([(e['status'], e['actor']['type']) for e in json.load(sys.stdin)['data']])"
grep -i "carries\|DELIVERED\|FAILED" $log2 | cut -c1-250
kill $pid; wait $pid; rm -rf $data
case $s in DELIVERED|FAILED) echo "simulator restart check OK: $s after the restart";; *) echo "still $s"; exit 1;; esac
