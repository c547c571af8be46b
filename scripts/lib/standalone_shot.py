"""Screenshots of the app as installed (see scripts/screenshot-standalone)."""
import shutil
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

import conftest  # noqa: E402
import fake_upstream  # noqa: E402
from browser_driver import pin_clock  # noqa: E402


def app_window(url, dark):
    options = webdriver.ChromeOptions()
    for argument in ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--app={url}",
                     "--window-size=390,844", "--force-device-scale-factor=1", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking", "--hide-scrollbars"]:
        options.add_argument(argument)
    if dark:
        options.add_argument("--force-dark-mode")
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)


def main():
    upstream = fake_upstream.start()
    server = conftest.serve(f"http://127.0.0.1:{upstream.server_port}")
    base = next(server)
    try:
        for scheme in ["light", "dark"]:
            driver = app_window(base + "/", scheme == "dark")
            try:
                pin_clock(driver, datetime.fromisoformat(conftest.NOW.replace("Z", "+00:00")))
                if scheme == "dark":
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                           {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
                driver.get(base + "/")
                time.sleep(1.5)
                standalone = driver.execute_script("return matchMedia('(display-mode: standalone)').matches")
                if not standalone:
                    raise SystemExit("the app window is not in display-mode standalone")
                target = ROOT / "docs" / "screenshots" / f"standalone-phone-{scheme}.png"
                driver.save_screenshot(str(target))
                print(f"{target.relative_to(ROOT)}: {driver.execute_script('return [innerWidth, innerHeight]')}"
                      " (display-mode: standalone)")
            finally:
                driver.quit()
    finally:
        next(server, None)
        upstream.shutdown()


if __name__ == "__main__":
    main()
