"""Web Push end to end against the real server and a fake push service on 127.0.0.1 (nothing leaves loopback).

1. An independent decryption: a subscription whose key pair is made here (PyPI's `cryptography`) is stored through
   the route the page's script uses; "Send a test" goes to the fake push service; PyPI's `http_ece` decrypts the
   body (RFC 8291) and `cryptography` checks the VAPID token's ES256 signature (RFC 8292).
2. The page in Chromium: notifications permission granted through DevTools (`Browser.grantPermissions`).
   Chromium cannot reach a real push service here, so `PushManager.prototype.subscribe` is stood in by a script
   that answers a subscription whose endpoint is the fake service; pressing "Notify this device" stores and lists
   it. A push delivered to the service worker through DevTools (`ServiceWorker.deliverPushMessage`) shows a
   notification with the title and the Get it / Claimed actions (`registration.getNotifications()`).
3. The notification's buttons: DevTools cannot press a notification or its actions, so the test attaches to the
   service worker's own DevTools target and dispatches a `notificationclick` (a `NotificationEvent` around the real
   notification the worker showed for a real push) to the worker's own handler; then it asks the app whether the
   giveaway is claimed for this browser's profile. (A real, trusted click on the Claimed button of Chromium's own
   notification popup, with xdotool under Xvfb, is made by scripts/screenshot-notification, run by hand.)"""
import base64
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import websocket  # websocket-client, which selenium itself depends on
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import NOW, ROOT, free_port, wait_for

http_ece = pytest.importorskip("http_ece")
ec = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
serialization = pytest.importorskip("cryptography.hazmat.primitives.serialization")
hashes = pytest.importorskip("cryptography.hazmat.primitives.hashes")
utils = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.utils")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(BaseHTTPRequestHandler):
    """Records every message (path, headers, body) and answers 201, as a push service does."""
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        PushService.received.append((self.path, dict(self.headers), body))
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def push_service():
    server = ThreadingHTTPServer(("127.0.0.1", 0), PushService)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def push_app(upstream):
    """`giveaways serve` with --allow-private-hooks, so that a push endpoint on 127.0.0.1 is accepted."""
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    workdir = Path(tempfile.mkdtemp(prefix="gg-push-"))
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--database", str(workdir / "store.sqlite"),
         "--gamerpower-url", upstream + "/api", "--freetogame-url", upstream + "/api", "--now", NOW,
         "--image-cache", str(workdir / "images"), "--sync-interval", "600", "--log-level", "warning",
         "--allow-private-hooks", "--vapid-subject", "mailto:ops@example.org"],
        cwd=workdir, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"))
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/api/v1/status", lambda body: all(s["lastAttempt"] for s in json.loads(body)["sources"]))
    yield base, workdir / "store.sqlite"
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


def backdate(database: Path, cookie: str):
    """Makes the cookie's profile an hour old: a fresh profile may not add notifications (the server's rule)."""
    profile = cookie.split("=", 1)[1].split(".")[0]
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO profile (id, created_at) VALUES (?, '2026-03-31 11:00:00.000') "
            "ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at", (profile,))


def post(url, body: bytes, headers: dict):
    request = urllib.request.Request(url, data=body, method="POST", headers={"Sec-Fetch-Site": "same-origin", **headers})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def first_giveaway(base):
    with urllib.request.urlopen(base + "/api/v1/giveaways", timeout=10) as response:
        return json.loads(response.read())[0]


