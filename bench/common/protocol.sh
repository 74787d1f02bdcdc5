# The benchmark protocol (bench/README.md), sourced by every script in bench/ from the repository's root:
#   bench_hold_lock "$0" "$@"   run the rest of the script holding /tmp/dispatch-cpu.lock, the lock every build,
#                               test run and benchmark on the machine takes, so that nothing of ours runs beside it
#                               (a script started under `flock /tmp/dispatch-cpu.lock` already holds it)
#   bench_await_quiet           wait up to BENCH_QUIET_WAIT seconds (120) for the one-minute load average to fall
#                               below 1, then probe the CPU's speed (bench_probe_speed); sets BENCH_LOAD_BEFORE and,
#                               when the load did not fall or the CPU is slow, BENCH_BUSY
#   bench_load_line             one Markdown line: the load average before and now, and the busy mark if any
#   bench_build_classpaths m s  builds modules m from this checkout, each one's class path of scope s in its target/
#   bench_await_ready log pid   wait up to BENCH_READY_WAIT seconds (300) for a local run's "dispatch is ready" in log;
#                               stop the script with the log's last lines if the run died or never got ready
# shellcheck shell=bash

BENCH_LOCK=/tmp/dispatch-cpu.lock

# whether this process or one of its ancestors holds the lock (flock's locks are listed in /proc/locks by pid)
bench_lock_held() {
  [ -e "$BENCH_LOCK" ] || return 1
  local inode pid=$$
  inode=$(stat -c %i "$BENCH_LOCK")
  while [ "$pid" -gt 1 ]; do
    awk -v p="$pid" -v i="$inode" '$5 == p && $6 ~ (":" i "$") {f = 1} END {exit !f}' /proc/locks 2>/dev/null && return 0
    pid=$(awk '{print $4}' "/proc/$pid/stat" 2>/dev/null || echo 1)
  done
  return 1
}

bench_hold_lock() {
  if [ -n "${BENCH_LOCK_SKIP:-}" ] || bench_lock_held; then return 0; fi
  touch "$BENCH_LOCK"
  echo "bench: waiting for $BENCH_LOCK (a build, test run or benchmark holds it)" >&2
  exec flock "$BENCH_LOCK" "$@"
}

bench_await_quiet() {
  local limit=${BENCH_QUIET_WAIT:-120} waited=0
  while awk '{exit !($1 >= 1)}' /proc/loadavg && [ "$waited" -lt "$limit" ]; do
    sleep 5
    waited=$((waited + 5))
  done
  BENCH_LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
  BENCH_BUSY=""
  if awk '{exit !($1 >= 1)}' /proc/loadavg; then
    BENCH_BUSY="BUSY MACHINE: the one-minute load average was still ${BENCH_LOAD_BEFORE%% *} after a ${waited} s wait; these figures measure the machine as much as the service"
  fi
  BENCH_QUIET_WAITED=$waited
  bench_probe_speed
  export BENCH_LOAD_BEFORE BENCH_BUSY BENCH_QUIET_WAITED
}

# A quiet machine can still be a slow one: on 2026-11-28 the load average was below 1 while pgbench carried a third
# of its usual rate and `java -version` took 100 ms instead of 23-28. The load average does not see that (the host's
# other guests), so the CPU's speed is probed too: the fastest of three `java -version`, against
# BENCH_JAVA_VERSION_MS (25, this machine class on a normal day). Twice that or more adds a SLOW MACHINE mark to
# BENCH_BUSY; BENCH_JAVA_VERSION_TOOK is the probe's figure in ms.
bench_probe_speed() {
  BENCH_JAVA_VERSION_TOOK=""
  command -v java >/dev/null 2>&1 || return 0
  local best="" took start
  for _ in 1 2 3; do
    start=$(date +%s%N)
    java -version >/dev/null 2>&1
    took=$((($(date +%s%N) - start) / 1000000))
    if [ -z "$best" ] || [ "$took" -lt "$best" ]; then best=$took; fi
  done
  BENCH_JAVA_VERSION_TOOK=$best
  local usual=${BENCH_JAVA_VERSION_MS:-25}
  if [ "$best" -ge $((2 * usual)) ]; then
    local slow="SLOW MACHINE: java -version took $best ms, about $usual on this machine class on a normal day; the CPU itself is slower than usual, so compare these figures only with runs of the same hour"
    BENCH_BUSY="${BENCH_BUSY:+$BENCH_BUSY; }$slow"
  fi
  export BENCH_JAVA_VERSION_TOOK
}

# A local run that dies or is not ready in time stops the benchmark with its log's end, rather than leaving the
# figures that follow to measure a half-started service. When the jar or its start-up cache is older than the sources
# (a source edited after BENCH_NO_BUILD's build), run-local.sh makes them first, inside the timed start: that is said
# too, since such a start is not G7's figure.
bench_await_ready() {
  local log=$1 pid=$2 limit=${BENCH_READY_WAIT:-300} started=$SECONDS
  while ! grep -q "dispatch is ready" "$log"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "bench: the local run stopped before it was ready; its log's last lines:" >&2
      tail -50 "$log" >&2
      exit 1
    fi
    if [ $((SECONDS - started)) -ge "$limit" ]; then
      echo "bench: the local run was not ready after $limit s (BENCH_READY_WAIT); its log's last lines:" >&2
      tail -50 "$log" >&2
      exit 1
    fi
    sleep 0.1
  done
  if grep -q "^Building dispatch\|^Making the start-up cache" "$log"; then
    echo "bench: the local run built the jar or its start-up cache first (sources newer than the jar): its start time is not G7's" >&2
  fi
}

bench_load_line() {
  echo "load average before ${BENCH_LOAD_BEFORE:-?} (after ${BENCH_QUIET_WAITED:-0} s waiting for it to fall below 1), after $(cut -d' ' -f1-3 /proc/loadavg)${BENCH_BUSY:+; **$BENCH_BUSY**}"
}

# Builds the modules $1 (a Maven -pl list) and those they use, from this checkout, and writes each one's class path
# of scope $2 (runtime or test) to <module>/target/bench-classpath.txt, the modules it uses as the jars just built:
# nothing need be installed in ~/.m2. Not offline: the first time, Maven fetches the dependency plugin from Central
# (the build itself never uses it, so `mvn verify` on a fresh machine has not).
bench_build_classpaths() {
  mvn -B -q -DskipTests -Dspotless.check.skip=true -Dmaven.jar.forceCreation=true -pl "$1" -am \
    package dependency:build-classpath -Dmdep.includeScope="$2" -Dmdep.outputFile=target/bench-classpath.txt \
    >/dev/null
}
