#!/usr/bin/env bash
# Projection rebuild rate (issue 16; goal: 20,000 events/s on 2 cores). Starts the embedded Kafka
# and PostgreSQL on their own and query-service alone against them, seeds whole delivery
# lifecycles straight onto the topics (10 events a delivery: 7 lifecycle events, 2 webhook attempt
# reports, 1 rider fix) while query-service is down with its positions moved to the end (a read
# model that lost everything), then times POST /api/v1/admin/projections/rebuild to SUCCEEDED
# (bench/rebuild/RebuildBench.java). Baselines in the same run: the live projections over a smaller log
# first, a plain Kafka read of the whole log, a multi-row insert into the same PostgreSQL.
# Usage: bench/rebuild.sh [deliveries] [live-deliveries]   (defaults 25000: 250,000 events; 1000)
#   QUERY_JAVA_OPTS: extra JVM options of query-service, e.g. -XX:StartFlightRecording=filename=/tmp/q.jfr
# Output: printed and appended to bench/results/rebuild.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
deliveries=${1:-25000}
live=${2:-1000}   # deliveries for the live projections' baseline
out=bench/results/rebuild.txt
data=$(mktemp -d)
pids=()
# waits for the processes it started by id: a bare `wait` also waits for the tee of the output below,
# which ends only when this script has, so the script would never end
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait "${pids[@]}" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

if curl -s -o /dev/null localhost:18182; then echo "port 18182 is taken (a query-service left running?)" >&2; exit 1; fi
bench_build_classpaths deploy runtime # deploy's jar starts the infrastructure; query-service's class path runs the bench
classpath="shared-events/target/classes:$(cat query-service/target/bench-classpath.txt)"

java -jar deploy/target/deploy-0.1.0-SNAPSHOT.jar --dispatch.local.infrastructure-only=true \
  --dispatch.data-dir="$data/infra" >"$data/infra.log" 2>&1 &
pids+=($!)
until grep -qs "dispatch infrastructure ready" "$data/infra.log"; do sleep 0.5; done
settings=$(grep '^  --' "$data/infra.log" | tr -d ' ' | tr '\n' ' ')
setting() { grep -o -e "--$1=[^ ]*" <<<"$settings" | cut -d= -f2-; }
bench() { java -Dlogback.configurationFile=bench/logback-quiet.xml -cp "$classpath" bench/rebuild/RebuildBench.java "$1" \
  "$(setting spring.kafka.bootstrap-servers)" "$(setting spring.datasource.url)" \
  "$(setting spring.datasource.username)" "$(setting spring.datasource.password)" "${@:2}"; }
query=""
start_query() {
  # shellcheck disable=SC2086
  java -Xmx1g ${QUERY_JAVA_OPTS:-} -jar query-service/target/query-service-0.1.0-SNAPSHOT-exec.jar $settings \
    --dispatch.admin-token=bench --server.port=18182 >>"$data/query.log" 2>&1 &
  query=$!
  pids+=($query)
  until curl -sf localhost:18182/actuator/health/readiness >/dev/null; do sleep 0.2; done
}

# everything below is printed and appended to the results (not in a pipeline: its subshell would
# keep the query-service it starts from the cleanup)
exec > >(tee -a "$out") 2>&1
echo ""
bench_await_quiet
echo "== $(date -u +%FT%TZ) $(nproc) cores, load average $BENCH_LOAD_BEFORE, $deliveries deliveries${BENCH_BUSY:+; $BENCH_BUSY}"
start_query
bench live "$live"
# the big log lands while query-service is down, its stored positions at the end: a read model
# that lost everything, which only the rebuild brings back
kill "$query"; wait "$query" 2>/dev/null || true
bench seed-behind "$deliveries"
start_query
bench rebuild http://localhost:18182 bench
grep "Projection rebuild" "$data/query.log" | sed 's/^.*: Projection/  log: Projection/' | tail -8
echo "$(bench_load_line)"
