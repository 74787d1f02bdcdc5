# Sourced by the bench scripts: builds, then starts the local run on $port with a fresh data
# dir and admin token $token, extra arguments passed on; waits until it is ready and stops it
# (and removes the data) when the script exits. Sets $log, $pid and $started (ns, before the
# start). The sandbox rider simulator runs only with simulator=true.
bash deploy/prepare-local.sh   # builds when any source changed, and the start-up cache once per build, before the clock starts
started=$(date +%s%N)
data=$(mktemp -d)
log=$(mktemp)
# the sandbox rider simulator is off unless $simulator=true: benchmark figures are of the service alone;
# the latency benches spread one merchant's load over 30 keys, more than the 10 a merchant may hold
DISPATCH_DATA_DIR=$data DISPATCH_ADMIN_TOKEN=$token DISPATCH_SIMULATOR_ENABLED=${simulator:-false} \
  ./deploy/run-local.sh --server.port=$port --dispatch.api-keys.max-per-merchant=1000 "$@" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
bench_await_ready "$log" "$pid"
