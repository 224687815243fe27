#!/usr/bin/env bash
# sqlmap against the shop's search, product, login, cart, wishlist and checkout calls.
#
#   bench/security/sqlmap.sh                    # builds the web app, starts the shop on port 3400
#                                               # with a fresh temp DATA_DIR and the demo catalogue
#   BASE_URL=http://127.0.0.1:3000 bench/security/sqlmap.sh   # against a shop that is already running
#
# Needs: sqlmap (Debian package `sqlmap`), curl, node. Talks only to the shop on localhost.
# Each target is bounded by PER_RUN_TIMEOUT (100) seconds, login and checkout by 1.8 times that, and
# all of them by TOTAL_TIMEOUT (840) seconds, so the whole run stays within 15 minutes on a 2-core
# machine. Output (console transcript, HTTP traffic, sqlmap session) goes to $OUT.
# Exit status: 0 when sqlmap reports no injectable parameter on any target, 1 otherwise.
# The summary table is printed at the end and written to $OUT/summary.txt.
set -euo pipefail

cd "$(dirname "$0")/../.."

PORT="${PORT:-3400}"
OUT="${OUT:-/tmp/sqlmap-shop}"
LEVEL="${SQLMAP_LEVEL:-3}"
RISK="${SQLMAP_RISK:-2}"
TIME_SEC="${SQLMAP_TIME_SEC:-2}"
PER_RUN_TIMEOUT="${PER_RUN_TIMEOUT:-100}"
TOTAL_TIMEOUT="${TOTAL_TIMEOUT:-840}" # all sqlmap runs together; with the build and start, under 15 minutes
SERVER_PID=""

mkdir -p "$OUT"
rm -f "$OUT"/*.out "$OUT"/*.traffic "$OUT/summary.txt"

cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    # The server runs in its own process group (npx -> tsx -> node): stop all of it.
    kill -- "-$SERVER_PID" 2>/dev/null || kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT

if [[ -z "${BASE_URL:-}" ]]; then
  BASE_URL="http://127.0.0.1:$PORT"
  DATA="$(mktemp -d /tmp/sqlmap-shop-data.XXXXXX)"
  ADMIN_EMAIL=sqlmap-admin@example.com
  ADMIN_PASSWORD="sqlmapAdmin$RANDOM$RANDOM"
  echo "== building the web app and starting the shop on $BASE_URL (DATA_DIR=$DATA)"
  npx vite build --outDir "../../dist/web-$PORT" >"$OUT/build.log" 2>&1
  # E2E_RELAXED_RATE_LIMITS: sqlmap sends thousands of logins from one IP; the normal budget
  # (30 per 15 minutes) would answer 429 to almost all of them and hide the login query from it.
  if curl -fs "$BASE_URL/api/health" >/dev/null 2>&1; then
    echo "port $PORT is already in use; stop that server or set PORT / BASE_URL" >&2
    exit 2
  fi
  set -m # the server gets a process group of its own, so cleanup can stop npx, tsx and node together
  # PASSWORD_HASH_COST=12 (scrypt N=2^12 instead of 2^17): each login costs ~10 ms instead of
  # ~0.4 s, so sqlmap can send its login payloads in minutes. The SQL path is the same.
  PASSWORD_HASH_COST=12 PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$DATA" WEB_DIST_DIR="dist/web-$PORT" NODE_ENV=test LOG_LEVEL=warn \
    ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" \
    E2E_RELAXED_RATE_LIMITS=true npx tsx src/server/main.ts >"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  set +m
  for _ in $(seq 1 180); do
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "the shop did not start, see $OUT/server.log" >&2; exit 2; }
    if curl -fs "$BASE_URL/api/health" >/dev/null 2>&1 && [[ "$(curl -fs "$BASE_URL/api/server/get_products" | head -c 2)" == '[{' ]]; then break; fi
    sleep 1
  done
fi

curl -fs "$BASE_URL/api/health" >/dev/null || { echo "the shop at $BASE_URL does not answer /api/health" >&2; exit 2; }

# A real customer: sign up, keep the session token and the user id.
EMAIL="sqlmap-$(date +%s)-$RANDOM@example.com"
SIGNUP="$(curl -fs -X POST "$BASE_URL/api/create_account" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"sqlmap12345\"}")"
TOKEN="$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).token)' "$SIGNUP")"
USER_ID="$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).id)' "$SIGNUP")"
PRODUCT_ID="$(curl -fs "$BASE_URL/api/server/get_products" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s)[0].id))')"
PRODUCT_ID2="$(curl -fs "$BASE_URL/api/server/get_products" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s)[1].id))')"
PRODUCT_NAME="$(curl -fs "$BASE_URL/api/server/get_product?id=$PRODUCT_ID" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(encodeURIComponent(JSON.parse(s).name)))')"
AUTH="Authorization: Bearer $TOKEN"
echo "== customer $USER_ID, products $PRODUCT_ID and $PRODUCT_ID2"

json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=new Function("x","return "+process.argv[1])(JSON.parse(s));process.stdout.write(String(v??""))})' "$1"; }

# A real discount code for that customer, so the checkout's code field is tested from a 200 baseline:
# the admin's two-step login (password, then the mailed token read from the dev outbox), then
# send-discount-code. Needs ADMIN_EMAIL/ADMIN_PASSWORD (set here when this script starts the shop).
CODE=""
if [[ -n "${ADMIN_EMAIL:-}" && -n "${ADMIN_PASSWORD:-}" ]]; then
  PENDING="$(curl -fs -X POST "$BASE_URL/api/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | json 'x.token')"
  MAILED="$(curl -fs "$BASE_URL/api/dev/mailbox?to=$ADMIN_EMAIL" | json 'new URL(x.map(m=>m.text.match(/https?:\/\/\S*verify_admin=true\S*/)).find(Boolean)[0]).searchParams.get("token")')"
  ADMIN_TOKEN="$(curl -fs "$BASE_URL/api/admin/verify_admin?token=$MAILED" -H "Authorization: Bearer $PENDING" | json 'x.token')"
  CODE="$(curl -fs -X POST "$BASE_URL/api/admin/send-discount-code" -H 'content-type: application/json' -H "Authorization: Bearer $ADMIN_TOKEN" \
    -d "{\"percentage\":10,\"types\":[],\"ages\":[],\"email\":\"$EMAIL\"}" | json 'x.code')"
  echo "== discount code $CODE"
