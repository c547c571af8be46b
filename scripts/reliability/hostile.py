"""Hostile input: N generated malformed requests (odd and huge query values, invalid UTF-8, traversal, unknown
methods and routes, giant headers and cookies, forged profile cookies, broken bodies, garbage request lines)
sent over raw sockets to the real server. Counts answers by status; fails on any 5xx, a crash, or a body
that reveals a file outside the static folder. Usage: python3 hostile.py [N]"""
import json
import random
import socket
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from harness import Server, get, print_table  # noqa: E402
import fake_upstream  # noqa: E402

LEAKS = [b"swift-tools-version", b"root:x:0:0", b"SQLite format 3", b"import Foundation", b"BEGIN PRIVATE KEY"]
rng = random.Random(7)


def junk(length):
    alphabet = "%00%ff%fe%c3%28%e2%82%28<>\"'`;&|$(){}[]\\/..%2e%2f%5c%0d%0a" + "abcXYZ019 +é😀"
    return "".join(rng.choice(alphabet) for _ in range(length))


def request_line_cases():
    params = ["platform", "type", "sort", "q", "page", "include_expired", "x"]
    values = [lambda: junk(rng.randint(1, 40)), lambda: "A" * rng.choice([300, 5000, 60000]),
              lambda: "%FF%FE%FD", lambda: "%C0%AF", lambda: "-1", lambda: "99999999999999999999",
              lambda: "steam%00", lambda: "<script>alert(1)</script>", lambda: "%", lambda: "%zz"]
    paths = ["/", "/api/v1/giveaways", "/more", "/favorites"]
    traversal = ["/static/..%2f..%2fPackage.swift", "/static/%2e%2e/%2e%2e/Package.swift", "/static/../../etc/passwd",
                 "/static/..%5c..%5cPackage.swift", "/images/1/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd",
                 "/static/app.css%00.txt", "/static/%252e%252e/Package.swift", "/giveaways/..%2f..%2fhealthz",
                 "/static/....//....//Package.swift", "/static/.%2e/.%2e/giveaways.sqlite", "/%2e%2e/%2e%2e/etc/passwd"]
    kind = rng.randint(0, 5)
    if kind == 0:
        query = "&".join(f"{rng.choice(params)}={rng.choice(values)()}" for _ in range(rng.randint(1, 4)))
        return f"{rng.choice(paths)}?{query}"
    if kind == 1:
        return rng.choice(traversal)
    if kind == 2:
        return "/" + junk(rng.randint(1, 60)).replace(" ", "%20")
    if kind == 3:
        return f"/giveaways/{rng.choice(['0', '-5', 'abc', '1e9', '99999999999999999999', '%00', junk(8)])}"
    if kind == 4:
        return f"/images/{rng.choice(['1', '5101', '-1', junk(5)])}/{rng.choice(['image', 'thumbnail', '..', junk(6)])}"
    return "/api/v1/giveaways/" + rng.choice(["1", "abc", junk(10)])


def build():
    method = rng.choice(["GET"] * 6 + ["POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "HEAD", "FOO", "G\x00T"])
    target = request_line_cases()
    headers = ["Host: 127.0.0.1"]
    roll = rng.random()
    if roll < 0.1:
        headers.append("X-Big: " + "a" * rng.choice([8_000, 70_000]))
    elif roll < 0.2:
        headers.append("Cookie: gg_profile=" + rng.choice(["../../etc", "a" * 5000, "0" * 32, "zz" * 16, junk(30)]))
    elif roll < 0.25:
        headers += [f"X-H{i}: {i}" for i in range(rng.choice([100, 500]))]
    elif roll < 0.3:
        headers.append("Cookie: " + "; ".join(f"c{i}={'v' * 100}" for i in range(200)))
    body = b""
    if method == "POST":
        target = rng.choice(["/giveaways/5101/favorite", "/sync", "/giveaways/abc/favorite", target])
        headers.append(rng.choice(["Sec-Fetch-Site: same-origin", "Sec-Fetch-Site: cross-site",
                                   "Origin: https://evil.example", "Origin: null", ""]))
        body = rng.choice([b"favorite=1", b"favorite=%ZZ&back=//evil", b"\xff\xfe\x00" * 50, b"a=" + b"b" * 200_000,
                           b"favorite=1&back=" + b"%2F" * 5000])
        headers.append("Content-Type: application/x-www-form-urlencoded")
        headers.append(f"Content-Length: {len(body)}")
    headers = [h for h in headers if h]
    raw = f"{method} {target} HTTP/1.1\r\n" + "\r\n".join(headers) + "\r\nConnection: close\r\n\r\n"
    data = raw.encode("utf-8", "surrogateescape") + body
    if rng.random() < 0.05:  # invalid UTF-8 straight in the request line, or no HTTP at all
        data = rng.choice([b"GET /\xff\xfe\xc3\x28 HTTP/1.1\r\nHost: x\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00",
                           b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET " + b"/a" * 40_000 + b" HTTP/1.1\r\n\r\n"])
    return data


def send(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        response = b""
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                response += chunk
                # A kept-alive connection stays open after a complete answer: stop reading there.
                head, separator, body = response.partition(b"\r\n\r\n")
                if separator:
                    length = [line.split(b":", 1)[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:")]
                    if length and len(body) >= int(length[0]):
                        break
        except (ConnectionResetError, socket.timeout):
            pass
    if not response.startswith(b"HTTP/1."):
        return "closed", response
    return response.split(b" ", 2)[1].decode(), response


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    work = Path(tempfile.mkdtemp(prefix="gg-hostile-"))
    upstream = fake_upstream.start()
    server = Server(work / "db.sqlite", upstream=f"http://127.0.0.1:{upstream.server_port}/api")
    server.wait_ready()
    server.wait_synced()
    statuses, leaks = Counter(), 0
    for _ in range(count):
        status, body = send(server.port, build())
        statuses[status] += 1
        if any(marker in body for marker in LEAKS):
            leaks += 1
    healthy = server.alive() and json.loads(get(server.base + "/healthz")[0]).get("status") == "ok"
    server.stop()
    upstream.shutdown()
    fivexx = sum(n for s, n in statuses.items() if s.startswith("5"))
    rows = [("answer", "count")] + sorted(statuses.items())
    print_table(rows)
    print(f"{count} hostile requests: {fivexx} answered 5xx, {leaks} leaked a file, server alive and healthy: {healthy}")
    ok = fivexx == 0 and leaks == 0 and healthy
    print(f"hostile: {1 if ok else 0} passed, {0 if ok else 1} failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
