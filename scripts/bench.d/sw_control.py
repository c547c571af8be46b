"""Control experiment for the service worker's share of DOMContentLoaded: one release binary, three ways of
answering `/sw.js`, everything else identical.

A small proxy in front of the server (both pinned to SERVER_CPU) passes every request through, except `/sw.js`:
  none    404: the page's registration fails, no worker ever controls the page (a build without a worker);
  empty   a worker with no code at all: it installs and controls the page but handles no event;
  real    the server's own worker (shell cache, static routes, navigation preload, offline copies).
Each variant has its own port, so its own origin and registrations. DOMContentLoaded of Home, ROUNDS rounds, the
variants alternating inside each round, a fresh headless Chromium (390x844) per round on CLIENT_CPU: "first" visit,
"repeat" one second later (the first navigation under the newly installed worker), "later" 3 s after that.
"empty" minus "none" is what Chromium charges for any worker; "real" minus "empty" is this worker's own cost.
Usage: scripts/bench-sw-control BIN. Env: ROUNDS (15), SERVER_CPU, CLIENT_CPU."""
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import feed_of, free_port  # noqa: E402
from browser_driver import make_driver  # noqa: E402
from before_after import CLIENT_CPU, DCL, NOW, SERVER_CPU, Pinned  # noqa: E402

ROUNDS = int(os.environ.get("ROUNDS", "15"))
VARIANTS = ["none", "empty", "real"]
PASSED_HEADERS = ("accept", "accept-language", "cookie", "if-none-match", "if-modified-since",
                  "service-worker-navigation-preload", "x-fragment")


def proxy(upstream, variant):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if self.path == "/sw.js" and variant != "real":
                body = b"// a worker that does nothing\n" if variant == "empty" else b"no worker here\n"
                self.answer(200 if variant == "empty" else 404,
                            {"Content-Type": "text/javascript", "Cache-Control": "no-cache"}, body)
                return
            headers = {k: v for k, v in self.headers.items() if k.lower() in PASSED_HEADERS}
            request = urllib.request.Request(upstream + self.path, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    status, received, body = response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                status, received, body = error.code, error.headers, error.read()
            kept = {k: v for k, v in received.items()
                    if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding")}
            self.answer(status, kept, body)

        def answer(self, status, headers, body):
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def visits(base):
    driver = make_driver(width=390, height=844, now=NOW)
    try:
        driver.get(base + "/")
        first = driver.execute_script(DCL)
        time.sleep(1.0)
        driver.get(base + "/")
        repeat = driver.execute_script(DCL)
        time.sleep(3.0)
        driver.get(base + "/")
        later = driver.execute_script(DCL)
        controlled = driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        return first, repeat, later, controlled
    finally:
        driver.quit()


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    work = Path(tempfile.mkdtemp(prefix="gg-sw-control-"))
    (work / "feed.json").write_text(feed_of(100))
    server = Pinned(sys.argv[1], work, "control")
    # The proxies' threads (and the threads they start per request) inherit the server's CPU from here.
    os.sched_setaffinity(0, {int(SERVER_CPU)})
    proxies = {variant: proxy(server.base, variant) for variant in VARIANTS}
    os.sched_setaffinity(0, {int(CLIENT_CPU)})  # this script, chromedriver and Chromium: the client CPU
    samples = {variant: [] for variant in VARIANTS}
    try:
        print(f"method: server and proxy pinned to CPU {SERVER_CPU}, clients on CPU {CLIENT_CPU}; 100 giveaways; "
              f"{ROUNDS} rounds, the variants alternating")
        for round_number in range(ROUNDS):
            order = VARIANTS if round_number % 2 == 0 else list(reversed(VARIANTS))
            for variant in order:
                samples[variant].append(visits(proxies[variant][1]))
        print("\n## DOMContentLoaded of Home (ms), median")
        medians = {}
        for variant in VARIANTS:
            rows = samples[variant]
            medians[variant] = [statistics.median(row[k] for row in rows) for k in range(3)]
            controlled = sum(1 for row in rows if row[3])
            print(f"{variant:6} first {medians[variant][0]:6.1f}  repeat {medians[variant][1]:6.1f}  "
                  f"later {medians[variant][2]:6.1f}  (controlled by a worker in {controlled}/{ROUNDS})")
        for label, a, b in [("empty / none (any worker)", "empty", "none"), ("real / empty (this worker)", "real", "empty"),
                            ("real / none (all of it)", "real", "none")]:
            ratios = "  ".join(f"{kind} {medians[a][k] / medians[b][k]:.2f}x"
                               for k, kind in enumerate(["first", "repeat", "later"]))
            print(f"{label:28} {ratios}")
    finally:
        for running, _ in proxies.values():
            running.shutdown()
        server.stop()


if __name__ == "__main__":
    main()
