"""The user-facing flows in a real headless Chromium against the real server and the fake upstream."""
import time
from pathlib import Path
from urllib.parse import urlparse, parse_qs

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_driver import replaced

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def card_ids(driver):
    return [int(card.get_attribute("data-giveaway-id"))
            for card in driver.find_elements(By.CSS_SELECTOR, "#results article.card")]


def severe_console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
            and "favicon" not in entry["message"]]


def wait(driver, seconds=10):
    # Live search and Load more replace the results while a condition reads them: a card read just as it is
    # replaced is read again on the next poll, not a failure.
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def test_home_lists_live_giveaways_and_hides_expired(app, browser):
    browser.get(app + "/")
    ids = card_ids(browser)
    assert len(ids) == 13
    assert 5113 not in ids  # expired, though the upstream still says Active
    assert ids[0] == 5101  # newest first
    card = browser.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5101']")
    assert card.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith("/giveaways/5101")
    assert "Epic Games Store" in card.text
    assert "$24.99" in card.text
    assert "GamerPower" in browser.find_element(By.CSS_SELECTOR, "footer").text
    assert severe_console_errors(browser) == []


def test_platform_tab_and_type_filter_narrow_the_list(app, browser):
    browser.get(app + "/")
    browser.find_element(By.LINK_TEXT, "Steam").click()
    wait(browser).until(EC.url_contains("platform=steam"))
    assert sorted(card_ids(browser)) == [5105, 5106, 5108, 5114]
    browser.find_element(By.LINK_TEXT, "Loot").click()
    wait(browser).until(EC.url_contains("type=loot"))
    assert parse_qs(urlparse(browser.current_url).query) == {"platform": ["steam"], "type": ["loot"]}
    assert card_ids(browser) == [5106]
    # Every platform is reachable through the "All platforms" menu, by display name.
    browser.get(app + "/")
    browser.find_element(By.CSS_SELECTOR, ".all-platforms summary").click()
    menu = browser.find_element(By.CSS_SELECTOR, ".all-platforms__menu")
    for name in ["Xbox Series X|S", "Nintendo Switch", "Battle.net", "Origin", "Ubisoft Connect", "Itch.io"]:
        assert name in menu.text
    menu.find_element(By.PARTIAL_LINK_TEXT, "Nintendo Switch").click()
    wait(browser).until(EC.url_contains("platform=switch"))
    assert card_ids(browser) == [5112]


def test_search_narrows_as_you_type_without_a_reload(app, browser):
    browser.get(app + "/")
    browser.execute_script("window.__marker = 'same page'")
    box = browser.find_element(By.ID, "q")
    box.send_keys("POKEMON")
    wait(browser).until(lambda d: card_ids(d) == [5106])
    assert browser.execute_script("return window.__marker") == "same page"
    assert "q=POKEMON" in browser.current_url
    box.clear()
    box.send_keys("xbox")  # platform display names are searched too
    wait(browser).until(lambda d: card_ids(d) == [5110])
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("no such thing")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results .empty-state"))
    assert "Clear filters" in browser.find_element(By.ID, "results").text
    assert severe_console_errors(browser) == []


def test_heart_survives_reload_shows_in_favorites_and_stays_private(app, browser_factory):
    first = browser_factory()
    first.get(app + "/")
    heart = first.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5107'] button.heart")
    assert heart.get_attribute("aria-pressed") == "false"
    heart.click()
    wait(first).until(lambda d: d.find_element(
        By.CSS_SELECTOR, "article[data-giveaway-id='5107'] button.heart").get_attribute("aria-pressed") == "true")
    first.refresh()
    assert first.find_element(
        By.CSS_SELECTOR, "article[data-giveaway-id='5107'] button.heart").get_attribute("aria-pressed") == "true"
    first.get(app + "/giveaways/5107")
    assert first.find_element(By.CSS_SELECTOR, ".details button.heart").get_attribute("aria-pressed") == "true"
    first.get(app + "/favorites")
    assert [int(c.get_attribute("data-giveaway-id")) for c in first.find_elements(By.CSS_SELECTOR, "article.card")] == [5107]

    second = browser_factory()
    second.get(app + "/favorites")
    assert second.find_elements(By.CSS_SELECTOR, "article.card") == []
    assert "No favorites yet" in second.page_source
    second.get(app + "/")
    assert second.find_element(
        By.CSS_SELECTOR, "article[data-giveaway-id='5107'] button.heart").get_attribute("aria-pressed") == "false"
    assert severe_console_errors(first) == []


