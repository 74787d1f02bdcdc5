#!/usr/bin/env bash
# The three services run apart on this machine (one process each, against the embedded Kafka and
# PostgreSQL started on their own):
#   1. start time to readiness and idle RSS of each service alone (started one after the other);
#   2. CPU per create (command-service), per projected event (query-service) and per webhook
#      (webhook-dispatcher) under a steady load with a webhook endpoint, and the rows and bytes a
#      delivery leaves in PostgreSQL;
#   3. lag recovery: under a steady load of creates, query-service is SIGKILLed, stays down for
#      DOWN seconds, is restarted: seconds until its consumer group's lag is 0 again.
# Baselines in the same run: the JVM's own start (java -version) and pgbench on the same
# PostgreSQL (8 clients, single-row insert, 10 s; Debian's postgresql-15 is installed when missing
# and the script runs as root).
# Usage: bench/services-apart.sh [rate] [down-seconds]   (defaults 20 creates/s, 60 s)
# Output: printed and appended to bench/results/services-apart.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
rate=${1:-20}
down=${2:-60}
out=bench/results/services-apart.txt
data=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
log() { echo "$*" | tee -a "$out"; }

mvn -B -q -DskipTests -Dmaven.jar.forceCreation=true package
log ""
bench_await_quiet
log "== $(date -u +%FT%TZ) $(nproc) cores, load average $BENCH_LOAD_BEFORE${BENCH_BUSY:+ ($BENCH_BUSY)}, rate $rate/s, down $down s"

java -jar deploy/target/deploy-0.1.0-SNAPSHOT.jar --dispatch.local.infrastructure-only=true \
  --dispatch.data-dir="$data/infra" >"$data/infra.log" 2>&1 &
pids+=($!)
until grep -q "dispatch infrastructure ready" "$data/infra.log"; do sleep 0.5; done
settings=$(grep '^  --' "$data/infra.log" | tr -d ' ' | tr '\n' ' ')
jdbc=$(grep -o 'spring.datasource.url=[^ ]*' <<<"$settings" | cut -d= -f2-)
user=$(grep -o 'spring.datasource.username=[^ ]*' <<<"$settings" | cut -d= -f2-)
password=$(grep -o 'spring.datasource.password=[^ ]*' <<<"$settings" | cut -d= -f2-)
key=$(head -c 32 /dev/urandom | base64)
common="$settings --dispatch.admin-token=bench --dispatch.webhook.secret-encryption-key=$key
  --dispatch.rate-limit.per-minute=1000000 --dispatch.webhook.allow-insecure-targets=true"

t0=$(date +%s%N); java -Xshare:auto -version >/dev/null 2>&1; t1=$(date +%s%N)
log "baseline: java -version $(( (t1 - t0) / 1000000 )) ms"

declare -A port=([command-service]=18181 [query-service]=18182 [webhook-dispatcher]=18183)
declare -A pid
start() { # service; sets ready_ms
  local s=$1 t0
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  java -Xmx512m -jar "$s/target/$s-0.1.0-SNAPSHOT-exec.jar" $common --server.port="${port[$s]}" >>"$data/$s.log" 2>&1 &
  pid[$s]=$!
  pids+=($!)
  until curl -sf "localhost:${port[$s]}/actuator/health/readiness" >/dev/null; do sleep 0.1; done
  ready_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
}
for s in command-service query-service webhook-dispatcher; do
  start "$s"
  log "$s: ready in $ready_ms ms"
done
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
declare -A idle
sleep 5
for s in command-service query-service webhook-dispatcher; do idle[$s]=$(ticks "${pid[$s]}"); done
sleep 20
for s in command-service query-service webhook-dispatcher; do
  idle[$s]=$(( ($(ticks "${pid[$s]}") - idle[$s]) * 1000 / hz / 20 ))
  log "$s: idle CPU ${idle[$s]} ms per second (consumer polls, the event store reader, schedulers)"
done
for s in command-service query-service webhook-dispatcher; do
  log "$s: idle RSS $(awk '/VmRSS/ {print int($2/1024)}' "/proc/${pid[$s]}/status") MB"
done

declare -A before
for s in command-service query-service webhook-dispatcher; do before[$s]=$(ticks "${pid[$s]}"); done
java bench/SteadyCreates.java "http://localhost:${port[command-service]}" bench "$rate" 60 \
  "http://localhost:${port[webhook-dispatcher]}" >"$data/steady.log" 2>&1
