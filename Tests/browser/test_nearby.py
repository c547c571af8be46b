"""Nearby in Chromium against the real server, the fake Overpass and the fake tile server (conftest.py): the list
and the map follow each other, the map searches the area it is moved to, Load more, the browser's location granted
and refused, the empty, failed and offline states, axe, and the README's screenshots."""
import json
import re
import time
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import fake_upstream
from browser_driver import replaced
from conftest import serve
from test_accessibility import RUN, axe_source, post
from test_browser import SCREENSHOTS

CENTRE = "52.520008,13.404954"


def boxes(upstream: str) -> list:
    with urllib.request.urlopen(upstream + "/control/overpass-boxes", timeout=5) as response:
        return json.loads(response.read())


def wait(driver, condition, seconds=10):
    return WebDriverWait(driver, seconds).until(lambda d: condition())


def card_ids(driver) -> list:
    return [c.get_attribute("data-place-id") for c in driver.find_elements(By.CSS_SELECTOR, ".place-card[data-place-id]")]


def marker_offset(driver, place_id: str):
    """Where a place's marker sits, relative to the map's centre, in pixels."""
    return driver.execute_script("""
        const map = document.querySelector('[data-map]').getBoundingClientRect();
        const marker = [...document.querySelectorAll('.marker')].find((m) => m.dataset.placeId === arguments[0]);
        const box = marker.getBoundingClientRect();
        return [box.left + box.width / 2 - (map.left + map.width / 2), box.top + box.height / 2 - (map.top + map.height / 2)];
    """, place_id)


@pytest.fixture
def overpass(upstream):
    """The fake Overpass's mode, put back to `ok` after the test."""
    yield lambda mode: post(f"{upstream}/control/overpass-{mode}")
    post(f"{upstream}/control/overpass-ok")


def test_list_and_map_keep_the_area_and_draw_a_marker_per_card(app, browser):
    browser.get(app + "/nearby?ll=52.521,13.406&z=15&cat=arcade")
    listed = card_ids(browser)
    assert listed and all(i.startswith("osm:") for i in listed)
    browser.find_element(By.CSS_SELECTOR, ".nearby-views a:not([aria-current])").click()
    wait(browser, lambda: "view=map" in browser.current_url)
    assert "ll=52.521,13.406" in browser.current_url and "z=15" in browser.current_url and "cat=arcade" in browser.current_url
    assert card_ids(browser) == listed
    markers = [m.get_attribute("data-place-id") for m in browser.find_elements(By.CSS_SELECTOR, ".marker")]
    assert markers == listed
    # Tiles come from this server, never from a third party.
    tiles = [t.get_attribute("src") for t in browser.find_elements(By.CSS_SELECTOR, ".map__tiles img")]
    assert tiles and all(t.startswith(app + "/nearby/tiles/15/") for t in tiles)
    assert "© OpenStreetMap contributors" in browser.find_element(By.CSS_SELECTOR, ".map__credit").text
    browser.find_element(By.CSS_SELECTOR, ".nearby-views a:not([aria-current])").click()
    wait(browser, lambda: "view=map" not in browser.current_url)
    assert "ll=52.521,13.406" in browser.current_url and card_ids(browser) == listed


def test_a_marker_press_scrolls_the_horizontal_list_to_its_card(app, browser_factory):
    driver = browser_factory(width=390, height=844)
    driver.get(app + "/nearby?view=map")
    ids = card_ids(driver)
    target = ids[7]
    hidden = driver.execute_script("""
        const list = document.querySelector('[data-place-list]').getBoundingClientRect();
        const card = document.querySelector('.place-card[data-place-id="' + arguments[0] + '"]').getBoundingClientRect();
        return card.left >= list.right;""", target)
    assert hidden, "the card starts out of view"
    marker = [m for m in driver.find_elements(By.CSS_SELECTOR, ".marker") if m.get_attribute("data-place-id") == target][0]
    driver.execute_script("arguments[0].focus()", marker)
    marker.send_keys("\n")  # a keyboard press on the focused marker button
    card = driver.find_element(By.CSS_SELECTOR, f'.place-card[data-place-id="{target}"]')
    wait(driver, lambda: "is-selected" in card.get_attribute("class"))
    assert driver.execute_script("""
        const list = document.querySelector('[data-place-list]').getBoundingClientRect();
        const card = arguments[0].getBoundingClientRect();
        return card.left >= list.left - 1 && card.right <= list.right + 1;""", card)
    assert "is-selected" in marker.get_attribute("class")


