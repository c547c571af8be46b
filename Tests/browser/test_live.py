"""The live stream, `GET /api/v1/events`, against the real server and a fake GamerPower whose feed the test changes:
a new giveaway reaches an open stream within seconds of the sync that found it (and `sync.finished` follows), the
platform filter applies on the server, `Last-Event-ID` replays what a reconnecting client missed, a bad filter is a
400, and a seventh stream from one address is a 429."""
import http.client
import json
import queue
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import fake_upstream
from conftest import serve


CATALOG = {}  # the live server's catalog file, which a test changes


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("live-feed")
    feed = workdir / "giveaways.json"
    feed.write_text(json.dumps(fake_upstream.long_feed(5)))
    catalog = workdir / "freetogame-games.json"
    catalog.write_text(fake_upstream.CATALOG.read_text())
    CATALOG["path"] = catalog
    server = fake_upstream.start(fixture=feed, catalog=catalog)
    for base in serve(f"http://127.0.0.1:{server.server_port}"):
        yield base, feed
    server.shutdown()


class Stream:
    """An open event stream, read line by line on a thread of its own."""

    def __init__(self, base, query="", last_event_id=None):
        parts = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection.request("GET", "/api/v1/events" + query, headers=headers)
        self.response = self.connection.getresponse()
        self.lines = queue.Queue()
        if self.response.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while line := self.response.fp.readline():
                self.lines.put(line.decode().rstrip("\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def events(self, seconds):
        """The events (id, name, data) read within `seconds`."""
        deadline = time.time() + seconds
        event = {}
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                return
            if line is None:
                return
            if not line:
                if "event" in event:
                    yield int(event["id"]), event["event"], json.loads(event["data"])
                event = {}
            elif not line.startswith(":") and ":" in line:
                field, value = line.split(":", 1)
                event[field] = value.removeprefix(" ")

    def close(self):
        try:
            self.connection.sock and self.connection.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()


def sync_now(base, source="gamerpower"):
    request = urllib.request.Request(base + "/sync", data=f"source={source}".encode(), method="POST",
                                     headers={"Origin": base, "Content-Type": "application/x-www-form-urlencoded"})
    try:
        urllib.request.urlopen(request)
    except urllib.error.HTTPError as error:
        assert error.code in (303, 302), error


def test_a_new_giveaway_reaches_an_open_stream_within_seconds(live):
    base, feed = live
    everything, steam_only, epic_only = Stream(base), Stream(base, "?platform=steam"), Stream(base, "?platform=gog")
    assert everything.response.status == 200
    assert everything.response.getheader("Content-Type").startswith("text/event-stream")
    items = json.loads(feed.read_text())
    arrival = dict(items[0], id=9901, title="Live Arrival Giveaway")
    feed.write_text(json.dumps([arrival] + items))
    started = time.time()
    sync_now(base)
    seen, waited = [], None
    for event in everything.events(15):
        seen.append(event)
        if event[1] == "giveaway.new" and waited is None:
            waited = time.time() - started
        if any(name == "sync.finished" for _, name, _ in seen) and waited is not None:
            break
    names = [name for _, name, _ in seen]
    assert "giveaway.new" in names, seen
    new = next(e for e in seen if e[1] == "giveaway.new")
    assert new[2]["id"] == 9901 and new[2]["title"] == "Live Arrival Giveaway"
    assert waited is not None and waited < 10, f"the event came {waited} s after the sync was asked for"
    finished = next(e for e in seen if e[1] == "sync.finished")
    assert finished[2]["source"] == "gamerpower" and finished[2]["outcome"] == "succeeded"
    assert new[0] < finished[0], "ids rise in the order the log holds them"
    steam = [e for e in steam_only.events(3)]
    assert [e[2]["id"] for e in steam if e[1] == "giveaway.new"] == [9901], "Steam's filter lets it through"
    assert [e for e in epic_only.events(2) if e[1].startswith("giveaway.")] == [], "GOG's filter does not"
    for stream in (everything, steam_only, epic_only):
        stream.close()

    # A client that lost its stream after the event before the new one resumes with it.
    again = Stream(base, last_event_id=new[0] - 1)
    replayed = [e for e in again.events(3)]
    assert replayed and replayed[0][0] == new[0] and replayed[0][2]["id"] == 9901, replayed
    again.close()

    # The giveaway leaves the feed: it ends on the stream.
    gone = Stream(base)
    feed.write_text(json.dumps(items))
    sync_now(base)
    ended = [e for e in gone.events(10) if e[1] == "giveaway.ended"]
    assert [e[2]["id"] for e in ended] == [9901] and ended[0][2]["status"] == "ended"
    gone.close()


def test_bad_filters_and_too_many_streams_are_refused(live):
    base, _ = live
    for query in ("?platform=atari-2600", "?type=movies"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "/api/v1/events" + query)
        assert refused.value.code == 400
    request = urllib.request.Request(base + "/api/v1/events", headers={"Last-Event-ID": "not-a-number"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 400
    # A client that closes its connection frees its place at once (the server watches the connection's inbound
    # side, not only its next write): the streams the test before closed are gone within moments.
    streams, deadline = [], time.time() + 5
    while len(streams) < 6 and time.time() < deadline:
        stream = Stream(base)
        if stream.response.status == 200:
            streams.append(stream)
        else:
            assert stream.response.status == 429
            stream.close()
            time.sleep(0.5)
    assert len(streams) == 6
    seventh = Stream(base)
    assert seventh.response.status == 429 and seventh.response.getheader("Retry-After")
    seventh.close()
    streams[0].close()
    # A closed stream frees its place within moments, long before its next keep-alive (15 s) would have shown it.
    eighth = Stream(base)
    deadline = time.time() + 5
    while eighth.response.status == 429 and time.time() < deadline:
        eighth.close()
        time.sleep(0.3)
        eighth = Stream(base)
    assert eighth.response.status == 200
    for stream in streams[1:] + [eighth]:
        stream.close()


def test_an_open_home_shows_a_new_giveaway_without_a_reload(live, browser_factory):
    """A newcomer leaves Home open, scrolled a little; a sync finds a new giveaway: within seconds a notice says so
    (and only with JavaScript: the server's HTML has none); pressing it adds the card, and what was in view stays
    where it was. axe finds nothing wrong with the notice."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from test_accessibility import RUN, axe_source

    base, feed = live
    with urllib.request.urlopen(base + "/") as response:
        assert "live-notice" not in response.read().decode(), "no notice in the HTML a request without JavaScript gets"
    driver = browser_factory(width=1280, height=900)
    driver.get(base + "/")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
    time.sleep(1)  # the stream connects
    driver.execute_script("window.scrollTo(0, 420)")
    watched = driver.execute_script("""
        const card = Array.from(document.querySelectorAll('.grid .card')).find((c) => c.getBoundingClientRect().top > 40);
        return [card.getAttribute('data-giveaway-id'), card.getBoundingClientRect().top];""")
    items = json.loads(feed.read_text())
    arrival = dict(items[0], id=9902, title="Browser Arrival Giveaway", published_date="2026-03-31 11:59:00")
    feed.write_text(json.dumps([arrival] + items))
    try:
        started = time.time()
        sync_now(base)
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".live-notice"))[0]
        WebDriverWait(driver, 5).until(lambda d: "1 new giveaway" in notice.text)
        moved = driver.execute_script(
            "return document.querySelector(\".grid [data-giveaway-id='\" + arguments[0] + \"']\").getBoundingClientRect().top",
            watched[0])
        assert abs(moved - watched[1]) <= 2, f"the notice's coming moved what was in view ({watched[1]} → {moved})"
        print(f"the notice showed {time.time() - started:.2f} s after the sync was asked for")
        assert driver.find_element(By.CSS_SELECTOR, "#results").get_attribute("aria-live") == "polite"
        source = axe_source()
        driver.execute_script(source)
        driver.set_script_timeout(30)
        assert driver.execute_async_script(RUN) == []
        driver.save_screenshot(str(Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "live-notice-desktop-light.png"))
        notice.click()
        WebDriverWait(driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".grid [data-giveaway-id='9902']"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".live-notice"), "the notice went with the press"
        top = driver.execute_script(
            "return document.querySelector(\".grid [data-giveaway-id='\" + arguments[0] + \"']\").getBoundingClientRect().top",
            watched[0])
        assert abs(top - watched[1]) <= 2, f"what was in view moved from {watched[1]} to {top}"
    finally:
        feed.write_text(json.dumps(items))
        sync_now(base)


def test_more_free_to_play_and_status_stay_current(live, browser_factory):
    """More takes a new giveaway like Home (a notice; pressing it adds the card to its shelves); /status replaces its
    cards after a sync, without a reload; Free to play, after a catalog sync that changed what it shows, offers the
    new catalog with a notice (and says nothing after one that changed nothing)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from test_accessibility import RUN, axe_source

    base, feed = live
    items = json.loads(feed.read_text())
    catalog = CATALOG["path"]
    games = catalog.read_text()
    # A phone in dark mode (Home's test is a desktop in light mode): the notices are screenshot and swept by axe.
    driver = browser_factory(width=390, height=844, dark=True)
    shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

    def opened(path):
        driver.get(base + path)
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
        driver.execute_script("window.stillTheSamePage = true")
        time.sleep(1)  # the stream connects

    try:
        opened("/more")
        arrival = dict(items[0], id=9903, title="Shelf Arrival Giveaway", published_date="2026-03-31 11:58:00")
        feed.write_text(json.dumps([arrival] + items))
        sync_now(base)
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".live-notice"))[0]
        WebDriverWait(driver, 5).until(lambda d: "1 new giveaway" in notice.text)
        driver.save_screenshot(str(shots / "live-notice-more-phone-dark.png"))
        assert driver.find_element(By.ID, "shelves-live").get_attribute("aria-live") == "polite", \
            "the notice (inside the shelves) is announced, as Home's is inside its results"
        notice.click()
        WebDriverWait(driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#shelves-live [data-giveaway-id='9903']"))
        assert driver.execute_script("return window.stillTheSamePage === true"), "More was reloaded"

        opened("/status")
        before = driver.find_element(By.ID, "status-list").get_attribute("innerHTML")
        feed.write_text(json.dumps(items))  # the arrival leaves: the last sync's changes say so
        sync_now(base)
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.ID, "status-list").get_attribute("innerHTML") != before)
        assert driver.execute_script("return window.stillTheSamePage === true"), "/status was reloaded"

        opened("/free-to-play")
        sync_now(base, "freetogame")  # nothing changed: no notice
        time.sleep(3)
        assert not driver.find_elements(By.CSS_SELECTOR, ".live-notice"), "a catalog sync that changed nothing"
        catalog.write_text(games.replace("Starforge Legends", "Starforge Legends Reborn"))
        sync_now(base, "freetogame")
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".live-notice"))[0]
        assert "catalog was updated" in notice.text
        driver.save_screenshot(str(shots / "live-notice-catalog-phone-dark.png"))
        driver.execute_script(axe_source())
        driver.set_script_timeout(30)
        assert driver.execute_async_script(RUN) == [], "axe, Free to play with its notice, phone, dark"
        notice.click()
        WebDriverWait(driver, 5).until(lambda d: "Starforge Legends Reborn" in d.find_element(By.ID, "results").text)
        assert driver.execute_script("return window.stillTheSamePage === true"), "Free to play was reloaded"
    finally:
        feed.write_text(json.dumps(items))
        catalog.write_text(games)
        sync_now(base)
        sync_now(base, "freetogame")