fi

COMMON=(--batch --level="$LEVEL" --risk="$RISK" --time-sec="$TIME_SEC" --flush-session --disable-coloring
  --output-dir="$OUT/session" --answers="JSON data found=Y,Do you want to follow=N,keep testing the others=Y")

DEADLINE=$((SECONDS + TOTAL_TIMEOUT))
declare -a NAMES=()
declare -A RESULT=()

run() {
  local name="$1"; shift
  local limit="$PER_RUN_TIMEOUT"
  if [[ "$1" == --limit=* ]]; then limit="${1#--limit=}"; shift; fi
  NAMES+=("$name")
  echo "== $name"
  local remaining=$((DEADLINE - SECONDS))
  if (( remaining < 15 )); then
    RESULT[$name]="NOT RUN: the total time budget (${TOTAL_TIMEOUT}s) was used up"
    echo "   ${RESULT[$name]}"
    return
  fi
  (( limit > remaining )) && limit=$remaining
  local start=$SECONDS status=0
  timeout "$limit" sqlmap "${COMMON[@]}" -t "$OUT/$name.traffic" "$@" >"$OUT/$name.out" 2>&1 || status=$?
  local took=$((SECONDS - start))
  local requests
  requests="$(grep -c '^HTTP request \[' "$OUT/$name.traffic" 2>/dev/null || true)"
  local verdict
  if grep -qE "is vulnerable|sqlmap identified the following injection point|appears to be .*injectable" "$OUT/$name.out"; then
    verdict="INJECTABLE"
  elif grep -q "all tested parameters do not appear to be injectable" "$OUT/$name.out"; then
    verdict="not injectable"
  elif [[ $status -eq 124 ]]; then
    verdict="time limit (${limit}s) reached, nothing found so far"
  else
    verdict="sqlmap stopped (exit $status), see $OUT/$name.out"
  fi
  local statuses
  statuses="$( { grep -oE '^HTTP response \[#[0-9]+\] \([0-9]{3}' "$OUT/$name.traffic" 2>/dev/null || true; } | sed -E 's/.*\(//' | sort | uniq -c | awk '{printf "%s×%s ", $2, $1}')"
  if [[ "$statuses" == *"429×"* ]]; then
    verdict="$verdict (WARNING: some answers were 429, those payloads never reached a query)"
  fi
  RESULT[$name]="$verdict | ${requests} requests in ${took}s | answers: ${statuses:-none}"
  echo "   ${RESULT[$name]}"
}