def test_a_card_press_centres_the_map_on_its_place(app, browser):
    browser.get(app + "/nearby?view=map")
    target = card_ids(browser)[4]
    before = marker_offset(browser, target)
    assert abs(before[0]) + abs(before[1]) > 20
    url = browser.current_url
    browser.find_element(By.CSS_SELECTOR, f'.place-card[data-place-id="{target}"] [data-show-on-map]').click()
    wait(browser, lambda: max(map(abs, marker_offset(browser, target))) < 2)
    assert browser.current_url == url  # the map moved in place: no new page


def test_a_card_press_wins_over_a_scroll_just_before_it(app, browser_factory):
    """The browser scrolls a pressed card into view, so a scroll comes just before the press: the map must stay on the
    pressed card, not move on to the card the scroll left in the middle of the list (CI saw this under load)."""
    driver = browser_factory(width=390, height=844)
    driver.get(app + "/nearby?view=map")
    ids = card_ids(driver)
    scrolled_to, pressed = ids[5], ids[1]
    driver.execute_script("""
        const list = document.querySelector('[data-place-list]');
        const card = (id) => document.querySelector('.place-card[data-place-id="' + id + '"]');
        list.scrollLeft = card(arguments[0]).offsetLeft - (list.clientWidth - card(arguments[0]).offsetWidth) / 2;
        list.dispatchEvent(new Event('scroll'));
        card(arguments[1]).querySelector('[data-show-on-map]').click();""", scrolled_to, pressed)
    wait(driver, lambda: max(map(abs, marker_offset(driver, pressed))) < 2)
    time.sleep(0.8)  # past the list's 150 ms scroll pick and its 600 ms quiet time
    assert max(map(abs, marker_offset(driver, pressed))) < 2, "a scroll before the press moved the map off the pressed card"


def test_scrolling_the_horizontal_list_moves_the_map(app, browser_factory):
    driver = browser_factory(width=390, height=844)
    driver.get(app + "/nearby?view=map")
    target = card_ids(driver)[5]
    assert max(map(abs, marker_offset(driver, target))) > 20
    driver.execute_script("""
        const list = document.querySelector('[data-place-list]');
        const card = document.querySelector('.place-card[data-place-id="' + arguments[0] + '"]');
        list.scrollLeft = card.offsetLeft - (list.clientWidth - card.offsetWidth) / 2;""", target)
    wait(driver, lambda: max(map(abs, marker_offset(driver, target))) < 2)


def test_dragging_the_map_searches_the_area_it_shows(app, upstream, browser):
    browser.get(app + f"/nearby?view=map&ll={CENTRE}&z=15")
    asked = len(boxes(upstream))
    first = card_ids(browser)
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, "[data-map]")) \
        .click_and_hold().move_by_offset(-200, 0).move_by_offset(-200, 0).release().perform()
    wait(browser, lambda: "ll=52.520" in browser.current_url and "13.404954" not in browser.current_url)
    latitude, longitude = map(float, re.search(r"ll=([-\d.]+),([-\d.]+)", browser.current_url).groups())
    assert longitude > 13.406  # dragged left: the map now shows what lies east
    wait(browser, lambda: len(boxes(upstream)) > asked)
    south, west, north, east = boxes(upstream)[-1]
    assert south < latitude < north and west < longitude < east and west > 13.39
    wait(browser, lambda: browser.find_element(By.CSS_SELECTOR, "[data-results]").get_attribute("aria-busy") is None)
    assert card_ids(browser) != first
    # The new area's next page and the view switch keep the new area.
    more = browser.find_elements(By.CSS_SELECTOR, "[data-nearby-more]")
    assert all(f"ll={latitude:.5f}" in m.get_attribute("href") for m in more)
    assert f"ll={latitude:.5f}" in browser.find_element(By.CSS_SELECTOR, ".nearby-views a").get_attribute("href")


