#!/usr/bin/env bash
# The one-command local run: builds what is needed, then starts command-service,
# query-service and webhook-dispatcher in one JVM on http://localhost:8080 with an embedded
# Kafka broker and PostgreSQL whose data lives in $DISPATCH_DATADIR (or DISPATCH_DATA_DIR; default
# .dispatch/data). Ctrl-C stops it in order; after a kill -9 the next start clears what it left.
# Extra arguments go to the application, e.g. --server.port=9090 --dispatch.admin-token=secret
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/jdk.sh
jar=deploy/target/deploy-0.1.0-SNAPSHOT.jar
if [ ! -f "$jar" ] || [ -n "$(find pom.xml */pom.xml */src -newer "$jar" -print -quit)" ]; then
  echo "Building dispatch (first run or sources changed)..."
  # forceCreation: without it the jar plugin keeps an "up to date" jar when only other modules
  # changed, and the Boot repackage then keeps the old one, so the run would start stale code
  mvn -B -q -DskipTests -Dmaven.jar.forceCreation=true package -pl deploy -am
fi
exec java ${DISPATCH_JAVA_OPTS:--Xmx512m} -jar "$jar" "$@"
