"""Before/after figures for issue 11 (service worker, languages, local time): two release binaries side by side on
the same data, on equal CPU.

Both servers import the same 100-giveaway feed (from the real captures when ../shared is there) into their own
database and are pinned to one CPU (`taskset -c SERVER_CPU`); Chromium, chromedriver and wrk run on the other.
  weight      Home raw and gzipped, the JavaScript and CSS it loads, per language;
  DCL         DOMContentLoaded of Home in headless Chromium: ROUNDS rounds, the two binaries alternating inside
              each round (so drift hits both), a fresh browser per round; "first" is a first visit, "repeat" the
              next navigation a second later (for the new binary: its service worker now controls the page, and
              may still be finishing its install), "later" one more navigation 3 s after that. Median and p90;
  throughput  cached Home, plain, `wrk -t1 -c32` for DURATION, once per language (Accept-Language).
Usage: scripts/bench-before-after BEFORE_BIN AFTER_BIN. Env: ROUNDS (15), DURATION (10s), SERVER_CPU, CLIENT_CPU."""
import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import feed_of, free_port, get  # noqa: E402
from browser_driver import make_driver  # noqa: E402

# Only GamerPower (a fake on loopback) unless a run asks for the stores: their real fronts are never asked.
os.environ.setdefault("GIVEAWAYS_SOURCES", "gamerpower")

ROUNDS = int(os.environ.get("ROUNDS", "15"))
DURATION = os.environ.get("DURATION", "10s")
CPUS = sorted(os.sched_getaffinity(0))
SERVER_CPU = os.environ.get("SERVER_CPU", str(CPUS[0]))
CLIENT_CPU = os.environ.get("CLIENT_CPU", str(CPUS[1 if len(CPUS) > 1 else 0]))
NOW = "2026-03-31T12:00:00Z"
LANGUAGES = {"en": "en-GB,en;q=0.9", "de": "de-DE,de;q=0.9,en;q=0.5"}


