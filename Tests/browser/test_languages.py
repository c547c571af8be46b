"""English and German in a real Chromium: the browser's language decides, the footer switch overrides it and is
remembered across pages, `?lang=` overrides both, and the heart keeps speaking the page's language."""
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def german_browser():
    """Headless Chromium that asks for German, as a browser set up in German does (`--lang` and the
    `intl.accept_languages` preference both feed `Accept-Language`)."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--lang=de-DE"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "de-DE,de"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)


def page_language(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def nav_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "nav.tab-bar").text


def test_a_german_browser_gets_german_pages(app):
    driver = german_browser()
    try:
        driver.get(app + "/")
        assert page_language(driver) == "de"
        assert "Favoriten" in nav_text(driver) and "Einstellungen" in nav_text(driver)
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
