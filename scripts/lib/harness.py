"""Shared by the benchmark and reliability scripts: start the real `giveaways serve`, talk to it over loopback."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

# Only GamerPower (a fake on loopback) unless a run asks for the stores: their real fronts are never asked.
os.environ.setdefault("GIVEAWAYS_SOURCES", "gamerpower")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
CAPTURES = sorted((ROOT.parent / "shared" / "fixtures" / "gamerpower" / "daily").glob("*.json"))


def binary():
    """The executable under test: $BIN, else the release build, else the debug build."""
    if os.environ.get("BIN"):
        return os.environ["BIN"]
    for kind in ["release", "debug"]:
        path = ROOT / ".build" / kind / "giveaways"
        if path.exists():
            return str(path)
    raise SystemExit("build giveaways first (swift build)")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url, headers=None, timeout=10):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.read(), dict(response.headers)


def post(url, body=b"", headers=None, timeout=10):
    """A same-origin form POST, as a browser sends it; returns the status (redirects are not followed)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    all_headers = {"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}
    all_headers.update(headers or {})
    request = urllib.request.Request(url, data=body, headers=all_headers, method="POST")
    try:
        with opener.open(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def feed_of(count):
    """A GamerPower-format feed of `count` items made from the real captures (or the project's fixture)."""
    sources = list(reversed(CAPTURES)) or [ROOT / "Tests" / "browser" / "fixtures" / "giveaways.json"]
    seen, items = set(), []
    for path in sources:
        for item in json.loads(path.read_text().replace("{{UPSTREAM}}", "https://www.gamerpower.com")):
            if item["id"] not in seen:
                seen.add(item["id"])
                items.append(item)
    result = []
    for number in range(count):
        item = dict(items[number % len(items)])
        item["id"] = 100000 + number
        if number >= len(items):
            item["title"] = f"{item['title']} #{number}"
        item["end_date"] = "N/A"
        result.append(item)
    return json.dumps(result).replace("/", "\\/")


class Server:
    """`giveaways serve` on a free loopback port."""

    def __init__(self, database, upstream="http://127.0.0.1:9/api", interval="30", now="2026-03-31T12:00:00Z",
                 log=None, extra=(), image_cache=None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        arguments = [binary(), "serve", "--port", str(self.port), "--database", str(database),
                     "--gamerpower-url", upstream, "--freetogame-url", upstream, "--sync-interval", interval,
                     "--log-level", "warning" if log else "error",
                     "--image-cache", image_cache or str(database) + ".images"]
        if now:
            arguments += ["--now", now]
        # Nearby's upstreams: the fake upstream's, never the real OpenStreetMap servers (loopback only).
        origin = upstream.rsplit("/api", 1)[0]
        arguments += ["--overpass-url", origin + "/overpass/interpreter", "--nominatim-url", origin + "/nominatim",
                      "--map-tiles-url", origin + "/tiles/{z}/{x}/{y}.png", "--tile-cache", (image_cache or str(database)) + ".tiles"]
        arguments += list(extra)
        self.started = time.perf_counter()
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL,
                                        stderr=open(log, "w") if log else subprocess.DEVNULL)

    def wait_ready(self, path="/healthz", seconds=20):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                get(self.base + path)
                return time.perf_counter() - self.started
            except OSError:
                time.sleep(0.002)
        raise TimeoutError("server did not start")

    def status(self):
        return json.loads(get(self.base + "/api/v1/status")[0])

    def wait_synced(self, seconds=30):
        """Until the current sync attempt has finished."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            status = self.status()
            if not status["syncing"] and (status["lastSync"] or status["lastFailure"]):
                return status
            time.sleep(0.05)
        raise TimeoutError("sync did not finish")

    def rss_mib(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.terminate()
            self.process.wait(timeout=10)


def print_table(rows):
    width = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(str(r[i]).ljust(width[i]) for i in range(len(r))).rstrip())
