"""scripts/api-check: schemathesis against `giveaways serve` on loopback, fed by the fake upstream's fixtures."""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import Server, post
import fake_upstream


def schemathesis():
    """The CLI pip installed: on PATH, or beside this Python (a pyenv or venv not on PATH)."""
    found = shutil.which("schemathesis") or shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    if not found:
        sys.exit("api-check needs schemathesis: python3 -m pip install schemathesis")
    return found


def live_events(server, feed):
    """Puts every kind of event in the live stream's log, for schemathesis to check against the document: the feed
    gains a giveaway, loses one and moves one's end, and syncs again (the syncs bring `sync.finished`)."""
    time.sleep(2)  # the live stream's first look at the synced feed (once a second) is its baseline, no news
    items = json.loads(feed.read_text())
    changed = [dict(items[0], id=9901, title="Live Arrival Giveaway")]
    for item in items:
        if item["id"] == 5114:
            changed.append(dict(item, end_date="2026-04-30 23:59:00"))
        elif item["id"] != 5112:
            changed.append(item)
    feed.write_text(json.dumps(changed))
    status, _, _ = post(server.base + "/sync", b"source=gamerpower", {"Origin": server.base})
    assert status in (302, 303), f"POST /sync answered {status}"
    wanted, seen = {"giveaway.new", "giveaway.updated", "giveaway.ended"}, set()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    connection.request("GET", "/api/v1/events?lastEventId=0", headers={"Accept": "text/event-stream"})
    response = connection.getresponse()
    deadline = time.time() + 20
    while not wanted <= seen and time.time() < deadline:
        line = response.fp.readline().decode()
        if not line:
            break
        if line.startswith("event: "):
            seen.add(line[7:].strip())
    connection.close()
    if not wanted <= seen:
        sys.exit(f"the live stream did not tell the changed feed: {sorted(wanted - seen)} missing")


def main():
    command = [schemathesis()]
    work = Path(tempfile.mkdtemp(prefix="gg-api-check-"))
    # The fixture as a file of its own: the feed changes once the first sync is in (see `live_events`).
    feed = work / "giveaways.json"
    feed.write_text(fake_upstream.FIXTURE.read_text())
    upstream = fake_upstream.start(fixture=feed)
    # Games on, against the fake RAWG: its operations are checked answering, not only as "off" (a 503).
    server = Server(work / "db.sqlite", upstream=f"http://127.0.0.1:{upstream.server_port}/api",
                    interval="600", log=work / "server.log",
                    extra=("--rawg-url", f"http://127.0.0.1:{upstream.server_port}/rawg",
                           "--rawg-key", fake_upstream.Upstream.RAWG_KEY))
    try:
        server.wait_ready()
        server.wait_synced()
        # The catalog syncs beside the feed: suggestions should have titles to find.
        deadline = time.time() + 30
        while not all(source["lastAttempt"] for source in server.status()["sources"]) and time.time() < deadline:
            time.sleep(0.1)
        live_events(server, feed)
        # The live stream never ends: schemathesis reads each answer up to `max-stream-events` events or the
        # request timeout and checks every event it read against the document's `itemSchema`. Bounded so that
        # each of its requests costs at most a second (a replay from an early id has its 3 events at once) and the
        # whole operation some 15 s: 10 examples (100 with FULL=1) besides the coverage phase's cases.
        config = work / "schemathesis.toml"
        config.write_text("\n".join([
            "[[operations]]",
            'include-operation-id = "streamEvents"',
            "request-timeout = 1",
            "max-stream-events = 3",
            f"generation.max-examples = {max(10, int(os.environ.get('EXAMPLES', '50')) // 10)}",
            "",
        ]))
        command += ["--config-file", str(config),
                    "run", server.base + "/api/openapi.yaml", "--checks", "all",
                    "--max-examples", os.environ.get("EXAMPLES", "50"), "--workers", "1",
                    "--request-timeout", "10", "--no-color"]
        print("==", " ".join(command), flush=True)
        result = subprocess.run(command, cwd=work)
        alive = server.alive()
        if not alive:
            print("the server died during the run", file=sys.stderr)
        print((work / "server.log").read_text()[-4000:], end="")
        sys.exit(result.returncode if alive else 1)
    finally:
        server.stop()
        upstream.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
