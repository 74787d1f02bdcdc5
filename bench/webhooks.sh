#!/usr/bin/env bash
# Webhook figures of the one-command local run on this machine (fresh data dir, port 18081):
#   - sustained notifications per second to local receivers that answer 200 at once, and after 200 ms
#     (a backlog of merchants x bulks x 500 notifications, drained with the default isolation limits)
#   - the JVM's RSS during those runs (max of samples every 0.5 s; the local run holds all three services)
#   - create -> webhook received latency p50/p99 at a fixed create rate (default 50/s for 30 s)
# Usage: bench/webhooks.sh [merchants] [bulks] [rate] [seconds]     (defaults 10 2 50 30)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
merchants=${1:-10}
bulks=${2:-2}
rate=${3:-50}
seconds=${4:-30}
port=18081
token=bench-admin-token
source bench/start-local.sh
jvm=$pid # run-local.sh execs the JVM
base="http://127.0.0.1:$port"
samples=$(mktemp)
( while kill -0 "$jvm" 2>/dev/null; do awk '/VmRSS/ {print int($2/1024)}' /proc/$jvm/status >>"$samples"; sleep 0.5; done ) &
sampler=$!
trap 'kill $sampler 2>/dev/null; kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -rf "$data" "$samples"' EXIT
echo "idle RSS: $(awk '/VmRSS/ {print int($2/1024)}' /proc/$jvm/status) MB"
bench_await_quiet
java bench/webhooks/WebhookBench.java throughput "$base" "$token" "$merchants" "$bulks" 0
echo "max RSS so far: $(sort -n "$samples" | tail -1) MB"
java bench/webhooks/WebhookBench.java throughput "$base" "$token" "$merchants" "$bulks" 200
echo "max RSS so far: $(sort -n "$samples" | tail -1) MB"
java bench/webhooks/WebhookBench.java latency "$base" "$token" "$rate" "$seconds"
echo "max RSS over the whole run: $(sort -n "$samples" | tail -1) MB"
bench_load_line
