"""The figures `scripts/bench` prints beyond giveaways-bench and bench-pages: page weight, start time with a
10,000-giveaway database, DOMContentLoaded in headless Chromium, RSS under load while syncs run every 5 s.
Loopback only; every loop is bounded in count and time."""
import gzip
import json
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
from harness import Server, binary, feed_of, get, print_table  # noqa: E402
import fake_upstream  # noqa: E402

BIN = binary()
LOAD_SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
rows = []


def row(name, value, goal="", met=None):
    rows.append((name, value, goal, "" if met is None else ("met" if met else "MISSED")))


def main():
    work = Path(tempfile.mkdtemp(prefix="gg-bench-"))
    try:
        # Weight: Home with 100 giveaways.
        (work / "feed100.json").write_text(feed_of(100))
        database = str(work / "w.sqlite")
        subprocess.run([BIN, "import", str(work / "feed100.json"), "--as-of", "2026-03-31", "--database", database],
                       check=True, capture_output=True)
        server = Server(database)
        server.wait_ready()
        server.wait_synced()
        raw, _ = get(server.base + "/")
        zipped, headers = get(server.base + "/", {"Accept-Encoding": "gzip"})
        assert headers.get("Content-Encoding") == "gzip" and gzip.decompress(zipped) == raw
        cards = raw.count(b'<article class="card')
        row(f"weight: Home, {cards} giveaways, raw", f"{len(raw) / 1024:.1f} KB", "≤ 120 KB", len(raw) <= 120 * 1024)
        row("weight: Home, gzip", f"{len(zipped) / 1024:.1f} KB", "≤ 9 KB", len(zipped) <= 9 * 1024)
        html = raw.decode()
        assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
        js = sum(len(get(server.base + a)[0]) for a in assets if ".js" in a)
        css = sum(len(get(server.base + a)[0]) for a in assets if ".css" in a)
        row("weight: JavaScript, total raw", f"{js / 1024:.1f} KB", "≤ 15 KB", js <= 15 * 1024)
        row("weight: CSS, total raw", f"{css / 1024:.1f} KB", "≤ 20 KB", css <= 20 * 1024)
        third = [u for u in re.findall(r'<(?:script|link|img)[^>]+(?:src|href)="([^"]+)"', html)
                 if u.startswith("http") or u.startswith("//")]
        row("weight: third-party requests", str(len(third)), "0", not third)
        dcl = dom_content_loaded(server.base)
        if dcl is not None:
            row("start: DOMContentLoaded, Home, headless Chromium, median of 10", f"{dcl:.1f} ms", "≤ 100 ms",
                dcl <= 100)
        server.stop()

        # Start: ready to answer with a 10,000-giveaway database.
        (work / "feed10k.json").write_text(feed_of(10_000))
        big = str(work / "big.sqlite")
        subprocess.run([BIN, "import", str(work / "feed10k.json"), "--as-of", "2026-03-31", "--database", big],
                       check=True, capture_output=True)
        times = []
        for _ in range(5):
            server = Server(big)
            times.append(server.wait_ready("/") * 1000)
            server.stop()
        median = statistics.median(times)
        row("start: spawn → first Home page served, 10,000 giveaways, median of 5", f"{median:.0f} ms", "≤ 300 ms",
            median <= 300)

        # Load: wrk at 64 connections while a sync runs every 5 s against the fake upstream.
        upstream = fake_upstream.start()
        live = str(work / "live.sqlite")
        server = Server(live, upstream=f"http://127.0.0.1:{upstream.server_port}/api", interval="0.0834", now=None)
        server.wait_ready("/api/v1/status")
        wrk = subprocess.Popen(["wrk", "-t2", "-c64", f"-d{LOAD_SECONDS}s", "--latency", "--timeout", "5s",
                                server.base + "/"], stdout=subprocess.PIPE, text=True)
        samples = []
        end = time.time() + LOAD_SECONDS
        while time.time() < end and wrk.poll() is None:
            time.sleep(min(5, max(0.1, end - time.time())))
            samples.append(server.rss_mib())
        output = wrk.communicate(timeout=LOAD_SECONDS + 30)[0]
        status, _ = get(server.base + "/api/v1/status")
        server.stop()
        upstream.shutdown()
        requests = re.search(r"(\d+) requests in", output)
        errors = re.search(r"Socket errors: (.*)", output)
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
        rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
        row(f"load: wrk -c64 {LOAD_SECONDS}s on Home with a sync every 5 s, req/s",
            rps.group(1) if rps else "?")
        row("load: socket errors / timeouts / non-2xx", f"{errors.group(1) if errors else 'none'} / "
            f"{non2xx.group(1) if non2xx else 0}", "0", not errors and not non2xx)
        row("load: requests served", requests.group(1) if requests else "?")
        if samples:
            row("load: RSS min / max over the run (sampled every 5 s)",
                f"{min(samples):.0f} / {max(samples):.0f} MiB", "≤ 100 MiB, flat",
                max(samples) <= 100 and max(samples) - min(samples) <= 10)
        row("load: last sync after the run", json.loads(status).get("lastSync") or "none")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print_table(rows)


def dom_content_loaded(base):
    try:
        from browser_driver import make_driver
    except ImportError:
        return None
    driver = make_driver()
    try:
        driver.get(base + "/")
        values = []
        for _ in range(10):
            driver.get(base + "/")
            values.append(driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0]; return n.domContentLoadedEventEnd - n.startTime;"))
        return statistics.median(values)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