def test_a_test_push_decrypts_with_http_ece_and_its_vapid_token_verifies(push_app, push_service):
    base, database = push_app
    giveaway = first_giveaway(base)
    status, headers, _ = post(f"{base}/giveaways/{giveaway['id']}/favorite", b"favorite=1",
                              {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
    assert status == 200
    cookie = headers["Set-Cookie"].split(";")[0]
    backdate(database, cookie)

    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = os.urandom(16)
    subscription = {"endpoint": push_service + "/push/python", "expirationTime": None,
                    "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}
    status, _, body = post(base + "/settings/notifications/push", json.dumps(subscription).encode(),
                           {"Cookie": cookie, "Content-Type": "application/json", "Accept": "application/json"})
    assert status == 200, body
    device = json.loads(body)["id"]

    PushService.received.clear()
    status, _, body = post(f"{base}/settings/notifications/{device}/test", b"",
                           {"Cookie": cookie, "Accept": "application/json"})
    assert status == 200 and json.loads(body)["ok"], body
    path, headers, encrypted = PushService.received[-1]
    assert path == "/push/python"
    assert headers["Content-Encoding"] == "aes128gcm"

    payload = json.loads(http_ece.decrypt(encrypted, private_key=key, auth_secret=auth, version="aes128gcm"))
    with urllib.request.urlopen(f"{base}/api/v1/giveaways/{payload['giveawayID']}", timeout=10) as response:
        title = json.loads(response.read())["title"]
    assert payload["title"].startswith("Free on ") and payload["title"].endswith(": " + title)
    assert payload["detailsURL"] == f"/giveaways/{payload['giveawayID']}"
    assert payload["tag"] == f"giveaway-{payload['giveawayID']}"
    assert headers["Topic"] == payload["tag"]

    token, server_key = headers["Authorization"].removeprefix("vapid t=").split(", k=")
    head, claims, signature = token.split(".")
    verifier = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    raw = unb64url(signature)
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    verifier.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(unb64url(claims))
    assert claims["aud"] == push_service and claims["sub"] == "mailto:ops@example.org"


FAKE_SUBSCRIPTION = """
(() => {
  // Stands in for the browser's push service: Chromium here cannot reach a real one (see the module's note).
  const json = { endpoint: "%s/push/chromium", expirationTime: null, keys: { p256dh: "%s", auth: "%s" } };
  const subscription = Object.assign({}, json, {
    toJSON: () => json, unsubscribe: async () => { localStorage.removeItem("fake-push"); return true; } });
  PushManager.prototype.subscribe = async function (options) {
    localStorage.setItem("fake-push", String(options.applicationServerKey.length));
    return subscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem("fake-push") ? subscription : null;
  };
})();
"""


def test_notify_this_device_stores_the_subscription_and_a_push_shows_the_notification(
        push_app, push_service, browser):
    base, database = push_app
    giveaway = first_giveaway(base)
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": FAKE_SUBSCRIPTION % (push_service, b64url(public), b64url(os.urandom(16)))})
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    browser.get(f"{base}/giveaways/{giveaway['id']}")
    browser.find_element(By.CSS_SELECTOR, "form .heart").click()
    WebDriverWait(browser, 10).until(lambda d: d.get_cookie("gg_profile"))
    backdate(database, "gg_profile=" + browser.get_cookie("gg_profile")["value"])

    browser.get(base + "/settings/notifications")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.controller !== null || document.readyState === 'complete'"))
    notify = browser.find_element(By.CSS_SELECTOR, "[data-push-notify]")
    assert notify.is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, "[data-push-unsupported]").is_displayed()
    notify.click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-device-id]"))
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-push-on]").is_displayed())
    assert "Chrome on Linux" in browser.find_element(By.CSS_SELECTOR, "[data-push-devices]").text
    assert browser.execute_script("return localStorage.getItem('fake-push')") == "65"  # the VAPID key's 65 bytes
    with sqlite3.connect(database) as connection:
        kinds = connection.execute("SELECT format FROM hook WHERE url = ?", (push_service + "/push/chromium",))
        assert [kind for kind, in kinds] == ["webpush"]

    # A push message straight to the service worker, as a push service would hand it over.
    payload = {"title": "Free on Steam: <b>Delivered</b>", "body": "Worth $9.99 · Ends in 2 days", "event": "new",
               "giveawayID": giveaway["id"], "detailsURL": f"/giveaways/{giveaway['id']}",
               "claimURL": "https://www.gamerpower.com/open/1", "claimedURL": f"/giveaways/{giveaway['id']}/mark",
               "icon": "/static/icon-192.png", "getIt": "Get it", "claimed": "Claimed",
               "tag": f"giveaway-{giveaway['id']}"}
    browser.execute_cdp_cmd("ServiceWorker.enable", {})

    def deliver_and_list(driver):
        # The registration's id is not exposed to the page; a fresh Chromium profile numbers its first ones from 0,
        # and a push to an id without a worker is dropped. The notification's tag makes repeats replace each other.
        for registration in range(4):
            try:
                driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {
                    "origin": base, "registrationId": str(registration), "data": json.dumps(payload)})
            except Exception:
                pass
        return driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => done(list.length ? list.map(
              (n) => ({ title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.title) })) : null));
        """)

    notifications = WebDriverWait(browser, 20, poll_frequency=1).until(deliver_and_list)
    assert notifications == [{"title": "Free on Steam: <b>Delivered</b>", "body": "Worth $9.99 · Ends in 2 days",
                              "tag": f"giveaway-{giveaway['id']}", "actions": ["Get it", "Claimed"]}]


def deliver_push(driver, base, data: str, tag: str):
    """Hands `data` to the page's service worker as a push message (DevTools' `ServiceWorker.deliverPushMessage`)
    and answers the notifications it shows with `tag`, once there are some. The registration's id is not exposed to
    the page; a fresh Chromium profile numbers its first ones from 0, and a push to an id without a worker is dropped.
    The tag makes repeats replace each other."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})

    def deliver_and_list(driver):
        for registration in range(4):
            try:
                driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {
                    "origin": base, "registrationId": str(registration), "data": data})
            except Exception:
                pass
        return driver.execute_async_script("""
            const [tag, done] = arguments;
            navigator.serviceWorker.ready.then((r) => r.getNotifications({ tag })).then((list) => done(list.length ?
              list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.title),
                                 data: n.data })) : null));
        """, tag)

    return WebDriverWait(driver, 20, poll_frequency=1).until(deliver_and_list)


