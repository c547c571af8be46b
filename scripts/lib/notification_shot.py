"""A real notification of the app for docs/notifications.md (see scripts/screenshot-notification), and a real click on its
Claimed button.

The server's own test push (to a fake push service on 127.0.0.1, as in Tests/browser/test_push.py) is decrypted with
this script's subscription keys and handed to the service worker with DevTools' `ServiceWorker.deliverPushMessage`,
in a headful Chromium under a virtual X display. Chromium draws the notification in its own popup (its native
notifications are turned off: under Xvfb there is no desktop to draw them); the picture is a crop of the X screen
(ImageMagick's `import`). Then `xdotool` clicks the popup's Claimed button — a real, trusted `notificationclick` —
and the script checks that /claimed now lists the giveaway."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.hazmat.primitives import serialization  # noqa: E402
import http_ece  # noqa: E402

import conftest  # noqa: E402
import fake_upstream  # noqa: E402
from test_push import PushService, b64url, backdate, deliver_push, first_giveaway, post  # noqa: E402

# Only GamerPower (a fake on loopback) unless a run asks for the stores: their real fronts are never asked.
os.environ.setdefault("GIVEAWAYS_SOURCES", "gamerpower")

WIDTH, HEIGHT = 1280, 800


def serve(upstream, push_service):
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    workdir = Path(tempfile.mkdtemp(prefix="gg-notification-"))
    port = conftest.free_port()
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--database", str(workdir / "store.sqlite"),
         "--gamerpower-url", upstream + "/api", "--freetogame-url", upstream + "/api", "--now", conftest.NOW,
         "--image-cache", str(workdir / "images"), "--sync-interval", "600", "--log-level", "warning",
         "--allow-private-hooks", "--allow-private-images", "--vapid-subject", "mailto:ops@example.org"],
        cwd=workdir, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"))
    base = f"http://127.0.0.1:{port}"
    conftest.wait_for(base + "/api/v1/status",
                      lambda body: all(s["lastAttempt"] for s in json.loads(body)["sources"]))
    return process, workdir, base


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={WIDTH},{HEIGHT}",
                     "--window-position=0,0", "--force-device-scale-factor=1", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking", "--lang=en-US",
                     "--disable-features=NativeNotifications,SystemNotifications"]:
        options.add_argument(argument)
    options.add_experimental_option("excludeSwitches", ["enable-automation"])
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)


def popup_box(screen: Path):
    """The notification popup's box on the screen. Chromium puts it 10 px from the screen's bottom-right corner,
    360 px wide; its top is where its background colour (seen just inside its right edge) ends going up."""
    right, bottom = WIDTH - 10, HEIGHT - 10
    left = right - 360
    column = subprocess.run(["convert", str(screen), "-crop", f"1x{HEIGHT}+{right - 4}+0", "+repage", "txt:-"],
                            capture_output=True, text=True, check=True).stdout.splitlines()[1:]
    colours = [line.split()[2] for line in column]
    background, top = colours[bottom - 4], bottom - 4
    while top > 0 and colours[top - 1] == background:
        top -= 1
    return left, top, right - left, bottom - top


def main():
    target = ROOT / "docs" / "screenshots" / "notification-desktop.png"
    upstream = fake_upstream.start()
    push = ThreadingHTTPServer(("127.0.0.1", 0), PushService)
    threading.Thread(target=push.serve_forever, daemon=True).start()
    process, workdir, base = serve(f"http://127.0.0.1:{upstream.server_port}", f"http://127.0.0.1:{push.server_port}")
    driver = browser()
    try:
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
        giveaway = first_giveaway(base)
        driver.get(f"{base}/giveaways/{giveaway['id']}")
        driver.find_element(By.CSS_SELECTOR, "form .heart").click()
        WebDriverWait(driver, 10).until(lambda d: d.get_cookie("gg_profile"))
        cookie = "gg_profile=" + driver.get_cookie("gg_profile")["value"]
        backdate(workdir / "store.sqlite", cookie)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return navigator.serviceWorker.controller !== null"))

        key = ec.generate_private_key(ec.SECP256R1())
        public = key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint)
        auth = os.urandom(16)
        subscription = {"endpoint": f"http://127.0.0.1:{push.server_port}/push/screenshot", "expirationTime": None,
                        "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}
        status, _, body = post(base + "/settings/notifications/push", json.dumps(subscription).encode(),
                               {"Cookie": cookie, "Content-Type": "application/json", "Accept": "application/json"})
        assert status == 200, body
        status, _, body = post(f"{base}/settings/notifications/{json.loads(body)['id']}/test", b"",
                               {"Cookie": cookie, "Accept": "application/json"})
        assert status == 200, body
        data = http_ece.decrypt(PushService.received[-1][2], private_key=key, auth_secret=auth, version="aes128gcm")
        payload = json.loads(data)
        driver.get(f"{base}/")
        time.sleep(1)
        shown = deliver_push(driver, base, data.decode(), payload["tag"])
        print("shown:", json.dumps(shown, ensure_ascii=False))
        time.sleep(2)  # the popup's slide-in, and its image

        screen = Path(tempfile.mkdtemp(prefix="gg-screen-")) / "screen.png"
        subprocess.run(["import", "-window", "root", str(screen)], check=True)
        x, y, w, h = popup_box(screen)
        left, top = max(0, x - 480), max(0, y - 90)
        crop = f"{WIDTH - left}x{HEIGHT - top}+{left}+{top}"
        subprocess.run(["convert", str(screen), "-crop", crop, "+repage", str(target)], check=True)
        print(f"{target.relative_to(ROOT)}: the X screen cropped to {crop} (popup at {x},{y}, {w}×{h})")

        def claimed():
            request = urllib.request.Request(base + "/claimed", headers={"Cookie": cookie})
            with urllib.request.urlopen(request, timeout=10) as response:
                return f"/giveaways/{payload['giveawayID']}\"" in response.read().decode()

        # A real click on the popup's Claimed button: the second of its two action buttons, on its bottom row.
        if shutil.which("xdotool"):
            assert not claimed(), "claimed before the click"
            claimed_text = payload.get("claimed", "Claimed")
            button = (x + 141, y + h - 27)
            subprocess.run(["xdotool", "mousemove", str(button[0]), str(button[1]), "click", "1"], check=True)
            deadline = time.time() + 10
            while time.time() < deadline:
                if claimed():
                    print(f"a real click on {claimed_text!r}: /claimed lists giveaway {payload['giveawayID']}")
                    break
                time.sleep(0.5)
            else:
                print(f"a real click on {claimed_text!r} at {button}: /claimed does not list it")

            # A real click on the notification's text opens the giveaway's Details in a new window.
            deliver_push(driver, base, data.decode(), payload["tag"])
            time.sleep(2)
            subprocess.run(["xdotool", "mousemove", str(x + 150), str(y + 45), "click", "1"], check=True)
            details = f"{base}/giveaways/{payload['giveawayID']}"
            deadline, opened = time.time() + 10, []
            while time.time() < deadline and details not in opened:
                time.sleep(0.5)
                opened = []
                for handle in driver.window_handles:
                    driver.switch_to.window(handle)
                    opened.append(driver.current_url)
            print(f"a real click on the notification: windows {opened}")
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=10)
        push.shutdown()
        upstream.shutdown()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
