#!/usr/bin/env bash
# Benchmarks the merchant API of the one-JVM local run (issue 3's figures):
#   create latency at a sustained rate over many keys and bulk-500 time to 201. Until issue 38 it
#   also compared creates and reads with the idempotency and rate-limit layers bypassed; that
#   bypass is gone from the service and the figure with it (bench/README.md).
# Usage: bench/merchant-api.sh [rate=100] [seconds=60] [keys=200]
# Starts the service on port 18081 with a fresh data dir, then prints the figures and the JVM's
# RSS after the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
port=18081
token=bench-admin-token
source bench/start-local.sh
bench_await_quiet
java bench/MerchantApiBench.java "http://127.0.0.1:$port" "$token" "${1:-100}" "${2:-60}" "${3:-200}"
# $pid is the service JVM (run-local.sh execs it); another checkout's local run may be up too
echo "RSS of the service JVM after the run: $(awk '/VmRSS/ {print int($2/1024)}' /proc/$pid/status) MB"
grep -c " ERROR " "$log" | xargs echo "ERROR lines in the service log:"
bench_load_line
