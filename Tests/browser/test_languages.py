"""English and German in a real Chromium: the browser's language decides, the footer switch overrides it and is
remembered across pages, `?lang=` overrides both, and the heart keeps speaking the page's language."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_driver import make_driver
from conftest import NOW


def german_browser(**kwargs):
    """Headless Chromium set up in German, its pages' clock at the server's `--now`."""
    return make_driver(**{"width": 1280, "height": 900, "lang": "de-DE", "now": NOW, **kwargs})


def page_language(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def nav_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "nav.tab-bar").text


def test_a_german_browser_gets_german_pages(app):
    driver = german_browser()
    try:
        driver.get(app + "/")
        assert page_language(driver) == "de"
        assert "Favoriten" in nav_text(driver) and "Optionen" in nav_text(driver)
        assert driver.find_element(By.CSS_SELECTOR, ".hero h1").text == "Jetzt gratis"
        assert "Gratis" in driver.find_element(By.CSS_SELECTOR, "article.card .worth").text
        driver.get(app + "/giveaways/5101")
        assert "Jetzt holen" in driver.find_element(By.CSS_SELECTOR, ".details__cta").text
        assert page_language(driver) == "de"
    finally:
        driver.quit()


def test_the_footer_switch_is_remembered_across_pages(app):
    driver = german_browser()
    try:
        driver.get(app + "/more")
        assert page_language(driver) == "de"
        driver.find_element(By.CSS_SELECTOR, ".language-switch a[lang='en']").click()
        WebDriverWait(driver, 10).until(lambda d: page_language(d) == "en")
        assert driver.current_url == app + "/more", "the switch comes back to the same page"
        assert "Favorites" in nav_text(driver)
        driver.find_element(By.LINK_TEXT, "Favorites").click()
        WebDriverWait(driver, 10).until(EC.url_contains("/favorites"))
        assert page_language(driver) == "en", "the choice outlives the page it was made on"
        assert driver.get_cookie("gg_profile") is None, "choosing a language creates no profile"
        driver.find_element(By.CSS_SELECTOR, ".language-switch a[lang='de']").click()
        WebDriverWait(driver, 10).until(lambda d: page_language(d) == "de")
        assert "Favoriten" in nav_text(driver)
    finally:
        driver.quit()


def test_lang_in_the_address_overrides_the_browser(app):
    driver = german_browser()
    try:
        driver.get(app + "/status?lang=en")
        assert page_language(driver) == "en"
        assert driver.find_element(By.CSS_SELECTOR, ".hero h1").text == "Sync status"
        driver.get(app + "/status")
        assert page_language(driver) == "en", "an explicit ?lang= is remembered"
        driver.get(app + "/?lang=de")
        assert page_language(driver) == "de"
    finally:
        driver.quit()


def test_the_heart_label_stays_german_after_a_background_toggle(app):
    driver = german_browser()
    try:
        driver.get(app + "/giveaways/5102")
        heart = driver.find_element(By.CSS_SELECTOR, ".details .heart")
        title = driver.find_element(By.CSS_SELECTOR, ".details h1").text
        assert heart.get_attribute("aria-label") == f"{title} zu den Favoriten hinzufügen"
        heart.click()
        WebDriverWait(driver, 10).until(lambda d: heart.get_attribute("aria-pressed") == "true")
        assert heart.get_attribute("aria-label") == f"{title} aus den Favoriten entfernen"
        assert heart.text == "Gemerkt"
        heart.click()
        WebDriverWait(driver, 10).until(lambda d: heart.get_attribute("aria-pressed") == "false")
        assert heart.get_attribute("aria-label") == f"{title} zu den Favoriten hinzufügen"
    finally:
        driver.quit()


def test_local_time_speaks_german(app):
    """A German browser in Berlin a minute before local midnight: the countdown and the dates in German, local."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from browser_driver import pin_clock

    driver = german_browser(tz="Europe/Berlin")
    try:
        pin_clock(driver, datetime(2026, 3, 31, 23, 59, tzinfo=ZoneInfo("Europe/Berlin")))
        driver.get(app + "/giveaways/5103")
        countdown = driver.find_element(By.CSS_SELECTOR, 'time[data-t="ends"]')
        WebDriverWait(driver, 5).until(lambda d: countdown.text == "Endet morgen um 11:00")
        published = driver.find_element(By.CSS_SELECTOR, 'time[data-t="date"][datetime="2026-03-29T15:00:00Z"]')
        assert "17:00" in published.text and "So" in published.text, published.text  # Sunday 29 March, 17:00 CEST
        driver.get(app + "/giveaways/5101")  # ends Mon 6 Apr 15:00 UTC = 17:00 in Berlin, six days ahead
        # The catalogue's own "Mo.", as in its dates ("Mo., 6. Apr. 2026").
        WebDriverWait(driver, 5).until(
            lambda d: d.find_element(By.CSS_SELECTOR, 'time[data-t="ends"]').text == "Endet am Mo. um 17:00")
    finally:
        driver.quit()
