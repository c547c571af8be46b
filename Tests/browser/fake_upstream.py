"""A fake GamerPower for the browser tests and the reliability scripts.

Loopback only. `/api/giveaways` answers with Tests/browser/fixtures/giveaways.json (GamerPower's wire format)
or another fixture given to `start`; `/offers/<kind>/<id>.png` answers with a PNG drawn here, a different
gradient per id, so screenshots look real. `/api/games` and `/api/game?id=` are a fake FreeToGame over Tests/browser/fixtures/freetogame-games.json
(POST /control/catalog-<mode>: ok, down, status200, detaildown). POST /control/<mode> switches how the feed answers:
ok, down (500 + HTML), html (200 + HTML), truncated (half the JSON), empty201 (201 + status object),
notfound (404 + status object), stall (answers after 30 s), alt503 (503 and ok in turn), huge (100 MB body).
`POST /api/interpreter` is a fake Overpass over `nearby_places()` and `FAR_PLACES` (the elements inside the query's bounding box;
every box asked is kept, GET /control/overpass-boxes; POST /control/overpass-<mode>: ok, down (504), empty, remark (200 with
a runtime error), hold (until POST /control/overpass-release)); `/tiles/{z}/{x}/{y}.png` a fake tile server (a small map-like PNG).
`GET /nominatim/search?q=&format=jsonv2&limit=1` is a fake Nominatim in its documented format (numbers as strings, the
bounding box S,N,W,E) that knows Berlin and Hamburg; every request's query is kept, GET /control/nominatim-queries.
`/epic/freeGamesPromotions`, `/steam/search/results/`, `/steam/app/<id>/` and `/gog/en/` play the stores' own fronts
(`store_fronts()`: Epic gives this week's "Starlight Cartographer", which GamerPower also lists, and next week's
"Harbor of Echoes"; Steam one 100 %-off game; GOG "Quiet Orchard"), each request counted in GET /control/store-requests.
`GET /foursquare/places/search` is a fake Foursquare Places API (2025-06-17: `Authorization: Bearer browser-fsq-key`,
`X-Places-Api-Version`, `ne`/`sw` or `ll`/`radius`, one page) over `FOURSQUARE_WORLD`; POST /control/foursquare-down
makes it answer 500, /control/foursquare-ok puts it back.
"""
import colorsys
import json
import math
import re
import urllib.parse
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "giveaways.json"
CATALOG = Path(__file__).parent / "fixtures" / "freetogame-games.json"


def png(width: int, height: int, seed: int) -> bytes:
    """A diagonal two-colour gradient with soft stripes, encoded as PNG by hand (no imaging library)."""
    hue = (seed * 0.137) % 1.0
    a = [int(c * 255) for c in colorsys.hsv_to_rgb(hue, 0.75, 0.85)]
    b = [int(c * 255) for c in colorsys.hsv_to_rgb((hue + 0.18) % 1.0, 0.8, 0.45)]
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            t = (x / width + y / height) / 2
            stripe = 18 if ((x + y * 2) // 24 + seed) % 5 == 0 else 0
            row += bytes(min(255, int(a[i] * (1 - t) + b[i] * t) + stripe) for i in range(3))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 6)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


