#!/usr/bin/env bash
# Benchmarks the merchant API of the one-JVM local run (issue 3's figures):
#   create latency at a sustained rate over many keys, bulk-500 time to 201, and the latency
#   the idempotency and rate-limit layers add (compared with them bypassed in the same run).
# Usage: bench/merchant-api.sh [rate=100] [seconds=60] [keys=200]
# Starts the service on port 18081 with a fresh data dir and dispatch.bench.allow-layer-bypass=true
# (never set that in production), then prints the figures and the JVM's RSS after the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/jdk.sh
port=18081
token=bench-admin-token
source bench/start-local.sh --dispatch.bench.allow-layer-bypass=true
java bench/MerchantApiBench.java "http://127.0.0.1:$port" "$token" "${1:-100}" "${2:-60}" "${3:-200}"
jvm=$(pgrep -f "deploy-0.1.0-SNAPSHOT.jar" | head -1)
echo "RSS of the service JVM after the run: $(awk '/VmRSS/ {print int($2/1024)}' /proc/$jvm/status) MB"
grep -c " ERROR " "$log" | xargs echo "ERROR lines in the service log:"
