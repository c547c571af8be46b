"""Limits that no anonymous client can push past, against the real server over loopback.

1. Visitors' notifications: ATTACKERS fresh cookies (each with a heart, from as many forwarded addresses) POST a
   hook; the server's budget of visitor hooks must stay untouched, a client with aged profiles gets at most its
   share, and an established visitor can still add one afterwards.
2. Profile size: four imports of about 5,000 new marks each into one profile keep it at the per-profile limit
   (5,000): the first fills it, the others are refused whole; a 20,000-mark file is refused; a heart past the
   limit is answered 400 with the reason.

Cookies come from the server's own Set-Cookie answers (never made up here). No sync ever succeeds (the upstream is
a closed loopback port), so no hook is ever delivered anywhere. Usage: python3 limits.py [ATTACKERS]"""
import json
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server, binary, feed_of, get, post  # noqa: E402

NOW = "2026-03-31T12:00:00Z"
PROFILE_MARKS = 5000
SERVER_HOOKS = 200
HOOKS_PER_ADDRESS = 10


def heart(server, giveaway, cookie=None):
    """Hearts a giveaway; answers (status, the cookie to send from now on, body)."""
    headers = {"Cookie": cookie} if cookie else {}
    status, response_headers, body = post(f"{server.base}/giveaways/{giveaway}/favorite", b"favorite=1", headers)
    set_cookie = response_headers.get("Set-Cookie", "")
    if set_cookie.startswith("gg_profile="):
        cookie = set_cookie.split(";")[0]
    return status, cookie, body


def add_hook(server, cookie, number, address):
    body = urllib.parse.urlencode({"url": f"https://hooks.invalid/{number}", "format": "json", "new": "1"}).encode()
    headers = {"Cookie": cookie, "X-Forwarded-For": address}
    return post(f"{server.base}/settings/notifications", body, headers)


def visitor_hooks(database):
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT COUNT(*) FROM hook WHERE profile_id IS NOT NULL").fetchone()[0]


def age(database, cookie):
    """Makes the cookie's profile an hour old, as if it had been used since then."""
    profile = cookie.split("=", 1)[1].split(".")[0]
    created = (datetime.fromisoformat(NOW.replace("Z", "+00:00")) - timedelta(hours=1)).astimezone(timezone.utc)
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO profile (id, created_at) VALUES (?, ?) "
            "ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at",
            (profile, created.strftime("%Y-%m-%d %H:%M:%S.000")))


def hooks_case(server, database, attackers):
    statuses = {}
    for number in range(attackers):
        _, cookie, _ = heart(server, 100000 + number % 50)
        status, _, _ = add_hook(server, cookie, number, f"203.0.113.{number % 250 + 1}")
        statuses[status] = statuses.get(status, 0) + 1
    after_fresh = visitor_hooks(database)
    # One client that went to the trouble of aging profiles, from one address.
    aged = 0
    for number in range(HOOKS_PER_ADDRESS + 5):
        _, cookie, _ = heart(server, 100001)
        age(database, cookie)
        status, _, _ = add_hook(server, cookie, 10000 + number, "198.51.100.7")
        aged += status == 303
    # An established visitor elsewhere still gets in.
    _, cookie, _ = heart(server, 100002)
    age(database, cookie)
    established, _, _ = add_hook(server, cookie, 99999, "192.0.2.44")
    print(f"{attackers} fresh cookies POSTed a hook: answers {dict(sorted(statuses.items()))}, "
          f"{after_fresh} hooks stored (server budget {SERVER_HOOKS}); "
          f"{HOOKS_PER_ADDRESS + 5} aged profiles from one address: {aged} added; "
          f"an established visitor afterwards: HTTP {established}")
    return after_fresh == 0 and aged <= HOOKS_PER_ADDRESS and established == 303


def export_file(count, first):
    marks = [{"subject": "giveaway", "id": first + n, "kind": "favorite", "createdAt": NOW, "updatedAt": NOW}
             for n in range(count)]
    rules = {"platforms": [], "types": [], "noLoot": False, "blockedKeywords": [], "hideKeySites": False,
             "hideClaimed": False, "hideNotInterested": False}
    return json.dumps({"format": "gamegiveaways-profile", "version": 1, "exportedAt": NOW, "rules": rules,
                       "marks": marks}, separators=(",", ":"))


def import_file(server, cookie, text):
    body = urllib.parse.urlencode({"data": text}).encode()
    return post(f"{server.base}/settings/import", body, {"Cookie": cookie})[0]


def profile_case(server):
    _, cookie, _ = heart(server, 100000)
    # The heart is one mark: the first file fills the profile exactly, the next three would overflow it.
    imports = [import_file(server, cookie, export_file(PROFILE_MARKS - (1 if round == 0 else 0),
                                                       1_000_000 * (round + 1)))
               for round in range(4)]
    huge = import_file(server, cookie, export_file(20000, 9_000_000))
    marks = len(json.loads(get(f"{server.base}/settings/export", {"Cookie": cookie})[0])["marks"])
    status, _, body = heart(server, 100003, cookie)
    told = b"most marks" in body
    print(f"4 imports of {PROFILE_MARKS:,} new marks: answers {imports}; a 20,000-mark file: HTTP {huge}; "
          f"the profile holds {marks:,} marks (limit {PROFILE_MARKS:,}); a heart past it: HTTP {status}"
          f"{' with the reason' if told else ''}")
    # A file past the per-file limit may be refused as too many marks (400) or, earlier, as too large (413).
    return marks == PROFILE_MARKS and imports == [303, 400, 400, 400] and huge in (400, 413) and status == 400 \
        and told


def main():
    attackers = int(sys.argv[1]) if len(sys.argv) > 1 else 250
    work = Path(tempfile.mkdtemp(prefix="gg-limits-"))
    database = work / "store.sqlite"
    feed = work / "feed.json"
    feed.write_text(feed_of(60))
    subprocess.run([binary(), "import", str(feed), "--as-of", "2026-03-30", "--database", str(database)],
                   check=True, capture_output=True)
    server = Server(database, now=NOW)
    try:
        server.wait_ready()
        results = [("notifications", hooks_case(server, database, attackers)), ("profile size", profile_case(server))]
        alive = server.alive()
    finally:
        server.stop()
    failed = [name for name, ok in results if not ok] + ([] if alive else ["server died"])
    print(f"limits: {len(results) - len(failed)} passed, {len(failed)} failed" + (f" ({', '.join(failed)})"
                                                                                    if failed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
