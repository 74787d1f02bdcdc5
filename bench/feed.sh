#!/usr/bin/env bash
# The pull feed and retention of issue 19, on a fresh one-JVM local run (simulator off, rate limit out
# of the way), each figure beside a baseline measured in the same run on the same PostgreSQL:
#   feed      N notifications (about 0.8 KB each, inserted 1,000 per transaction) of one merchant read
#             through GET /api/v1/external/events, 500 a page, by 1 and by 4 clients at once: events/s
#             per client. Baseline: the same page query straight on PostgreSQL (pgbench, 1 client, 10 s).
#   cleanup   N finished notifications of another merchant past their retention; the cleanup round's
#             rows/s and its longest batch (the longest any row was locked), from its log line.
#             Baselines: one unbatched DELETE of a copy of the same rows; pgbench single-row inserts.
# Usage: bench/feed.sh [rows=50000]. Appends to bench/results/<date>-feed.md ($BENCH_OUT.md).
# On a shared machine: flock /tmp/dispatch-cpu.lock bench/feed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
rows=${1:-50000}
out=${BENCH_OUT:-bench/results/$(date -u +%F)-feed}
md=$out.md
port=${BENCH_PORT:-18091}
token=bench-admin-token
source bench/pgbench.sh
[ -n "${BENCH_NO_BUILD:-}" ] || bash deploy/prepare-local.sh # builds if needed, and the start-up cache

data=$(mktemp -d)
log=$data/run.log
jvm=""
stop() { if [ -n "$jvm" ]; then kill "$jvm" 2>/dev/null || true; wait "$jvm" 2>/dev/null || true; fi; rm -rf "$data"; }
trap stop EXIT
DISPATCH_DATA_DIR=$data/data DISPATCH_SIMULATOR_ENABLED=false ./deploy/run-local.sh --server.port="$port" \
  --dispatch.admin-token=$token --dispatch.rate-limit.per-minute=100000000 \
  --dispatch.webhook.retention.succeeded=P1D --dispatch.webhook.retention.cleanup-interval=PT5S >"$log" 2>&1 &
