#!/usr/bin/env bash
# Projection rebuild rate (issue 16; goal: 20,000 events/s on 2 cores). Starts the embedded Kafka
# and PostgreSQL on their own and query-service alone against them, seeds whole delivery
# lifecycles straight onto the topics (10 events a delivery: 7 lifecycle events, 2 webhook attempt
# reports, 1 rider fix), waits for the live projections, then times POST
# /api/v1/admin/projections/rebuild to SUCCEEDED (bench/RebuildBench.java). Baselines in the same
# run: the live projections over the same log, a plain Kafka read of it, a multi-row insert into
# the same PostgreSQL.
# Usage: bench/rebuild.sh [deliveries]   (default 25000: 250,000 events)
# Output: printed and appended to bench/results/rebuild.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/jdk.sh
deliveries=${1:-25000}
out=bench/results/rebuild.txt
data=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

mvn -B -q -o -DskipTests -Dmaven.jar.forceCreation=true package -pl deploy -am
mvn -B -q -o -pl query-service dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$data/classpath.txt" >/dev/null
classpath="shared-events/target/classes:$(cat "$data/classpath.txt")"

java -jar deploy/target/deploy-0.1.0-SNAPSHOT.jar --dispatch.local.infrastructure-only=true \
  --dispatch.data-dir="$data/infra" >"$data/infra.log" 2>&1 &
pids+=($!)
until grep -q "dispatch infrastructure ready" "$data/infra.log"; do sleep 0.5; done
settings=$(grep '^  --' "$data/infra.log" | tr -d ' ' | tr '\n' ' ')
setting() { grep -o -e "--$1=[^ ]*" <<<"$settings" | cut -d= -f2-; }
# shellcheck disable=SC2086
java -Xmx1g -jar query-service/target/query-service-0.1.0-SNAPSHOT-exec.jar $settings \
  --dispatch.admin-token=bench --server.port=18182 >"$data/query.log" 2>&1 &
pids+=($!)
until curl -sf localhost:18182/actuator/health/readiness >/dev/null; do sleep 0.2; done

{
  echo ""
  echo "== $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $deliveries deliveries"
  java -cp "$classpath" bench/RebuildBench.java "$(setting spring.kafka.bootstrap-servers)" \
    "$(setting spring.datasource.url)" "$(setting spring.datasource.username)" \
    "$(setting spring.datasource.password)" http://localhost:18182 bench "$deliveries"
  grep "Projection rebuild" "$data/query.log" | sed 's/^.*: Projection/  log: Projection/' | tail -4
} 2>&1 | tee -a "$out"
