"""Games in Chromium against the real server and the fake RAWG, as a newcomer with a fresh profile: the Games tab,
the popular feed scrolled into page 3, search as you type, a game that is free right now, two hearts, and Favorites
and a kept game opened offline (the server stopped)."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import serve


def rawg_ids(driver, scope="#results"):
    """The games listed, read in one go (search as you type replaces the list under the reader's feet)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' [data-rawg-id]')].map((c) => Number(c.dataset.rawgId))",
        scope)


def wait(driver, condition, seconds=10):
    return WebDriverWait(driver, seconds).until(lambda d: condition())


def test_browse_search_heart_and_open_favorites_offline(upstream, browser_factory):
    server = serve(upstream)
    base = next(server)
    driver = browser_factory(width=390, height=844)
    driver.get(base + "/")
    wait(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"))

    # The Games tab: RAWG's popular games, 20 a page; scrolling loads page 2, then 3, into the same list.
    driver.find_element(By.CSS_SELECTOR, ".tab-bar a[href='/games']").click()
    wait(driver, lambda: driver.current_url == base + "/games")
    assert len(rawg_ids(driver)) == 20
    driver.execute_script("window.__marker = 'same page'")
    for count, page in [(40, 2), (60, 3)]:
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda: len(rawg_ids(driver)) == count)
        wait(driver, lambda: driver.current_url.endswith(f"page={page}"))
    assert driver.execute_script("return window.__marker") == "same page"
    assert driver.find_elements(By.CSS_SELECTOR, "a[data-infinite]") == [], "page 3 is RAWG's last"

    # Search as you type: the results change in place and the URL says the search.
    driver.execute_script("window.scrollTo(0, 0)")
    box = driver.find_element(By.ID, "q")
    box.send_keys("starlight")
    wait(driver, lambda: rawg_ids(driver) == [20001, 20002])
    wait(driver, lambda: "q=starlight" in driver.current_url)
    assert driver.execute_script("return window.__marker") == "same page"
    box.clear()
    box.send_keys("nothing like this")
    wait(driver, lambda: "No game on RAWG is called" in driver.find_element(By.ID, "results").text)
    box.clear()
    box.send_keys("starlight")
    wait(driver, lambda: rawg_ids(driver) == [20001, 20002])

    # The second card's heart, in place.
    heart = driver.find_element(By.CSS_SELECTOR, "#results [data-rawg-id='20002'] button.heart")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", heart)
    heart.click()
    wait(driver, lambda: heart.get_attribute("aria-pressed") == "true")

    # A game that is a live giveaway says so on its page, and links to it.
    link = driver.find_element(By.CSS_SELECTOR, "#results [data-rawg-id='20001'] a.card__link")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(driver, lambda: driver.current_url == base + "/discover/games/20001")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Starlight Cartographer"
    free = driver.find_element(By.CSS_SELECTOR, ".game-free--now")
    assert "Free now on Epic Games Store" in free.text
    assert free.find_element(By.LINK_TEXT, "Claim it").get_attribute("href") == base + "/giveaways/5101"
    # RAWG's screenshots, through this server's image cache.
    shots = driver.find_elements(By.CSS_SELECTOR, ".screenshots img")
    assert [s.get_attribute("src") for s in shots] == [base + f"/discover/games/20001/screenshots/{n}" for n in range(3)]
    big = driver.find_element(By.CSS_SELECTOR, ".heart-form--large button.heart")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", big)
    big.click()
    wait(driver, lambda: big.get_attribute("aria-pressed") == "true")

    # Favorites shows both games, most recently kept first.
    driver.get(base + "/favorites")
    assert rawg_ids(driver, ".kept-games") == [20001, 20002]
    # The pages are kept as they arrive: /favorites, the game opened, and the game hearted from its card only.
    copies = """
        const done = arguments[arguments.length - 1];
        caches.open('pages-v1').then((cache) => Promise.all(arguments[0].map((url) => cache.match(url))))
          .then((hits) => done(hits.every(Boolean)), () => done(false));"""
    kept = [base + "/favorites", base + "/discover/games/20001", base + "/discover/games/20002"]
    driver.set_script_timeout(20)
    WebDriverWait(driver, 15, poll_frequency=0.25).until(lambda d: d.execute_async_script(copies, kept))

    next(server, None)  # the server stops: offline
    driver.get(base + "/favorites")
    assert "You are offline" in driver.find_element(By.CSS_SELECTOR, ".offline-note").text
    assert rawg_ids(driver, ".kept-games") == [20001, 20002]
    driver.get(base + "/discover/games/20002")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Starlight Cartographer 2"
    time.sleep(0.2)
