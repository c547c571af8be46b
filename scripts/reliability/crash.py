"""Crash safety: ROUNDS rounds of `kill -9` at a random moment while `giveaways import` rewrites the store and
the server writes favorites. After each round: `PRAGMA integrity_check` must say ok, and every favorite whose
write the server acknowledged (a 303 answer) must still be there. Usage: python3 crash.py [ROUNDS]"""
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server, binary, feed_of, post  # noqa: E402


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(11)
    work = Path(tempfile.mkdtemp(prefix="gg-crash-"))
    database = work / "store.sqlite"
    feed = work / "feed.json"
    feed.write_text(feed_of(3000))
    subprocess.run([binary(), "import", str(feed), "--as-of", "2026-03-01", "--database", str(database)],
                   check=True, capture_output=True)
    ids = list(range(100000, 103000))
    rng.shuffle(ids)
    acknowledged, cookie, lost, bad_integrity = [], None, 0, 0
    for number in range(rounds):
        server = Server(database, now=None)
        server.wait_ready()
        day = f"2026-03-{2 + number % 27:02d}"
        importer = subprocess.Popen([binary(), "import", str(feed), "--as-of", day, "--database", str(database)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stop = threading.Event()

        def heart():
            nonlocal cookie
            while not stop.is_set() and ids:
                giveaway = ids.pop()
                headers = {"Cookie": cookie} if cookie else {}
                try:
                    status, response_headers, _ = post(f"{server.base}/giveaways/{giveaway}/favorite",
                                                       b"favorite=1", headers, timeout=2)
                except OSError:
                    return  # killed mid-request: not acknowledged
                if status == 303:
                    acknowledged.append(giveaway)
                    if not cookie and "Set-Cookie" in response_headers:
                        cookie = response_headers["Set-Cookie"].split(";")[0]

        writer = threading.Thread(target=heart, daemon=True)
        writer.start()
        # Up to 1.5 s: a debug build's import of 3,000 giveaways holds the write lock for about 0.4 s, and the round
        # must also see hearts answered between and after its transactions.
        time.sleep(rng.uniform(0.02, 1.5))
        server.process.kill()  # SIGKILL, no warning
        importer.kill()
        server.process.wait()
        importer.wait()
        stop.set()
        writer.join(timeout=5)

        connection = sqlite3.connect(database)
        try:
            if connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                bad_integrity += 1
            # The cookie is `<id>.<signature>`: the rows are kept under the id.
            profile = cookie.split("=", 1)[1].split(".")[0] if cookie else ""
            stored = {row[0] for row in connection.execute(
                "SELECT subject_id FROM mark WHERE profile_id = ? AND subject_kind = 'giveaway' AND kind = 'favorite'",
                (profile,))}
        finally:
            connection.close()
        lost = sum(1 for giveaway in acknowledged if giveaway not in stored)
        if lost or bad_integrity:
            break
    print(f"{number + 1} rounds of kill -9 during imports and favorite writes: {len(acknowledged)} acknowledged "
          f"favorites, {lost} lost; integrity_check failures: {bad_integrity}")
    ok = lost == 0 and bad_integrity == 0 and len(acknowledged) > 0
    print(f"crash: {1 if ok else 0} passed, {0 if ok else 1} failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
