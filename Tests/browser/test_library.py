"""Games you own, in Chromium against the real server and a local fake of Steam's Web API, as a newcomer with a fresh
profile: Settings → Games you own, a Steam profile entered, the owned giveaway marked on Home, the rule "Hide games I
own" hiding it from Home and the personal feed, a list imported for another store, and the export carrying it all."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import fake_upstream
from conftest import serve


def wait(driver, condition, seconds=10):
    return WebDriverWait(driver, seconds).until(lambda d: condition())


def owned_cards(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-giveaway-id]')]"
        ".filter((c) => c.textContent.includes('In your library')).map((c) => Number(c.dataset.giveawayId))")


def test_enter_a_steam_profile_see_owned_games_marked_hide_them_and_export(upstream, browser_factory, tmp_path):
    server = serve(upstream, ("--steam-api-url", upstream + "/steam", "--steam-key", fake_upstream.Upstream.STEAM_KEY))
    base = next(server)
    driver = browser_factory(width=1280, height=900)
    driver.get(base + "/")
    assert owned_cards(driver) == [], "a newcomer owns nothing"

    # Settings → Games you own → the Steam profile, typed as its custom name.
    driver.get(base + "/settings")
    driver.find_element(By.CSS_SELECTOR, "a[href='/settings/library']").click()
    wait(driver, lambda: driver.current_url == base + "/settings/library")
    field = driver.find_element(By.NAME, "profile")
    field.send_keys("https://steamcommunity.com/id/frostfan/")
    field.submit()
    wait(driver, lambda: "Linked to Steam profile 76561197960287930: 3 games." in driver.page_source)
    assert "Frostline Expedition (Steam) Giveaway" in driver.find_element(By.ID, "owned-live-title").find_element(
        By.XPATH, "..").text
    assert fake_upstream.Upstream.STEAM_KEY not in driver.page_source

    # Home marks the owned giveaway, and only it.
    driver.get(base + "/")
    assert owned_cards(driver) == [5105]

    # The rule hides it from Home and from the personal feed.
    driver.get(base + "/settings")
    box = driver.find_element(By.NAME, "hide_owned")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    box.submit()
    wait(driver, lambda: "/settings" in driver.current_url and "done=" in driver.current_url)
    driver.get(base + "/")
    ids = driver.execute_script("return [...document.querySelectorAll('[data-giveaway-id]')].map((c) => Number(c.dataset.giveawayId))")
    assert 5105 not in ids and 5101 in ids

    # A list for another store: pasted, and what matched is told.
    driver.get(base + "/settings/library")
    area = driver.find_element(By.NAME, "list")
    area.send_keys("Neon Drift Racer\nA Game Nobody Gave Away")
    area.submit()
    wait(driver, lambda: "2 games imported. 1 of them have been given away here." in driver.page_source)
    assert "A Game Nobody Gave Away" in driver.page_source

    # The export carries the Steam profile and both lists.
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    request = urllib.request.Request(base + "/settings/export", headers={"Cookie": cookies})
    exported = json.loads(urllib.request.urlopen(request).read())
    assert exported["library"]["steamID"] == "76561197960287930"
    titles = {game["title"] for game in exported["library"]["games"]}
    assert {"Frostline Expedition", "Neon Drift Racer", "Steam app 441"} <= titles
    next(server, None)