def test_a_search_shows_skeleton_cards_until_the_places_arrive(app, upstream, browser, overpass):
    browser.get(app + "/nearby?view=map&ll=52.518,13.402&z=16")
    shown = card_ids(browser)
    overpass("hold")
    browser.find_element(By.CSS_SELECTOR, "[data-zoom-out]").click()
    results = browser.find_element(By.CSS_SELECTOR, "[data-results]")
    wait(browser, lambda: results.get_attribute("aria-busy") == "true")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".place-card--skeleton[aria-hidden='true']")) == 3
    assert "Searching" in browser.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("textContent")
    assert card_ids(browser) == shown  # what was shown stays while the new area loads
    post(f"{upstream}/control/overpass-release")
    WebDriverWait(browser, 10).until(replaced(results))
    assert browser.find_elements(By.CSS_SELECTOR, ".place-card--skeleton") == []
    assert browser.find_element(By.CSS_SELECTOR, "[data-results]").get_attribute("aria-busy") is None


def test_load_more_appends_the_next_page_in_place(app, browser):
    browser.get(app + "/nearby")
    first = card_ids(browser)
    assert len(first) == 20
    browser.find_element(By.CSS_SELECTOR, "[data-nearby-more]").click()
    wait(browser, lambda: len(card_ids(browser)) == 30)
    assert card_ids(browser)[:20] == first and len(set(card_ids(browser))) == 30
    assert browser.find_elements(By.CSS_SELECTOR, "[data-nearby-more]") == []
    assert browser.current_url == app + "/nearby"


def test_use_my_location_when_granted_searches_there(app, browser):
    browser.get(app + "/nearby")
    browser.execute_cdp_cmd("Browser.setPermission", {"origin": app, "permission": {"name": "geolocation"},
                                                      "setting": "granted"})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 52.5, "longitude": 13.45, "accuracy": 10})
    browser.find_element(By.CSS_SELECTOR, "[data-locate]").click()
    wait(browser, lambda: "ll=52.50000,13.45000" in browser.current_url)
    assert "z=14" in browser.current_url


def test_use_my_location_when_refused_says_so_and_keeps_the_page(app, browser):
    browser.get(app + "/nearby")
    browser.execute_cdp_cmd("Browser.setPermission", {"origin": app, "permission": {"name": "geolocation"},
                                                      "setting": "denied"})
    browser.find_element(By.CSS_SELECTOR, "[data-locate]").click()
    note = browser.find_element(By.CSS_SELECTOR, "[data-locate-note]")
    wait(browser, lambda: "did not share your location" in note.text)
    assert browser.current_url == app + "/nearby" and len(card_ids(browser)) == 20


def test_an_empty_area_says_so(app, browser, overpass):
    overpass("empty")
    browser.get(app + "/nearby?ll=52.5195,13.4055&z=16")
    state = browser.find_element(By.CSS_SELECTOR, "[data-state='empty']")
    assert "No game stores within this area" in state.text and "Zoom out" in state.text