LIVE_STATES = [(390, 844, "light"), (390, 844, "dark"), (1280, 900, "light"), (1280, 900, "dark")]


@pytest.mark.parametrize("width,height,scheme", LIVE_STATES,
                         ids=[f"{'phone' if w < 500 else 'desktop'}-{s}" for w, _, s in LIVE_STATES])
def test_every_live_state_of_home_has_no_axe_violations(live, browser_factory, width, height, scheme):
    """Home open while the stream brings each of its changes, at phone and desktop size, light and dark: a new
    giveaway's notice, its card after the press, its end date moved, then its end (the card greys out, with an
    "Ended" badge). axe-core finds nothing after each, colour contrast included; the ended card is screenshot."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from test_accessibility import RUN, axe_source

    base, feed = live
    source = axe_source()
    size = "phone" if width < 500 else "desktop"
    ident = 9910 + LIVE_STATES.index((width, height, scheme))
    driver = browser_factory(width=width, height=height, dark=scheme == "dark")
    driver.set_script_timeout(30)
    shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    problems = []

    def sweep(state):
        driver.execute_script(source)
        for violation in driver.execute_async_script(RUN):
            problems.append(f"{state}: {violation['id']} ({violation['impact']}): {violation['nodes']}")

    items = json.loads(feed.read_text())
    arrival = dict(items[0], id=ident, title=f"Live State Giveaway {ident}", published_date="2026-03-31 11:59:30",
                   end_date="2026-04-10 23:59:00", platforms="PC, Epic Games Store")
    card = f".grid [data-giveaway-id='{ident}']"
    try:
        driver.get(base + "/")
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
        time.sleep(1)  # the stream connects
        feed.write_text(json.dumps([arrival] + items))
        sync_now(base)
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".live-notice"))[0]
        sweep("new giveaway's notice")
        notice.click()
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, card))
        sweep("its card, added")

        moved = dict(arrival, end_date="2026-04-12 23:59:00")
        feed.write_text(json.dumps([moved] + items))
        sync_now(base)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const t = document.querySelector(arguments[0] + \" time[data-t='ends']\");"
            "return t && t.getAttribute('datetime').startsWith('2026-04-12')", card))
        sweep("its end date moved")

        feed.write_text(json.dumps(items))
        sync_now(base)
        ended = WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, card.replace("']", "'].is-ended")))[0]
        assert ended.find_element(By.CSS_SELECTOR, ".badge--ended").text == "Ended"
        # Its time says it ended, not the end it no longer has ahead ("Ends in 12 days" before).
        WebDriverWait(driver, 5).until(lambda d: ended.find_element(
            By.CSS_SELECTOR, "time[data-t='ends']").text.startswith("Ended"))
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", ended)
        time.sleep(0.3)
        sweep("it ended")
        ended.screenshot(str(shots / f"live-ended-card-{size}-{scheme}.png"))
        # What greys it out is colour, not opacity: the card's text keeps full opacity (its contrast is measurable).
        assert driver.execute_script("return getComputedStyle(arguments[0]).opacity", ended) == "1"
    finally:
        feed.write_text(json.dumps(items))
        sync_now(base)
    assert problems == [], "\n".join(problems)


def test_giveaways_watch_prints_each_event_as_it_comes(live):
    """`giveaways watch`, the stream's own client: one line per event, flushed at once (read here through a pipe),
    and a refused filter is a clear error with exit code 64."""
    import os
    import subprocess
    from conftest import ROOT
    base, _ = live
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    watch = subprocess.Popen([binary, "watch", "--url", base], stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in watch.stdout], daemon=True).start()
    try:
        time.sleep(1)
        sync_now(base)
        # The test before may still have a catalog sync finishing: its line may come first.
        seen, deadline = [], time.time() + 10
        while time.time() < deadline and not any("gamerpower" in line for line in seen):
            seen.append(lines.get(timeout=max(0.01, deadline - time.time())))
        line = next(line for line in seen if "gamerpower" in line)
        assert "sync.finished  gamerpower succeeded" in line and line.startswith("#"), seen
        assert all(line.startswith("#") and line.endswith("\n") for line in seen), seen
    finally:
        watch.terminate()
        watch.wait(timeout=10)
    refused = subprocess.run([binary, "watch", "--url", base, "--platform", "atari-2600"], capture_output=True,
                             text=True, timeout=20)
    assert refused.returncode == 64 and "HTTP 400" in refused.stderr, refused.stderr
