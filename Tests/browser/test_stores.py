"""The stores read first-hand, as a newcomer meets them: a fresh browser on a server that reads GamerPower and the
stores' own fronts (all fakes on loopback, `fake_upstream.store_fronts`). Epic's "Starlight Cartographer" is also
GamerPower's 5101: one card, with the store's end. Next week's "Harbor of Echoes" is under "Coming soon" with its
start in the visitor's time zone. GOG's giveaway, which GamerPower does not list, is a card of its own, as are Steam's
100 %-off game (its picture from the CDN its row names: here the fake front) and Epic's mobile free game. Details says
where a giveaway was seen; /status has a row per store."""
import json
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import serve

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
STORE_REQUESTS_BEFORE = {}


def store_requests(upstream):
    with urllib.request.urlopen(upstream + "/control/store-requests") as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def stores_app(upstream):
    # The fake fronts count requests for the whole session (test_feeds reads Epic too): this server's are the growth.
    STORE_REQUESTS_BEFORE.update(store_requests(upstream))
    yield from serve(upstream, (
        "--sources", "gamerpower,epic,epic-mobile,steam,gog", "--epic-url", upstream + "/epic",
        "--epic-mobile-url", upstream + "/epic-mobile", "--steam-url", upstream + "/steam",
        "--gog-url", upstream + "/gog"))


def test_a_newcomer_sees_one_card_per_giveaway_and_next_weeks_coming_soon(stores_app, browser_factory):
    driver = browser_factory(width=1440, height=900, tz="Europe/Berlin")
    driver.get(stores_app + "/")
    cards = driver.find_elements(By.CSS_SELECTOR, '.grid:not(.grid--soon) [data-giveaway-id="5101"]')
    assert len(cards) == 1, "GamerPower's and Epic's listing are one card"
    assert "Starlight Cartographer" in cards[0].text
    assert "(Epic Games) Giveaway" not in cards[0].text, "the store's own title"
    titles = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".grid:not(.grid--soon) .card__title")]
    assert "Quiet Orchard" in titles, titles
    assert "Rust & Rivets" in titles, "Steam's own 100 %-off game"
    assert "Pocket Lighthouse" in titles, "Epic's mobile free game"

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


def test_steam_and_epic_mobile_cards_show_their_pictures_and_platforms(stores_app, browser_factory):
    driver = browser_factory(width=1440, height=900)
    driver.get(stores_app + "/")
    cards = {c.find_element(By.CSS_SELECTOR, ".card__title").text: c
             for c in driver.find_elements(By.CSS_SELECTOR, ".grid:not(.grid--soon) .card")}
    steam, mobile = cards["Rust & Rivets"], cards["Pocket Lighthouse"]
    for card in (steam, mobile):
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
        # The header picture Steam's row points to, fetched through the server's image proxy from the fake front.
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const i = arguments[0].querySelector('img'); return i && i.complete && i.naturalWidth > 0", card))
    assert "Steam" in steam.text
    assert "Android" in mobile.text or "iOS" in mobile.text, mobile.text
    link = steam.find_element(By.CSS_SELECTOR, "a.card__link").get_attribute("href")
    driver.get(link)
    facts = driver.find_element(By.CSS_SELECTOR, "dl.facts").text
    assert "Steam" in facts, facts


def test_each_store_read_has_its_row_on_status_and_was_asked_once(stores_app, upstream):
    with urllib.request.urlopen(stores_app + "/api/v1/status") as response:
        sources = {s["source"]: s for s in json.loads(response.read())["sources"]}
    assert {"gamerpower", "epic", "epic-mobile", "steam", "gog"} <= set(sources)
    assert all(sources[name]["lastOutcome"] == "succeeded"
               for name in ("epic", "epic-mobile", "steam", "gog")), sources
    asked = {path: count - STORE_REQUESTS_BEFORE.get(path, 0) for path, count in store_requests(upstream).items()}
    assert asked.get("/epic/freeGamesPromotions") == 1, "one request per sync"
    assert asked.get("/epic-mobile/api/v2/public/discover/home") == 2, "one per platform: Android and iOS"
    assert asked.get("/steam/search/results/") == 1
    assert asked.get("/steam/app/7001/") == 1, "a new Steam offer's app page, for its end"
    with urllib.request.urlopen(stores_app + "/api/v1/giveaways?status=upcoming") as response:
        upcoming = json.loads(response.read())
    assert [g["title"] for g in upcoming] == ["Harbor of Echoes"]
    assert upcoming[0]["startDate"] == "2026-04-06T15:00:00Z"


@pytest.fixture(scope="module")
def failing_store_app(upstream):
    """GOG's front answers 404: its row on /status says it failed, and the rest goes on."""
    yield from serve(upstream, ("--sources", "gamerpower,epic,gog", "--epic-url", upstream + "/epic",
                                "--gog-url", upstream + "/no-such-front"))


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_coming_soon_and_a_failing_stores_row_have_no_axe_violations(stores_app, failing_store_app, browser_factory,
                                                                     dark):
    from test_accessibility import RUN, axe_source
    source = axe_source()
    problems = []
    for width, height in [(390, 844), (1280, 900)]:
        driver = browser_factory(width=width, height=height, dark=dark)
        driver.set_script_timeout(30)
        for base, path in [(stores_app, "/"), (stores_app, "/giveaways/5101"), (stores_app, "/status"),
                           (failing_store_app, "/status")]:
            driver.get(base + path)
            driver.execute_script(source)
            for violation in driver.execute_async_script(RUN):
                problems.append(f"{path} ({width}px): {violation['id']} ({violation['impact']}): {violation['nodes']}")
    with urllib.request.urlopen(failing_store_app + "/api/v1/status") as response:
        gog = next(s for s in json.loads(response.read())["sources"] if s["source"] == "gog")
    assert gog["lastOutcome"] == "failed" and gog["state"] in ("failing", "never-synced"), gog
    assert problems == [], "\n".join(problems)