def test_a_typed_search_for_a_store_outside_the_view_widens_and_lists_it(app, upstream, browser):
    """Issue 32: a typed name nothing in view matches is searched within 25 km of the view's centre before the page
    says none: the store across town is listed, and the page says it widened (the form sends the name's space as
    `+`: searched as typed)."""
    browser.get(app + f"/nearby?ll={CENTRE}&z=15")
    asked = len(boxes(upstream))
    field = browser.find_element(By.ID, "nearby-q")
    field.send_keys("Retro Tresor")
    field.submit()
    wait(browser, lambda: "q=Retro" in browser.current_url)
    note = browser.find_element(By.CSS_SELECTOR, "[data-state='widened']")
    assert "Nothing in view — showing matches within 25 km" in note.text
    assert card_ids(browser) == ["osm:node/9900"]
    assert "Retro Tresor" in browser.find_element(By.CSS_SELECTOR, ".place-card h3").text
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-state='empty']")
    # The view came from the server's copy of its area; then the wider square around its centre (about 50 km a
    # side) was asked.
    assert len(boxes(upstream)) == asked + 1
    south, west, north, east = boxes(upstream)[-1]
    assert north - south > 0.4 and south < 52.520008 < north and west < 13.404954 < east


def test_a_failed_search_offers_retry_which_recovers(app, browser, overpass):
    overpass("down")
    browser.get(app + "/nearby?ll=52.5215,13.4045&z=16")
    state = browser.find_element(By.CSS_SELECTOR, "[data-state='error']")
    assert state.get_attribute("role") == "alert" and "did not answer" in state.text
    overpass("ok")
    state.find_element(By.CSS_SELECTOR, "[data-retry]").click()
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "[data-state='places']"))


def test_offline_a_new_search_keeps_what_was_shown(app, browser):
    browser.get(app + "/nearby?view=map")
    shown = card_ids(browser)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                                 "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        browser.find_element(By.CSS_SELECTOR, "[data-zoom-out]").click()
        notice = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".js-notice"))[0]
        assert notice.get_attribute("role") == "alert" and "did not answer" in notice.text
        assert card_ids(browser) == shown
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                                     "downloadThroughput": -1, "uploadThroughput": -1})
    notice.find_element(By.CSS_SELECTOR, "[data-retry]").click()
    wait(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, ".js-notice"))
    assert "z=13" in browser.current_url


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_nearby_states_have_no_axe_violations(app, browser_factory, overpass, scheme, width, height):
    source = axe_source()
    driver = browser_factory(width=width, height=height, dark=scheme == "dark")
    driver.set_script_timeout(30)
    problems = []
    overpass("down")
    for path in ["/nearby?ll=47.1,9.5&z=15", "/nearby?view=map&ll=47.1,9.5&z=15&q=x"]:
        driver.get(app + path)
        driver.execute_script(source)
        problems += [f"{path}: {v['id']}: {v['nodes']}" for v in driver.execute_async_script(RUN)]
    overpass("empty")
    for path in ["/nearby?ll=47.2,9.5&z=15", "/nearby?view=map&ll=47.2,9.5&z=15", "/nearby?ll=47.3,9.5&z=15&q=x"]:
        driver.get(app + path)
        driver.execute_script(source)
        problems += [f"{path}: {v['id']}: {v['nodes']}" for v in driver.execute_async_script(RUN)]
    # A typed search widened past the view (issue 32): its note above the list, and on the map.
    overpass("ok")
    for path in ["/nearby?ll=52.52,13.40&z=15&q=Retro%20Tresor", "/nearby?view=map&ll=52.52,13.40&z=15&q=Retro%20Tresor"]:
        driver.get(app + path)
        assert driver.find_elements(By.CSS_SELECTOR, "[data-state='widened']"), path
        driver.execute_script(source)
        problems += [f"{path}: {v['id']}: {v['nodes']}" for v in driver.execute_async_script(RUN)]
    assert problems == [], "\n".join(problems)


def test_screenshots_of_nearby(app, browser_factory):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in {"phone": (390, 844), "desktop": (1280, 900)}.items():
        for scheme in ["light", "dark"]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark")
            driver.get(app + "/nearby?view=map")
            wait(driver, lambda: driver.execute_script(
                "return [...document.querySelectorAll('.map__tiles img')].every((i) => i.complete)"))
            driver.save_screenshot(str(SCREENSHOTS / f"nearby-map-{size}-{scheme}.png"))
    driver = browser_factory(width=1280, height=900)
    driver.get(app + "/nearby")
    driver.save_screenshot(str(SCREENSHOTS / "nearby-list-desktop-light.png"))


