#!/usr/bin/env bash
# The one-command local run: builds what is needed, then starts command-service,
# query-service and webhook-dispatcher in one JVM on http://localhost:8080 with an embedded
# Kafka broker and PostgreSQL whose data lives in $DISPATCH_DATADIR (or DISPATCH_DATA_DIR; default
# .dispatch/data). Ctrl-C stops it in order; after a kill -9 the next start clears what it left.
# Extra arguments go to the application, e.g. --server.port=9090 --dispatch.admin-token=secret
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/prepare-local.sh
# -Xms128m: the initial heap otherwise follows the machine's memory (1/64 of it, 384 MB on 24 GB),
# which an idle local run never needs; the heap still grows to -Xmx under load (ADR 0034)
exec java ${DISPATCH_JAVA_OPTS:--Xms128m -Xmx512m} "${local_run_cmd[@]}" "$@"
