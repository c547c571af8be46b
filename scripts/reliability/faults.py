"""Upstream faults: the project's fake GamerPower misbehaves in every documented way while the real server syncs.
For each scenario: how long the client took to give up (≤ 10 s), the reason it recorded, whether the last good
data stayed intact and visible with the offline banner, the app's 5xx count while pages were hammered
throughout, and the server's RSS. Usage: python3 faults.py"""
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server, get, post, print_table  # noqa: E402
import fake_upstream  # noqa: E402

SCENARIOS = ["refused", "down", "html", "truncated", "empty201", "notfound", "stall", "alt503", "huge"]


class Hammer(threading.Thread):
    """Requests the app's pages in a loop (bounded by `stop`), counting answers by class."""

    def __init__(self, base, paths):
        super().__init__(daemon=True)
        self.base, self.paths = base, paths
        self.counts = {"2xx/3xx": 0, "4xx": 0, "5xx": 0, "errors": 0}
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            for path in self.paths:
                try:
                    get(self.base + path, timeout=5)
                    self.counts["2xx/3xx"] += 1
                except Exception as error:  # noqa: BLE001
                    code = getattr(error, "code", None)
                    key = "errors" if code is None else ("5xx" if code >= 500 else "4xx")
                    self.counts[key] += 1


def main():
    work = Path(tempfile.mkdtemp(prefix="gg-faults-"))
    upstream = fake_upstream.start()
    port = upstream.server_port
    server = Server(work / "db.sqlite", upstream=f"http://127.0.0.1:{port}/api", now=None, log=work / "server.log")
    server.wait_ready()
    good = server.wait_synced()
    assert good["lastSync"], "the first sync must succeed"
    count = good["giveaways"]
    hammer = Hammer(server.base, ["/", "/more", "/giveaways/5101", "/favorites", "/api/v1/giveaways"])
    hammer.start()
    rows = [("scenario", "gave up after", "recorded reason", "data intact", "banner", "RSS")]
    worst = 0.0
    all_ok = True
    for scenario in SCENARIOS:
        if scenario == "refused":
            upstream.shutdown()
            upstream.server_close()
        else:
            post(f"http://127.0.0.1:{port}/control/{scenario}")
        time.sleep(1.1)  # status times have whole seconds: make this attempt's time differ from the last one
        previous = server.status()
        before = (previous["lastSync"], previous["lastFailure"])
        # With a fixed clock both times could repeat; the real clock is used here (now=None), so they move.
        started = time.perf_counter()
        assert post(server.base + "/sync")[0] == 303
        deadline = time.time() + 40
        status = server.status()
        while time.time() < deadline and (status["syncing"] or (status["lastSync"], status["lastFailure"]) == before):
            time.sleep(0.05)
            status = server.status()
        elapsed = time.perf_counter() - started
        home = get(server.base + "/")[0].decode()
        intact = status["giveaways"] == count
        banner = "Offline — showing data from" in home
        recovered = status["lastFailure"] == before[1]
        if scenario == "empty201":  # 201 + status object means "nothing live": a valid, empty feed
            intact, banner = status["giveaways"] == 0, not banner
        if scenario == "alt503":  # the first 503 is retried after a back-off, and the retry succeeds
            intact, banner = intact and recovered, not banner
        worst = max(worst, elapsed)
        reason = status["lastFailureReason"] if not recovered else (
            "none: empty feed accepted" if scenario == "empty201" else "none: recovered by retry")
        reason = reason[:70]
        rows.append((scenario, f"{elapsed:.2f} s", reason, "yes" if intact else "NO",
                     "yes" if banner else "NO", f"{server.rss_mib():.0f} MiB"))
        all_ok &= intact and banner and elapsed <= 10.5
        if scenario == "refused":
            upstream = fake_upstream.start(port)
        # Back to a good feed before the next scenario, so each one starts from real data.
        post(f"http://127.0.0.1:{port}/control/ok")
        post(server.base + "/sync")
        time.sleep(0.3)
        server.wait_synced()
        if server.status()["giveaways"] != count:
            time.sleep(0.5)
            post(server.base + "/sync")
            server.wait_synced()
    hammer.stop.set()
    hammer.join(timeout=10)
    alive = server.alive()
    server.stop()
    upstream.shutdown()
    print_table(rows)
    print(f"app answers while faults ran: {hammer.counts}; server alive throughout: {alive}")
    print(f"slowest give-up: {worst:.2f} s (goal ≤ 10 s)")
    failed = not all_ok or hammer.counts["5xx"] or hammer.counts["errors"] or not alive
    print(f"faults: {len(SCENARIOS) - (1 if failed else 0)} passed, {1 if failed else 0} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
