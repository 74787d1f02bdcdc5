#!/usr/bin/env bash
# Tries the holes of issue 32 (decisions.md section 13) against a running service and prints one
# line per attempt with what a correct service answers beside what this one answered.
# Usage: deploy/holes-probe.sh [base-url] [admin-token]
# (default http://localhost:8080 and $DISPATCH_ADMIN_TOKEN; the local run prints its token).
# It creates a merchant "Holes Probe", up to 11 API keys for it and a rider, on the service it is
# pointed at: run it against your own.
set -uo pipefail
base=${1:-http://localhost:8080}
admin=${2:-${DISPATCH_ADMIN_TOKEN:?give the operator token as the second argument or DISPATCH_ADMIN_TOKEN}}
out=$(mktemp)
trap 'rm -f "$out" "$out".*' EXIT

json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }
line() { printf '%-58s expected %-14s got %s\n' "$1" "$2" "$3"; }

merchant=$(curl -s -X POST "$base/api/v1/admin/merchants" -H "X-Admin-Token: $admin" \
  -H 'Content-Type: application/json' -d '{"name":"Holes Probe"}' | json "d['data']['id']")
key=$(curl -s -X POST "$base/api/v1/admin/merchants/$merchant/api-keys" -H "X-Admin-Token: $admin" \
  -H 'Content-Type: application/json' -d '{}' | json "d['data']['apiKey']")

# 1. three CSV imports of 4 MB at once: each answers 422 on rows, and reads go on
python3 -c "print('customerName'); print('x\n' * 2000000, end='')" > "$out.csv"
for i in 1 2 3; do
  curl -s -o "$out.$i" -w '%{http_code} %{time_total}s\n' -X POST \
    "$base/api/v1/external/dispatches/import?dryRun=true" -H "X-API-Key: $key" \
    -H "Idempotency-Key: probe-csv-$RANDOM$RANDOM" -H 'Content-Type: text/csv' \
    --data-binary @"$out.csv" > "$out.status.$i" &
done
wait
for i in 1 2 3; do
  line "CSV import of 2,000,000 rows ($i of 3 at once)" "422 rows" \
    "$(cut -d' ' -f1 < "$out.status.$i") $(json "','.join(d['error']['details']['fieldErrors'])" < "$out.$i" 2>/dev/null) in $(cut -d' ' -f2 < "$out.status.$i")"
done
order='{"customerName":"Probe","customerPhone":"+254700000001","pickup":{"address":"Moi Ave","lat":-1.2841,"lng":36.8233},"dropoff":{"address":"Ngong Rd","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":1500}'
created=$(curl -s -X POST "$base/api/v1/external/dispatches" -H "X-API-Key: $key" \
  -H "Idempotency-Key: probe-create-$RANDOM$RANDOM" -H 'Content-Type: application/json' -d "$order")
id=$(json "d['data']['id']" <<< "$created")
read_status=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v1/external/dispatches/$id" \
  -H "X-API-Key: $key" -H "Idempotency-Key: probe-read-$RANDOM$RANDOM")
line "read after create, after the imports" "200" "$read_status"

# 2. a spoofed X-Forwarded-For does not give each attempt its own per-IP count
last=
for i in $(seq 1 80); do
  last=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/api/v1/auth/signin" \
    -H "X-Forwarded-For: 198.51.100.$i" -H 'Content-Type: application/json' \
    -d '{"email":"nobody@example.com","password":"wrong password 123"}')
  [ "$last" = 429 ] && { line "sign-in with X-Forwarded-For 198.51.100.<i>" "429 by the 61st" "429 at attempt $i"; break; }
done
[ "$last" = 429 ] || line "sign-in with X-Forwarded-For 198.51.100.<i>" "429 by the 61st" "$last after 80 attempts"

# 3. what a rider sees of a delivery it does not hold
rider=$(curl -s -X POST "$base/api/v1/admin/riders" -H "X-Admin-Token: $admin" \
  -H 'Content-Type: application/json' -d '{"name":"Probe Rider","phone":"+254700000002"}' | json "d['data']['token']")
fields=$(curl -s "$base/api/v1/rider/offers?limit=200" -H "X-Rider-Token: $rider" \
  | json "sorted(set(k for o in d['data'] for k in o) & {'customerName','customerPhone','externalId','dropoff','trackingUrl','deliveryPin'})")
line "customer fields in a rider's offers" "[]" "$fields"

# 4. the eleventh active key of a merchant
status=
for i in $(seq 2 11); do
  status=$(curl -s -o "$out.key" -w '%{http_code}' -X POST "$base/api/v1/admin/merchants/$merchant/api-keys" \
    -H "X-Admin-Token: $admin" -H 'Content-Type: application/json' -d '{}')
done
line "the 11th active API key" "422 scopes" "$status $(json "','.join(d['error']['details']['fieldErrors'])" < "$out.key" 2>/dev/null)"