class ServiceWorkerConsole:
    """A DevTools connection to the service worker's own target (not the page's): `evaluate` runs a script inside the
    worker, as its console would. Chromium's debugging address comes from chromedriver's capabilities."""

    def __init__(self, driver, base):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
            targets = json.loads(response.read())
        worker = next(t for t in targets if t["type"] == "service_worker" and t["url"].startswith(base + "/"))
        self.socket = websocket.create_connection(worker["webSocketDebuggerUrl"], timeout=20, suppress_origin=True)
        self.next_id = 0

    def evaluate(self, expression: str):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": "Runtime.evaluate", "params": {
            "expression": expression, "awaitPromise": True, "returnByValue": True}}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                break
        result = message["result"]
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    def close(self):
        self.socket.close()


# Dispatches a click on the worker's notification with this tag, with the given action ("" is the body itself), to
# the worker's own `notificationclick` handler. An event made by a script is untrusted, so `event.waitUntil` throws
# inside the handler (after its argument, the fetch or the window, is already under way) and
# `clients.openWindow` is refused: only a real click lets a worker open a window. So `openWindow` is wrapped to note
# the address it was asked for, and the answer is those addresses.
CLICK = """
(async () => {
  const [notification] = await self.registration.getNotifications({ tag: %s });
  if (!notification) return { error: "no notification" };
  const asked = [];
  const open = self.clients.openWindow;
  self.clients.openWindow = (url) => { asked.push(String(url)); return open.call(self.clients, url); };
  try {
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification, action: %s }));
  } finally {
    self.clients.openWindow = open;
  }
  return { opened: asked };
})()
"""


