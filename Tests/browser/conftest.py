"""Starts the fake upstream and the real `giveaways serve`, and gives tests headless Chromium sessions."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
import fake_upstream
from browser_driver import make_driver

# Only GamerPower (a fake on loopback) unless a run asks for the stores: their real fronts are never asked.
os.environ.setdefault("GIVEAWAYS_SOURCES", "gamerpower")

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-03-31T12:00:00Z"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, predicate=lambda body: True, seconds: float = 30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                body = response.read()
                if predicate(body):
                    return body
        except OSError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{url} not ready")


@pytest.fixture(scope="session")
def upstream():
    server = fake_upstream.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def serve(upstream: str, extra: tuple = ()):
    """Starts `giveaways serve` against `upstream`, waits for its first sync; yields the base URL, then stops it."""
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    workdir = Path(tempfile.mkdtemp(prefix="gg-browser-"))
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--database", str(workdir / "store.sqlite"),
         "--gamerpower-url", upstream + "/api", "--freetogame-url", upstream + "/api",
         "--rawg-url", upstream + "/rawg", "--rawg-key", fake_upstream.Upstream.RAWG_KEY, "--now", NOW, "--image-cache", str(workdir / "images"),
         "--sync-interval", "600", "--log-level", "warning", "--allow-private-images",
         # Nearby: the fake Overpass and tile server; Nominatim and Foursquare nowhere but loopback.
         "--overpass-url", upstream + "/api/interpreter", "--map-tiles-url", upstream + "/tiles/{z}/{x}/{y}.png",
         "--nominatim-url", upstream + "/nominatim", "--nearby-center", "52.520008,13.404954",
         "--tile-cache", str(workdir / "tiles"), *extra],
        cwd=workdir, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"),
    )
    base = f"http://127.0.0.1:{port}"
    # Every source (the giveaways and the catalog) has tried its first sync.
    wait_for(base + "/api/v1/status",
             lambda body: all(source["lastAttempt"] for source in json.loads(body)["sources"]))
    yield base
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def app(upstream):
    yield from serve(upstream)


@pytest.fixture(scope="session")
def long_app():
    """A second server whose upstream holds 60 live giveaways: more than one page of favorites."""
    workdir = Path(tempfile.mkdtemp(prefix="gg-long-feed-"))
    feed = workdir / "giveaways.json"
    feed.write_text(json.dumps(fake_upstream.long_feed(60)))
    server = fake_upstream.start(fixture=feed)
    yield from serve(f"http://127.0.0.1:{server.server_port}")
    server.shutdown()
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def past_app():
    """A third server whose upstream holds 60 giveaways that all ended in March: more than a page of History."""
    workdir = Path(tempfile.mkdtemp(prefix="gg-past-feed-"))
    feed = workdir / "giveaways.json"
    items = fake_upstream.long_feed(60, first_id=8001)
    for n, item in enumerate(items):
        item["end_date"] = f"2026-03-{1 + n // 3:02d} {n % 24:02d}:00:00"
    feed.write_text(json.dumps(items))
    server = fake_upstream.start(fixture=feed)
    yield from serve(f"http://127.0.0.1:{server.server_port}")
    server.shutdown()
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def browser():
    driver = make_driver(now=NOW, tz="UTC")  # the pages' clock and zone agree with the server's `--now`
    yield driver
    driver.quit()


@pytest.fixture
def browser_factory():
    drivers = []

    def factory(**kwargs):
        driver = make_driver(**{"now": NOW, "tz": "UTC", **kwargs})
        drivers.append(driver)
        return driver

    yield factory
    for driver in drivers:
        driver.quit()
