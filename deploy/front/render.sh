#!/bin/sh
# Prints deploy/front/nginx.conf (or the template given as $1) with its placeholders replaced:
#
#   COMMAND_UPSTREAM="cmd-1:8081 cmd-2:8081" QUERY_UPSTREAM="query-1:8082" \
#   DISPATCHER_UPSTREAM="hooks-1:8083" LISTEN=8080 RUN_DIR=/tmp \
#     deploy/front/render.sh > /etc/nginx/nginx.conf
#
# Each *_UPSTREAM is one or more host:port separated by spaces or commas; each becomes a
# "server" line of its upstream block. LISTEN defaults to 8080, RUN_DIR to /tmp.
# POSIX sh and sed only: it runs in the nginx image (deploy/compose, deploy/k8s) and in the
# FrontRoutingTest.
set -eu

template=${1:-$(dirname "$0")/nginx.conf}

servers() {
  # "a:1, b:2" -> "a:1; server b:2" (the template has "server __X__;")
  name=$1
  value=$2
  list=$(printf '%s' "$value" | tr ',' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
  if [ -z "$list" ]; then
    echo "render.sh: $name is empty: give one or more host:port" >&2
    exit 2
  fi
  if printf '%s' "$list" | grep -q '[^][A-Za-z0-9.:_ -]'; then
    echo "render.sh: $name has characters a host:port does not: $value" >&2
    exit 2
  fi
  printf '%s' "$list" | sed 's/ /; server /g'
}

command=$(servers COMMAND_UPSTREAM "${COMMAND_UPSTREAM:-}")
query=$(servers QUERY_UPSTREAM "${QUERY_UPSTREAM:-}")
dispatcher=$(servers DISPATCHER_UPSTREAM "${DISPATCHER_UPSTREAM:-}")
listen=${LISTEN:-8080}
run_dir=${RUN_DIR:-/tmp}

# comment lines keep their placeholder names
sed -e "/^[[:space:]]*#/!s|__COMMAND_UPSTREAM__|$command|g" \
    -e "/^[[:space:]]*#/!s|__QUERY_UPSTREAM__|$query|g" \
    -e "/^[[:space:]]*#/!s|__DISPATCHER_UPSTREAM__|$dispatcher|g" \
    -e "/^[[:space:]]*#/!s|__LISTEN__|$listen|g" \
    -e "/^[[:space:]]*#/!s|__RUN_DIR__|$run_dir|g" \
    "$template"