def test_the_claimed_action_marks_it_for_this_profile_without_a_page_and_a_click_opens_details(
        push_app, push_service, browser):
    base, database = push_app
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    giveaway = first_giveaway(base)
    browser.get(f"{base}/giveaways/{giveaway['id']}")
    browser.find_element(By.CSS_SELECTOR, "form .heart").click()
    WebDriverWait(browser, 10).until(lambda d: d.get_cookie("gg_profile"))
    cookie = "gg_profile=" + browser.get_cookie("gg_profile")["value"]
    backdate(database, cookie)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))

    # The server's own message: a subscription with keys made here, "Send a test" to the fake push service, and the
    # body decrypted, as the browser's push service would hand it to the worker.
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = os.urandom(16)
    subscription = {"endpoint": push_service + "/push/clicks", "expirationTime": None,
                    "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}
    status, _, body = post(base + "/settings/notifications/push", json.dumps(subscription).encode(),
                           {"Cookie": cookie, "Content-Type": "application/json", "Accept": "application/json"})
    assert status == 200, body
    PushService.received.clear()
    status, _, body = post(f"{base}/settings/notifications/{json.loads(body)['id']}/test", b"",
                           {"Cookie": cookie, "Accept": "application/json"})
    assert status == 200 and json.loads(body)["ok"], body
    data = http_ece.decrypt(PushService.received[-1][2], private_key=key, auth_secret=auth, version="aes128gcm")
    payload = json.loads(data)
    marked, tag = payload["giveawayID"], payload["tag"]
    assert payload["claimedURL"] == f"/giveaways/{marked}/mark"

    def claimed_ids():
        browser.get(base + "/claimed")
        return [int(link.get_attribute("href").rsplit("/", 1)[1])
                for link in browser.find_elements(By.CSS_SELECTOR, "main a[href*='/giveaways/']")
                if link.get_attribute("href").rsplit("/", 1)[1].isdigit()]

    assert marked not in claimed_ids()
    browser.get(f"{base}/giveaways/{marked}")
    shown = deliver_push(browser, base, data.decode(), tag)
    get_it = ["Get it"] if (payload.get("claimURL") or "").startswith("https://") else []
    assert [n["actions"] for n in shown] == [get_it + ["Claimed"]]

    # "Claimed": the worker posts the mark itself with this browser's cookie, opens nothing and closes the
    # notification; the app then lists the giveaway as claimed for this profile.
    worker = ServiceWorkerConsole(browser, base)
    try:
        pages = len(browser.window_handles)
        answer = worker.evaluate(CLICK % (json.dumps(tag), json.dumps("claimed")))
        assert answer == {"opened": []}
        assert worker.evaluate("self.registration.getNotifications().then((list) => list.length)") == 0
        WebDriverWait(browser, 10, poll_frequency=0.5).until(lambda d: marked in claimed_ids())
        assert len(browser.window_handles) == pages

        # A click on the notification itself (no action) asks for the giveaway's Details in the app.
        browser.get(f"{base}/giveaways/{marked}")
        deliver_push(browser, base, data.decode(), tag)
        answer = worker.evaluate(CLICK % (json.dumps(tag), json.dumps("")))
    finally:
        worker.close()
    assert answer == {"opened": [f"{base}/giveaways/{marked}"]}
    browser.get(answer["opened"][0])
    assert browser.find_element(By.CSS_SELECTOR, "h1").text.strip() == json.loads(
        urllib.request.urlopen(f"{base}/api/v1/giveaways/{marked}", timeout=10).read())["title"]


def test_the_daily_summary_shows_as_one_notification_without_a_claimed_button(push_app, browser):
    """The daily summary's payload (WebPushPayload.summary's shape: no giveaway, no claimedURL, tag `digest`)."""
    base, _ = push_app
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    browser.get(base + "/")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))
    payload = {"title": "Your daily summary: 2 giveaways", "body": "<i>One</i> · Two", "event": "digest",
               "giveawayID": 0, "detailsURL": "/", "icon": "/static/icon-192.png", "getIt": "", "claimed": "",
               "tag": "digest"}
    shown = deliver_push(browser, base, json.dumps(payload), "digest")
    assert shown == [{"title": "Your daily summary: 2 giveaways", "body": "<i>One</i> · Two", "tag": "digest",
                      "actions": [], "data": {"details": base + "/", "claim": None, "claimed": None}}]
