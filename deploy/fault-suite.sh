#!/usr/bin/env bash
# The fault suite at full length: the three services as separate processes under a steady load
# of creates, rider moves and webhooks, while each fault is injected in turn (SIGKILL of each
# service, a Kafka broker restart, kill -9 of PostgreSQL). Writes its counts to
# docs/reliability.md (between the markers), and keeps every process log in
# deploy/target/multi-process/faults-*.log.
#
#   deploy/fault-suite.sh [load-seconds-per-fault] [client-threads]     (default 60 and 4)
#
# CI runs the same test with two of the five faults, 10 s each and 3 clients (mvn -B verify).
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/jdk.sh
seconds=${1:-60}
clients=${2:-4}
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
mvn -B -q -pl deploy -am package -Dtest=FaultSuiteTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dfault.set=all -Dfault.load-seconds="$seconds" -Dfault.clients="$clients"
results=deploy/target/fault-suite/results.md
{
  echo "<!-- fault-suite:start -->"
  echo "Run $started on $(nproc) cores, $seconds s of load per fault, $clients client threads:"
  echo "\`deploy/fault-suite.sh $seconds $clients\`."
  echo
  cat "$results"
  echo "<!-- fault-suite:end -->"
} > deploy/target/fault-suite/section.md
python3 - <<'PY'
import re
doc = open('docs/reliability.md').read()
section = open('deploy/target/fault-suite/section.md').read().strip()
doc = re.sub(r'<!-- fault-suite:start -->.*?<!-- fault-suite:end -->', lambda m: section, doc, flags=re.S)
open('docs/reliability.md', 'w').write(doc)
PY
cat "$results"
echo "docs/reliability.md updated"
