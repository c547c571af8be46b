"""Every route a visitor can reach, against the build that ships: a crash that only optimised code has is invisible
to debug tests (issue 41: the release build died on the first /nearby). CI runs this with BIN set to
`swift build -c release`'s executable.

The routes come from the route table itself (Sources/GiveawaysViews/Site/Routing/SiteRoute+Table.swift) and the API
document, so a route added tomorrow is swept without touching this script. Each is asked with GET and HEAD, the
page-fragment header, a form POST and, where it takes them, hostile parameters; the stream is opened, replayed and
closed; Nearby is asked with its sources unreachable (no network: every upstream points at a closed loopback port).
After every request the process must still be running, and no answer may be a 500 (an upstream's failure is a
502/503/504, said as such).

Usage: BIN=.build-release/release/giveaways python3 scripts/reliability/routes.py
"""
import http.client
import re
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import ROOT, Server, binary  # noqa: E402

TABLE = ROOT / "Sources" / "GiveawaysViews" / "Site" / "Routing" / "SiteRoute+Table.swift"
DOCUMENT = ROOT / "Sources" / "GiveawaysAPI" / "openapi.yaml"

# What each path parameter is filled with: a plausible value first, then hostile ones.
VALUES = {
    "id": ["1", "3101", "999999999", "0", "-1", "abc", "9" * 40],
    "kind": ["thumbnail", "image", "x"],
    "index": ["0", "50", "51", "x"],
    "genre": ["action", "no-such-genre", "%00", "a" * 300],
    "token": ["0" * 32, "x"],
    "format": ["atom", "json", "ics", "exe"],
    "file": ["app.css", "app.js", "..%2f..%2fetc%2fpasswd", "nope.txt"],
    "z": ["3", "99"], "x": ["4", "-1"], "y": ["2", "999999"],
}
# Query strings that each page and API answer must survive (most are 400s).
QUERIES = [
    "", "?page=2", "?page=-1", "?page=99999999999999999999", "?q=portal", "?q=%00%ff", "?search=" + "a" * 2000,
    "?platform=pc&type=game&sort=value", "?platform=nope", "?sort=%3Cscript%3E", "?ll=52.52,13.40&z=14",
    "?ll=999,999", "?bbox=13.3,52.4,13.5,52.6", "?near=Berlin&q=game", "?cat=shop&view=map", "?cursor=%ff%fe",
    "?limit=0", "?limit=100000", "?lastEventId=", "?lastEventId=0", "?include_expired=maybe", "?all=1", "?lang=de",
]
STREAM_PATHS = {"/api/v1/events"}


def templates():
    paths = set(re.findall(r'"(/[^"\s]*)"', TABLE.read_text()))
    paths |= set(re.findall(r"^  (/\S+):\s*$", DOCUMENT.read_text(), re.M))
    return sorted(p for p in paths if p.startswith("/"))


def fill(template):
    """Every path the template makes with the values above: first the plausible one for all, then each hostile value
    of one parameter at a time."""
    names = re.findall(r"\{(\w+)\}", template)
    if not names:
        return [template]

    def build(choice):
        path = template
        for name in names:
            path = path.replace("{" + name + "}", choice.get(name, VALUES.get(name, ["1"])[0]), 1)
        return path

    paths = [build({})]
    for name in names:
        for value in VALUES.get(name, ["1", "x"])[1:]:
            paths.append(build({name: value}))
    return paths


class Sweep:
    def __init__(self, server):
        self.server, self.asked, self.failures = server, 0, []

    def ask(self, method, path, headers=None, body=None, read=True):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=15)
        status = None
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            status = response.status
            if read and path.split("?")[0] not in STREAM_PATHS:
                response.read()
            elif status == 200:
                connection.sock.settimeout(2)  # a stream: its first bytes, then hang up
                try:
                    response.read(64)
                except (socket.timeout, TimeoutError):
                    pass
        except (socket.timeout, TimeoutError):
            status = "timeout"
        except (ConnectionError, http.client.HTTPException) as error:
            status = f"connection: {error}"
        finally:
            connection.close()
        self.asked += 1
        if not isinstance(status, int):
            # A crashing Swift process prints its backtrace before it exits (half a minute): wait for it.
            try:
                self.server.process.wait(timeout=60)
            except Exception:  # noqa: BLE001 (still running: the answer was only slow)
                pass
        path = path if len(path) <= 120 else path[:117] + "..."
        if not self.server.alive():
            self.failures.append(f"{method} {path}: the server died (exit {self.server.process.poll()})")
            raise SystemExit(self.report())
        if status == 500 or not isinstance(status, int):
            self.failures.append(f"{method} {path}: {status}")
        return status

    def report(self):
        print(f"== {self.asked} requests over {len(templates())} routes; the server "
              + ("is alive" if self.server.alive() else "DIED"))
        for failure in self.failures:
            print("   FAIL", failure)
        return 1 if self.failures or not self.server.alive() else 0


def main():
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "routes.sqlite"
        # No network: every upstream (GamerPower, FreeToGame, the stores, RAWG, Nearby's) at a closed loopback port.
        closed = "http://127.0.0.1:9"
        extra = ["--sources", "all", "--epic-url", closed, "--epic-mobile-url", closed, "--steam-url", closed,
                 "--gog-url", closed, "--rawg-key", "routes-sweep-key", "--rawg-url", closed + "/api"]
        server = Server(database, upstream=closed + "/api", extra=extra, log=str(Path(folder) / "server.log"))
        try:
            server.wait_ready()
            sweep = Sweep(server)
            started = time.perf_counter()
            for template in templates():
                for path in fill(template):
                    for query in QUERIES if "{" not in template else [""]:
                        sweep.ask("GET", path + query)
                    sweep.ask("HEAD", path)
                    sweep.ask("GET", path, headers={"X-Fragment": "results", "Accept-Encoding": "gzip"})
                    sweep.ask("GET", path, headers={"Accept-Language": "de", "If-None-Match": '"x"'})
                    sweep.ask("POST", path, body=b"a=1&b=%00",
                              headers={"Content-Type": "application/x-www-form-urlencoded",
                                       "Origin": server.base, "Sec-Fetch-Site": "same-origin"})
            # The stream: opened, replayed from the start, closed at once.
            sweep.ask("GET", "/api/v1/events", headers={"Last-Event-ID": "0"}, read=False)
            sweep.ask("GET", "/api/v1/events?types=new,ended", read=False)
            time.sleep(1)  # a crash while tearing a stream down shows here
            sweep.ask("GET", "/healthz")
            print(f"== swept in {time.perf_counter() - started:.1f} s with {binary()}")
            return sweep.report()
        finally:
            log = Path(folder) / "server.log"
            server.stop()
            text = log.read_text(errors="replace") if log.exists() else ""
            for marker in ["Program crashed", "Fatal error"]:
                if marker in text:  # the crash's first lines: what and where
                    print(text[text.index(marker):][:3000])
                    break


if __name__ == "__main__":
    sys.exit(main())