class Upstream(BaseHTTPRequestHandler):
    mode = "ok"
    fixture = FIXTURE
    images: dict = {}
    lock = threading.Lock()
    flip = False

    def log_message(self, *args):
        pass

    def send(self, status: int, body: bytes, content_type: str):
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test): nothing to tell it

    store_requests: dict = {}

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/api/giveaways":
            return self.feed()
        if path == "/control/store-requests":
            return self.send(200, json.dumps(type(self).store_requests).encode(), "application/json")
        fronts = store_fronts(f"http://127.0.0.1:{self.server.server_port}")
        if path in fronts:
            with Upstream.lock:
                type(self).store_requests[path] = type(self).store_requests.get(path, 0) + 1
            body, kind = fronts[path]
            return self.send(200, body, kind)
        if path.startswith("/rawg/"):
            # Counted as the stores' are (GET /control/store-requests): a benchmark checks RAWG is not asked.
            with Upstream.lock:
                type(self).store_requests["/rawg"] = type(self).store_requests.get("/rawg", 0) + 1
            return self.rawg(path[len("/rawg"):])
        if path.startswith("/steam/"):
            return self.steam(path[len("/steam"):])
        if path == "/api/games":
            return self.catalog()
        if path == "/api/game":
            return self.game()
        if path == "/control/overpass-boxes":
            return self.send(200, json.dumps(type(self).overpass_boxes).encode(), "application/json")
        if path == "/foursquare/places/search":
            return self.foursquare()
        if path == "/control/nominatim-queries":
            return self.send(200, json.dumps(type(self).nominatim_queries).encode(), "application/json")
        if path == "/nominatim/search":
            with Upstream.lock:
                type(self).nominatim_queries.append(
                    dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
                    | {"user-agent": self.headers.get("User-Agent", "")})
            return self.send(200, nominatim(self.path), "application/json")
        if path.startswith("/tiles/") and path.endswith(".png"):
            with Upstream.lock:
                if "tile" not in Upstream.images:
                    Upstream.images["tile"] = tile_png()
            return self.send(200, Upstream.images["tile"], "image/png")
        if path.startswith(("/offers/", "/g/", "/store_item_assets/")) and path.endswith((".png", ".jpg")):
            seed = int("".join(ch for ch in path if ch.isdigit()) or "1") % 1_000_003
            with Upstream.lock:
                if seed not in Upstream.images:
                    Upstream.images[seed] = png(320, 180, seed)
            return self.send(200, Upstream.images[seed], "image/png")
        self.send(404, b'{"status":0,"status_message":"No object found"}', "application/json")

    def feed(self):
        mode = type(self).mode
        base = f"http://127.0.0.1:{self.server.server_port}".replace("/", "\\/")
        body = type(self).fixture.read_text().replace("{{UPSTREAM}}", base).encode()
        status_object = b'{"status":0,"status_message":"No active giveaways available at the moment."}'
        if mode == "alt503":
            with Upstream.lock:
                type(self).flip = not type(self).flip
                mode = "busy" if type(self).flip else "ok"
        if mode == "down":
            return self.send(500, b"<html><body>Internal Server Error</body></html>", "text/html")
        if mode == "busy":
            return self.send(503, b"<html><body>Service Unavailable</body></html>", "text/html")
        if mode == "html":
            return self.send(200, b"<!DOCTYPE html><html><body>Maintenance</body></html>", "text/html")
        if mode == "truncated":
            return self.send(200, body[: len(body) // 2], "application/json")
        if mode == "empty201":
            return self.send(201, status_object, "application/json")
        if mode == "notfound":
            return self.send(404, b'{"status":0,"status_message":"No object found"}', "application/json")
        if mode == "stall":
            time.sleep(30)
        if mode == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            chunk = b" " * 1_048_576
            try:
                self.wfile.write(b"[")
                for _ in range(100):
                    self.wfile.write(chunk)
                self.wfile.write(b"]")
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        return self.send(200, body, "application/json")

    def catalog_items(self):
        base = f"http://127.0.0.1:{self.server.server_port}".replace("/", "\\/")
        return type(self).catalog_fixture.read_text().replace("{{UPSTREAM}}", base)

    def catalog(self):
        """FreeToGame's `GET /games`; follows the same control modes as the giveaway feed."""
        mode = type(self).catalog_mode
        if mode == "down":
            return self.send(500, b"<html><body>Internal Server Error</body></html>", "text/html")
        if mode == "status200":
            return self.send(200, b'{"status":0,"status_message":"Server error"}', "application/json")
        return self.send(200, self.catalog_items().encode(), "application/json")

    def game(self):
        """FreeToGame's `GET /game?id=N`: the list entry plus a description, requirements for PC games (none for
        browser games), and screenshots; 404 with a status object for an unknown id."""
        query = self.path.split("?", 1)[1] if "?" in self.path else ""
        params = dict(part.split("=", 1) for part in query.split("&") if "=" in part)
        games = {str(g["id"]): g for g in json.loads(self.catalog_items())}
        game = games.get(params.get("id", ""))
        if game is None or type(self).catalog_mode == "detaildown":
            return self.send(404, b'{"status":0,"status_message":"No game found with this id."}', "application/json")
        detail = dict(game)
        detail["status"] = "Live"
        detail["description"] = (f"{game['title']} is a free-to-play game.\r\n\r\n"
                                 "It has a long description with two paragraphs. " * 3)
        base = f"http://127.0.0.1:{self.server.server_port}"
        detail["screenshots"] = [{"id": n, "image": f"{base}/g/{game['id']}/shot-{n}.jpg"} for n in (1, 2, 3)]
        if "Windows" in game["platform"]:
            detail["minimum_system_requirements"] = {"os": "Windows 10 ", "processor": "Intel Core i3",
                                                     "memory": "4 GB", "graphics": "", "storage": " 2 GB"}
        return self.send(200, json.dumps(detail).encode(), "application/json")

    STEAM_KEY = "teststeamkey123"
    # A public profile owning two of the fake feed's games (one without a name, as Steam sends some), a private one.
    STEAM_NAMES = {"frostfan": "76561197960287930"}
    STEAM_LIBRARIES = {"76561197960287930": [(440, "Frostline Expedition"), (441, None), (442, "Old Harbor")]}

    def steam(self, path: str):
        """Steam's Web API for owned games: ResolveVanityURL and GetOwnedGames as Steam answers them (a private
        profile's empty response, a 403 HTML page for a wrong key)."""
        params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        if params.get("key") != Upstream.STEAM_KEY:
            return self.send(403, b"<html><body><h1>Forbidden</h1></body></html>", "text/html")
        if path.rstrip("/") == "/ISteamUser/ResolveVanityURL/v1":
            steam_id = Upstream.STEAM_NAMES.get(params.get("vanityurl", ""))
            body = {"response": {"steamid": steam_id, "success": 1}} if steam_id else \
                {"response": {"success": 42, "message": "No match"}}
            return self.send(200, json.dumps(body).encode(), "application/json")
        if path.rstrip("/") == "/IPlayerService/GetOwnedGames/v1":
            games = Upstream.STEAM_LIBRARIES.get(params.get("steamid", ""))
            if games is None:
                return self.send(200, b'{"response":{}}', "application/json")
            entries = [{"appid": app, **({"name": name} if name else {}), "playtime_forever": 5} for app, name in games]
            body = {"response": {"game_count": len(entries), "games": entries}}
            return self.send(200, json.dumps(body).encode(), "application/json")
        return self.send(404, b"{}", "application/json")

    RAWG_KEY = "test-rawg-key-123"
    rawg_texts = None  # when set (the XSS sweep), RAWG's names, genres, platforms and descriptions come from it
    RAWG_GENRES = [("action", "Action", 4), ("indie", "Indie", 51), ("strategy", "Strategy", 10), ("puzzle", "Puzzle", 7)]

    def rawg(self, path):
        """A fake RAWG: /genres, /games?genres=&page= (30 games a genre, 12 a page; 404 past the end) and
        /games/<id>; every request needs ?key=RAWG_KEY (401 otherwise), like the real one."""
        query = self.path.split("?", 1)[1] if "?" in self.path else ""
        params = dict(part.split("=", 1) for part in query.split("&") if "=" in part)
        if params.get("key") != Upstream.RAWG_KEY:
            return self.send(401, b'{"error": "The key is invalid"}', "application/json")
        base = f"http://127.0.0.1:{self.server.server_port}"
        texts = type(self).rawg_texts
        if path == "/genres":
            results = [{"id": gid, "name": texts[i % len(texts)] if texts else name, "slug": slug, "games_count": 30,
                        "image_background": f"{base}/g/{gid}/genre.jpg", "games": []}
                       for i, (slug, name, gid) in enumerate(Upstream.RAWG_GENRES)]
            return self.send(200, json.dumps({"count": len(results), "next": None, "previous": None,
                                              "results": results}).encode(), "application/json")
        if path == "/games" and "search" in params:
            # A search: the named games whose name holds every word searched for (Games' search).
            words = urllib.parse.unquote_plus(params["search"]).lower().split()
            found = [self.rawg_named(gid, name, base) for gid, name in Upstream.RAWG_NAMED
                     if all(word in name.lower() for word in words)]
            return self.send(200, json.dumps({"count": len(found), "next": None, "previous": None,
                                              "results": found}).encode(), "application/json")
        if path == "/games":
            page = int(params.get("page", "1") or "1")
            size = int(params.get("page_size", "12") or "12")
            # Without a genre, Games' popular feed (in any ordering): 60 games, three pages of 20.
            genre = params.get("genres", "popular")
            total = 60 if genre == "popular" else 30
            if (page - 1) * size >= total:
                return self.send(404, b'{"detail": "Invalid page."}', "application/json")
            games = [self.rawg_game(genre, n, base, texts) for n in range((page - 1) * size, min(total, page * size))]
            more = page * size < total
            body = {"count": total, "previous": None, "results": games,
                    "next": f"https://api.rawg.io/api/games?genres={genre}&key={Upstream.RAWG_KEY}&page={page + 1}" if more else None}
            return self.send(200, json.dumps(body).encode(), "application/json")
        if path.startswith("/games/") and path.endswith("/screenshots"):
            ident = path.split("/")[2]
            shots = [{"id": n, "image": f"{base}/g/{ident}/shot{n}.jpg", "width": 1280, "height": 720,
                      "is_deleted": False} for n in range(1, 4)] if ident.isdigit() and int(ident) > 20000 else []
            return self.send(200, json.dumps({"count": len(shots), "next": None, "previous": None,
                                              "results": shots}).encode(), "application/json")
        if path.startswith("/games/"):
            ident = path.rsplit("/", 1)[-1]
            named = dict(Upstream.RAWG_NAMED)
            if ident.isdigit() and int(ident) in named:
                game = self.rawg_named(int(ident), named[int(ident)], base)
                game.update({"description_raw": f"{game['name']} is a game.", "developers": [], "publishers": []})
                return self.send(200, json.dumps(game).encode(), "application/json")
            if not ident.isdigit() or int(ident) < 10_000:
                return self.send(404, b'{"detail": "Not found."}', "application/json")
            n = int(ident) % 1000
            game = self.rawg_game("action", n, base, texts)
            if n == 999:  # hostile text in every field a page shows
                game.update({"name": '<img src=x onerror="window.__xss=5">Evil', "website": "javascript:alert(1)",
                             "description": "<p>Hi<script>window.__xss=6</script></p>", "description_raw": "",
                             "developers": [{"name": "<svg onload=window.__xss=7>"}], "publishers": [],
                             "genres": [{"name": "<b>bold</b>"}],
                             "platforms": [{"platform": {"name": "<iframe src=javascript:1>"}}]})
                return self.send(200, json.dumps(game).encode(), "application/json")
            game.update({"description": f"<p>{game['name']} is a game.<br />It is <b>fun</b>.</p>",
                         "description_raw": "", "website": "https://example.com/game",
                         "developers": [{"name": "Fake Studio"}], "publishers": [{"name": "Fake Pub"}]})
            if texts:
                text = texts[n % len(texts)]
                game.update({"description": text, "description_raw": text, "website": text,
                             "developers": [{"name": text}], "publishers": [{"name": text}]})
            return self.send(200, json.dumps(game).encode(), "application/json")
        return self.send(404, b'{"detail": "Not found."}', "application/json")

    # Games a search finds by name: the first is a live giveaway of the fixture feed (5101, on Epic).
    RAWG_NAMED = [(20001, "Starlight Cartographer"), (20002, "Starlight Cartographer 2"), (20003, "Portal")]

    @staticmethod
    def rawg_named(gid, name, base):
        return {"id": gid, "slug": f"named-{gid}", "name": name, "released": "2021-06-01",
                "background_image": f"{base}/g/{gid}/bg.jpg", "rating": 4.4, "metacritic": 81,
                "platforms": [{"platform": {"id": 4, "name": "PC", "slug": "pc"}}],
                "genres": [{"id": 7, "name": "Puzzle", "slug": "puzzle"}]}

    @staticmethod
    def rawg_game(genre, n, base, texts=None):
        gid = 10_000 + n
        name = f"{genre.title()} Quest {n + 1}"
        if texts:
            text = texts[n % len(texts)]
            return {"id": gid, "slug": f"{genre}-{n}", "name": text, "released": text, "background_image": text,
                    "rating": 4.5, "metacritic": 80, "platforms": [{"platform": {"name": text}}],
                    "genres": [{"name": text}]}
        if genre == "puzzle" and n == 0:
            name = '<script>window.__xss=8</script>Puzzle "Quest"'
        return {"id": gid, "slug": f"{genre}-{n}", "name": name,
                "released": f"20{10 + n % 15}-0{1 + n % 9}-1{n % 9}", "background_image": f"{base}/g/{gid}/bg.jpg",
                "rating": round(3 + (n % 20) / 10, 2), "metacritic": None if n % 3 else 70 + n % 25,
                "platforms": None if n % 5 == 0 else [{"platform": {"id": 4, "name": "PC", "slug": "pc"}}],
                "genres": [{"id": 1, "name": genre.title(), "slug": genre}]}

    def overpass(self):
        """A fake Overpass: the `data` form field's query, answered with the elements inside its `(S,W,N,E)` box."""
        length = int(self.headers.get("Content-Length") or 0)
        form = urllib.parse.parse_qs(self.rfile.read(length).decode())
        match = re.search(r"\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)", (form.get("data") or [""])[0])
        if not match:
            return self.send(400, b"<p>Error: line 1: parse error</p>", "text/html")
        south, west, north, east = (float(v) for v in match.groups())
        type(self).overpass_boxes.append((south, west, north, east))
        mode = type(self).overpass_mode
        if mode == "hold":  # answers once POST /control/overpass-release says so (a loading state to look at)
            type(self).overpass_gate.wait(30)
        if mode == "down":
            return self.send(504, b"<html><body>Gateway Timeout</body></html>", "text/html")
        elements = [] if mode == "empty" else [
            e for e in nearby_places() + FAR_PLACES
            if south <= element_point(e)[0] <= north and west <= element_point(e)[1] <= east]
        body = {"version": 0.6, "generator": "Overpass API (fake)", "elements": elements,
                "osm3s": {"timestamp_osm_base": "2026-03-31T11:00:00Z", "copyright": "OpenStreetMap contributors, ODbL"}}
        if mode == "remark":
            body["remark"] = "runtime error: Query timed out in \"query\" at line 1 after 10 seconds."
        return self.send(200, json.dumps(body).encode(), "application/json")

    def foursquare(self):
        if self.headers.get("Authorization") != "Bearer " + FOURSQUARE_KEY:
            return self.send(401, b'{"message":"Invalid request token."}', "application/json")
        if self.headers.get("X-Places-Api-Version") != "2025-06-17":
            return self.send(400, b'{"message":"Please provide a valid version."}', "application/json")
        if type(self).foursquare_mode == "down":
            return self.send(500, b'{"message":"Internal error"}', "application/json")
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        if "ne" in query and "sw" in query:
            north, east = map(float, query["ne"].split(","))
            south, west = map(float, query["sw"].split(","))
        else:
            latitude, longitude = map(float, query.get("ll", "52.52,13.405").split(","))
            degrees = float(query.get("radius", "22000")) / 111_320
            south, north, west, east = latitude - degrees, latitude + degrees, longitude - 2 * degrees, longitude + 2 * degrees
        inside = [p for p in FOURSQUARE_WORLD if south <= p["latitude"] <= north and west <= p["longitude"] <= east]
        body = {"results": inside[: int(query.get("limit", "10"))]}
        return self.send(200, json.dumps(body).encode(), "application/json")

    def do_POST(self):
        if self.path.split("?")[0] == "/api/interpreter":
            return self.overpass()
        if self.path.split("?")[0] == "/overpass/interpreter":
            length = min(int(self.headers.get("Content-Length") or 0), 65536)
            return self.send(200, overpass(self.rfile.read(length).decode()), "application/json")
        if self.path.startswith("/control/"):
            name = self.path.rsplit("/", 1)[-1]
            if name == "overpass-release":
                type(self).overpass_gate.set()
            elif name.startswith("overpass-"):
                type(self).overpass_mode = name[len("overpass-"):]
                type(self).overpass_gate.clear()
            elif name.startswith("foursquare-"):
                type(self).foursquare_mode = name[len("foursquare-"):]
            elif name.startswith("catalog-"):
                type(self).catalog_mode = name[len("catalog-"):]
            else:
                type(self).mode = name
            return self.send(200, b"ok", "text/plain")
        self.send(404, b"", "text/plain")


# Nearby: a small OpenStreetMap world around Berlin's centre, for Overpass (POST /overpass/interpreter, elements
# inside the query's bounding box) and Nominatim (GET /nominatim/search?q=Berlin; numbers as strings, S,N,W,E).
NEARBY_KINDS = [{"shop": "video_games"}, {"leisure": "amusement_arcade"}, {"amenity": "internet_cafe"},
                {"shop": "toys"}, {"shop": "hobby"}, {"shop": "comics"}]
NEARBY_WORLD = [
    {"type": "node" if n % 3 else "way", "id": 9000 + n, "lat": 52.515 + (n % 6) * 0.003, "lon": 13.39 + (n // 6) * 0.004,
     "tags": dict(NEARBY_KINDS[n % len(NEARBY_KINDS)], **({} if n % 7 == 3 else {"name": f"Nearby Place {n + 1}"}))}
    for n in range(30)
]


# Foursquare's places around Berlin's centre, in the 2025-06-17 shape (top-level coordinates, `fsq_place_id`).
FOURSQUARE_KEY = "browser-fsq-key"
FOURSQUARE_WORLD = [
    {"fsq_place_id": f"5b{n:022x}", "name": f"Foursquare Store {n + 1}", "latitude": 52.517 + (n % 4) * 0.002,
     "longitude": 13.398 + (n // 4) * 0.003, "link": f"/places/5b{n:022x}", "date_refreshed": "2025-11-01",
     "categories": [{"fsq_category_id": "4bf58dd8d48988d10b951735", "name": "Video Games Store",
                     "short_name": "Video Games", "plural_name": "Video Games Stores",
                     "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/shops/", "suffix": ".png"}}],
     "location": {"address": f"Teststraße {n + 1}", "locality": "Berlin", "postcode": "10178", "country": "DE"}}
    for n in range(8)
]


def overpass(form: str) -> bytes:
    from urllib.parse import parse_qs
    import re
    query = parse_qs(form).get("data", [""])[0]
    box = re.search(r"\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)", query)
    elements = []
    if box:
        south, west, north, east = (float(value) for value in box.groups())
        for place in NEARBY_WORLD:
            if south <= place["lat"] <= north and west <= place["lon"] <= east:
                element = {"type": place["type"], "id": place["id"], "tags": place["tags"]}
                if place["type"] == "node":
                    element.update(lat=place["lat"], lon=place["lon"])
                else:
                    element["center"] = {"lat": place["lat"], "lon": place["lon"]}
                elements.append(element)
    return json.dumps({"version": 0.6, "generator": "fake", "elements": elements}).encode()


NOMINATIM_PLACES = {
    "berlin": {"lat": "52.5170365", "lon": "13.3888599", "display_name": "Berlin, Deutschland",
               "boundingbox": ["52.50", "52.54", "13.37", "13.43"]},
    # Far from every place of the fake world: an area with nothing in it.
    "hamburg": {"lat": "53.550341", "lon": "10.000654", "display_name": "Hamburg, Deutschland",
                "boundingbox": ["53.53", "53.57", "9.97", "10.03"]},
}


def nominatim(target: str) -> bytes:
    from urllib.parse import parse_qs, urlsplit
    name = parse_qs(urlsplit(target).query).get("q", [""])[0].strip().lower()
    place = NOMINATIM_PLACES.get(name)
    return json.dumps([place] if place else []).encode()


def store_fronts(base: str) -> dict:
    """The stores' own answers, in their shapes (see docs/sources.md), keyed by path."""
    def window(start, end):
        return {"startDate": start, "endDate": end,
                "discountSetting": {"discountType": "PERCENTAGE", "discountPercentage": 0}}

    def element(title, slug, ident, current=(), upcoming=()):
        group = lambda windows: [{"promotionalOffers": list(windows)}] if windows else []
        return {"title": title, "id": ident, "namespace": "ns-" + ident, "description": title, "offerType": "BASE_GAME",
                "effectiveDate": "2026-03-30T15:00:00.000Z", "expiryDate": None, "status": "ACTIVE",
                "keyImages": [{"type": "OfferImageWide", "url": f"{base}/g/epic-{ident}.jpg"}],
                "seller": {"id": "o-1", "name": "A studio"}, "productSlug": slug, "urlSlug": "x" + ident,
                "catalogNs": {"mappings": []}, "offerMappings": [],
                "price": {"totalPrice": {"discountPrice": 0, "originalPrice": 2499, "voucherDiscount": 0, "discount": 2499,
                                         "currencyCode": "USD", "currencyInfo": {"decimals": 2},
                                         "fmtPrice": {"originalPrice": "$24.99", "discountPrice": "0"}}},
                "promotions": {"promotionalOffers": group(current), "upcomingPromotionalOffers": group(upcoming)}}

    epic = {"data": {"Catalog": {"searchStore": {"elements": [
        element("Starlight Cartographer", "starlight-cartographer", "101",
                current=[window("2026-03-30T15:00:00.000Z", "2026-04-06T15:00:00.000Z")]),
        element("Harbor of Echoes", "harbor-of-echoes", "102",
                upcoming=[window("2026-04-06T15:00:00.000Z", "2026-04-13T15:00:00.000Z")]),
    ], "paging": {"count": 2, "total": 2}}}}, "extensions": {}}
    row = (
        '<a href="https://store.steampowered.com/app/7001/Rust_Rivets/" data-ds-appid="7001" class="search_result_row">'
        f'<div class="col search_capsule"><img src="{base}/store_item_assets/steam/apps/7001/capsule_sm_120.jpg"></div>'
        '<div class="col search_name ellipsis"><span class="title">Rust &amp; Rivets</span></div>'
        '<div class="discount_block search_discount_block" data-price-final="0" data-discount="100">'
        '<div class="discount_pct">-100%</div><div class="discount_original_price">$9.99</div></div></a>')
    steam = {"success": 1, "results_html": "<!-- List Items -->\n" + row + "\n<!-- End List Items -->\n",
             "total_count": 1, "start": 0}
    app_page = ('<div class="game_purchase_action"><p class="game_purchase_discount_quantity ">Free to keep when you '
                'get it before 2 Apr @ 5:00pm.</p></div>')
    gog = (
        '<!DOCTYPE html><html lang="en"><body><giveaway><div id="giveaway" class="giveaway">'
        '<a class="giveaway__overlay-link" href="https://www.gog.com/en/game/quiet_orchard"></a>'
        f'<img class="giveaway__image" src="{base}/g/gog-1.jpg" alt="Quiet Orchard">'
        '<div class="giveaway__content-header">Get <span class="giveaway__content-header-text">Quiet Orchard</span> free</div>'
        '<div class="giveaway__countdown">Giveaway ends in <span>30 : 00 : 00</span> left</div></div></giveaway></body></html>')
    # Epic's mobile front (the same answer for Android and iOS: one game on both).
    mobile = {"data": [
        {"type": "carousel", "offers": []},
        {"type": "freeGame", "title": "Free Games", "offers": [{
            "offerId": "m-1", "sandboxId": "sb-m-1",
            "content": {"title": "Pocket Lighthouse", "mapping": {"slug": "pocket-lighthouse", "pageType": "productHome"},
                        "media": {"card16x9": {"imageSrc": f"{base}/g/mobile-1.jpg"}},
            "purchase": [
                {"purchaseType": "Claim", "purchaseStateEffectiveDate": "2026-03-30T15:00:00.000Z",
                 "price": {"decimalPrice": 0, "currencyCode": "USD"},
                 "discount": {"discountType": "PERCENTAGE", "discountAmountDisplay": "-100%",
                              "discountEndDate": "2026-04-06T15:00:00.000Z", "originalPriceDisplay": "$3.99"}},
                {"purchaseType": "Purchase", "price": {"decimalPrice": 3.99, "currencyCode": "USD"}}]}}]}],
        "paging": {"start": 0, "count": 10, "total": 2}}
    return {
        "/epic/freeGamesPromotions": (json.dumps(epic).encode(), "application/json"),
        "/epic-mobile/api/v2/public/discover/home": (json.dumps(mobile).encode(), "application/json"),
        "/steam/search/results/": (json.dumps(steam).encode(), "application/json"),
        "/steam/app/7001/": (app_page.encode(), "text/html"),
        "/gog/en/": (gog.encode(), "text/html; charset=utf-8"),
    }


def start(port: int = 0, fixture: Path = FIXTURE, catalog: Path = CATALOG) -> ThreadingHTTPServer:
    """A fake upstream on its own port with its own fixtures and modes (several can run in one process)."""
    handler = type("Upstream", (Upstream,), {"fixture": Path(fixture), "mode": "ok", "flip": False,
                                             "catalog_fixture": Path(catalog), "catalog_mode": "ok",
                                             "overpass_mode": "ok", "overpass_boxes": [],
                                             "overpass_gate": threading.Event(), "nominatim_queries": [],
                                             "foursquare_mode": "ok"})
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer.allow_reuse_address = True
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def long_feed(count: int, first_id: int = 7001) -> list:
    """`count` live giveaways in GamerPower's wire format, newest first, for lists longer than a page."""
    items = []
    for n in range(count):
        ident = first_id + n
        items.append({
            "id": ident, "title": f"Longlist Game {n + 1:03d} Giveaway", "worth": f"${(n % 9) + 1}.99",
            "thumbnail": f"{{{{UPSTREAM}}}}/offers/1/{ident}.png", "image": f"{{{{UPSTREAM}}}}/offers/1b/{ident}.png",
            "description": f"Number {n + 1} of a long list.", "instructions": "1. Claim it.",
            "open_giveaway_url": f"https://www.gamerpower.com/open/longlist-{ident}",
            "published_date": f"2026-03-{30 - n // 24:02d} {23 - n % 24:02d}:00:00", "type": "Game",
            "platforms": "PC, Steam", "end_date": "N/A", "users": 100 + n, "status": "Active",
            "gamerpower_url": f"https://www.gamerpower.com/longlist-{ident}",
            "open_giveaway": f"https://www.gamerpower.com/open/longlist-{ident}",
        })
    return items


NEARBY_CENTER = (52.520008, 13.404954)
NEARBY_KINDS = [("shop", "video_games"), ("leisure", "amusement_arcade"), ("amenity", "internet_cafe"),
                ("shop", "games"), ("shop", "toys")]


def nearby_places(count: int = 30) -> list:
    """`count` Overpass elements on a spiral around Berlin's centre (about 1.5 km out at most): named shops and
    arcades with addresses, one without a name, one with a hostile name; a few ways with a `center`."""
    elements = []
    for n in range(count):
        angle = n * 2.4
        distance = 0.0008 + n * 0.0007
        lat = round(NEARBY_CENTER[0] + distance * 0.62 * math.sin(angle), 6)
        lon = round(NEARBY_CENTER[1] + distance * math.cos(angle), 6)
        key, value = NEARBY_KINDS[n % len(NEARBY_KINDS)]
        tags = {key: value, "name": f"Spielwelt {n + 1:02d}", "addr:street": "Teststraße",
                "addr:housenumber": str(n + 1), "addr:postcode": "10178", "addr:city": "Berlin"}
        if n == 3:
            del tags["name"]
        if n == 5:
            tags["name"] = '<img src=x onerror="window.__xss=9">"Quote" Café'
        if n % 7 == 6:
            elements.append({"type": "way", "id": 9000 + n, "center": {"lat": lat, "lon": lon}, "tags": tags})
        else:
            elements.append({"type": "node", "id": 9000 + n, "lat": lat, "lon": lon, "tags": tags})
    return elements


# A store across town (Spandau, about 14 km west of the centre): outside any view of the tests' map, found by a
# typed search widened to 25 km around the view's centre (issue 32).
FAR_PLACES = [
    {"type": "node", "id": 9900, "lat": 52.5365, "lon": 13.2040,
     "tags": {"shop": "video_games", "name": "Retro Tresor", "addr:street": "Carl-Schurz-Straße",
              "addr:housenumber": "7", "addr:postcode": "13597", "addr:city": "Berlin"}},
]


def element_point(element: dict) -> tuple:
    """A node's own coordinates, or a way's `center`."""
    point = element.get("center") or element
    return point["lat"], point["lon"]


def tile_png(size: int = 256) -> bytes:
    """A quiet, map-like tile: a pale ground with a street grid, encoded as PNG by hand."""
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            street = x % 64 in (0, 1, 2) or y % 64 in (0, 1, 2)
            row += bytes((250, 250, 246) if street else (232, 230, 222))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    server = start(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(f"fake GamerPower on http://127.0.0.1:{server.server_port}/api", flush=True)
    threading.Event().wait()
