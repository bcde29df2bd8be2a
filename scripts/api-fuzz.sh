#!/usr/bin/env bash
# The API contract run (README "API", issue 23): schemathesis with every check
# and every phase (examples, coverage, fuzzing, stateful) against
# /api/openapi.json of a demo server, first anonymous, then as the demo arbiter
# with a bearer token. Fails when either run finds a failure or an error.
#
# Usage: scripts/api-fuzz.sh [seconds per run] (default 240); ARBITER_FUZZ_SEED=N repeats
# the cases of seed N (the test suite uses a fixed seed), otherwise they are new each run.
#   ARBITER_BIN       the server binary (default: target/debug/arbiter, built
#                     here in debug — never release, the machine is shared)
#   ARBITER_PY_TOOLS  a virtual environment with the pinned tools (default:
#                     made by scripts/py-tools.sh)
#   ARBITER_DATABASE  the demo's database (default: a SQLite file in a temp dir)
#   ARBITER_FUZZ_WORKERS  schemathesis workers (default 1: with more, CPython
#                     3.11's ast.parse, which hypothesis calls, can fail when
#                     threads race: "AST constructor recursion depth mismatch")
# The configuration (which operations may refuse schema-valid data with 422, and
# why) is scripts/api-contract/schemathesis.toml; the media types of the PDF and
# PGN answers are read by scripts/api-contract/hooks.py.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs="${1:-240}"
workers="${ARBITER_FUZZ_WORKERS:-1}"
venv="${ARBITER_PY_TOOLS:-$(scripts/py-tools.sh)}"
if [ -z "${ARBITER_BIN:-}" ]; then
  cargo build -p app -q
  ARBITER_BIN=target/debug/arbiter
fi
dir=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT
ARBITER_KEY_FILE="$dir/key" RUST_LOG=warn "$ARBITER_BIN" serve --demo --bind 127.0.0.1:0 \
  --database "${ARBITER_DATABASE:-$dir/api.db}" > "$dir/out" 2>"$dir/err" &
server=$!
for _ in $(seq 1 300); do grep -q "running at" "$dir/out" 2>/dev/null && break; sleep 0.2; done
url=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -n1)
[ -n "$url" ] || { echo "the demo server did not start:"; cat "$dir/err"; exit 1; }
password=$(awk '$1 == "arbiter" && $2 == "user" {print $5}' "$dir/out")
token=$("$venv/bin/python" - "$url" "$password" <<'PY'
import json, sys, urllib.request
base, password = sys.argv[1], sys.argv[2]
def call(method, path, body, headers={}):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                 headers={"Content-Type": "application/json", **headers})
    return urllib.request.urlopen(req)
r = call("POST", "/api/v1/session", {"username": "arbiter", "password": password})
csrf = json.loads(r.read())["csrf_token"]; cookie = r.headers["Set-Cookie"].split(";")[0]
print(json.loads(call("POST", "/api/v1/tokens", {"label": "schemathesis"},
                      {"X-CSRF-Token": csrf, "Cookie": cookie}).read())["token"])
PY
)
run() {
  PYTHONPATH="$root/scripts/api-contract" SCHEMATHESIS_HOOKS=hooks NO_COLOR=1 \
    "$venv/bin/schemathesis" --config-file "$root/scripts/api-contract/schemathesis.toml" \
    run "$url/api/openapi.json" --checks all --phases examples,coverage,fuzzing,stateful \
    --max-time "$secs" -w "$workers" --request-timeout 30 --report-dir "$dir/reports" \
    ${ARBITER_FUZZ_SEED:+--seed "$ARBITER_FUZZ_SEED"} "$@"
}
status=0
echo "== anonymous ($url)"
run || status=1
echo "== as the demo arbiter (bearer token)"
run -H "Authorization: Bearer $token" || status=1
exit $status
