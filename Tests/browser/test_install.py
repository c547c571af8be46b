"""The home-screen app: Chromium finds a valid manifest with icons and reports no installability errors."""
import json
import time
import urllib.request


def test_the_app_is_installable_with_its_manifest_and_icons(app, browser_factory):
    driver = browser_factory(width=390, height=844)
    driver.get(app + "/")
    time.sleep(1)
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest.get("errors") == [], manifest.get("errors")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []

    data = json.loads(urllib.request.urlopen(app + "/manifest.webmanifest").read())
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in data["icons"])
    assert [shortcut["url"] for shortcut in data["shortcuts"]] == ["/favorites", "/?ending=24h"]
    for icon in data["icons"]:
        with urllib.request.urlopen(app + icon["src"]) as response:
            assert response.headers["Content-Type"] == "image/png"
            assert response.read(8) == b"\x89PNG\r\n\x1a\n"
    touch = driver.find_element("css selector", "link[rel=apple-touch-icon]").get_attribute("href")
    assert urllib.request.urlopen(touch).read(8) == b"\x89PNG\r\n\x1a\n"