def test_details_show_every_fact_and_get_it_opens_the_claim_page(app, browser):
    browser.get(app + "/giveaways/5108")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Tidebreaker Tactics Beta Key"
    facts = browser.find_element(By.CSS_SELECTOR, ".facts").text
    assert "1,980 people" in facts and "Early Access" in facts and "Active" in facts
    assert "No end date" in facts
    assert [li.text for li in browser.find_elements(By.CSS_SELECTOR, ".details .chips li")] == ["PC", "Steam"]
    get_it = browser.find_element(By.LINK_TEXT, "Get it")
    assert get_it.get_attribute("href") == "https://www.gamerpower.com/open/tidebreaker-tactics-beta-key"
    assert get_it.get_attribute("target") == "_blank"
    assert set(get_it.get_attribute("rel").split()) >= {"noopener", "noreferrer"}
    link = browser.find_element(By.CSS_SELECTOR, ".steps a")
    assert link.get_attribute("href") == "https://example.com/tidebreaker-beta"
    assert link.text == "the beta sign-up page"
    browser.get(app + "/giveaways/5101")
    # 6 April 15:00 UTC, seen on 31 March: the weekday and the time, in the browser's zone (UTC here).
    assert browser.find_element(By.CSS_SELECTOR, ".details__countdown").text == "Ends Mon 15:00"
    assert "$24.99" in browser.find_element(By.CSS_SELECTOR, ".facts").text
    browser.get(app + "/giveaways/999999")
    assert "We couldn't find that" in browser.find_element(By.TAG_NAME, "h1").text


def test_carousel_moves_with_buttons_and_keys(app, browser):
    browser.get(app + "/more")
    carousel = browser.find_element(By.CSS_SELECTOR, "#featured [data-carousel]")
    assert "is-enhanced" in carousel.get_attribute("class")
    items = browser.find_elements(By.CSS_SELECTOR, "#featured .carousel__item")
    assert len(items) == 4
    position = browser.find_element(By.CSS_SELECTOR, "[data-carousel-position]")
    assert position.text == "1"
    # The slides glide to their places when the script lays them out (a 0.5 s transition): read the second one's
    # place once it is there, not while it still starts from the centre (where the first one ends up too).
    centre = "matrix(1, 0, 0, 1, 0, 0)"
    deadline = time.time() + 5
    while time.time() < deadline and items[1].value_of_css_property("transform") in ("none", centre):
        time.sleep(0.1)
    before = items[1].value_of_css_property("transform")
    assert before not in ("none", centre)
    browser.find_element(By.CSS_SELECTOR, "[data-carousel-next]").click()
    assert position.text == "2"
    deadline = time.time() + 5
    while time.time() < deadline and items[1].value_of_css_property("transform") == before:
        time.sleep(0.1)
    assert items[1].value_of_css_property("transform") != before
    carousel.send_keys(Keys.ARROW_RIGHT)
    assert position.text == "3"
    carousel.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert position.text == "4"  # wraps around
    carousel.send_keys(Keys.HOME)
    assert position.text == "1"
    carousel.send_keys(Keys.END)
    assert position.text == "4"
    # From the keyboard alone: Tab reaches the current card only; arrows on it move focus to the new current
    # card, never leaving it on one hidden from assistive technology.
    current = browser.find_element(By.CSS_SELECTOR, '#featured .carousel__item[aria-hidden="false"] a')
    assert [a.get_attribute("tabindex") for a in browser.find_elements(By.CSS_SELECTOR, "#featured .carousel__item a")].count("0") == 1
    current.send_keys(Keys.ARROW_RIGHT)
    assert position.text == "1"
    focused = browser.switch_to.active_element
    assert focused.get_attribute("class") == "carousel__card"
    assert focused.find_element(By.XPATH, "..").get_attribute("aria-hidden") == "false"
    assert focused.find_element(By.XPATH, "..").get_attribute("data-index") == "0"
    shelves = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".shelf h2")]
    assert shelves[0].startswith("PC") and any(s.startswith("Playstation 5") for s in shelves)
    assert severe_console_errors(browser) == []


