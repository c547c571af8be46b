"""Headless Chromium for the browser tests and scripts: the Debian chromium and chromedriver, named explicitly,
so Selenium never looks for or downloads a driver (set SE_AVOID_STATS=true too). Loopback pages only."""
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def make_driver(width=1440, height=900, dark=False):
    """A headless Chromium window of the given size, in light or dark mode, keeping the console log."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    service = Service(executable_path=shutil.which("chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_window_size(width, height)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver
