#!/usr/bin/env python3
"""Live fan-out benchmark (README "Running several instances"): N open live
streams (`/t/{tid}/live`) on one server; one result entry; how long until each
stream has the `event: update`. Standard library only (asyncio).
Usage: fanout-bench.py BASE TID GAME_ID TOKEN N [SERVER_PID]"""
import asyncio, json, sys, time, urllib.request, urllib.parse

base, tid, gid, token, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
pid = int(sys.argv[6]) if len(sys.argv) > 6 else None
u = urllib.parse.urlparse(base)
host, port = u.hostname, u.port

def rss_mb():
    if not pid:
        return None
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())

async def stream(i, opened, got, start_evt):
    for attempt in range(20):
        try:
            reader, writer = await asyncio.open_connection(host, port)
            break
        except OSError:
            await asyncio.sleep(0.05 * (attempt + 1))
    else:
        return
    writer.write(f"GET /t/{tid}/live HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    buf = b""
    while b"retry:" not in buf:
        chunk = await reader.read(4096)
        if not chunk:
            return
        buf += chunk
    opened.append(i)
    await start_evt.wait()
    buf = b""
    while b"event: update" not in buf:
        chunk = await reader.read(4096)
        if not chunk:
            return
        buf += chunk
    got.append(time.monotonic())
    writer.close()

async def main():
    opened, got = [], []
    start_evt = asyncio.Event()
    t0 = time.monotonic()
    sem = asyncio.Semaphore(500)
    async def limited(i):
        async with sem:
            pass
        await stream(i, opened, got, start_evt)
    tasks = []
    for i in range(n):
        tasks.append(asyncio.create_task(stream(i, opened, got, start_evt)))
        if i % 200 == 199:
            await asyncio.sleep(0.05)
    while len(opened) < n and time.monotonic() - t0 < 120:
        await asyncio.sleep(0.2)
    open_s = time.monotonic() - t0
    rss_before = rss_mb()
    start_evt.set()
    await asyncio.sleep(0.5)
    g = await asyncio.to_thread(call, "GET", f"/api/v1/tournaments/{tid}/games/{gid}")
    new = "0-1" if g["result"] != "0-1" else "1-0"
    body = {"result": new, "version": g["version"], "reason": "fan-out benchmark"}
    w0 = time.monotonic()
    await asyncio.to_thread(call, "PUT", f"/api/v1/tournaments/{tid}/games/{gid}/result", body)
    ack = time.monotonic()
    await asyncio.sleep(0)
    deadline = ack + 10
    while len(got) < len(opened) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    lat = sorted(t - ack for t in got)
    within = sum(1 for x in lat if x <= 1.0)
    pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")
    print(f"streams requested {n}, open {len(opened)} after {open_s:.1f}s; server RSS with them open: "
          f"{rss_before:.0f} MB" if rss_before else f"streams requested {n}, open {len(opened)} after {open_s:.1f}s")
    print(f"result entry acknowledged in {(ack - w0) * 1000:.0f} ms; events received {len(got)}/{len(opened)}; "
          f"within 1 s of the acknowledgement: {within} ({100.0 * within / max(1, len(opened)):.2f}%); "
          f"p50 {pct(0.5) * 1000:.0f} ms, p99 {pct(0.99) * 1000:.0f} ms, max {(lat[-1] if lat else 0) * 1000:.0f} ms")
    for t in tasks:
        t.cancel()

asyncio.run(main())
