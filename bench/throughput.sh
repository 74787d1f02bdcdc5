#!/usr/bin/env bash
# The throughput harness of issue 17: one command per scenario, each on a fresh one-JVM local run
# (embedded Kafka and PostgreSQL, simulator off, rate limit raised out of the way, -Xmx512m as
# deploy/run-local.sh starts it). Every run measures, in the same run and before its scenario:
#   G7    the local run's ready time after the build (start command -> "dispatch is ready") and its
#         idle RSS 10 s later; baseline: `java -version`
#   B_pg  pgbench single-row inserts, 8 clients, 10 s, on the run's own PostgreSQL
#   B_http POST /api/v1/external/ping (API key checked and counted by the per-key rate limit, raised
#         out of reach by dispatch.rate-limit.per-minute; the ping is outside idempotency) closed loop
#         on 32 connections with an API key each for 10 s, and its p50 on one connection. Results
#         whose settings list dispatch.bench.allow-layer-bypass=true (before issue 38) skipped the
#         rate limit through that bench-only switch, since removed: their B_http left out the rate
#         limit's PostgreSQL round trip
# then the scenario (bench/throughput/, one class a scenario: open-model load, latency from each request's scheduled
# send, HdrHistogram, every non-2xx or transport error counted), whose rates are reported as
# ratios to B_pg and B_http and whose latencies as multiples of B_http's one-connection p50.
#
# Usage: bench/throughput.sh <scenario> [key=value ...]
#   creates   rate=500 seconds=60 keys=200           G1 fixed arrival rate
#   sweep     rates=25,50,100,150,200,300,500,700 step=20 target=50   G1 saturation (stops 2 steps past the knee)
#   bulk      runs=20                                G2 bulk of 500, time to the 201
#   webhook   rate=200 seconds=60                    G3 create -> webhook received
#   steady    rate=300 seconds=300                   issue 37: G3 held 5 minutes; the run counts only if every webhook
#                                                    came within 10 s of its create and, 10 s after the load, every
#                                                    consumer group is at lag 0 and every notification delivered
#                                                    (bench/throughput/SteadyCheck.java)
#   readafter rate=500 seconds=60                    G4 GET right after each 201 (404s) + projection lag
#   drain     endpoints=100 per=200 delay=200 dead=0.1 deadmode=hang|refuse window=30   G6 one drain of a held
#                                                    backlog (every endpoint disabled while it is created, then all
#                                                    enabled at once)
#   drains    [same keys]                            G6 three drains, each on its own run: answering at
#                                                    once, after 200 ms, after 200 ms with 10 % dead; and
#                                                    the healthy rate with dead endpoints / without
#   profile   rate=100 seconds=30 load=creates|webhook  where a create's CPU goes (load=webhook: with its webhook): a warm-up at the rate, then
#                                                    the same load under a JFR recording, split into a CPU
#                                                    budget per create by pipeline stage (bench/JfrSummary.java)
#   dispatch  rate=100 seconds=60 riders=200 report=5 hold=1.5   issue 33: the engine's decision latency at a
#                                                    create rate, riders on shift reporting every report s
#   all                                              every scenario above with its defaults
# Environment: BENCH_OUT=bench/results/<date>  (Markdown appended to $BENCH_OUT.md, charts written as
#   $BENCH_OUT-<scenario>-*.svg), BENCH_PORT=18090, BENCH_NO_BUILD=1 to reuse the built jar,
#   BENCH_SERVICE_ARGS="--key=value ..." extra settings of the service under test (an experiment's
#   settings; they are written into the section's heading line), BENCH_KEEP_JFR=<file> to keep the
#   profile scenario's JFR recording (for a closer look than the budget: jfr print, bench/JfrSummary.java).
# The protocol (bench/README.md): the script holds /tmp/dispatch-cpu.lock for its whole run, waits before each run
# for the one-minute load average to fall below 1 (up to 2 minutes; a run that starts busier is marked BUSY), records
# the load average before and after, and runs each scenario BENCH_RUNS times (3; 1 inside `all` and `drains`), each
# on a fresh local run, ending with a table of the runs and their medians.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common/protocol.sh
bench_hold_lock "$0" "$@"
source deploy/jdk.sh
scenario=${1:?usage: bench/throughput.sh creates|sweep|bulk|webhook|readafter|drain|drains|profile|statements|recovery|all [key=value ...]}
shift
out=${BENCH_OUT:-bench/results/$(date -u +%F)}
md=$out.md
port=${BENCH_PORT:-18090}
token=bench-admin-token
mkdir -p "$(dirname "$out")"

