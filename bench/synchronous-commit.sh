#!/usr/bin/env bash
# What synchronous_commit=on costs (docs/adr/0014-durable-commits.md). pgbench single-row inserts
# (one commit each), 8 clients, against the project's embedded PostgreSQL started as the
# infrastructure module starts it, in both of its modes:
#   persistent  the local run's data dir: fsync on
#   throw-away  the tests' data: fsync off
# each with synchronous_commit on (what the server now runs with) and off (zonky's old default,
# set per session through PGOPTIONS), the two alternated round by round in the same run so that
# both see the same machine. pgbench comes from Debian's postgresql-15 (installed when missing and
# the script runs as root, by bench/pgbench.sh as every bench script does).
# Usage: bench/synchronous-commit.sh [seconds per round] [rounds]   (defaults 10 and 3)
# Output: printed and appended to bench/results/synchronous-commit.txt
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
seconds=${1:-10}
rounds=${2:-3}
out=bench/results/synchronous-commit.txt
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then exec 3>&-; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
log() { echo "$*" | tee -a "$out"; }

source bench/pgbench.sh

bench_build_classpaths infrastructure runtime
classpath="infrastructure/target/classes:$(cat infrastructure/target/bench-classpath.txt)"

echo 'create table bench_insert (id bigserial primary key, v text)' >"$work/setup.sql"
echo "insert into bench_insert (v) values ('x');" >"$work/insert.sql"
log ""
bench_await_quiet
log "== $(date -u +%FT%TZ) $(nproc) cores, load average $BENCH_LOAD_BEFORE${BENCH_BUSY:+ ($BENCH_BUSY)}; pgbench $("$pgbench" --version | awk '{print $3}'), single-row insert, 8 clients, $seconds s a round, $rounds rounds"

for mode in persistent throw-away; do
  # the server stops when this script closes its standard input (fd 3)
  exec 3> >(java -cp "$classpath" bench/EmbeddedPostgresForBench.java "$mode" "$work/$mode" >"$work/$mode.log" 2>&1)
  server_pid=$!
  until grep -q '^port=' "$work/$mode.log"; do
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/$mode.log" >&2; exit 1; }
    sleep 0.2
  done
  port=$(sed -n 's/^port=//p' "$work/$mode.log")
  args=(-h 127.0.0.1 -p "$port" -U postgres postgres)
  "$psql" "${args[@]}" -q -f "$work/setup.sql"
  settings=$("$psql" "${args[@]}" -At -c "select string_agg(name || '=' || setting, ', ' order by name) from pg_settings
    where name in ('synchronous_commit', 'fsync', 'full_page_writes', 'wal_sync_method')")
  log "$mode server: $settings"
  for round in $(seq 1 "$rounds"); do
    for commit in on off; do
      result=$(PGOPTIONS="-c synchronous_commit=$commit" "$pgbench" "${args[@]}" -n -c 8 -j 2 -T "$seconds" \
        -f "$work/insert.sql" 2>/dev/null)
      tps=$(awk '/^tps =/ {printf "%d", $3}' <<<"$result")
      latency=$(awk '/^latency average =/ {print $4}' <<<"$result")
      log "  $mode, synchronous_commit=$commit, round $round: $tps tx/s, latency average $latency ms"
    done
  done
  exec 3>&-
  wait "$server_pid" || true
  server_pid=""
done
log "$(bench_load_line)"
