r"""Apprise messages as the people who get them read them.

The real pipeline: `giveaways sync` from a fake GamerPower whose new giveaways have titles full of Markdown and HTML,
an Apprise hook added with the CLI, and `giveaways serve` delivering the outbox to a receiver on 127.0.0.1. Each
message's title and body are then rendered by the renderers Apprise's targets use: Python-Markdown (Apprise's own
Markdown → HTML, for e-mail and other HTML targets), CommonMark, and a chat app's dialect (strikethrough and tables,
no HTML, no entity decoding: a Markdown target that takes the text as it is). None may make markup or a link of it.
CommonMark and the chat app must show the giveaway's title exactly as written ("Carlos & the <b>Taco</b>", not
"Carlos &amp; the &lt;b&gt;Taco&lt;/b&gt;"), and the message holds nothing invisible (a copy would keep it, a search
miss it): CommonMark's backslash escapes only.

Python-Markdown honours a backslash before `\ ` * _ [ ] >` and the like, but not before `<`, `&`, `~` or `|`: a title
with a tag, an entity, `~~` or `||` in it keeps a visible backslash there (and its entity decoded); every other title
reads exactly as written there too. What no encoding can give all three renderers at once: a literal `<tag>` needs
`\<` in CommonMark and none in Python-Markdown, a literal `&copy;` needs `\&` in CommonMark and `&amp;` in
Python-Markdown, which the chat app would show as it is.
"""
import html
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import fake_upstream
from conftest import ROOT, free_port

markdown = pytest.importorskip("markdown")
markdown_it = pytest.importorskip("markdown_it")

NOW = "2026-03-31T12:00:00Z"
TITLES = [
    "Carlos & the <b>Taco</b>",
    "Tom &amp; Jerry &copy; &#60;3",
    "[Early Access] Half-Life 2: Episode #1!",
    "*Bold* _it_ `code` ~~struck~~ ||spoiler|| a_b_c",
    "Back\\slash [x](https://evil.example) ![i](https://evil.example/i.png)",
    "<https://evil.example> <script>alert(1)</script> <!-- hidden -->",
    "1. First # Head > quote + plus - minus",
    "C++ & C#: 50% off. (Really) x < y > z | pipe",
]
# The only links a message may hold: Get it and Details.
ALLOWED_TAGS = {"p", "strong", "a", "br"}


def renderers():
    commonmark = markdown_it.MarkdownIt("commonmark")
    # A chat app: strikethrough and tables, but no HTML and no entities (it shows `&amp;` as `&amp;`).
    chat = markdown_it.MarkdownIt("commonmark").enable(["strikethrough", "table"]).disable(
        ["entity", "html_inline", "html_block"])
    return {
        "python-markdown": lambda text: markdown.markdown(text),
        "commonmark": commonmark.render,
        "chat app (no HTML, no entities)": chat.render,
    }


# The titles Python-Markdown shows exactly as written: no tag, entity, `~~` or `||` in them.
PYTHON_MARKDOWN_EXACT = {TITLES[2], TITLES[4], TITLES[6], TITLES[7]}


def shown(rendered: str) -> tuple[set, str]:
    """The tags an HTML rendering holds, and its text as a reader sees it (and copies: nothing invisible removed)."""
    tags = {tag.lower() for tag in re.findall(r"</?([a-zA-Z][a-zA-Z0-9]*)", rendered)}
    text = html.unescape(re.sub(r"<[^>]+>", "", rendered))
    return tags, re.sub(r"\s+", " ", text).strip()