# --- tools: HdrHistogram, the PostgreSQL driver and Kafka's client (the steady check's consumer lag) for the
# harness, pgbench for B_pg
lib=bench/lib
for artifact in org.hdrhistogram:HdrHistogram:2.2.2 org.postgresql:postgresql:42.7.13 \
  org.apache.kafka:kafka-clients:4.2.1 org.slf4j:slf4j-api:2.0.17 org.slf4j:slf4j-nop:2.0.17; do
  IFS=: read -r _ name version <<<"$artifact"
  if [ ! -f "$lib/$name-$version.jar" ]; then
    mvn -B -q -o dependency:copy -Dartifact="$artifact" -DoutputDirectory=$lib >/dev/null 2>&1 \
      || mvn -B -q dependency:copy -Dartifact="$artifact" -DoutputDirectory=$lib
  fi
done
source bench/pgbench.sh

if [ -z "${BENCH_NO_BUILD:-}" ]; then
  bash deploy/prepare-local.sh # builds when any source changed; the start-up cache once per build (not in G7's time)
  export BENCH_NO_BUILD=1 # the scenarios of `all` and `drains` reuse this build
fi

harness() { java -cp "$lib/*" bench/throughput/Throughput.java "$@"; } # the classes beside it, bench/common/ too, compile with it

if [ ! -f "$md" ]; then
  {
    echo "# Throughput: $(basename "$out")"
    echo
    echo "Measured by \`bench/throughput.sh\` (issue 17). Machine: $(nproc) cores"
    echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GB RAM,"
    echo "$(uname -sr); shared with other work: the load average is given with every run."
    echo "Versions: $(java -version 2>&1 | head -1), $(mvn -B -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g; s/ (.*//'),"
    echo "pgbench $("$pgbench" --version | awk '{print $3}'), dispatch at git commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!bench' || echo ' (with uncommitted changes)')."
    echo "Settings: one-JVM local run (\`deploy/run-local.sh\`, -Xmx512m, embedded Kafka and PostgreSQL with a"
    echo "fresh data dir per run), simulator off, \`dispatch.rate-limit.per-minute=100000000\` (every"
    echo "request still counted by the rate limit, B_http's ping included; creates also go through idempotency"
    echo "with an Idempotency-Key each). The load generator runs on the same 2 cores (its CPU share is given"
    echo "per run)."
    echo
  } >"$md"
fi

run_id=""
jvm=""
data=""
log=""
stop_local() {
  if [ -n "$jvm" ]; then kill "$jvm" 2>/dev/null || true; wait "$jvm" 2>/dev/null || true; fi
  [ -n "$data" ] && rm -rf "$data"
  jvm=""
}
trap stop_local EXIT

# CPU ticks so far of the PostgreSQL listening on port $1: its postmaster (with the children that
# exited, autovacuum workers among them) and its live processes
postgres_ticks() {
  local postmaster
  postmaster=$(pgrep -f -- "/postgres .*-p $1( |$)" | head -1) # the server binary, not pgbench or psql
  [ -n "$postmaster" ] || { echo 0; return; }
  { awk '{print $14 + $15 + $16 + $17}' "/proc/$postmaster/stat"
    for child in $(pgrep -P "$postmaster"); do awk '{print $14 + $15}' "/proc/$child/stat" 2>/dev/null || true; done
  } | awk '{sum += $1} END {print sum + 0}'
}