def test_hostile_upstream_text_renders_as_text_and_runs_nothing(app, browser):
    browser.get(app + "/?q=evil")
    assert card_ids(browser) == [5114]
    assert "<script>" in browser.find_element(By.CSS_SELECTOR, ".card__title").text
    browser.get(app + "/giveaways/5114")
    time.sleep(0.3)
    assert browser.execute_script("return window.__xss === undefined")
    assert "<script>window.__xss=1</script>" in browser.find_element(By.TAG_NAME, "h1").text
    assert browser.find_element(By.CSS_SELECTOR, ".button--primary").get_attribute("href").endswith("#")
    hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "main a")]
    assert not any(h and h.lower().startswith("javascript:") for h in hrefs)
    assert browser.find_elements(By.CSS_SELECTOR, "main iframe, main script, main svg[onload], main img[onerror]") == []
    assert severe_console_errors(browser) == []


def test_invalid_filter_gets_a_friendly_400_page(app, browser):
    browser.get(app + "/?sort=cheapest")
    assert "That filter doesn't exist" in browser.find_element(By.TAG_NAME, "h1").text
    assert "date, value, popularity or ending" in browser.page_source


def test_offline_banner_when_the_upstream_fails_and_data_stays(app, upstream, browser):
    import urllib.request
    urllib.request.urlopen(urllib.request.Request(upstream + "/control/down", method="POST")).read()
    try:
        browser.get(app + "/")
        # Ask for a sync on demand (the endpoint the banner's Retry button posts to), then wait for the failure.
        browser.execute_script("""
            const f = document.createElement('form'); f.method = 'post'; f.action = '/sync';
            document.body.appendChild(f); f.submit();""")
        deadline = time.time() + 20
        while time.time() < deadline and not browser.find_elements(By.CSS_SELECTOR, ".banner--offline"):
            time.sleep(0.5)
            browser.get(app + "/")
        banner = browser.find_element(By.CSS_SELECTOR, ".banner--offline")
        assert "Offline — showing data from" in banner.text
        assert len(card_ids(browser)) == 13
    finally:
        urllib.request.urlopen(urllib.request.Request(upstream + "/control/ok", method="POST")).read()
    # Retry now: the banner's own button triggers a sync, and the banner goes away once it succeeds.
    # (A sync still retrying the outage when Retry is pressed makes that press a no-op — one run per source at
    # a time — so, like a user, press it again while the banner stays.)
    browser.get(app + "/")
    browser.find_element(By.CSS_SELECTOR, ".banner--offline button").click()
    deadline = time.time() + 30
    pressed = time.time()
    while time.time() < deadline and browser.find_elements(By.CSS_SELECTOR, ".banner--offline"):
        time.sleep(0.5)
        browser.get(app + "/")
        retry = browser.find_elements(By.CSS_SELECTOR, ".banner--offline button")
        if retry and time.time() - pressed > 6:
            retry[0].click()
            pressed = time.time()
    # Judged on a page loaded afresh, not on whatever the last click left in the window.
    browser.get(app + "/")
    assert browser.find_elements(By.CSS_SELECTOR, ".banner--offline") == []