class Receiver(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        type(self).received.append(json.loads(self.rfile.read(length)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


def feed_with(titles: list) -> list:
    items = fake_upstream.long_feed(len(titles) + 1, first_id=9001)
    for item, title in zip(items[1:], titles):
        item["title"] = title
    return items


@pytest.fixture(scope="module")
def messages():
    binary = os.environ.get("GIVEAWAYS_BIN") or str(ROOT / ".build" / "debug" / "giveaways")
    workdir = Path(tempfile.mkdtemp(prefix="gg-apprise-"))
    feed = workdir / "giveaways.json"
    feed.write_text(json.dumps(feed_with([])))
    upstream = fake_upstream.start(fixture=feed)
    base = f"http://127.0.0.1:{upstream.server_port}/api"
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), type("R", (Receiver,), {"received": []}))
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    database = str(workdir / "store.sqlite")
    common = ["--database", database]
    process = None
    try:
        def run(*args, now):
            done = subprocess.run([binary, *args, *common, "--now", now], cwd=workdir, capture_output=True,
                                  text=True, timeout=60)
            assert done.returncode == 0, done.stderr
        run("sync", "--source", "gamerpower", "--gamerpower-url", base, now="2026-03-31T11:00:00Z")
        run("hooks", "add", "--apprise", f"http://127.0.0.1:{receiver.server_port}/notify/games",
            "--allow-private-hooks", now="2026-03-31T11:30:00Z")
        # The hostile titles arrive after the hook: each raises `new`.
        feed.write_text(json.dumps(feed_with(TITLES)))
        run("sync", "--source", "gamerpower", "--gamerpower-url", base, now=NOW)
        port = free_port()
        process = subprocess.Popen(
            [binary, "serve", "--port", str(port), "--gamerpower-url", base, "--freetogame-url", base,
             "--allow-private-hooks", "--image-cache", str(workdir / "images"), "--sync-interval", "600",
             "--log-level", "warning", "--now", NOW, *common],
            cwd=workdir, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"))
        deadline = time.time() + 30
        while len(receiver.RequestHandlerClass.received) < len(TITLES) and time.time() < deadline:
            time.sleep(0.2)
        yield list(receiver.RequestHandlerClass.received)
    finally:
        if process:
            process.terminate()
            process.wait(timeout=10)
        receiver.shutdown()
        upstream.shutdown()
        shutil.rmtree(workdir, ignore_errors=True)


def message_for(messages: list, title: str) -> dict:
    """The message about the giveaway titled `title`: its Get it link names the giveaway's id."""
    ident = 9002 + TITLES.index(title)
    found = [m for m in messages if f"longlist-{ident})" in m["body"]]
    assert len(found) == 1, f"one message for {title!r}, got {len(found)} of {len(messages)}"
    return found[0]


def test_every_new_giveaway_reached_apprise_as_markdown(messages):
    assert len(messages) == len(TITLES)
    assert all(m["format"] == "markdown" for m in messages)
    # Nothing invisible: a zero-width space or joiner would be kept by a copy and missed by a search.
    invisible = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")
    assert not any(invisible.search(m["title"] + m["body"]) for m in messages)


@pytest.mark.parametrize("title", TITLES)
def test_the_title_reads_as_written_in_every_renderer_and_makes_no_markup(messages, title):
    message = message_for(messages, title)
    for name, render in renderers().items():
        exact = name != "python-markdown" or title in PYTHON_MARKDOWN_EXACT
        # Python-Markdown, for the rest: the title, its entities decoded, with a backslash left before what it does
        # not unescape.
        expected = title if exact else html.unescape(title)
        def reads(text):
            return text if exact else text.replace("\\", "")
        tags, text = shown(render(message["title"]))
        assert reads(text) == f"New giveaway: {expected}", f"{name} shows the title as {text!r}"
        assert tags <= {"p"}, f"{name} made markup of the title: {tags}"
        tags, text = shown(render(message["body"]))
        assert expected in reads(text), f"{name} shows the body as {text!r}"
        assert tags <= ALLOWED_TAGS, f"{name} made markup of the body: {tags}"
        links = re.findall(r'href="([^"]*)"', render(message["body"]))
        assert all(link.startswith("https://www.gamerpower.com/") for link in links), f"{name}: {links}"
        assert "Get it" in text


def test_ordinary_text_reaches_a_markdown_target_unchanged(messages):
    """A chat app shows the Markdown as it is: no `&amp;` or backslashes where nothing needed escaping."""
    message = message_for(messages, "Carlos & the <b>Taco</b>")
    # Backslashes keep `<b>` from being a tag: no entity to show literally, nothing invisible to copy.
    assert message["title"] == r"New giveaway: Carlos & the \<b\>Taco\</b\>"
    message = message_for(messages, "C++ & C#: 50% off. (Really) x < y > z | pipe")
    assert message["title"] == r"New giveaway: C++ & C#: 50% off. (Really) x < y \> z | pipe"
    message = message_for(messages, "[Early Access] Half-Life 2: Episode #1!")
    assert message["title"] == r"New giveaway: \[Early Access\] Half-Life 2: Episode #1!"