class Pinned:
    def __init__(self, binary, work, name):
        database = work / f"{name}.sqlite"
        subprocess.run([binary, "import", str(work / "feed.json"), "--as-of", "2026-03-31", "--database",
                        str(database)], check=True, capture_output=True)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            ["taskset", "-c", SERVER_CPU, binary, "serve", "--port", str(self.port), "--database", str(database),
             "--gamerpower-url", "http://127.0.0.1:9/api", "--freetogame-url", "http://127.0.0.1:9/api",
             "--sync-interval", "3600", "--now", NOW, "--log-level", "error", "--image-cache",
             str(work / f"{name}.images")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                get(self.base + "/healthz")
                break
            except OSError:
                time.sleep(0.05)
        time.sleep(2)  # the first (failing) sync attempt is over

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def weight(server, language):
    headers = {"Accept-Language": LANGUAGES[language]}
    raw, _ = get(server.base + "/", headers)
    zipped, _ = get(server.base + "/", {**headers, "Accept-Encoding": "gzip"})
    assert gzip.decompress(zipped) == raw
    html = raw.decode()
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    bodies = {a: get(server.base + a)[0] for a in assets if a.endswith((".js", ".css")) or ".js?" in a or ".css?" in a}
    js = [body for path, body in bodies.items() if ".js" in path]
    css = [body for path, body in bodies.items() if ".css" in path]
    lang = re.search(r'<html lang="([^"]+)"', html).group(1)
    return {"raw": len(raw), "gzip": len(zipped), "js": sum(map(len, js)), "css": sum(map(len, css)), "lang": lang,
            "js_gzip": sum(len(gzip.compress(b, 6)) for b in js), "css_gzip": sum(len(gzip.compress(b, 6)) for b in css),
            "total_gzip": len(zipped) + sum(len(gzip.compress(b, 6)) for b in js + css)}


DCL = "const n = performance.getEntriesByType('navigation')[0]; return n.domContentLoadedEventEnd - n.startTime;"


def dcl_round(server):
    driver = make_driver(width=390, height=844, now=NOW)
    try:
        driver.get(server.base + "/")
        first = driver.execute_script(DCL)
        time.sleep(1.0)  # the service worker (if any) installs and takes control
        driver.get(server.base + "/")
        repeat = driver.execute_script(DCL)
        time.sleep(3.0)  # a visitor coming back later: whatever the worker did after the last visit is over
        driver.get(server.base + "/")
        later = driver.execute_script(DCL)
        controlled = driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        return first, repeat, later, controlled
    finally:
        driver.quit()


def throughput(server, language):
    result = subprocess.run(
        ["taskset", "-c", CLIENT_CPU, "wrk", "-t1", "-c32", "-d", DURATION, "--latency",
         "-H", f"Accept-Language: {LANGUAGES[language]}", server.base + "/"],
        check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", result).group(1))
    p99 = re.search(r"99%\s+([\d.]+\w+)", result).group(1)
    return rate, p99


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    os.sched_setaffinity(0, {int(CLIENT_CPU)})  # this script, chromedriver and Chromium: the client CPU
    binaries = {"before": sys.argv[1], "after": sys.argv[2]}
    work = Path(tempfile.mkdtemp(prefix="gg-before-after-"))
    servers = {}
    try:
        (work / "feed.json").write_text(feed_of(100))
        servers = {name: Pinned(path, work, name) for name, path in binaries.items()}
        print(f"method: both servers pinned to CPU {SERVER_CPU}, clients on CPU {CLIENT_CPU}; 100 giveaways; "
              f"{ROUNDS} DCL rounds alternating; wrk -t1 -c32 -d {DURATION}")
        print("\n## weight (Home)")
        for name, server in servers.items():
            for language in LANGUAGES:
                w = weight(server, language)
                print(f"{name:6} Accept-Language {language}: <html lang={w['lang']}>  HTML raw {w['raw'] / 1024:.1f} KB "
                      f"/ gzip {w['gzip'] / 1024:.1f} KB  JS {w['js'] / 1024:.1f} / {w['js_gzip'] / 1024:.1f} KB  "
                      f"CSS {w['css'] / 1024:.1f} / {w['css_gzip'] / 1024:.1f} KB  all three gzipped "
                      f"{w['total_gzip'] / 1024:.1f} KB")
        print("\n## DOMContentLoaded (ms), headless Chromium 390x844")
        samples = {name: {"first": [], "repeat": [], "later": [], "controlled": 0} for name in servers}
        for round_number in range(ROUNDS):
            order = list(servers) if round_number % 2 == 0 else list(reversed(servers))
            for name in order:
                first, repeat, later, controlled = dcl_round(servers[name])
                samples[name]["first"].append(first)
                samples[name]["repeat"].append(repeat)
                samples[name]["later"].append(later)
                samples[name]["controlled"] += int(controlled)
        medians = {}
        for name, values in samples.items():
            for kind in ["first", "repeat", "later"]:
                data = sorted(values[kind])
                medians[(name, kind)] = statistics.median(data)
                line = f"{name:6} {kind:6}: median {medians[(name, kind)]:6.1f}  p90 {data[int(len(data) * 0.9) - 1]:6.1f}"
                if kind == "later":
                    line += f"  (a service worker controlled it in {values['controlled']}/{ROUNDS} rounds)"
                print(line)
        for kind in ["first", "repeat", "later"]:
            print(f"after / before, {kind}: {medians[('after', kind)] / medians[('before', kind)]:.2f}x")
        if os.environ.get("SKIP_THROUGHPUT") == "1":
            return
        print(f"\n## cached Home throughput (plain), wrk -t1 -c32 -d {DURATION}")
        rates = {}
        for name, server in servers.items():
            for language in LANGUAGES:
                rate, p99 = throughput(server, language)
                rates[(name, language)] = rate
                print(f"{name:6} {language}: {rate:9.0f} req/s  p99 {p99}")
        for language in LANGUAGES:
            print(f"after / before, {language}: {rates[('after', language)] / rates[('before', 'en')]:.2f}x "
                  "(before has English only)")
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