# starts a fresh local run; sets $jvm $jdbc $ready_ms $idle_rss and writes the section header
start_local() {
  local title=$1
  data=$(mktemp -d)
  log=$data/run.log
  local t0 t1
  t0=$(date +%s%N); java -version >/dev/null 2>&1; t1=$(date +%s%N)
  local jvm_ms=$(( (t1 - t0) / 1000000 ))
  local started
  started=$(date +%s%N)
  DISPATCH_DATA_DIR=$data/data DISPATCH_SIMULATOR_ENABLED=false ./deploy/run-local.sh --server.port="$port" \
    --dispatch.admin-token=$token --dispatch.rate-limit.per-minute=100000000 --dispatch.api-keys.max-per-merchant=1000 \
    ${BENCH_SERVICE_ARGS:-} >"$log" 2>&1 &
  jvm=$! # run-local.sh execs the JVM
  bench_await_ready "$log" "$jvm"
  ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  jdbc=$(awk '/^ +database +jdbc:/ {print $2}' "$log")
  kafka=$(awk '/^ +kafka +[0-9.]+:[0-9]+/ {print $2}' "$log")
  local ticks0 ticks1 pg0 pg1 pgport=${jdbc#jdbc:postgresql://*:}
  pgport=${pgport%%/*}
  ticks0=$(awk '{print $14 + $15}' /proc/$jvm/stat); pg0=$(postgres_ticks "$pgport")
  sleep 10
  ticks1=$(awk '{print $14 + $15}' /proc/$jvm/stat); pg1=$(postgres_ticks "$pgport")
  idle_rss=$(awk '/VmRSS/ {print int($2/1024)}' /proc/$jvm/status)
  idle_cpu=$(( (ticks1 - ticks0) * 1000 / $(getconf CLK_TCK) / 10 ))
  idle_pg=$(( (pg1 - pg0) * 1000 / $(getconf CLK_TCK) / 10 ))
  bench_await_quiet # the service idles meanwhile: its start-up is not in the load average the run starts at
  # the run's charts give this same figure (bench/throughput/LoadAverage.java)
  export BENCH_LOAD_AT_START="$BENCH_LOAD_BEFORE"
  {
    echo "## $title"
    echo
    [ -z "$BENCH_BUSY" ] || { echo "**$BENCH_BUSY.**"; echo; }
    echo "$(date -u +%FT%TZ), load average at the start $BENCH_LOAD_AT_START (after ${BENCH_QUIET_WAITED} s waiting for it to fall below 1); arguments: \`$*\`${BENCH_SERVICE_ARGS:+; service settings: \`$BENCH_SERVICE_ARGS\`}${DISPATCH_JAVA_OPTS:+; JVM options: \`$DISPATCH_JAVA_OPTS\`}"
    echo
    echo "- G7 local run ready **$ready_ms ms** after the start command (build done before; \`java -version\` alone $jvm_ms ms = $(awk -v a=$ready_ms -v b=$jvm_ms 'BEGIN {printf "%.0f", a / b}') ×), idle RSS **$idle_rss MB** 10 s after ready; idle CPU over those 10 s: service JVM $idle_cpu ms per second, its PostgreSQL $idle_pg ms per second"
  } | tee -a "$md"
}

baselines() {
  local hostport=${jdbc#jdbc:postgresql://}; hostport=${hostport%%/*}
  local db=${jdbc##*/}; db=${db%%\?*}
  local args=(-h "${hostport%:*}" -p "${hostport#*:}" -U postgres "$db")
  export PGPASSWORD=postgres
  echo 'create table if not exists bench_insert (id bigserial primary key, v text)' | "$psql" "${args[@]}" -q
  echo "insert into bench_insert (v) values ('x');" >"$data/insert.sql"
  local result
  result=$("$pgbench" "${args[@]}" -n -c 8 -j 2 -T 10 -f "$data/insert.sql" 2>/dev/null)
  bpg=$(awk '/^tps =/ {printf "%d", $3}' <<<"$result")
  echo "- B_pg: pgbench single-row insert (one commit each), 8 clients, 10 s, on the run's PostgreSQL: **$bpg tx/s**, latency average $(awk '/^latency average =/ {print $4}' <<<"$result") ms" | tee -a "$md"
  local http
  http=$(harness http base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" seconds=10 connections=32)
  bhttp=$(grep -o 'BHTTP=[0-9.]*' <<<"$http" | cut -d= -f2)
  bhttp1=$(grep -o 'BHTTP1=[0-9.]*' <<<"$http" | cut -d= -f2)
  grep -v '^BHTTP=' <<<"$http" | sed 's/^- load generator/  - load generator/' | tee -a "$md"
}

# one scenario, BENCH_RUNS times (default 3), each on its own local run; then the runs' table: scenario title key=value...
one() {
  local runs=${BENCH_RUNS:-3} k
  summaries=""
  for k in $(seq 1 "$runs"); do
    run_suffix=""; [ "$runs" -eq 1 ] || run_suffix="-run$k" # each run's charts kept
    one_run "$@"
    run_loads+=("$BENCH_LOAD_BEFORE → $(cut -d' ' -f1 /proc/loadavg)${BENCH_BUSY:+ BUSY}")
  done
  [ "$runs" -gt 1 ] && runs_table "$2" "$runs"
  run_loads=()
}
run_loads=()

# the RUN_SUMMARY lines of the runs (bench/throughput/StepReport.java) as one table, with each column's median
runs_table() {
  local title=$1 runs=$2
  {
    echo "### $title: the $runs runs"
    echo
    echo "| run | load 1/5/15 min before → 1 min after | step | ok/s | p50 ms | p90 ms | p99 ms | errors | service CPU ms/create | machine CPU ms/create | other |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    local i=0 line
    while IFS= read -r line; do
      [ -n "$line" ] || continue
      local run=${line%%|*}
      echo "| $run | ${run_loads[$((run - 1))]} | ${line#*|RUN_SUMMARY|} |"
    done <<<"$summaries"
    local key c
    while IFS= read -r key; do
      printf '| median | | %s |' "$key"
      for c in 4 5 6 7 8 9 10; do
        printf ' %s |' "$(awk -F'|' -v k="$key" -v c="$c" '$3 == k {print $c}' <<<"$summaries" | sort -g \
          | awk '{v[NR] = $1} END {if (NR == 0) print "?"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}')"
      done
      echo ' |'
    done < <(awk -F'|' 'NF > 8 {print $3}' <<<"$summaries" | awk '!seen[$0]++')
    echo
  } | tee -a "$md"
}

one_run() {
  local name=$1 title=$2; shift 2
  start_local "$title" "$name" "$@"
  baselines
  local result
  result=$(harness "$name" base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" kafka="$kafka" out="$out${run_suffix:-}" \
    bpg="$bpg" bhttp="$bhttp" bhttp1="$bhttp1" "$@")
  last_rate=$(grep -o 'DRAIN_RATE=[0-9.]*' <<<"$result" | cut -d= -f2 || true)
  summaries+="$(grep '^RUN_SUMMARY|' <<<"$result" | sed "s/^/$(( ${#run_loads[@]} + 1 ))|/" || true)"$'\n'
  grep -v '^DRAIN_RATE=\|^RUN_SUMMARY|' <<<"$result" | tee -a "$md"
  echo "- ERROR lines in the service log: $(grep ' ERROR ' "$log" | grep -vc testcontainers || true) (Testcontainers' \"no Docker\" at start left out); $(bench_load_line)" | tee -a "$md"
  grep ' ERROR ' "$log" | grep -v testcontainers | cut -c1-300 | sort | uniq | head -3 | sed 's/^/  - `/; s/$/`/' | tee -a "$md" || true
  local kept="${BENCH_LOGS:-/tmp/dispatch-bench-logs}/$(basename "$out")-$name-$(date -u +%H%M%S).log"
  mkdir -p "$(dirname "$kept")" && cp "$log" "$kept" && echo "  - service log kept in $kept"
  echo | tee -a "$md"
  stop_local
}

arg() { # value of key in "$@" after the first argument, or the default
  local key=$1 default=$2; shift 2
  for a in "$@"; do [ "${a%%=*}" = "$key" ] && { echo "${a#*=}"; return; }; done
  echo "$default"
}

# the CPU budget of one create: warm-up, then the same open-model load under JFR
profile() {
  local rate seconds load what=create
  rate=$(arg rate 100 "$@"); seconds=$(arg seconds 30 "$@"); load=$(arg load creates "$@")
  [ "$load" = webhook ] && what="create with its webhook"
  start_local "CPU budget per $what at $rate/s" profile "$@"
  baselines
  harness "$load" base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" kafka="$kafka" out="$data/warm" \
    bpg="$bpg" bhttp="$bhttp" bhttp1="$bhttp1" rate="$rate" seconds=20 >/dev/null
  local recording=$data/creates.jfr result
  jcmd "$jvm" JFR.start name=budget settings=profile filename="$recording" >/dev/null
  result=$(harness "$load" base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" kafka="$kafka" out="$out" \
    bpg="$bpg" bhttp="$bhttp" bhttp1="$bhttp1" rate="$rate" seconds="$seconds")
  jcmd "$jvm" JFR.stop name=budget >/dev/null
  if [ -n "${BENCH_KEEP_JFR:-}" ]; then cp "$recording" "$BENCH_KEEP_JFR"; fi
  grep -v '^RUN_SUMMARY|' <<<"$result" | tee -a "$md"
  local per
  per=$(grep -o '[0-9.]* ms CPU per ok request' <<<"$result" | cut -d' ' -f1)
  {
    echo "- where that CPU went (JFR execution samples over the measured load, after a 20 s warm-up at the same rate):"
    echo
    echo '```'
    java bench/JfrSummary.java "$recording" 12 ".*" cpu-per-request="$per" | sed -n '1,/^== by thread pool/p' | grep -v '^== by thread pool'
    java bench/JfrSummary.java "$recording" 12 | sed -n '/^== innermost known layer/,/^== samples with/p' | grep -v '^== samples with'
    echo '```'
    echo
    echo "- $(bench_load_line)"
    echo
  } | tee -a "$md"
  stop_local
}

# where PostgreSQL's time per create goes: creates with a webhook each, after a warm-up at the same
# rate, and pg_stat_statements' ranking of the statements over the measured part (time in the server
# per statement kind: planning + execution, not the protocol's or the commit's own work)
statements() {
  local rate seconds
  rate=$(arg rate 100 "$@"); seconds=$(arg seconds 30 "$@")
  export DISPATCH_JAVA_OPTS="${DISPATCH_JAVA_OPTS:--Xms128m -Xmx512m} -Ddispatch.embedded-postgres.settings=shared_preload_libraries=pg_stat_statements;pg_stat_statements.track=all;pg_stat_statements.track_planning=on"
  start_local "PostgreSQL's statements per create with its webhook at $rate/s" statements "$@"
  baselines
  local hostport=${jdbc#jdbc:postgresql://}; hostport=${hostport%%/*}
  local db=${jdbc##*/}; db=${db%%\?*}
  local sql=("$psql" -h "${hostport%:*}" -p "${hostport#*:}" -U postgres "$db" -X -q -t -A)
  "${sql[@]}" -c 'create extension if not exists pg_stat_statements' >/dev/null
  harness webhook base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" kafka="$kafka" out="$data/warm" \
    bpg="$bpg" bhttp="$bhttp" bhttp1="$bhttp1" rate="$rate" seconds=20 >/dev/null
  local before pg0 pgport=${hostport#*:}
  before=$("${sql[@]}" -c 'select count(*) from query.dispatches')
  "${sql[@]}" -c 'select pg_stat_statements_reset()' >/dev/null
  local commits="select xact_commit + xact_rollback from pg_stat_database where datname = current_database()" tx0
  tx0=$("${sql[@]}" -c "$commits")
  pg0=$(postgres_ticks "$pgport")
  local result
  result=$(harness webhook base="http://127.0.0.1:$port" admin=$token pid="$jvm" jdbc="$jdbc" kafka="$kafka" out="$out" \
    bpg="$bpg" bhttp="$bhttp" bhttp1="$bhttp1" rate="$rate" seconds="$seconds")
  local creates pg_ms tx
  tx=$(( $("${sql[@]}" -c "$commits") - tx0 ))
  creates=$(( $("${sql[@]}" -c 'select count(*) from query.dispatches') - before ))
  pg_ms=$(( ($(postgres_ticks "$pgport") - pg0) * 1000 / $(getconf CLK_TCK) ))
  grep -v '^RUN_SUMMARY|' <<<"$result" | tee -a "$md"
  {
    echo "- PostgreSQL over the measured part: $creates creates, **$(awk -v a=$pg_ms -v c=$creates 'BEGIN {printf "%.2f", a / c}') ms of its CPU per create** (all its processes), $(awk -v t=$tx -v c=$creates 'BEGIN {printf "%.1f", t / c}') transactions per create (B_pg: one insert and its commit each)."
    echo "  Its statements by time in the server (planning + execution), per create:"
    echo
    echo '| statement | calls per create | ms per create | mean ms | share |'
    echo '|---|---|---|---|---|'
    "${sql[@]}" -F'|' -c "with s as (select query, calls, total_plan_time + total_exec_time as t from pg_stat_statements
        where query not like '%pg_stat_statements%'), a as (select sum(t) as total from s)
      select '\`' || left(regexp_replace(query, '\s+', ' ', 'g'), 110) || '\`', round(calls::numeric / $creates, 2),
        round((t / $creates)::numeric, 3), round((t / calls)::numeric, 3), round((100 * t / total)::numeric, 1) || ' %'
      from s, a order by t desc limit 25" | sed 's/^/| /; s/$/ |/'
    echo
    echo "  All statements: $("${sql[@]}" -c "select round((sum(calls)::numeric / $creates), 1) || ' calls and ' || round((sum(total_plan_time + total_exec_time) / $creates)::numeric, 3) || ' ms per create' from pg_stat_statements where query not like '%pg_stat_statements%'")"
    echo "- $(bench_load_line)"
    echo
  } | tee -a "$md"
  stop_local
}

drains() {
  export BENCH_RUNS=${BENCH_RUNS:-1} # three drains already
  local endpoints per delay dead
  endpoints=$(arg endpoints 100 "$@"); per=$(arg per 200 "$@"); delay=$(arg delay 200 "$@"); dead=$(arg dead 0.1 "$@")
  local rest=(endpoints="$endpoints" per="$per" window="$(arg window 30 "$@")" deadmode="$(arg deadmode hang "$@")")
  one drain "G6 webhook drain: $endpoints endpoints answering at once" "${rest[@]}" delay=0 dead=0
  one drain "G6 webhook drain: $endpoints endpoints answering after $delay ms" "${rest[@]}" delay="$delay" dead=0
  local healthy=$last_rate
  one drain "G6 webhook drain: $endpoints endpoints after $delay ms, share $dead dead" "${rest[@]}" delay="$delay" dead="$dead"
  local with_dead=$last_rate
  awk -v h="$healthy" -v d="$with_dead" -v e="$endpoints" -v s="$dead" 'BEGIN {
    n = e - int(e * s + 0.5);
    printf "- G6 dead endpoints: the healthy endpoints got %.0f notifications/s with %d dead vs %.0f/s with none: %.2f × the all-healthy total rate, %.2f × its per-endpoint rate (%.1f vs %.1f each)\n\n",
      d, e - n, h, d / h, (d / n) / (h / e), d / n, h / e }' | tee -a "$md"
}

case "$scenario" in
  creates) one creates "G1 creates at a fixed rate" "$@" ;;
  sweep) one sweep "G1 rate sweep" "$@" ;;
  bulk) one bulk "G2 bulk of 500" "$@" ;;
  webhook) one webhook "G3 create → webhook received" "$@" ;;
  steady) one steady "Issue 37: steady creates with a webhook each" "$@" ;;
  readafter) one readafter "G4 read after create, projection lag" "$@" ;;
  drain) one drain "G6 webhook drain" "$@" ;;
  drains) drains "$@" ;;
  profile) profile "$@" ;;
  statements) statements "$@" ;;
  recovery) one recovery "Issue 19: an endpoint comes back to its kept notifications" "$@" ;;
  dispatch) one dispatch "Issue 33: the dispatch engine's decision latency" "$@" ;;
  all)
    export BENCH_RUNS=${BENCH_RUNS:-1}
    one sweep "G1 rate sweep"
    one creates "G1 creates at a fixed rate"
    one bulk "G2 bulk of 500"
    one webhook "G3 create → webhook received"
    one readafter "G4 read after create, projection lag"
    drains
    ;;
  *) echo "unknown scenario $scenario" >&2; exit 2 ;;
esac
echo "results: $md"
