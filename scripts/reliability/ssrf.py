"""SSRF: the image proxy never asks a host or port that anyone but the upstream chose. A trap server listens on
another loopback port; the real server is then led towards it every way a hostile request or a hostile upstream
can: `/discover/image?src=` naming it (by address, `localhost`, a decimal IP, IPv6, user@host), giveaway and
RAWG image URLs on its port of the upstream's own host, and upstream images that redirect to it. Fails when the
trap receives any request, on a 5xx, or when an honest image is not served (the proxy must still work).
Images from loopback are allowed (GIVEAWAYS_ALLOW_PRIVATE_IMAGES=1: the fake upstream is on loopback), so what
holds here is the origin allow-list, the lookup of URLs in upstream answers and the refusal of redirects.
Usage: python3 ssrf.py"""
import json
import os
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server, get  # noqa: E402
import fake_upstream  # noqa: E402

KEY = "ssrfKey123"
PNG = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + bytes(56)


def serve(handler):
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Trap(BaseHTTPRequestHandler):
    hits = []

    def do_GET(self):
        Trap.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(PNG)))
        self.end_headers()
        self.wfile.write(PNG)

    do_POST = do_HEAD = do_GET

    def log_message(self, *args):
        pass


class Upstream(BaseHTTPRequestHandler):
    """GamerPower (`/api/giveaways`), RAWG (`/rawg/...`), images (`/img/...`) and redirects (`/redirect?to=`)."""
    feed = b"[]"
    genres = b"{}"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", query.get("to", ["/"])[0])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif url.path.startswith("/img/"):
            self.answer(PNG, "image/png")
        elif url.path == "/api/giveaways":
            self.answer(Upstream.feed)
        elif url.path.startswith("/rawg/") and query.get("key") != [KEY]:
            self.answer(b'{"error": "The key is invalid"}', status=401)
        elif url.path == "/rawg/genres":
            self.answer(Upstream.genres)
        else:
            self.answer(b'{"detail": "Not found."}', status=404)

    def answer(self, body, kind="application/json", status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def fetch(base, path):
    """(status, content type) of a GET; a 4xx/5xx answer is a status too."""
    try:
        _, headers = get(base + path)
        return 200, headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", "")


def main():
    trap, upstream = serve(Trap), serve(Upstream)
    t, u = trap.server_port, upstream.server_port
    origin = f"http://127.0.0.1:{u}"

    def redirect(target):
        return f"{origin}/redirect?to={urllib.parse.quote(target, safe='')}"

    lures = [f"http://127.0.0.1:{t}/img/a.png", f"http://localhost:{t}/img/a.png", f"http://2130706433:{t}/img/a.png",
             f"http://[::1]:{t}/img/a.png", f"http://127.0.0.1:{u}@127.0.0.1:{t}/img/a.png",
             f"http://media.rawg.io@127.0.0.1:{t}/img/a.png", f"http://0x7f000001:{t}/img/a.png",
             f"https://media.rawg.io:{t}/img/a.png"]
    # Giveaway 1 is honest; the others point at the trap directly or through the upstream's redirects.
    images = [f"{origin}/img/ok.png"] + lures[:4] + [redirect(lure) for lure in lures[:4]]
    feed = fake_upstream.long_feed(len(images))
    for item, image in zip(feed, images):
        item["thumbnail"] = item["image"] = image
    Upstream.feed = json.dumps(feed).encode()
    Upstream.genres = json.dumps({"count": 3, "next": None, "results": [
        {"id": 1, "name": "Indie", "slug": "indie", "games_count": 1, "image_background": f"{origin}/img/g.png"},
        {"id": 2, "name": "Action", "slug": "action", "games_count": 1, "image_background": lures[0]},
        {"id": 3, "name": "Puzzle", "slug": "puzzle", "games_count": 1, "image_background": redirect(lures[1])},
    ]}).encode()

    work = Path(tempfile.mkdtemp(prefix="gg-ssrf-"))
    # The environment, not a flag: a release without the opt-in still starts, and shows its own behaviour.
    os.environ["GIVEAWAYS_ALLOW_PRIVATE_IMAGES"] = "1"
    server = Server(work / "db.sqlite", upstream=f"{origin}/api",
                    extra=["--rawg-url", f"{origin}/rawg", "--rawg-key", KEY])
    server.wait_ready()
    server.wait_synced()
    paths = [f"/images/{item['id']}/{kind}" for item in feed for kind in ["thumbnail", "image"]]
    paths += ["/discover/image?src=" + urllib.parse.quote(lure, safe="") for lure in lures]
    paths += ["/discover/image?src=" + urllib.parse.quote(redirect(lure), safe="") for lure in lures]
    page = get(server.base + "/discover?genres=all")[0].decode()
    honest_discover = [part.split('"')[0].replace("&amp;", "&") for part in page.split('src="')[1:]
                       if part.startswith("/discover/image")]
    paths += honest_discover
    answers = {path: fetch(server.base, path) for path in paths}
    healthy = server.alive() and json.loads(get(server.base + "/healthz")[0]).get("status") == "ok"
    server.stop()
    trap.shutdown()
    upstream.shutdown()

    fivexx = [path for path, (status, _) in answers.items() if status >= 500]
    honest = [f"/images/{feed[0]['id']}/thumbnail", "/discover/image?genre=indie"]
    served = [path for path in honest if answers.get(path, (0, ""))[1] == "image/png"]
    print(f"{len(answers)} image requests ({len(lures)} lures, by src, upstream data and redirects): "
          f"{len(Trap.hits)} reached the trap, {len(fivexx)} answered 5xx, "
          f"{len(served)} of {len(honest)} honest images served, server alive and healthy: {healthy}")
    for hit in Trap.hits[:5]:
        print(f"  trap hit: {hit}")
    ok = not Trap.hits and not fivexx and len(served) == len(honest) and healthy
    print(f"ssrf: {1 if ok else 0} passed, {0 if ok else 1} failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