def status_badge_after_sync_now(driver, app, expected):
    """Presses "Sync now" on /status and reloads until the GamerPower badge says `expected`."""
    button = driver.find_element(
        By.XPATH, "//section[@aria-labelledby='status-gamerpower']//button[normalize-space()='Sync now']")
    button.click()
    # The form answers with a redirect to this same /status: wait for the old page to go, not for the URL.
    wait(driver).until(replaced(button))
    wait(driver).until(EC.url_to_be(app + "/status"))
    deadline = time.time() + 20
    badge = None
    while time.time() < deadline:
        try:
            badge = driver.find_element(By.CSS_SELECTOR, "[aria-labelledby='status-gamerpower'] .badge").text
        except StaleElementReferenceException:
            continue  # a reload replaced the page while it was read
        if badge == expected:
            return
        time.sleep(0.5)
        driver.get(app + "/status")
    raise AssertionError(f"the badge still says {badge!r}, not {expected!r}")


def test_status_page_answers_is_it_empty_or_broken_and_syncs_on_demand(app, upstream, browser):
    import urllib.request
    browser.get(app + "/")
    browser.find_element(By.CSS_SELECTOR, "footer").find_element(By.LINK_TEXT, "Sync status").click()
    wait(browser).until(EC.url_to_be(app + "/status"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Sync status"
    card = browser.find_element(By.CSS_SELECTOR, "section.status-card[aria-labelledby='status-gamerpower']")
    assert card.find_element(By.TAG_NAME, "h2").text == "GamerPower"
    assert card.find_element(By.CSS_SELECTOR, ".badge").text == "Healthy"
    facts = {div.find_element(By.TAG_NAME, "dt").get_attribute("textContent"): div.find_element(By.TAG_NAME, "dd").text
             for div in card.find_elements(By.CSS_SELECTOR, ".facts > div")}
    assert facts["Outcome"] == "succeeded"
    assert facts["Holds"] == "14 giveaways"  # what the store holds, the expired one included
    assert "ago" in facts["Last success"] and facts["Next run"].endswith(")") and "(in " in facts["Next run"]
    labels = [li.text.split(" ", 1)[1] for li in card.find_elements(By.CSS_SELECTOR, ".status-card__changes li")]
    assert labels == ["new", "updated", "back", "left"]
    assert card.find_elements(By.CSS_SELECTOR, ".status-card__reason") == []
    # Broken upstream: "Sync now" fails, the page says so and why, and the data on show is kept.
    urllib.request.urlopen(urllib.request.Request(upstream + "/control/down", method="POST")).read()
    try:
        status_badge_after_sync_now(browser, app, "Failing — showing older data")
        card = browser.find_element(By.CSS_SELECTOR, "section.status-card[aria-labelledby='status-gamerpower']")
        reason = card.find_element(By.CSS_SELECTOR, ".status-card__reason").text
        assert "500" in reason
        assert "14 giveaways" in card.text
    finally:
        urllib.request.urlopen(urllib.request.Request(upstream + "/control/ok", method="POST")).read()
    # Mended: the next "Sync now" succeeds; nothing changed in the feed, and the page says that too.
    status_badge_after_sync_now(browser, app, "Healthy")
    counts = [li.text for li in browser.find_elements(
        By.CSS_SELECTOR, "[aria-labelledby='status-gamerpower'] .status-card__changes li")]
    assert counts == ["0 new", "0 updated", "0 back", "0 left"]
    catalog = browser.find_element(By.CSS_SELECTOR, "section.status-card[aria-labelledby='status-freetogame']")
    assert "Healthy" in catalog.text and "12 games" in catalog.text
    assert severe_console_errors(browser) == []


def heart_all(driver, ids):
    """Hearts giveaways one after another from the page's own origin (the first answer sets the profile cookie)."""
    driver.execute_async_script("""
        const [ids, done] = arguments;
        (async () => {
          for (const id of ids) {
            const r = await fetch('/giveaways/' + id + '/favorite', {method: 'POST', body: new URLSearchParams({favorite: '1'}),
              headers: {Accept: 'application/json'}, credentials: 'same-origin'});
            if (!r.ok) throw new Error('heart ' + id + ': ' + r.status);
          }
        })().then(() => done(null), (e) => done(String(e)));""", ids)


def test_home_shows_every_live_giveaway_and_load_more_appends_in_place(long_app, browser):
    browser.set_script_timeout(30)
    browser.get(long_app + "/")
    ids = card_ids(browser)
    assert len(ids) == 60 and browser.find_elements(By.CSS_SELECTOR, ".load-more") == []  # no page 2 on Home
    heart_all(browser, ids[:50])
    browser.get(long_app + "/favorites")
    cards = lambda d: d.find_elements(By.CSS_SELECTOR, "[data-list] > *")
    assert len(cards(browser)) == 48
    browser.execute_script("window.__marker = 'same page'")
    more = browser.find_element(By.CSS_SELECTOR, "a[data-load-more]")
    assert "page=2" in more.get_attribute("href")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    more.click()
    wait(browser).until(lambda d: len(cards(d)) == 50)
    assert browser.execute_script("return window.__marker") == "same page"  # appended, not reloaded
    assert "page=2" in browser.current_url
    assert browser.find_elements(By.CSS_SELECTOR, "a[data-load-more]") == []  # nothing more to load
    focused = browser.switch_to.active_element
    assert focused == cards(browser)[48]  # keyboard and screen-reader users land on the first new item
    # The position lives in the URL: a reload shows the same 50, and so does the plain link without JavaScript.
    browser.refresh()
    assert len(cards(browser)) == 50
    browser.get(long_app + "/favorites?page=2#item-49")
    assert len(cards(browser)) == 50
    assert severe_console_errors(browser) == []


def game_ids(driver):
    return [int(card.get_attribute("data-game-id"))
            for card in driver.find_elements(By.CSS_SELECTOR, "#results article.card")]


def test_catalog_genre_chip_search_suggestion_and_details(app, browser):
    browser.get(app + "/")
    browser.find_element(By.CSS_SELECTOR, ".site-header").find_element(By.PARTIAL_LINK_TEXT, "Free to play").click()
    wait(browser).until(EC.url_to_be(app + "/free-to-play"))
    assert len(game_ids(browser)) == 12
    chips = {chip.text.split("\n")[0].rsplit(" ", 1)[0] if chip.text[-1].isdigit() else chip.text: chip
             for chip in browser.find_elements(By.CSS_SELECTOR, ".genre-chips .pill")}
    assert list(chips)[:3] == ["All", "MMORPG", "Shooter"]  # "All" first, then by count; " MMORPG" merged
    chips["MMORPG"].click()
    wait(browser).until(EC.url_contains("genre=mmorpg"))
    assert sorted(game_ids(browser)) == [9001, 9006, 9010, 9011]
    browser.execute_script("window.__marker = 'same page'")
    box = browser.find_element(By.ID, "q")
    box.send_keys("myth")
    wait(browser).until(lambda d: game_ids(d) == [9006])
    assert browser.execute_script("return window.__marker") == "same page"
    assert "q=myth" in browser.current_url and "genre=mmorpg" in browser.current_url
    wait(browser).until(lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('#q-suggestions option')).map(o => o.value)") == ["Mythwalkers Online"])
    browser.find_element(By.CSS_SELECTOR, "article[data-game-id='9006'] a").click()
    wait(browser).until(EC.url_to_be(app + "/free-to-play/9006"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Mythwalkers Online"
    facts = browser.find_element(By.CSS_SELECTOR, ".facts").text
    assert "March 2014" in facts and "MMORPG" in facts
    rows = [row.text for row in browser.find_elements(By.CSS_SELECTOR, ".requirements tr")]
    assert "Memory 4 GB" in rows and "Graphics Not listed" in rows and "Storage 2 GB" in rows
    assert len(browser.find_elements(By.CSS_SELECTOR, ".screenshots img")) == 3
    play = browser.find_element(By.LINK_TEXT, "Play")
    assert play.get_attribute("target") == "_blank" and "noopener" in play.get_attribute("rel")
    assert severe_console_errors(browser) == []


def test_catalog_text_from_the_upstream_stays_inert(app, browser):
    browser.get(app + "/free-to-play?q=evil")
    assert game_ids(browser) == [9010]
    browser.get(app + "/free-to-play/9010")
    time.sleep(0.3)
    assert browser.execute_script("return window.__xss === undefined")
    assert "<img" in browser.find_element(By.TAG_NAME, "h1").text
    assert browser.find_elements(By.LINK_TEXT, "Play") == []  # its javascript: link is dropped
    hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "main a")]
    assert not any(h and h.lower().startswith("javascript:") for h in hrefs)
    browser.get(app + "/free-to-play/9004")  # a release date of 0000-00-00
    assert "Released\nUnknown" in browser.find_element(By.CSS_SELECTOR, ".facts").text.replace("RELEASED", "Released")
    assert severe_console_errors(browser) == []


def test_catalog_notes_save_themselves_survive_a_resync_and_stay_private(app, browser_factory):
    first = browser_factory()
    first.get(app + "/free-to-play/9005")
    box = first.find_element(By.ID, "note")
    assert box.get_attribute("value") == ""
    assert not first.find_element(By.CSS_SELECTOR, ".notes__save").is_displayed()  # with JS it saves by itself
    box.send_keys("Meet Sam on EU-West <b>Fridays</b>")
    status = first.find_element(By.CSS_SELECTOR, "[data-notes-status]")
    wait(first).until(lambda d: status.text == "Saved")
    # A catalog sync (the status page's "Sync now" for FreeToGame) keeps every note.
    first.execute_script("""
        const f = document.createElement('form'); f.method = 'post'; f.action = '/sync';
        for (const [k, v] of [['source', 'freetogame'], ['back', '/status']]) {
          const i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v; f.appendChild(i); }
        document.body.appendChild(f); f.submit();""")
    wait(first).until(EC.url_to_be(app + "/status"))
    time.sleep(1)
    first.get(app + "/free-to-play/9005")
    assert first.find_element(By.ID, "note").get_attribute("value") == "Meet Sam on EU-West <b>Fridays</b>"
    assert first.find_element(By.CSS_SELECTOR, "[data-notes-status]").text.startswith("Saved ")
    second = browser_factory()
    second.get(app + "/free-to-play/9005")
    assert second.find_element(By.ID, "note").get_attribute("value") == ""
    assert severe_console_errors(first) == []


def test_a_failed_background_action_shows_a_two_second_notice(app, browser_factory):
    browser = browser_factory()
    browser.get(app + "/free-to-play/9001")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        browser.find_element(By.ID, "note").send_keys("written on a train")
        toast = wait(browser).until(lambda d: d.find_element(By.ID, "toast"))
        wait(browser).until(lambda d: "is-visible" in toast.get_attribute("class"))
        assert toast.text == "Your notes were not saved."
        assert toast.get_attribute("role") == "status"
        assert browser.find_element(By.CSS_SELECTOR, ".notes__save").is_displayed()  # Save is offered again
        time.sleep(2.5)
        assert "is-visible" not in toast.get_attribute("class")
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_catalog_hide_asks_leaves_catalog_and_search_and_restores(app, browser_factory):
    browser = browser_factory()
    browser.get(app + "/free-to-play/9008")
    browser.find_element(By.LINK_TEXT, "Hide").click()
    browser.switch_to.alert.dismiss()  # "Cancel" changes nothing
    assert browser.current_url == app + "/free-to-play/9008"
    browser.find_element(By.LINK_TEXT, "Hide").click()
    browser.switch_to.alert.accept()
    wait(browser).until(EC.url_to_be(app + "/free-to-play"))
    assert 9008 not in game_ids(browser) and len(game_ids(browser)) == 11
    browser.get(app + "/free-to-play?q=skyline")
    assert game_ids(browser) == [] and browser.find_elements(By.CSS_SELECTOR, "#results .empty-state")
    other = browser_factory()
    other.get(app + "/free-to-play?q=skyline")
    assert game_ids(other) == [9008]  # hidden for one profile only
    browser.get(app + "/free-to-play")
    browser.find_element(By.PARTIAL_LINK_TEXT, "1 hidden").click()
    wait(browser).until(EC.url_to_be(app + "/free-to-play/hidden"))
    row = browser.find_element(By.CSS_SELECTOR, ".hidden-game[data-game-id='9008']")
    row.find_element(By.TAG_NAME, "button").click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".empty-state"))
    browser.get(app + "/free-to-play?q=skyline")
    assert game_ids(browser) == [9008]
    assert severe_console_errors(browser) == []


