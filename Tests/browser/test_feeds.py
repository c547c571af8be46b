"""The feeds, read by real parsers (feedparser, icalendar) against the real server over the fake upstream, whose
fixture includes a hostile title (`<script>`, quotes, an `<img onerror>`); and the calendar of a server that also
reads the stores' own fronts, whose next-week giveaway has an event at its start."""
import datetime
import json
import urllib.request

import feedparser
import icalendar
import pytest

from conftest import serve

HOSTILE_ID = 5114


def fetch(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_atom_feed_parses_cleanly_with_ids_links_and_dates(app):
    status, headers, body = fetch(app + "/feeds/giveaways.atom")
    assert status == 200 and headers["Content-Type"] == "application/atom+xml; charset=utf-8"
    feed = feedparser.parse(body)
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title.startswith("GameGiveaways")
    assert any(link.rel == "self" for link in feed.feed.links)
    assert len(feed.entries) >= 10
    ids = [entry.id for entry in feed.entries]
    assert len(set(ids)) == len(ids)
    for entry in feed.entries:
        assert entry.id.startswith("tag:127.0.0.1,2026:giveaway/")
        assert entry.updated_parsed and entry.published_parsed
        alternate = [link.href for link in entry.links if link.rel == "alternate"]
        assert alternate == [app + "/giveaways/" + entry.id.rsplit("/", 1)[1]]
        related = [link.href for link in entry.links if link.rel == "related"]
        # The hostile fixture's claim link is `javascript:…`: left out, never linked.
        assert related == [] if entry.id.endswith(f"/{HOSTILE_ID}") else related[0].startswith("https://")
        assert entry.summary
    hostile = next(entry for entry in feed.entries if entry.id.endswith(f"/{HOSTILE_ID}"))
    # The title arrives as the same text the upstream sent: escaped on the way, not stripped or run.
    assert hostile.title == '<script>window.__xss=1</script>Evil <img src=x onerror="window.__xss=2"> Giveaway'
    assert b"<script>" not in body


def test_atom_feed_follows_home_filters(app):
    feed = feedparser.parse(fetch(app + "/feeds/giveaways.atom?platform=steam&type=game")[2])
    assert not feed.bozo
    assert feed.entries and all("Steam" in entry.summary and "Game" in entry.summary for entry in feed.entries)


def test_json_feed_is_json_feed_1_1(app):
    status, headers, body = fetch(app + "/feeds/giveaways.json")
    assert status == 200 and headers["Content-Type"] == "application/feed+json"
    feed = json.loads(body)
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["feed_url"] == app + "/feeds/giveaways.json" and feed["home_page_url"] == app + "/"
    assert feed["title"].startswith("GameGiveaways")
    ids = [item["id"] for item in feed["items"]]
    assert len(set(ids)) == len(ids) and len(ids) >= 10
    for item in feed["items"]:
        for key in ["id", "url", "title", "content_text", "summary", "date_published", "date_modified", "image"]:
            assert item[key], key
        assert item["url"].startswith(app + "/giveaways/")
        if item["id"].endswith(f"/{HOSTILE_ID}"):
            assert "external_url" not in item  # `javascript:…` upstream: left out
        else:
            assert item["external_url"].startswith("https://")
    hostile = next(item for item in feed["items"] if item["id"].endswith(f"/{HOSTILE_ID}"))
    assert "<script>" in hostile["title"]  # data, as sent; JSON needs no more


def test_calendar_has_escaped_events_with_uid_and_end(app):
    status, headers, body = fetch(app + "/feeds/ends.ics")
    assert status == 200 and headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert all(len(line) <= 75 for line in body.split(b"\r\n"))
    assert b"\n" not in body.replace(b"\r\n", b"")
    calendar = icalendar.Calendar.from_ical(body)
    assert str(calendar["VERSION"]) == "2.0" and calendar["PRODID"]
    events = list(calendar.walk("VEVENT"))
    assert len(events) >= 8
    uids = [str(event["UID"]) for event in events]
    assert len(set(uids)) == len(uids)
    for event in events:
        assert str(event["UID"]).startswith("giveaway-") and str(event["UID"]).endswith("@127.0.0.1")
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        assert end > start and end.utcoffset().total_seconds() == 0
        assert str(event["SUMMARY"]).startswith("Ends: ")
        assert str(event["URL"]).startswith(app + "/giveaways/")
    hostile = next(event for event in events if str(event["UID"]) == f"giveaway-{HOSTILE_ID}@127.0.0.1")
    assert str(hostile["SUMMARY"]) == 'Ends: <script>window.__xss=1</script>Evil <img src=x onerror="window.__xss=2"> Giveaway'
    # The description holds commas ("PC, Steam") and a line break: escaped in the file, intact once parsed.
    assert b"PC\\, Steam" in body
    assert "\n" in str(hostile["DESCRIPTION"]) and "PC, Steam" in str(hostile["DESCRIPTION"])


@pytest.fixture(scope="module")
def stores_app(upstream):
    """GamerPower and Epic's own front (the fake's): "Starlight Cartographer" is free now (30 March to 6 April, 15:00
    UTC), "Harbor of Echoes" is next week's (6 to 13 April)."""
    yield from serve(upstream, ("--sources", "gamerpower,epic", "--epic-url", upstream + "/epic"))


def test_calendar_has_an_event_at_the_start_of_next_weeks_giveaway(stores_app):
    """Imported as a calendar app imports it: next week's giveaway is there at its start ("Free from now: …", UTC,
    15 minutes) and at its end; the one free now keeps its start; Atom and JSON Feed list only what is free now."""
    status, _, body = fetch(stores_app + "/feeds/ends.ics")
    assert status == 200
    calendar = icalendar.Calendar.from_ical(body)
    events = list(calendar.walk("VEVENT"))
    uids = [str(event["UID"]) for event in events]
    assert len(set(uids)) == len(uids)
    utc = datetime.timezone.utc
    starts = {str(event["SUMMARY"]): event for event in events if str(event["SUMMARY"]).startswith("Free from now: ")}
    assert set(starts) == {"Free from now: Harbor of Echoes", "Free from now: Starlight Cartographer"}, list(starts)
    harbor = starts["Free from now: Harbor of Echoes"]
    assert harbor.decoded("DTSTART") == datetime.datetime(2026, 4, 6, 15, 0, tzinfo=utc)
    assert harbor.decoded("DTEND") - harbor.decoded("DTSTART") == datetime.timedelta(minutes=15)
    assert harbor.decoded("DTSTART").utcoffset().total_seconds() == 0
    uid = str(harbor["UID"])
    assert uid.startswith("giveaway-") and uid.endswith("-start@127.0.0.1"), uid
    assert str(harbor["URL"]).startswith(stores_app + "/giveaways/")
    assert "Free from 6 Apr 2026, 15:00 UTC" in str(harbor["DESCRIPTION"])
    ends = [event for event in events if str(event["SUMMARY"]) == "Ends: Harbor of Echoes"]
    assert len(ends) == 1 and ends[0].decoded("DTEND") == datetime.datetime(2026, 4, 13, 15, 0, tzinfo=utc)
    assert str(ends[0]["UID"]) == uid.replace("-start@", "@")
    assert starts["Free from now: Starlight Cartographer"].decoded("DTSTART") == \
        datetime.datetime(2026, 3, 30, 15, 0, tzinfo=utc)
    # What is free now, in the feed readers' feeds; next week's is not yet.
    atom = feedparser.parse(fetch(stores_app + "/feeds/giveaways.atom")[2])
    titles = [entry.title for entry in atom.entries]
    assert "Starlight Cartographer" in titles and "Harbor of Echoes" not in titles
    # Home links the calendar, named for what it holds, in English and German.
    assert '>Calendar (starts and ends)</a>' in fetch(stores_app + "/")[2].decode()
    assert '>Kalender (Beginn und Ende)</a>' in fetch(stores_app + "/?lang=de")[2].decode()


@pytest.mark.parametrize("path", ["/feeds/giveaways.atom", "/feeds/giveaways.json", "/feeds/ends.ics"])
def test_feeds_answer_304_to_their_validators(app, path):
    status, headers, _ = fetch(app + path)
    assert status == 200 and headers["ETag"] and headers["Last-Modified"]
    assert fetch(app + path, {"If-None-Match": headers["ETag"]})[0] == 304
    assert fetch(app + path, {"If-Modified-Since": headers["Last-Modified"]})[0] == 304
    # feedparser sends both, the way feed readers do.
    again = feedparser.parse(app + path, etag=headers["ETag"], modified=headers["Last-Modified"]) \
        if path.endswith(".atom") else None
    if again is not None:
        assert again.status == 304


def test_home_advertises_the_feeds_of_its_filters(app):
    html = fetch(app + "/?platform=steam")[2].decode()
    assert '<link rel="alternate" type="application/atom+xml"' in html
    assert 'href="/feeds/giveaways.atom?platform=steam"' in html
    assert 'href="/feeds/ends.ics?platform=steam"' in html


def test_an_unknown_personal_feed_is_a_plain_404(app):
    for path in ["/feeds/p/" + "0" * 32 + ".atom", "/feeds/p/nope.json", "/feeds/p/%3Cscript%3E.ics"]:
        status, headers, body = fetch(app + path)
        assert status == 404 and headers["Content-Type"] == "text/plain; charset=utf-8"
        assert body == b"There is no feed at this address.\n"


def raw_get(base, path, host):
    """A GET with a hand-written Host header (urllib would send the real one)."""
    import http.client
    from urllib.parse import urlparse
    parsed = urlparse(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host)
    connection.endheaders()
    response = connection.getresponse()
    return response.status, response.read()


def test_links_use_an_allowed_host_and_never_a_foreign_or_malformed_one(app):
    # An address the server answers to (an IP literal, localhost) is used for the feed's links...
    status, body = raw_get(app, "/feeds/giveaways.atom", "192.0.2.7:8443")
    assert status == 200
    assert b'href="http://192.0.2.7:8443/giveaways/5101"' in body
    assert b"<id>tag:192.0.2.7,2026:giveaway/5101</id>" in body
    # ...a name it was not told to answer to (a DNS-rebinding or cache-poisoning shape) is not: the server's own.
    port = app.rsplit(":", 1)[1]
    status, body = raw_get(app, "/feeds/giveaways.atom", "feeds.example.org:8443")
    assert status == 200
    assert b"feeds.example.org" not in body
    assert f'href="http://127.0.0.1:{port}/giveaways/5101"'.encode() in body
    status, body = raw_get(app, "/feeds/giveaways.atom", 'evil.example"><script>')
    if status == 200:  # the server may also refuse such a request outright
        assert b"evil" not in body
        assert f'href="http://127.0.0.1:{port}/giveaways/5101"'.encode() in body
    else:
        assert status == 400
