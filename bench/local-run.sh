#!/usr/bin/env bash
# Benchmarks the one-command local run on this machine:
#   - time from ./deploy/run-local.sh to "dispatch is ready" and the JVM's idle RSS
#   - create -> webhook received latency for N sequential creates (default 100)
# Usage: bench/local-run.sh [count]    (builds first if needed; uses a fresh data dir and port 18080)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
count=${1:-100}
port=18080
token=bench-admin-token
source bench/start-local.sh
ready=$(( ($(date +%s%N) - started) / 1000000 ))
jvm=$pid # run-local.sh execs the JVM; another checkout's local run may be up too
sleep 10
rss=$(awk '/VmRSS/ {print int($2/1024)}' /proc/$jvm/status)
echo "run command -> ready: ${ready} ms (the service's own figure: $(grep -o 'ready ([0-9]* ms)' "$log"))"
echo "idle RSS of the JVM after 10 s: ${rss} MB"
bench_await_quiet # after the ready time and idle RSS, before the latency
java bench/CreateToWebhookLatency.java "http://127.0.0.1:$port" "$token" "$count"
bench_load_line
