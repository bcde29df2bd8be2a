#!/usr/bin/env bash
# Live fan-out benchmark: one server (release build, SQLite, the demo), N open
# live streams on one tournament, one result entry; reports how many streams had
# the event within 1 s and the server's resident memory. Usage:
# scripts/fanout-bench.sh [streams]   (default 10000; needs `ulimit -n` > streams + 100)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
# ARBITER_BIN: a binary already built; else a release build.
bin="${ARBITER_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release -p app --bin arbiter -q
  bin=target/release/arbiter
fi
dir=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT
export ARBITER_KEY_FILE="$dir/key"
# Every stream of this bench comes from one address: lift the live-stream
# limits (docs/security.md) above the count asked for.
export ARBITER_MAX_STREAMS_PER_CLIENT="$((n + 100))" ARBITER_MAX_STREAMS="$((n + 100))"
ulimit -n "$((n + 1000))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
RUST_LOG=warn timeout 600 $bin serve --demo --bind 127.0.0.1:0 --database "$dir/f.db" > "$dir/out" 2>"$dir/err" &
server=$!
for _ in $(seq 1 100); do grep -q "running at" "$dir/out" 2>/dev/null && break; sleep 0.2; done
url=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -n1)
pw=$(awk '$1=="arbiter"{print $5}' "$dir/out")
read -r tid gid token < <(python3 - "$url" "$pw" <<'PY'
import json, sys, urllib.request
base, pw = sys.argv[1], sys.argv[2]
def call(method, path, body=None, headers={}):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                 method=method, headers={"Content-Type": "application/json", **headers})
    return urllib.request.urlopen(req)
r = call("POST", "/api/v1/session", {"username": "arbiter", "password": pw})
csrf = json.loads(r.read())["csrf_token"]; cookie = r.headers["Set-Cookie"].split(";")[0]
token = json.loads(call("POST", "/api/v1/tokens", {"label": "fanout"}, {"X-CSRF-Token": csrf, "Cookie": cookie}).read())["token"]
ts = json.loads(call("GET", "/api/v1/tournaments").read())
ts = ts["items"] if isinstance(ts, dict) and "items" in ts else ts
t = ts[0]["id"]
rounds = json.loads(call("GET", f"/api/v1/tournaments/{t}/rounds").read())
rounds = rounds["items"] if isinstance(rounds, dict) and "items" in rounds else rounds
last = max(r["number"] for r in rounds)
games = json.loads(call("GET", f"/api/v1/tournaments/{t}/rounds/{last}").read())["games"]
g = [g for g in games if g.get("black")][0]["id"]
print(t, g, token)
PY
)
echo "server $url (pid $(pgrep -P "$server" | head -n1)); tournament $tid, game $gid; $n live streams"
# `timeout` runs the server as its child: measure the server, not timeout.
srv=$(pgrep -P "$server" | head -n1 || true)
python3 scripts/fanout-bench.py "$url" "$tid" "$gid" "$token" "$n" "${srv:-$server}"