def test_nearby_opens_offline_with_the_last_places_seen(upstream, browser_factory):
    """The service worker keeps the pages seen; offline, any /nearby address opens the last one with its note."""
    server = serve(upstream)
    base = next(server)
    driver = browser_factory(width=390, height=844)
    driver.set_script_timeout(20)
    driver.get(base + "/nearby")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    driver.get(base + "/nearby?view=map")
    shown = card_ids(driver)
    kept = """
        const done = arguments[arguments.length - 1];
        caches.open('pages-v1').then((cache) => cache.match(arguments[0])).then((hit) => done(!!hit), () => done(false));"""
    WebDriverWait(driver, 15, poll_frequency=0.25).until(lambda d: d.execute_async_script(kept, base + "/nearby?view=map"))

    next(server, None)  # the server stops
    driver.get(base + "/nearby?view=map&ll=52.53,13.41&z=15")  # an area never opened
    assert "You are offline" in driver.find_element(By.CSS_SELECTOR, ".offline-note").text
    assert card_ids(driver) and set(card_ids(driver)) <= set(shown)


def test_with_automatic_search_off_the_map_offers_search_this_area(app, upstream, browser):
    browser.get(app + f"/nearby?view=map&ll={CENTRE}&z=14")
    browser.find_element(By.CSS_SELECTOR, "[data-auto-search]").click()
    asked = len(boxes(upstream))
    shown = browser.find_element(By.CSS_SELECTOR, "[data-results]")
    browser.find_element(By.CSS_SELECTOR, "[data-map]").send_keys("+")  # the keyboard zooms in too
    button = browser.find_element(By.CSS_SELECTOR, "[data-search-area]")
    wait(browser, button.is_displayed)
    # Settled without searching: the same results, nothing asked, the URL as it was.
    assert len(boxes(upstream)) == asked and "z=14" in browser.current_url
    assert shown.get_attribute("data-results") is not None
    button.click()
    wait(browser, lambda: "z=15" in browser.current_url)
    WebDriverWait(browser, 10).until(replaced(shown))  # the new area's results replaced them
    assert not button.is_displayed()


def test_load_more_on_the_map_adds_markers_for_the_new_cards(app, browser):
    browser.get(app + "/nearby?view=map")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".marker")) == 20
    browser.execute_script("document.querySelector('[data-nearby-more]').scrollIntoView()")
    browser.find_element(By.CSS_SELECTOR, "[data-nearby-more]").click()
    wait(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, ".marker")) == 30)
    assert [m.get_attribute("data-place-id") for m in browser.find_elements(By.CSS_SELECTOR, ".marker")] == card_ids(browser)


def nominatim_queries(upstream: str) -> list:
    with urllib.request.urlopen(upstream + "/control/nominatim-queries", timeout=5) as response:
        return json.loads(response.read())


