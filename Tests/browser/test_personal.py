"""Personal marks and rules in a real headless Chromium: claimed / not interested, Settings' rules on Home,
ending soon, and linking a second browser with a one-time code."""
import re
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def card_ids(driver):
    return [int(card.get_attribute("data-giveaway-id"))
            for card in driver.find_elements(By.CSS_SELECTOR, "#results article.card")]


def click(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def pressed(driver, giveaway, kind):
    return driver.find_element(
        By.CSS_SELECTOR, f"article[data-giveaway-id='{giveaway}'] .mark--{kind}").get_attribute("aria-pressed")


def element(driver, css):
    """The element once the page that has it has loaded (a form's answer may still be on its way)."""
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return driver.find_element(By.CSS_SELECTOR, css)


def severe_console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
            and "favicon" not in entry["message"]]


def test_claimed_and_not_interested_toggle_in_place_survive_reload_and_list(app, browser_factory):
    driver = browser_factory()
    driver.get(app + "/")
    click(driver, driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5105'] .mark--claimed"))
    WebDriverWait(driver, 10).until(lambda d: pressed(d, 5105, "claimed") == "true")
    assert "is-claimed" in driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5105']").get_attribute("class")
    click(driver, driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5110'] .mark--not-interested"))
    WebDriverWait(driver, 10).until(lambda d: pressed(d, 5110, "not-interested") == "true")
    assert driver.current_url.rstrip("/") == app, "no reload, no navigation"

    driver.refresh()
    assert pressed(driver, 5105, "claimed") == "true"
    assert pressed(driver, 5110, "not-interested") == "true"
    driver.get(app + "/giveaways/5105")
    assert driver.find_element(By.CSS_SELECTOR, ".details .mark--claimed").get_attribute("aria-pressed") == "true"
    driver.get(app + "/claimed")
    assert card_ids(driver) == [5105]
    assert "worth $12.99 together" in driver.page_source
    driver.get(app + "/not-interested")
    assert card_ids(driver) == [5110]
    # Undo from the list.
    click(driver, driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5110'] .mark--not-interested"))
    WebDriverWait(driver, 10).until(lambda d: pressed(d, 5110, "not-interested") == "false")
    driver.refresh()
    assert card_ids(driver) == []

    other = browser_factory()
    other.get(app + "/")
    assert pressed(other, 5105, "claimed") == "false"
    assert severe_console_errors(driver) == []


def test_rules_from_settings_filter_home_with_a_show_everything_switch(app, browser_factory):
    driver = browser_factory(width=390, height=844)
    driver.get(app + "/settings")
    click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=store][value=steam]"))
    click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=no_loot]"))
    click(driver, driver.find_element(By.CSS_SELECTOR, ".settings-card button.button--primary"))
    assert "Your rules are saved" in element(driver, ".notice").text
    assert driver.find_element(By.CSS_SELECTOR, "input[name=store][value=steam]").is_selected()

    driver.get(app + "/")
    # Steam, no loot: the Steam game, the Steam beta and the (hostile) Steam giveaway.
    assert sorted(card_ids(driver)) == [5105, 5108, 5114]
    notice = driver.find_element(By.CSS_SELECTOR, ".rules-notice")
    assert "Filtered by your rules" in notice.text and "hidden" in notice.text
    click(driver, notice.find_element(By.LINK_TEXT, "Show everything"))
    WebDriverWait(driver, 10).until(lambda d: "all=1" in d.current_url and len(card_ids(d)) == 13)
    assert "all=1" in driver.current_url
    click(driver, driver.find_element(By.LINK_TEXT, "Apply my rules"))
    WebDriverWait(driver, 10).until(lambda d: sorted(card_ids(d)) == [5105, 5108, 5114])
    # Live search keeps the rules.
    box = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
    box.send_keys("frostline")
    WebDriverWait(driver, 10).until(lambda d: card_ids(d) == [5105])
    assert severe_console_errors(driver) == []


def test_ending_soon_chip_lists_what_ends_within_a_day_and_not_claimed(app, browser_factory):
    driver = browser_factory()
    driver.get(app + "/")
    chip = driver.find_element(By.CSS_SELECTOR, "a.pill--soon")
    assert chip.find_element(By.CSS_SELECTOR, ".count").text == "1"
    click(driver, chip)
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/?ending=24h"))
    assert card_ids(driver) == [5103]  # ends 1 April 09:00, 21 hours after "now"
    click(driver, driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5103'] .mark--claimed"))
    WebDriverWait(driver, 10).until(lambda d: pressed(d, 5103, "claimed") == "true")
    driver.refresh()
    assert card_ids(driver) == []
    assert "Nothing ends in the next 24 hours" in driver.page_source


def test_a_second_browser_links_with_a_one_time_code(app, browser_factory):
    phone = browser_factory(width=390, height=844)
    phone.get(app + "/")
    click(phone, phone.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5112'] button.heart"))
    WebDriverWait(phone, 10).until(lambda d: d.find_element(
        By.CSS_SELECTOR, "article[data-giveaway-id='5112'] button.heart").get_attribute("aria-pressed") == "true")
    phone.get(app + "/settings")
    click(phone, phone.find_element(By.CSS_SELECTOR, "form[action='/settings/link-code'] button"))
    code = element(phone, ".link-code__code").text
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){3}", code)

    desktop = browser_factory()
    desktop.get(app + "/settings")
    field = desktop.find_element(By.CSS_SELECTOR, "input[name=code]")
    field.send_keys(code.lower())
    click(desktop, desktop.find_element(By.CSS_SELECTOR, "form.inline-form button"))
    click(desktop, element(desktop, "form.confirm button"))
    assert "This browser now uses your profile" in element(desktop, ".notice").text
    desktop.get(app + "/favorites")
    assert card_ids(desktop) == [5112]

    # The code works once.
    third = browser_factory()
    third.get(app + "/link?code=" + code)
    click(third, element(third, "form.confirm button"))
    assert "already used" in element(third, ".notice--error").text
    third.get(app + "/favorites")
    assert card_ids(third) == []


def test_screenshots_of_the_personal_pages(app, browser_factory):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size_name, (width, height) in {"phone": (390, 844), "desktop": (1440, 900)}.items():
        for scheme in ["light", "dark"]:
            driver = browser_factory(width=width, height=height, dark=scheme == "dark")
            driver.get(app + "/")
            click(driver, driver.find_element(By.CSS_SELECTOR, "article[data-giveaway-id='5102'] .mark--claimed"))
            time.sleep(0.3)
            driver.get(app + "/settings")
            click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=store][value=epic-games-store]"))
            click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=hide_claimed]"))
            click(driver, driver.find_element(By.CSS_SELECTOR, ".settings-card button.button--primary"))
            WebDriverWait(driver, 10).until(lambda d: "done=saved" in d.current_url)
            for page, path in {"settings": "/settings", "home-rules": "/", "claimed": "/claimed",
                               "notifications": "/settings/notifications"}.items():
                driver.get(app + path)
                time.sleep(0.6)
                driver.save_screenshot(str(SCREENSHOTS / f"{page}-{size_name}-{scheme}.png"))
            assert severe_console_errors(driver) == []
