#!/usr/bin/env bash
# The load test (scripts/load-test.sh) on several instances sharing one PostgreSQL
# database: readers spread evenly over the instances (one wrk per instance, 64
# connections in all), 20 arbiter clients entering results through all of them.
# Needs wrk, psql's createdb/dropdb and PostgreSQL (default
# postgres://postgres@127.0.0.1:5432, trust; createdb/dropdb use 127.0.0.1, user postgres). Usage:
# scripts/load-test-multi.sh [seconds] [pace] [instances]   (default 30 1 3)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"; pace="${2:-1}"; n="${3:-3}"
pgbase="${PGBASE:-postgres://postgres@127.0.0.1:5432}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 2; }
# ARBITER_BIN: a binary already built (e.g. two builds compared); else a release build.
bin="${ARBITER_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release -p app --bin arbiter -q
  bin=target/release/arbiter
fi
dir=$(mktemp -d)
dbname="arbiter_load_$$"
servers=()
cleanup() {
  for s in "${servers[@]}"; do kill "$s" 2>/dev/null || true; done
  sleep 1; dropdb --force -h 127.0.0.1 -U postgres "$dbname" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
createdb -h 127.0.0.1 -U postgres "$dbname"
db="$pgbase/$dbname"
export ARBITER_KEY_FILE="$dir/key"
ARBITER_PASSWORD=load-password-1 $bin user add loadchief --admin --database "$db" >/dev/null
$bin load-fixture "$dir/t.trf" --players 1000 --rounds 11 >/dev/null
$bin import-trf "$dir/t.trf" --database "$db" --owner loadchief >/dev/null
urls=()
for i in $(seq 1 "$n"); do
  RUST_LOG=warn timeout $((secs + 120)) $bin serve --bind 127.0.0.1:0 --database "$db" > "$dir/out$i" 2>"$dir/err$i" &
  servers+=($!)
done
for i in $(seq 1 "$n"); do
  for _ in $(seq 1 100); do grep -q "running at" "$dir/out$i" 2>/dev/null && break; sleep 0.2; done
  urls+=("$(grep -o 'http://[0-9.:]*' "$dir/out$i" | head -n1)")
done
token=$(python3 - "${urls[0]}" <<'PY'
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
all=$(IFS=,; echo "${urls[*]}")
# CPU seconds (user + system) of processes, from /proc (clock ticks / 100).
cpu_of() { local t=0 p; for p in "$@"; do
  [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
pg_cpu() { cpu_of $(pgrep -x postgres || true); }
pg0=$(pg_cpu)
echo "$n instances on PostgreSQL ($all); 1,000 players, 11 rounds; readers 64 connections spread over them, writers 20 clients through all, ${secs}s"
python3 scripts/load-writers.py "$all" 1 11 20 "$secs" "$token" "$pace" &
writers=$!
conns=$((64 / n))
pids=()
for i in $(seq 1 "$n"); do
  wrk -t1 -c"$conns" -d"${secs}s" --latency -s scripts/load-reads.lua "${urls[$((i-1))]}" > "$dir/wrk$i" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
for i in $(seq 1 "$n"); do
  echo "-- readers on instance $i (${urls[$((i-1))]}):"
  grep -v "^error status" "$dir/wrk$i" | grep -E "Requests/sec|Latency|99%|Non-2xx|Socket errors|requests in" || true
  echo "   error statuses: $(grep -c '^error status' "$dir/wrk$i" || true)"
done
wrc=0
wait $writers || wrc=$?
pg1=$(pg_cpu)
echo "CPU seconds during the run: PostgreSQL $(( (pg1 - pg0) / 100 )) (all its processes);" \
     "instances $(for s in "${servers[@]}"; do echo -n "$(( $(cpu_of $(pgrep -P "$s")) / 100 )) "; done)(since their start)"
# How each instance made its answers: remade ahead by its refresher (made there,
# or taken from the table the instances share), or by a reader.
for i in $(seq 1 "$n"); do
  m=$(curl -s "${urls[$((i-1))]}/metrics" || true)
  echo "instance $i: answers remade ahead $(grep -m1 '^cache_answers_refreshed_total' <<<"$m" | cut -d' ' -f2)," \
       "taken from another instance $(grep -m1 '^cache_answers_shared_total' <<<"$m" | cut -d' ' -f2)," \
       "made by readers $(grep -m1 '^cache_answers_computed_by_readers_total' <<<"$m" | cut -d' ' -f2)"
done
exit $wrc
