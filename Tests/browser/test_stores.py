"""The stores read first-hand, as a newcomer meets them: a fresh browser on a server that reads GamerPower and the
stores' own fronts (all fakes on loopback, `fake_upstream.store_fronts`). Epic's "Starlight Cartographer" is also
GamerPower's 5101: one card, with the store's end. Next week's "Harbor of Echoes" is under "Coming soon" with its
start in the visitor's time zone. GOG's giveaway, which GamerPower does not list, is a card of its own. Details says where a giveaway was seen; /status has a row per store."""
import json
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import serve

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture(scope="module")
def stores_app(upstream):
    yield from serve(upstream, (
        # Not Steam: its answer names images on Steam's own image host, which a test must never ask (the Swift tests
        # read Steam through a fake front).
        "--sources", "gamerpower,epic,gog", "--epic-url", upstream + "/epic", "--gog-url", upstream + "/gog"))


def test_a_newcomer_sees_one_card_per_giveaway_and_next_weeks_coming_soon(stores_app, browser_factory):
    driver = browser_factory(width=1440, height=900, tz="Europe/Berlin")
    driver.get(stores_app + "/")
    cards = driver.find_elements(By.CSS_SELECTOR, '.grid:not(.grid--soon) [data-giveaway-id="5101"]')
    assert len(cards) == 1, "GamerPower's and Epic's listing are one card"
    assert "Starlight Cartographer" in cards[0].text
    assert "(Epic Games) Giveaway" not in cards[0].text, "the store's own title"
    titles = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".grid:not(.grid--soon) .card__title")]
    assert "Quiet Orchard" in titles, titles

    soon = driver.find_element(By.CSS_SELECTOR, "section.coming-soon")
    assert "Coming soon" in soon.text and "Harbor of Echoes" in soon.text
    start = soon.find_element(By.CSS_SELECTOR, "time")
    assert start.get_attribute("datetime") == "2026-04-06T15:00:00Z"
    # 15:00 UTC is 17:00 in Berlin (CEST): the visitor's own clock, not UTC.
    WebDriverWait(driver, 5).until(lambda d: "17:00" in start.text)
    assert "UTC" not in start.text
    assert soon.location["y"] < driver.find_element(By.CSS_SELECTOR, ".results__count").location["y"]
    # The card's picture is lazy: the screenshot waits for it (through the server's image proxy).
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const i = arguments[0].querySelector('img'); return i && i.complete && i.naturalWidth > 0", soon))
    driver.save_screenshot(str(SHOTS / "coming-soon-desktop-light.png"))

    # Details of the merged giveaway: where it was seen, and the store's end (Mon 6 Apr 15:00 UTC).
    cards[0].find_element(By.CSS_SELECTOR, "a.card__link").click()
    WebDriverWait(driver, 5).until(lambda d: "/giveaways/5101" in d.current_url)
    facts = driver.find_element(By.CSS_SELECTOR, "dl.facts").text
    assert "seen on" in facts.lower(), facts  # the terms are set in capitals by the stylesheet
    assert "Epic Games Store · GamerPower" in facts
    assert driver.find_elements(By.CSS_SELECTOR, 'dl.facts time[datetime="2026-04-06T15:00:00Z"]')
    driver.save_screenshot(str(SHOTS / "details-merged-desktop-light.png"))


@pytest.mark.parametrize("dark", [False, True])
def test_coming_soon_on_a_phone_looks_finished(stores_app, browser_factory, dark):
    driver = browser_factory(width=390, height=844, dark=dark)
    driver.get(stores_app + "/")
    soon = driver.find_element(By.CSS_SELECTOR, "section.coming-soon")
    driver.execute_script("arguments[0].scrollIntoView()", soon)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const i = arguments[0].querySelector('img'); return i && i.complete && i.naturalWidth > 0", soon))
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, "nothing wider than the phone"
    driver.save_screenshot(str(SHOTS / f"coming-soon-phone-{'dark' if dark else 'light'}.png"))


def test_each_store_read_has_its_row_on_status_and_was_asked_once(stores_app, upstream):
    with urllib.request.urlopen(stores_app + "/api/v1/status") as response:
        sources = {s["source"]: s for s in json.loads(response.read())["sources"]}
    assert {"gamerpower", "epic", "gog"} <= set(sources)
    assert "epic-mobile" not in sources and "steam" not in sources, "a store left out has no row"
    assert all(sources[name]["lastOutcome"] == "succeeded" for name in ("epic", "gog")), sources
    with urllib.request.urlopen(upstream + "/control/store-requests") as response:
        asked = json.loads(response.read())
    assert "/steam/search/results/" not in asked, "a store left out is never asked"
    assert asked.get("/epic/freeGamesPromotions") == 1, "one request per sync"
    with urllib.request.urlopen(stores_app + "/api/v1/giveaways?status=upcoming") as response:
        upcoming = json.loads(response.read())
    assert [g["title"] for g in upcoming] == ["Harbor of Echoes"]
    assert upcoming[0]["startDate"] == "2026-04-06T15:00:00Z"
