"""scripts/bench-nearby: tiles from disk per second, and the Nearby API and list page with a warm cache.

Method: start the fake upstream (Overpass, Nominatim, tiles), then `giveaways serve` pinned to SERVER_CPU with its
Nearby options pointing at it. Warm up: one request for the tile (fetched once, then kept on disk) and one for the
API's and the page's areas (Overpass asked once each, then the area's answer is in the results cache). Then ROUNDS
runs of wrk -t1 -c32 for DURATION, pinned to WRK_CPU, per URL; the medians of req/s and p50 and the worst p99 are
printed as Markdown. Nothing past the warm-up reaches the fake upstream: tiles come from disk, the area from the
results cache. Searches (the API and the page) are sent as many clients (many-clients.lua sets X-Forwarded-For per
request): one client is held to its share of searches (60, then 1 a second), which would measure 429s.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
from harness import free_port, get  # noqa: E402
import fake_upstream  # noqa: E402

# Only GamerPower (a fake on loopback) unless a run asks for the stores: their real fronts are never asked.
os.environ.setdefault("GIVEAWAYS_SOURCES", "gamerpower")

DURATION = os.environ.get("DURATION", "10s")
ROUNDS = int(os.environ.get("ROUNDS", "3"))
CPUS = sorted(os.sched_getaffinity(0))
SERVER_CPU = os.environ.get("SERVER_CPU", str(CPUS[0]))
WRK_CPU = os.environ.get("WRK_CPU", str(CPUS[1] if len(CPUS) > 1 else CPUS[0]))
TILE = "/nearby/tiles/12/2200/1343.png"
API = "/api/v1/nearby?ll=52.52,13.405&radius=3000&limit=20"
PAGE = "/nearby?ll=52.52,13.405&z=15"
MANY_CLIENTS = str(ROOT / "scripts" / "bench.d" / "many-clients.lua")


def seconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-3, "ms": 1, "s": 1000}[unit]


def wrk(url, script=None):
    command = ["taskset", "-c", WRK_CPU, "wrk", "-t1", "-c32", "-d", DURATION, "--latency"]
    command += ["-s", script] if script else []
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = seconds(re.search(r"50%\s+(\S+)", out).group(1))
    p99 = seconds(re.search(r"99%\s+(\S+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, p50, p99, int(errors.group(1)) if errors else 0


def main():
    binary = sys.argv[1]
    work = Path(tempfile.mkdtemp(prefix="gg-bench-nearby-"))
    upstream = fake_upstream.start()
    origin = f"http://127.0.0.1:{upstream.server_port}"
    port = free_port()
    server = subprocess.Popen(
        ["taskset", "-c", SERVER_CPU, binary, "serve", "--port", str(port), "--database", str(work / "db.sqlite"),
         "--gamerpower-url", origin + "/api", "--freetogame-url", origin + "/api", "--log-level", "error",
         "--image-cache", str(work / "images"), "--tile-cache", str(work / "tiles"),
         "--overpass-url", origin + "/overpass/interpreter", "--nominatim-url", origin + "/nominatim",
         "--map-tiles-url", origin + "/tiles/{z}/{x}/{y}.png", "--map-contact", "bench@example.org"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                get(base + "/healthz")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.05)
        get(base + TILE)
        get(base + API)
        get(base + PAGE)
        print(f"binary: {binary}; server on CPU {SERVER_CPU}, wrk -t1 -c32 on CPU {WRK_CPU}, {ROUNDS} x {DURATION}")
        print("| URL | req/s (median) | p50 ms (median) | p99 ms (worst) | non-2xx |")
        print("|---|---:|---:|---:|---:|")
        for path, script in [(TILE, None), (API, MANY_CLIENTS), (PAGE, MANY_CLIENTS)]:
            runs = [wrk(base + path, script) for _ in range(ROUNDS)]
            print(f"| `{path}` | {statistics.median(r[0] for r in runs):,.0f} | "
                  f"{statistics.median(r[1] for r in runs):.2f} | {max(r[2] for r in runs):.2f} | "
                  f"{sum(r[3] for r in runs)} |")
    finally:
        server.terminate()
        server.wait(timeout=20)
        upstream.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