def rawg_ids(driver):
    return [int(card.get_attribute("data-rawg-id")) for card in driver.find_elements(By.CSS_SELECTOR, "[data-rawg-id]")]


def test_discover_remembers_the_genre_scrolls_for_more_and_never_shows_the_key(app, upstream, browser_factory):
    import fake_upstream
    browser = browser_factory()
    browser.get(app + "/")
    browser.find_element(By.CSS_SELECTOR, "footer").find_element(By.LINK_TEXT, "Discover games").click()
    wait(browser).until(EC.url_to_be(app + "/discover"))
    tiles = browser.find_elements(By.CSS_SELECTOR, ".genre-tile")
    assert [t.find_element(By.CSS_SELECTOR, ".genre-tile__name").text for t in tiles] == ["Action", "Indie", "Strategy", "Puzzle"]
    tiles[1].click()
    wait(browser).until(EC.url_to_be(app + "/discover/indie"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Indie"
    first = rawg_ids(browser)
    assert len(first) == 24
    # Infinite scroll: scrolling to the end loads RAWG's page 2 into the same list.
    browser.execute_script("window.__marker = 'same page'")
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    wait(browser).until(lambda d: len(rawg_ids(d)) == 30)
    assert browser.execute_script("return window.__marker") == "same page"
    assert browser.find_elements(By.CSS_SELECTOR, "a[data-infinite]") == []
    # The genre is remembered for this profile: /discover opens it directly, also after a reload.
    browser.get(app + "/discover")
    assert browser.current_url == app + "/discover/indie"
    browser.refresh()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Indie"
    browser.find_element(By.XPATH, "//button[normalize-space()='Change genre']").click()
    wait(browser).until(EC.url_contains("/discover?genres=all"))
    assert browser.find_elements(By.CSS_SELECTOR, ".genre-tile")
    browser.get(app + "/discover/games/10003")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Action Quest 4"
    assert "It is fun." in browser.find_element(By.CSS_SELECTOR, ".description").text
    assert browser.find_element(By.LINK_TEXT, "RAWG").get_attribute("href").startswith("https://rawg.io")
    # RAWG's text stays text: names, genres, platforms, developers, descriptions, links.
    for path in ["/discover/puzzle", "/discover/games/10999"]:
        browser.get(app + path)
        time.sleep(0.3)
        assert browser.execute_script("return window.__xss === undefined"), path
        assert browser.find_elements(By.CSS_SELECTOR, "main script, main iframe, main svg[onload], main img[onerror]") == []
        hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "main a")]
        assert not any(h and h.lower().startswith("javascript:") for h in hrefs)
    assert "<img src=x" in browser.find_element(By.TAG_NAME, "h1").text
    key = fake_upstream.Upstream.RAWG_KEY
    for path in ["/discover?genres=all", "/discover/indie", "/discover/games/10003", "/discover/games/5", "/status"]:
        browser.get(app + path)
        assert key not in browser.page_source
    assert severe_console_errors(browser) == [] or all("404" in e["message"] for e in severe_console_errors(browser))


