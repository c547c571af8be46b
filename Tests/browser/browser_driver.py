"""Headless Chromium for the browser tests and scripts: the Debian chromium and chromedriver, named explicitly,
so Selenium never looks for or downloads a driver (set SE_AVOID_STATS=true too). Loopback pages only."""
from datetime import datetime
import itertools
import os
import shutil

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service


_clients = itertools.count(1)


def make_driver(width=1440, height=900, dark=False, tz=None, now=None, lang=None):
    """A headless Chromium window of the given size, in light or dark mode, keeping the console log; `tz` starts
    Chromium in that time zone (its `TZ`), `now` (an ISO 8601 instant) sets the pages' clock to start there, `lang`
    (e.g. "de-DE") makes it a browser set up in that language (`--lang` and `intl.accept_languages` both feed
    `Accept-Language`)."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    if lang:
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": f"{lang},{lang.split('-')[0]}"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    env = {**os.environ, "TZ": tz} if tz else None
    service = Service(executable_path=shutil.which("chromedriver"), env=env)
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_window_size(width, height)
    # Each browser is a client of its own, as different people are: the server keeps per-client shares (Nearby's
    # searches, tile fetches, test pushes) by the address a loopback proxy forwards, and one session-long server
    # would otherwise count every test's browser as one client. A header only (a benchmarking-range address).
    number = next(_clients)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders",
                           {"headers": {"X-Forwarded-For": f"198.18.{number // 250 % 256}.{number % 250 + 1}"}})
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    if now:
        pin_clock(driver, datetime.fromisoformat(now.replace("Z", "+00:00")))
    return driver


def pin_clock(driver, instant):
    """Makes `new Date()` and `Date.now()` run from `instant` (an aware datetime) on every page this driver opens
    next, as a script that runs before the page's own. Returns its id for `Page.removeScriptToEvaluateOnNewDocument`;
    a later pin wins."""
    millis = int(instant.timestamp() * 1000)
    source = (
        "(() => { const offset = %d - Date.now(); const Real = Date;"
        " class Pinned extends Real { constructor(...a) { if (a.length === 0) super(Real.now() + offset); else super(...a); }"
        " static now() { return Real.now() + offset; } }"
        " globalThis.Date = Pinned; })();" % millis
    )
    return driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]


def replaced(element):
    """A wait condition: `element` has left the page (a navigation or a script replaced it). Selenium's own
    `staleness_of` asks the element a question and counts only "stale" as gone; while a form's redirect swaps the
    document, Chromium may instead answer "Node with given id does not belong to the document", which is the same
    fact said differently, so both count here."""
    def gone(_driver):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    return gone
