"""A newcomer's first day, end to end: a fresh Chromium profile, an empty database, the real server, local fakes.

Open Home → press "Notify this device" at once (no heart, no waiting profile) → a sync brings a new giveaway → the
push arrives (decrypted here by PyPI's http_ece, an independent RFC 8291 implementation) → heart a giveaway that ends
in 2 hours → its reminder arrives → Nearby: type the name of a store that lies outside the first view → it is
listed, with a note that the search widened → stop the server → reopen `/` and the manifest's start URL → the kept
Home with its cards and the offline note.

Chromium cannot reach a real push service here, so `PushManager.subscribe` is stood in by a script whose
subscription points at a fake push service on 127.0.0.1 with a key pair made here (as in test_push.py), and the
server runs with --allow-private-hooks so that an endpoint on loopback is accepted."""
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import fake_upstream
from conftest import NOW, ROOT, free_port, wait_for
from test_push import FAKE_SUBSCRIPTION, b64url

http_ece = pytest.importorskip("http_ece")
ec = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
serialization = pytest.importorskip("cryptography.hazmat.primitives.serialization")

ENDING_SOON = 9301  # ends two hours after the server's clock
NEWCOMER = 9302  # arrives with the second sync
# A store in Spandau, about 14 km from the map's first view (Berlin's centre): outside the view, inside the city
# (fake_upstream.FAR_PLACES).
FAR_STORE = "Retro Tresor"


class PushService(BaseHTTPRequestHandler):
    """Records every message's body and answers 201, as a push service does."""
    received: list = []

    def do_POST(self):
        type(self).received.append(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def feed(with_newcomer: bool) -> list:
    items = fake_upstream.long_feed(4, first_id=9201)
    soon = dict(items[0], id=ENDING_SOON, title="Two Hours Left", end_date="2026-03-31 14:00:00",
                open_giveaway_url="https://www.gamerpower.com/open/two-hours",
                open_giveaway="https://www.gamerpower.com/open/two-hours",
                gamerpower_url="https://www.gamerpower.com/two-hours")
    items.insert(0, soon)
    if with_newcomer:
        items.insert(0, dict(items[1], id=NEWCOMER, title="Brand New Arrival",
                             open_giveaway_url="https://www.gamerpower.com/open/brand-new",
                             open_giveaway="https://www.gamerpower.com/open/brand-new",
                             gamerpower_url="https://www.gamerpower.com/brand-new"))
    return items


@pytest.fixture
def journey():
    """The fakes, the feed file, and a `giveaways serve` over an empty database (stopped by `stop`)."""
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    workdir = Path(tempfile.mkdtemp(prefix="gg-newcomer-"))
    feed_file = workdir / "giveaways.json"
    feed_file.write_text(json.dumps(feed(with_newcomer=False)))
    upstream = fake_upstream.start(fixture=feed_file)
    up = f"http://127.0.0.1:{upstream.server_port}"
    push = ThreadingHTTPServer(("127.0.0.1", 0), type("P", (PushService,), {"received": []}))
    threading.Thread(target=push.serve_forever, daemon=True).start()
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--database", str(workdir / "store.sqlite"),
         "--gamerpower-url", up + "/api", "--freetogame-url", up + "/api", "--now", NOW,
         "--image-cache", str(workdir / "images"), "--sync-interval", "600", "--log-level", "warning",
         "--allow-private-hooks", "--allow-private-images", "--vapid-subject", "mailto:ops@example.org",
         "--overpass-url", up + "/api/interpreter", "--map-tiles-url", up + "/tiles/{z}/{x}/{y}.png",
         "--nominatim-url", up + "/nominatim", "--nearby-center", "52.520008,13.404954",
         "--tile-cache", str(workdir / "tiles")],
        cwd=workdir, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"))
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/api/v1/status", lambda body: all(s["lastAttempt"] for s in json.loads(body)["sources"]))

    def stop():
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)

    yield {"base": base, "feed": feed_file, "push": push, "received": push.RequestHandlerClass.received,
           "stop": stop, "workdir": workdir}
    stop()
    push.shutdown()
    upstream.shutdown()
    shutil.rmtree(workdir, ignore_errors=True)


def decrypted(received: list, key, auth: bytes) -> list:
    return [json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm"))
            for body in received]


def wait_for_push(journey, key, auth, predicate, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        for payload in decrypted(list(journey["received"]), key, auth):
            if predicate(payload):
                return payload
        time.sleep(0.25)
    raise AssertionError(f"no such push; got {decrypted(list(journey['received']), key, auth)}")


def press(driver, selector: str):
    """Clicks a button as a finger would, scrolled clear of the phone's tab bar."""
    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_a_newcomers_first_day(journey, browser_factory):
    base = journey["base"]
    driver = browser_factory(width=390, height=844)
    driver.set_script_timeout(20)
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = os.urandom(16)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": FAKE_SUBSCRIPTION % (f"http://127.0.0.1:{journey['push'].server_port}", b64url(public),
                                       b64url(auth))})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})

    # The first visit: Home, then straight to Settings → Notifications → "Notify this device".
    driver.get(base + "/")
    assert driver.find_elements(By.CSS_SELECTOR, "#results article.card")
    assert driver.get_cookie("gg_profile") is None, "a first visit makes no profile"
    driver.get(base + "/settings/notifications")
    driver.find_element(By.CSS_SELECTOR, "[data-push-notify]").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-device-id]"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-push-on]").is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, ".settings-card .error, [role=alert]:not(:empty)") or \
        "still new" not in driver.page_source
    assert driver.get_cookie("gg_profile"), "subscribing made the profile"

    # A sync brings a new giveaway: the push arrives, and decrypts.
    journey["feed"].write_text(json.dumps(feed(with_newcomer=True)))
    driver.get(base + "/status")
    press(driver, "form[action='/sync'] button")
    news = wait_for_push(journey, key, auth, lambda p: p.get("giveawayID") == NEWCOMER)
    assert news["event"] == "new" and news["title"].endswith(": Brand New Arrival")

    # Heart a giveaway that ends in two hours: its reminder arrives (the reminder lead is 3 hours by default).
    driver.get(f"{base}/giveaways/{ENDING_SOON}")
    press(driver, "form .heart")
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "form .heart").get_attribute("aria-pressed") == "true")
    reminder = wait_for_push(journey, key, auth,
                             lambda p: p.get("giveawayID") == ENDING_SOON and p.get("event") == "reminder")
    assert "Two Hours Left" in reminder["title"]

    # Nearby: a store across town, typed by name.
    driver.get(base + "/nearby")
    search = driver.find_element(By.ID, "nearby-q")
    search.send_keys(FAR_STORE, Keys.ENTER)
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-state='widened']"))
    note = driver.find_element(By.CSS_SELECTOR, "[data-state='widened']")
    assert "Nothing in view — showing matches within 25 km" in note.text
    assert [card.text for card in driver.find_elements(By.CSS_SELECTOR, ".place-card h3")] == [FAR_STORE]

    # The app opened offline: Home was seen, then left at once; `/` and the start URL open from its copy.
    driver.get(base + "/")
    driver.refresh()
    driver.get(base + "/more")
    with urllib.request.urlopen(base + "/manifest.webmanifest", timeout=10) as response:
        start_url = json.loads(response.read())["start_url"]
    journey["stop"]()
    for path in ("/", start_url):
        driver.get(base + path if path.startswith("/") else path)
        assert driver.find_elements(By.CSS_SELECTOR, "#results article.card"), path
        assert "You are offline" in driver.find_element(By.CSS_SELECTOR, ".offline-note").text, path