def test_screenshots_phone_and_desktop_light_and_dark(app, browser_factory):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pages = {"home": "/", "details": "/giveaways/5101", "more": "/more", "favorites": "/favorites",
             "status": "/status", "free-to-play": "/free-to-play", "game": "/free-to-play/9002",
             "discover": "/discover?genres=all", "discover-genre": "/discover/action", "games": "/games",
             "games-search": "/games?q=starlight", "game-free-now": "/discover/games/20001"}
    for size_name, (width, height) in {"phone": (390, 844), "desktop": (1440, 900)}.items():
        for scheme in ["light", "dark"]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark")
            driver.get(app + "/")
            heart = driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5102'] button.heart")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", heart)
            heart.click()
            time.sleep(0.3)
            for page, path in pages.items():
                driver.get(app + path)
                time.sleep(0.8)  # images and the carousel settle
                driver.save_screenshot(str(SCREENSHOTS / f"{page}-{size_name}-{scheme}.png"))
                # Rows that scroll sideways (shelves, pills, the carousel) scroll inside themselves: the page never
                # does (More's shelves once stretched it to the width of twenty cards).
                scroll_width, client_width = driver.execute_script(
                    "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                assert scroll_width <= client_width, f"{path} is {scroll_width}px wide at {width}px"
            assert severe_console_errors(driver) == []


def test_history_lists_ended_giveaways_and_load_more_appends(past_app, browser):
    browser.get(past_app + "/history")
    items = lambda d: d.find_elements(By.CSS_SELECTOR, "[data-list] > li.history-item")
    assert len(items(browser)) == 48
    first = items(browser)[0]
    assert "Expired" in first.text and "First seen" in first.text
    browser.execute_script("window.__marker = 'same page'")
    more = browser.find_element(By.CSS_SELECTOR, "a[data-load-more]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    more.click()
    wait(browser).until(lambda d: len(items(d)) == 60)
    assert browser.execute_script("return window.__marker") == "same page"
    assert "page=2" in browser.current_url
    ids = [int(item.get_attribute("data-giveaway-id")) for item in items(browser)]
    assert len(set(ids)) == 60  # page 2 appended, nothing repeated
    assert browser.switch_to.active_element == items(browser)[48]
    # Filters: the month select narrows, a link goes to Details.
    browser.get(past_app + "/history?month=2026-02")
    assert "Nothing matches" in browser.page_source
    browser.get(past_app + "/history")
    browser.find_element(By.CSS_SELECTOR, ".history-item__title a").click()
    assert "/giveaways/" in browser.current_url
    assert severe_console_errors(browser) == []


def test_history_and_stats_render_with_chart_and_table(app, browser):
    browser.get(app + "/history")
    assert browser.find_element(By.TAG_NAME, "h1").text == "History"
    # The fixture's Ancient Harbor ended on 10 February.
    assert "Ancient Harbor" in browser.find_element(By.CSS_SELECTOR, "#results").text
    browser.get(app + "/stats")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Statistics"
    chart = browser.find_element(By.CSS_SELECTOR, "svg.chart__svg[role='img']")
    assert chart.size["width"] > 200 and chart.size["height"] > 100
    assert "New giveaways per week" in chart.get_attribute("aria-label")
    table = browser.find_element(By.CSS_SELECTOR, ".chart__table table")
    assert not table.is_displayed()
    browser.find_element(By.CSS_SELECTOR, ".chart__table summary").click()
    assert table.is_displayed()
    assert "$0.00" in browser.find_element(By.CSS_SELECTOR, ".stats-tiles").text
    footer = browser.find_element(By.CSS_SELECTOR, ".site-footer")
    assert footer.find_element(By.LINK_TEXT, "History") and footer.find_element(By.LINK_TEXT, "Statistics")
    assert severe_console_errors(browser) == []


def test_screenshots_of_history_and_stats(app, past_app, browser_factory):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pages = {"history": past_app + "/history", "stats": app + "/stats"}
    for size_name, (width, height) in {"phone": (390, 844), "desktop": (1280, 900)}.items():
        for scheme in ["light", "dark"]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark")
            for page, url in pages.items():
                driver.get(url)
                time.sleep(0.8)
                if page == "stats":  # the whole page: the chart is below the fold on a phone
                    full = driver.execute_script("return document.documentElement.scrollHeight")
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                        "width": width, "height": full, "deviceScaleFactor": 1, "mobile": False})
                    time.sleep(0.3)
                driver.save_screenshot(str(SCREENSHOTS / f"{page}-{size_name}-{scheme}.png"))
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            assert severe_console_errors(driver) == []
