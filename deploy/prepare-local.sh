#!/usr/bin/env bash
# Prepares the one-JVM local run (sourced by deploy/run-local.sh and the bench scripts; ADR 0034):
#   1. builds deploy's jar when it is missing or older than any source;
#   2. once per build, unpacks it into deploy/target/local-run (the start-up cache needs plain jars on
#      the class path, not Boot's nested ones) and makes the start-up cache there: a training run
#      (io.dispatch.deploy.AotTraining on a throw-away data dir and a free port, under a minute) starts the
#      local run, sends pings, creates and reads, and exits; the JVM writes the classes it loaded and
#      linked and its method profiles to dispatch.aot (JDK 25, -XX:AOTCacheOutput).
# Sets $local_run_cmd: the java arguments that start the local run (with the cache when there is one).
# DISPATCH_AOT=off skips the cache (and its training). A failed training leaves no cache and says why;
# the run then starts as before.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source deploy/jdk.sh
jar=deploy/target/deploy-0.1.0-SNAPSHOT.jar
if [ ! -f "$jar" ] || [ -n "$(find pom.xml */pom.xml */src -newer "$jar" -print -quit)" ]; then
  echo "Building dispatch (first run or sources changed)..."
  # forceCreation: without it the jar plugin keeps an "up to date" jar when only other modules
  # changed, and the Boot repackage then keeps the old one, so the run would start stale code
  mvn -B -q -DskipTests -Dmaven.jar.forceCreation=true package -pl deploy -am
fi
app=deploy/target/local-run
local_run_cmd=(-jar "$jar")
# warnings about the few classes the cache leaves out (defined by a library's own loader) are not errors
quiet_aot=(-Xlog:aot*=error -Xlog:cds*=error)
java_major=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
if [ "${DISPATCH_AOT:-on}" = off ]; then
  return 0 2>/dev/null || exit 0
elif [ "${java_major%%.*}" -lt 25 ]; then
  echo "No start-up cache: it needs JDK 25 or newer (this is $java_major); the run starts without it."
  return 0 2>/dev/null || exit 0
fi
if [ ! -f "$app/dispatch.aot" ] || [ "$jar" -nt "$app/dispatch.aot" ]; then
  echo "Making the start-up cache (once per build, under a minute; DISPATCH_AOT=off skips it)..."
  rm -rf "$app" && mkdir -p "$app"
  java -Djarmode=tools -jar "$jar" extract --destination "$app/app" >"$app/extract.log" 2>&1
  training=$(mktemp -d)
  if java -Xmx512m -XX:AOTCacheOutput="$app/training.aot" "${quiet_aot[@]}" \
      -cp "$app/app/$(basename "$jar")" io.dispatch.deploy.AotTraining \
      --dispatch.data-dir="$training" --server.port=0 --dispatch.rate-limit.per-minute=100000 \
      >"$app/training.log" 2>&1 && [ -s "$app/training.aot" ]; then
    mv "$app/training.aot" "$app/dispatch.aot"
    echo "Start-up cache ready: $app/dispatch.aot ($(du -m "$app/dispatch.aot" | cut -f1) MB)"
  else
    echo "The start-up cache could not be made; starting without it. The training run's last lines ($app/training.log):"
    tail -20 "$app/training.log"
  fi
  rm -rf "$training"
fi
if [ -f "$app/dispatch.aot" ]; then
  # the unpacked jar is the same code as $jar
  local_run_cmd=(-XX:AOTCache="$app/dispatch.aot" "${quiet_aot[@]}" -jar "$app/app/$(basename "$jar")")
fi