def test_a_typed_place_is_found_through_nominatim_and_searched_there(app, upstream, browser):
    browser.get(app + "/nearby")
    field = browser.find_element(By.ID, "nearby-near")
    field.send_keys("Berlin")
    field.submit()
    wait(browser, lambda: "near=Berlin" in browser.current_url)
    # Nominatim was asked as its usage rules want it: the name, jsonv2, one result, the app's own User-Agent.
    asked = [q for q in nominatim_queries(upstream) if q.get("q", "").lower() == "berlin"]
    assert len(asked) == 1
    assert asked[0]["format"] == "jsonv2" and asked[0]["limit"] == "1"
    assert asked[0]["user-agent"].startswith("GameGiveaways/")
    # Overpass was asked for the box Nominatim gave (sent S,N,W,E; asked S,W,N,E), and its places are listed.
    south, west, north, east = boxes(upstream)[-1]
    assert [round(v, 4) for v in (south, west, north, east)] == [52.50, 13.37, 52.54, 13.43]
    listed = card_ids(browser)
    assert listed and browser.find_element(By.ID, "nearby-near").get_attribute("value") == "Berlin"
    # The map of the typed place opens on it, with the same places.
    browser.find_element(By.CSS_SELECTOR, ".nearby-views a:not([aria-current])").click()
    wait(browser, lambda: "view=map" in browser.current_url and "near=Berlin" in browser.current_url)
    latitude, longitude = map(float, browser.find_element(By.CSS_SELECTOR, "[data-nearby]").get_attribute("data-center").split(","))
    assert abs(latitude - 52.52) < 0.005 and abs(longitude - 13.40) < 0.005
    assert card_ids(browser) == listed
    # The same name again is answered from the server's memory: Nominatim is not asked twice.
    browser.get(app + "/nearby?near=Berlin&cat=arcade")
    assert len([q for q in nominatim_queries(upstream) if q.get("q", "").lower() == "berlin"]) == 1


def test_a_typed_place_nominatim_does_not_know_says_so_and_keeps_the_name(app, upstream, browser):
    browser.get(app + "/nearby")
    field = browser.find_element(By.ID, "nearby-near")
    field.send_keys("Atlantis")
    field.submit()
    state = browser.find_element(By.CSS_SELECTOR, "[data-state='unknown-place']")
    assert "Nothing called “Atlantis” was found" in state.text
    assert browser.find_element(By.ID, "nearby-near").get_attribute("value") == "Atlantis"
    assert any(q.get("q", "").lower() == "atlantis" for q in nominatim_queries(upstream))
    # A place it knows with nothing of ours around it: the empty state, on the map too.
    browser.get(app + "/nearby?view=map&near=Hamburg")
    assert "No game stores within this area" in browser.find_element(By.CSS_SELECTOR, "[data-state='empty']").text


def test_the_stale_state_says_when_its_places_were_saved_and_has_no_axe_violations(upstream, browser_factory, overpass):
    """A server that asks Overpass on every search (`--overpass-fresh-minutes 0`): once Overpass fails, an area seen
    before is shown from the server's copy, marked "saved on …", in both languages, axe-clean at both sizes in both
    schemes."""
    source = axe_source()
    server = serve(upstream, ("--overpass-fresh-minutes", "0"))
    base = next(server)
    try:
        paths = ["/nearby?ll=52.5185,13.4005&z=15", "/nearby?view=map&ll=52.5185,13.4005&z=15"]
        driver = browser_factory(width=1280, height=900)
        driver.get(base + paths[0])
        fresh = card_ids(driver)
        assert fresh and not driver.find_elements(By.CSS_SELECTOR, "[data-state='stale']")
        overpass("down")
        problems = []
        for (width, height), scheme, lang in [((390, 844), "light", None), ((390, 844), "dark", "de-DE"),
                                              ((1280, 900), "light", "de-DE"), ((1280, 900), "dark", None)]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark", lang=lang)
            driver.set_script_timeout(30)
            for path in paths:
                driver.get(base + path)
                banner = driver.find_element(By.CSS_SELECTOR, "[data-state='stale']")
                assert ("Orte gespeichert am" if lang else "showing places saved on") in banner.text
                assert banner.find_element(By.CSS_SELECTOR, "[data-retry]").is_displayed()
                assert card_ids(driver) == fresh, "the places saved, in their order"
                driver.execute_script(source)
                problems += [f"{path} {width} {scheme} {lang}: {v['id']}: {v['nodes']}"
                             for v in driver.execute_async_script(RUN)]
        assert problems == [], "\n".join(problems)
    finally:
        next(server, None)


