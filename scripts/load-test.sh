#!/usr/bin/env bash
# Load test (README "Reliability"): a 1,000-player, 11-round Swiss; public readers
# of standings and pairings (JSON and pages) at 64 connections with wrk, while 20
# arbiter clients correct results of round 11. Needs wrk (Debian: apt-get install wrk).
# Usage: scripts/load-test.sh [seconds] [pace]   (default 30 s; each arbiter client
# enters one result every `pace` seconds, default 1; 0 = as fast as the server allows)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
pace="${2:-1}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 2; }
# ARBITER_BIN: a binary already built (e.g. two builds compared); else a release build.
bin="${ARBITER_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release -p app --bin arbiter -q
  bin=target/release/arbiter
fi
dir=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT
export ARBITER_KEY_FILE="$dir/key"
ARBITER_PASSWORD=load-password-1 $bin user add loadchief --admin --database "$dir/load.db" >/dev/null
$bin load-fixture "$dir/t.trf" --players 1000 --rounds 11 >/dev/null
$bin import-trf "$dir/t.trf" --database "$dir/load.db" --owner loadchief >/dev/null
RUST_LOG=warn $bin serve --bind 127.0.0.1:0 --database "$dir/load.db" > "$dir/out" 2>"$dir/err" &
server=$!
for _ in $(seq 1 50); do grep -q "running at" "$dir/out" 2>/dev/null && break; sleep 0.2; done
url=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -n1)
token=$(python3 - "$url" <<'PY'
import json, sys, urllib.request
base = sys.argv[1]
def call(method, path, body, headers={}):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                 headers={"Content-Type": "application/json", **headers})
    return urllib.request.urlopen(req)
r = call("POST", "/api/v1/session", {"username": "loadchief", "password": "load-password-1"})
csrf = json.loads(r.read())["csrf_token"]; cookie = r.headers["Set-Cookie"].split(";")[0]
h = {"X-CSRF-Token": csrf, "Cookie": cookie}
print(json.loads(call("POST", "/api/v1/tokens", {"label": "load"}, h).read())["token"])
PY
)
echo "server $url; 1,000 players, 11 rounds; readers 64 connections, writers 20 clients, ${secs}s"
python3 scripts/load-writers.py "$url" 1 11 20 "$secs" "$token" "$pace" &
writers=$!
wrk -t2 -c64 -d"${secs}s" --latency -s scripts/load-reads.lua "$url" | grep -v "^error status" | sed -n '1,20p'
wait $writers
