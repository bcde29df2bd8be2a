#!/usr/bin/env python3
"""Arbiters entering results during the load test: N clients correct results of
one round concurrently (each owns its boards), with versions; then every
acknowledged result is checked to be in the database. Standard library only."""
import json, sys, threading, time, urllib.request, urllib.error

base, tid, rnd, clients, seconds, token = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
# Several servers (comma-separated): writer k writes through server k mod n.
bases = base.split(","); base = bases[0]
# Seconds each arbiter client waits between two results (an arbiter typing: a
# hundred boards in two minutes is about one result a second); 0 = flat out.
pace = float(sys.argv[7]) if len(sys.argv) > 7 else 1.0

def call(method, path, body=None, base=base):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")

games = [g for g in call("GET", f"/api/v1/tournaments/{tid}/rounds/{rnd}")[1]["games"] if g["black"]]
acked, stats, lock = {}, {"ok": 0, "conflict": 0, "other": 0, "lat": []}, threading.Lock()
results = ["1-0", "0-1", "½-½"]

def writer(k):
    mine = games[k::clients]
    versions = {g["id"]: g["version"] for g in mine}
    end, i = time.time() + seconds, 0
    while time.time() < end:
        if pace:
            time.sleep(pace)
        g = mine[i % len(mine)]; i += 1
        t0 = time.time()
        st, body = call("PUT", f"/api/v1/tournaments/{tid}/games/{g['id']}/result",
                        {"result": results[i % 3], "version": versions[g["id"]], "reason": "load test correction"},
                        base=bases[k % len(bases)])
        with lock:
            stats["lat"].append(time.time() - t0)
            if st == 200:
                stats["ok"] += 1; versions[g["id"]] = body["version"]; acked[g["id"]] = (body["version"], body["result"])
            elif st == 409:
                stats["conflict"] += 1
                versions[g["id"]] = (body.get("current") or {}).get("version", versions[g["id"]])
            else:
                stats["other"] += 1; print("writer error", st, body, file=sys.stderr)

threads = [threading.Thread(target=writer, args=(k,)) for k in range(clients)]
[t.start() for t in threads]; [t.join() for t in threads]
lost = dup = 0
for gid, (version, result) in acked.items():
    g = call("GET", f"/api/v1/tournaments/{tid}/games/{gid}")[1]
    if g["version"] != version or g["result"] != result:
        lost += 1
lat = sorted(stats["lat"]) or [0]
print(f"writers: {clients} clients, {stats['ok']} results acknowledged ({stats['ok']/seconds:.0f}/s), "
      f"{stats['conflict']} conflicts (409), {stats['other']} other errors, {lost} lost, "
      f"write p50 {lat[len(lat)//2]*1000:.1f} ms, p99 {lat[int(len(lat)*0.99)]*1000:.1f} ms")
sys.exit(1 if lost or stats["other"] else 0)