def test_foursquare_and_its_fallback_down_the_place_ids_seen_are_listed_with_reconnect(upstream, browser_factory, overpass):
    """A server with a Foursquare key (the fake Foursquare), OpenStreetMap as its fallback: once both fail, an area
    Foursquare listed shows the ids of its places (all its terms let the server keep), "Reconnect to see details" and
    Retry, in English and German, axe-clean at both sizes in both schemes; Retry recovers once Foursquare answers."""
    source = axe_source()
    server = serve(upstream, ("--foursquare-key", fake_upstream.FOURSQUARE_KEY,
                              "--foursquare-url", upstream + "/foursquare"))
    base = next(server)
    try:
        driver = browser_factory(width=1280, height=900)
        driver.get(base + "/nearby?ll=52.519,13.4015&z=15")
        listed = card_ids(driver)
        assert listed and all(i.startswith("fsq:") for i in listed)
        assert driver.find_element(By.CSS_SELECTOR, "[data-source='foursquare']")
        post(f"{upstream}/control/foursquare-down")
        overpass("down")
        problems = []
        # The map nudged by a hair: no page kept for back-and-forth answers, the same area's ids do.
        path = "/nearby?ll=52.51901,13.40151&z=15"
        for (width, height), scheme, lang in [((390, 844), "light", None), ((390, 844), "dark", "de-DE"),
                                              ((1280, 900), "light", "de-DE"), ((1280, 900), "dark", None)]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark", lang=lang)
            driver.set_script_timeout(30)
            for view in ["", "&view=map"]:
                driver.get(base + path + view)
                state = driver.find_element(By.CSS_SELECTOR, "[data-state='ids-only']")
                title = "Verbinde dich wieder, um Details zu sehen" if lang else "Reconnect to see details"
                assert title in state.text
                seen = [i.get_attribute("data-place-id") for i in state.find_elements(By.CSS_SELECTOR, "li[data-place-id]")]
                # The ids of the places listed there, in their order (the map's small panel: the first 4, and the list).
                shown = listed if not view else listed[:4]
                assert seen == shown
                links = [a.get_attribute("href") for a in state.find_elements(By.CSS_SELECTOR, "li a")]
                assert links == ["https://foursquare.com/v/" + i[len("fsq:"):] for i in shown]
                if view:
                    assert "view=map" not in state.find_element(By.CSS_SELECTOR, "p > a").get_attribute("href")
                assert "Foursquare Store" not in state.text and "Teststraße" not in state.text
                driver.execute_script(source)
                problems += [f"{view} {width} {scheme} {lang}: {v['id']}: {v['nodes']}"
                             for v in driver.execute_async_script(RUN)]
        assert problems == [], "\n".join(problems)
        post(f"{upstream}/control/foursquare-ok")
        driver.find_element(By.CSS_SELECTOR, "[data-state='ids-only'] [data-retry]").click()
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "[data-state='places']"))
        assert card_ids(driver) == listed
    finally:
        post(f"{upstream}/control/foursquare-ok")
        next(server, None)


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", [None, "de-DE"], ids=["en", "de"])
def test_nearby_has_a_tab_of_its_own_on_phone_and_desktop(app, browser_factory, width, height, lang):
    driver = browser_factory(width=width, height=height, lang=lang)
    driver.get(app + "/")
    tab = driver.find_element(By.CSS_SELECTOR, "nav.tab-bar a.tab-link[href='/nearby']")
    assert tab.is_displayed() and tab.text == ("In der Nähe" if lang else "Nearby")
    # Every tab's label fits its tab, in both languages (none cut to an ellipsis).
    cut = driver.execute_script(
        "return [...document.querySelectorAll('nav.tab-bar .tab-link span')].filter((s) => s.scrollWidth > s.clientWidth)"
        ".map((s) => s.textContent)")
    assert cut == []
    tab.click()
    wait(driver, lambda: driver.current_url == app + "/nearby")
    current = driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar a.tab-link[aria-current='page']")
    assert [a.get_attribute("href") for a in current] == [app + "/nearby"]