jvm=$!
bench_await_ready "$log" "$jvm"
bench_await_quiet
jdbc=$(awk '/^ +database +jdbc:/ {print $2}' "$log")
hostport=${jdbc#jdbc:postgresql://}; hostport=${hostport%%/*}
db=${jdbc##*/}; db=${db%%\?*}
export PGPASSWORD=postgres
pg=(-h "${hostport%:*}" -p "${hostport#*:}" -U postgres "$db")
base=http://127.0.0.1:$port
json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
merchant() {
  local id key
  id=$(curl -s -X POST $base/api/v1/admin/merchants -H "X-Admin-Token: $token" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\"}" | json "['data']['id']")
  key=$(curl -s -X POST $base/api/v1/admin/merchants/$id/api-keys -H "X-Admin-Token: $token" \
    -H 'Content-Type: application/json' -d '{}' | json "['data']['apiKey']")
  echo "$id $key"
}
# N finished notifications of a merchant into table $3, 1,000 per transaction (all in one with $4 = one),
# last changed $2 ago
seed() {
  local merchant=$1 age=$2 table=$3 one=${4:-}
  { [ -z "$one" ] || echo "begin;"
  for _ in $(seq 1 $((rows / 1000))); do
    echo "insert into $table (id, source_event_id, dispatch_id, merchant_id, sequence, event, body,
      status, attempt_count, created_at, updated_at, revision, published_revision)
      select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '$merchant', 0, 'dispatch.created',
        convert_to('{\"event\":\"dispatch.created\",\"data\":{\"dispatch_id\":\"' || gen_random_uuid()
          || '\",\"status\":\"NEW\",\"pad\":\"' || repeat('x', 700) || '\"}}', 'UTF8'),
        'SUCCEEDED', 1, now() - interval '$age', now() - interval '$age', 1, 1
      from generate_series(1, 1000);"
  done
  [ -z "$one" ] || echo "commit;"; } | "$psql" "${pg[@]}" -q
}

read -r reader reader_key < <(merchant "Feed reader")
seed "$reader" "1 minute" webhook.notifications
"$psql" "${pg[@]}" -q -c "vacuum analyze webhook.notifications"
cat >"$data/page.sql" <<SQL
select n.id, n.event, n.created_at, n.body from webhook.notifications n
 where n.merchant_id = '$reader' and (n.feed_xid, n.feed_position) > ('0'::xid8, 0)
   and n.feed_xid < pg_snapshot_xmin(pg_current_snapshot())
 order by n.feed_xid, n.feed_position limit 500;
SQL
page_tps=$("$pgbench" "${pg[@]}" -n -c 1 -T 10 -f "$data/page.sql" 2>/dev/null | awk '/^tps =/ {printf "%d", $3}')
one=$(java bench/FeedBench.java $base "$reader_key" 1 500)
four=$(java bench/FeedBench.java $base "$reader_key" 4 500)

echo "insert into bench_insert (v) values ('x');" >"$data/insert.sql"
"$psql" "${pg[@]}" -q -c "create table if not exists bench_insert (id bigserial primary key, v text)"
bpg=$("$pgbench" "${pg[@]}" -n -c 8 -j 2 -T 10 -f "$data/insert.sql" 2>/dev/null | awk '/^tps =/ {printf "%d", $3}')

read -r old _ < <(merchant "Old notifications")
"$psql" "${pg[@]}" -q -c "create table bench_copy (like webhook.notifications including all)"
seed "$old" "2 days" bench_copy
copy_ms=$("$psql" "${pg[@]}" -q -c '\timing on' -c "delete from bench_copy" | awk '/^Time:/ {print $2}')
# in one transaction, so that the cleanup's first round after it finds them all
seed "$old" "2 days" webhook.notifications one
for _ in $(seq 1 600); do
  grep -q "Retention deleted [0-9]* notifications" "$log" && break
  sleep 0.5
done
round=$(grep -m1 "Retention deleted [0-9]* notifications" "$log" | sed 's/.*Retention deleted/Retention deleted/')
deleted=$(awk '{print $3}' <<<"$round")
round_ms=$(grep -o ', [0-9]* ms (longest' <<<"$round" | grep -o '[0-9]*')
longest=$(grep -o 'longest batch [0-9]* ms' <<<"$round" | grep -o '[0-9]*')

{
  echo "## Pull feed and retention, $(date -u +%FT%TZ)"
  echo
  echo "\`bench/feed.sh $rows\` at git commit $(git rev-parse --short HEAD); $(nproc) cores, $(bench_load_line);"
  echo "one-JVM local run, embedded PostgreSQL 17, -Xmx512m."
  echo
  echo "| figure | value | baseline in the same run |"
  echo "|---|---|---|"
  echo "| feed, 1 client, 500 a page, $rows events of one merchant | $(grep -o 'events_per_s=[0-9]*' <<<"$one" | tail -1 | cut -d= -f2) events/s | the page query on PostgreSQL alone (pgbench, 1 client): $page_tps pages/s = $((page_tps * 500)) rows/s |"
  echo "| feed, 4 clients at once | $(grep READER <<<"$four" | grep -o 'events_per_s=[0-9]*' | cut -d= -f2 | paste -sd/ -) events/s per client ($(grep -o 'events_per_s=[0-9]*' <<<"$four" | tail -1 | cut -d= -f2) in all) | same |"
  echo "| cleanup of $deleted notifications past retention, batches of 500 | $(awk -v r=$deleted -v ms=$round_ms 'BEGIN {printf "%d", r * 1000 / ms}') rows/s ($round_ms ms) | one unbatched DELETE of a copy of the same rows: $(awk -v r=$rows -v ms=$copy_ms 'BEGIN {printf "%d", r * 1000 / ms}') rows/s ($copy_ms ms, every row locked throughout) |"
  echo "| the cleanup's longest lock: its longest batch transaction | $longest ms | pgbench single-row inserts, 8 clients: $bpg tx/s |"
  echo
  echo "Log line: \`$round\`"
  echo
} | tee -a "$md"