steady=$(tail -1 "$data/steady.log")
log "steady load: $steady"
acked=$(grep -o 'acknowledged [0-9]*' <<<"$steady" | cut -d' ' -f2)
hooks=$(grep -o 'webhooks received [0-9]*' <<<"$steady" | cut -d' ' -f3)
for s in command-service query-service webhook-dispatcher; do
  used=$(( ($(ticks "${pid[$s]}") - before[$s]) * 1000 / hz ))
  per=$acked; [ "$s" = webhook-dispatcher ] && per=${hooks:-$acked}
  what=creates; [ "$s" = query-service ] && what="projected creates"; [ "$s" = webhook-dispatcher ] && what=webhooks
  log "$s: $used ms CPU in 70 s for $per $what = $(awk -v u="$used" -v n="$per" -v i="${idle[$s]}" \
    'BEGIN {printf "%.1f ms each, %.1f ms each above idle", u / n, (u - 70 * i) / n}')"
done

lag() { # total lag of query-service.dispatches, from the query-service itself
  curl -sf -H 'X-Admin-Token: bench' "localhost:${port[query-service]}/actuator/prometheus" \
    | awk '/^dispatch_consumer_lag\{.*group="query-service.dispatches"/ {sum += $NF; n++} END {if (n) print sum; else print "none"}'
}
seconds=$((down + 60))
java bench/SteadyCreates.java "http://localhost:${port[command-service]}" bench "$rate" "$seconds" >"$data/load.log" 2>&1 &
load=$!
sleep 20
kill -9 "${pid[query-service]}"
log "query-service SIGKILLed under $rate creates/s; down for $down s"
sleep "$down"
restarted=$(date +%s%N)
start query-service
log "query-service restarted: ready in $ready_ms ms"
while true; do
  l=$(lag || echo none)
  if [ "$l" = "0" ]; then break; fi
  sleep 0.5
done
log "lag recovery: consumer lag back to 0 $(( ($(date +%s%N) - restarted) / 1000000 )) ms after the restart (load still running)"
wait "$load" || true
log "$(cat "$data/load.log" | tail -1)"

pgbench=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1 || true)
if [ -z "$pgbench" ] && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null 2>&1 || true
  pgbench=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1 || true)
fi
if [ -n "$pgbench" ]; then
  hostport=$(sed -E 's|jdbc:postgresql://([^/]+)/.*|\1|' <<<"$jdbc")
  db=$(sed -E 's|jdbc:postgresql://[^/]+/([^?]+).*|\1|' <<<"$jdbc")
  export PGPASSWORD=$password
  psql_args=(-h "${hostport%:*}" -p "${hostport#*:}" -U "$user" "$db")
  echo 'create table if not exists bench_insert (id bigserial primary key, v text)' >"$data/setup.sql"
  echo "insert into bench_insert (v) values ('x');" >"$data/insert.sql"
  "$(dirname "$pgbench")/psql" "${psql_args[@]}" -q -f "$data/setup.sql"
  "$(dirname "$pgbench")/psql" "${psql_args[@]}" -q -c 'analyze' >/dev/null
  log "per delivery in PostgreSQL (after $(( acked + $(grep -o 'acknowledged [0-9]*' "$data/load.log" | cut -d' ' -f2) )) creates, no rider moves):"
  "$(dirname "$pgbench")/psql" "${psql_args[@]}" -At -F ' ' -c "
    with d as (select count(*) n from query.dispatches)
    select s.nspname, sum(c.reltuples)::bigint, (sum(pg_total_relation_size(c.oid)) / 1024)::bigint || 'kB',
           round((sum(c.reltuples) / d.n)::numeric, 1), round(sum(pg_total_relation_size(c.oid))::numeric / d.n)
    from pg_class c join pg_namespace s on s.oid = c.relnamespace, d
    where s.nspname in ('command', 'query', 'webhook', 'identity') and c.relkind = 'r'
    group by s.nspname, d.n order by 1" | while read -r schema rows size rowsper bytesper; do
      log "  schema $schema: $rows rows, $size; $rowsper rows and $bytesper bytes per delivery"
    done
  tps=$("$pgbench" "${psql_args[@]}" -n -c 8 -j 2 -T 10 -f "$data/insert.sql" 2>/dev/null | awk '/tps =/ {print int($3)}')
  log "baseline: pgbench single-row insert, 8 clients, 10 s: $tps tx/s on the same PostgreSQL"
  log "$(bench_load_line)"
else
  log "baseline: pgbench not available and not installable here (as root: apt-get install postgresql-15)"
  exit 1
fi
