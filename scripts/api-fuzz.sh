#!/usr/bin/env bash
# API fuzzing (README "Reliability"): schemathesis (from PyPI) against
# /api/openapi.json of a demo server, anonymous and logged in (bearer token of
# the demo arbiter). Checks: no 5xx, status codes, content types and bodies as
# documented. Usage: scripts/api-fuzz.sh [seconds per run] (default 240).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-240}"
dir=$(mktemp -d)
venv="${ARBITER_FUZZ_VENV:-$HOME/.cache/arbiter-schemathesis}"
[ -x "$venv/bin/schemathesis" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q schemathesis; }
cargo build --release -p app -q
bin=target/release/arbiter
trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT
ARBITER_KEY_FILE="$dir/key" RUST_LOG=warn $bin serve --demo --bind 127.0.0.1:0 --database "$dir/api.db" > "$dir/out" 2>"$dir/err" &
server=$!
for _ in $(seq 1 100); do grep -q "running at" "$dir/out" 2>/dev/null && break; sleep 0.2; done
url=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -n1)
password=$(awk '$1 == "arbiter" && $2 == "user" {print $5}' "$dir/out")
token=$(python3 - "$url" "$password" <<'PY'
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
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
status=0
echo "== anonymous ($url)"
"$venv/bin/schemathesis" run "$url/api/openapi.json" --checks "$checks" --max-time "$secs" -w 2 \
  --phases examples,coverage,fuzzing || status=1
echo "== logged in as the demo arbiter (token endpoints excluded: the run would revoke its own token)"
"$venv/bin/schemathesis" run "$url/api/openapi.json" -H "Authorization: Bearer $token" --checks "$checks" \
  --max-time "$secs" -w 2 --phases examples,coverage,fuzzing --exclude-path-regex tokens || status=1
exit $status