run search -u "$BASE_URL/api/server/search?query=puzzle" -p query
run get_product_name -u "$BASE_URL/api/server/get_product?name=$PRODUCT_NAME" -p name
run get_product_id -u "$BASE_URL/api/server/get_product?id=$PRODUCT_ID" -p id
run get_products_ids -u "$BASE_URL/api/server/get_products?ids=$PRODUCT_ID,$PRODUCT_ID2" -p ids
# Login. --ignore-code=401: a wrong password is the expected answer to most payloads, not a reason
# to stop. --code=200: each answer holds a new token, so "true" is told by the status, not the bytes.
# Only the body is injected (-p): level 3's User-Agent and Referer payloads would be ~3,000 more
# valid logins, beyond even the relaxed budget; those headers are tested on update_cart and add_wishlist.
# The password payloads all name one address, whose relaxed budget is 1,000 per 15 minutes, so
# they are split by technique over two accounts (an e-mail payload names a new address each time).
LOGIN=(--ignore-code=401 --code=200 -u "$BASE_URL/api/login" --method=POST -H 'Content-Type: application/json')
EMAIL2="sqlmap-$(date +%s)-$RANDOM-b@example.com"
curl -fs -X POST "$BASE_URL/api/create_account" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL2\",\"password\":\"sqlmap12345\"}" >/dev/null
run login_email --limit=$((PER_RUN_TIMEOUT * 9 / 5)) "${LOGIN[@]}" -p email --data="{\"email\":\"$EMAIL\",\"password\":\"sqlmap12345\"}"
run login_password_BEUQ --limit=$((PER_RUN_TIMEOUT * 9 / 5)) "${LOGIN[@]}" -p password --technique=BEUQ \
  --data="{\"email\":\"$EMAIL\",\"password\":\"sqlmap12345\"}"
run login_password_ST --limit=$((PER_RUN_TIMEOUT * 9 / 5)) "${LOGIN[@]}" -p password --technique=ST \
  --data="{\"email\":\"$EMAIL2\",\"password\":\"sqlmap12345\"}"
# The user id in the path: the permission layer answers 403 to any id but the token's, before any SQL.
run get_cart -u "$BASE_URL/api/server/get_cart/$USER_ID*" -H "$AUTH"
run update_cart -u "$BASE_URL/api/server/update_cart" --method=POST -H 'Content-Type: application/json' -H "$AUTH" \
  --data="{\"user_id\":\"$USER_ID\",\"product_id\":\"$PRODUCT_ID\",\"qty\":2}"
run add_wishlist -u "$BASE_URL/api/server/add_wishlist" --method=POST -H 'Content-Type: application/json' -H "$AUTH" \
  --data="{\"user_id\":\"$USER_ID\",\"product_id\":\"$PRODUCT_ID\"}"
# Nested JSON: mark the injection points with * (the basket's product id, the e-mail).
# --delay: checkout is limited to 30 a minute per IP (3,000 with E2E_RELAXED_RATE_LIMITS); slower
# than that, every payload reaches the service instead of a 429.
run create_checkout_session --limit=$((PER_RUN_TIMEOUT * 9 / 5)) --delay=0.025 --code=200 -u "$BASE_URL/api/checkout/create_checkout_session" --method=POST \
  -H 'Content-Type: application/json' -H "$AUTH" \
  --data="{\"cartItems\":[{\"product_id\":\"$PRODUCT_ID*\",\"qty\":1}],\"user_id\":\"$USER_ID\",\"user_email\":\"$EMAIL*\",\"shipping_cost\":3.83,\"currency\":\"GBP\"}"
if [[ -n "$CODE" ]]; then
  run checkout_discount_code --limit=$((PER_RUN_TIMEOUT * 9 / 5)) --delay=0.025 --code=200 -u "$BASE_URL/api/checkout/create_checkout_session" --method=POST \
    -H 'Content-Type: application/json' -H "$AUTH" \
    --data="{\"cartItems\":[{\"product_id\":\"$PRODUCT_ID\",\"qty\":1}],\"user_id\":\"$USER_ID\",\"user_email\":\"$EMAIL\",\"shipping_cost\":3.83,\"currency\":\"GBP\",\"discount_code\":\"$CODE*\"}"
else
  echo "== checkout_discount_code skipped: set ADMIN_EMAIL and ADMIN_PASSWORD to make a code"
fi

{
  echo "sqlmap $(sqlmap --version 2>/dev/null | head -1) against $BASE_URL, level $LEVEL, risk $RISK, time-sec $TIME_SEC, $(date -u +%FT%TZ)"
  for name in "${NAMES[@]}"; do printf '%-24s %s\n' "$name" "${RESULT[$name]}"; done
} | tee "$OUT/summary.txt"

if grep -q INJECTABLE "$OUT/summary.txt"; then exit 1; fi
