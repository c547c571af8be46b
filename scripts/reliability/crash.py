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
from harness import Server, binary, feed_of, get, post  # noqa: E402


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
    # Every round hearts as a new visitor (its own cookie, so its own profile), and every acknowledged heart of every
    # round is checked after every later round: the 200 rounds of the full run never run out of giveaways to heart.
    acknowledged, lost, bad_integrity = [], 0, 0
    answers = {}  # status (or the error) -> how many: shown at the end, and the first clue when nothing was acknowledged
    for number in range(rounds):
        server = Server(database, now=None)
        server.wait_ready()
        # The first page waits for the read model (3,000 giveaways: a second or more in a debug build on a busy
        # machine); the round's clock starts once the server answers pages, so that its hearts are answered at all.
        get(server.base + "/", timeout=60)
        day = f"2026-03-{2 + number % 27:02d}"
        importer = subprocess.Popen([binary(), "import", str(feed), "--as-of", day, "--database", str(database)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stop = threading.Event()
        rng.shuffle(ids)

        def heart(order=tuple(ids)):
            cookie = None
            for giveaway in order:
                if stop.is_set():
                    return
                headers = {"Cookie": cookie} if cookie else {}
                try:
                    status, response_headers, _ = post(f"{server.base}/giveaways/{giveaway}/favorite",
                                                       b"favorite=1", headers, timeout=2)
                except OSError as error:
                    answers[type(error).__name__] = answers.get(type(error).__name__, 0) + 1
                    return  # killed mid-request: not acknowledged
                answers[status] = answers.get(status, 0) + 1
                if not cookie and "Set-Cookie" in response_headers:
                    cookie = response_headers["Set-Cookie"].split(";")[0]
                if status == 303 and cookie:
                    # The cookie is `gg_profile=<id>.<signature>`: the rows are kept under the id.
                    acknowledged.append((cookie.split("=", 1)[1].split(".")[0], giveaway))

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
            stored = {tuple(row) for row in connection.execute(
                "SELECT profile_id, subject_id FROM mark WHERE subject_kind = 'giveaway' AND kind = 'favorite'")}
        finally:
            connection.close()
        lost = sum(1 for pair in acknowledged if pair not in stored)
        if lost or bad_integrity:
            break
    print(f"{number + 1} rounds of kill -9 during imports and favorite writes: {len(acknowledged)} acknowledged "
          f"favorites, {lost} lost; integrity_check failures: {bad_integrity}")
    ok = lost == 0 and bad_integrity == 0 and len(acknowledged) > 0
    print(f"answers to the favorite writes: {answers}")
    print(f"crash: {1 if ok else 0} passed, {0 if ok else 1} failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
