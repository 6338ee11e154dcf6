"""A big scenario import on the production server, and the other phones' home page meanwhile. Prints JSON.

    .venv/bin/python bench/imports.py [--entries 20000] [--rounds 2] [--only sqlite postgres] [--files compact largest]

gunicorn + gevent with one worker (``companion/web/gunicorn_conf.py``, as ``scripts/run`` starts
it without Redis) on a fresh SQLite file, then on a fresh PostgreSQL database (made on
``BENCH_POSTGRES_ADMIN``'s server and dropped after). In each round one client uploads a score-pad
scenario of ``--entries`` entries to POST /import and then opens the table it leads to, while
another client GETs the home page every 100 ms. The entries are tallies, app dice rolls and a few
undos, as ``companion export`` writes them; the file compact (2.1 MB), then as large as the 4 MB
limit lets 20,000 entries be (4.1 MB: every entry's time, an indent of 1). Printed: the upload's
and the first board's wall times, and the p50 / p99 / max of the home page's answers during them.
Every request has a timeout and the whole run a deadline: it stops by itself. Not a test:
machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import Phone, Server, csrf, percentile  # noqa: E402
from companion.storage.migrate import upgrade  # noqa: E402

POSTGRES_ADMIN = os.environ.get("BENCH_POSTGRES_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
POLL_EVERY = 0.1
REQUEST_TIMEOUT = 60
RUN_DEADLINE = 900  # seconds: the whole benchmark gives up after this
PLAYERS = (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"), ("Dai", "#F0E442"), ("Emi", "#0072B2"))


def scenario(entries: int) -> dict[str, Any]:
    """A long score-pad night: seats claimed, tally entries, app dice rolls and now and then an undo."""
    events: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any], author: int | None) -> None:
        events.append(
            {"seq": len(events) + 1, "kind": kind, "payload": payload, "author": author, "by_host": author is None}
        )

    for seat in range(1, 4):
        add("seat.claim", {"seat": seat, "device": f"phone-{seat}"}, seat)
    add("tally.category", {"name": "Coins"}, None)  # its key is c2
    while len(events) < entries:
        n = len(events)
        seat = 1 + n % len(PLAYERS)
        if n % 50 == 0:
            add("void", {"target": n}, None)  # undo the entry before
        elif n % 10 == 0:
            add("dice.roll", {"count": 2, "sides": 6}, 1 + n % 3)
        else:
            add("tally.add", {"seat": seat, "category": "vp" if n % 3 else "c2", "delta": 1 + n % 7}, None)
    return {
        "version": 1,
        "game": "score-pad",
        "players": [{"seat": s, "name": name, "colour": colour} for s, (name, colour) in enumerate(PLAYERS, start=1)],
        "options": {},
        "seed": "bench-seed",
        "events": events,
    }


def scenario_bytes(entries: int, form: str) -> bytes:
    """The file: ``compact`` (no spaces, no times: about 107 bytes an entry), or ``largest`` (each
    entry's time and an indent of 1, as near the 4 MB limit as 20,000 entries go: 204 bytes an entry)."""
    night = scenario(entries)
    if form == "compact":
        return json.dumps(night, ensure_ascii=False, separators=(",", ":")).encode()
    for event in night["events"]:
        event["at"] = "2026-11-27T21:14:03.123456+00:00"
    return json.dumps(night, ensure_ascii=False, indent=1).encode()


def multipart(fields: dict[str, str], name: str, filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
        "Content-Type: application/json\r\n\r\n".encode()
        + data
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Poller(threading.Thread):
    """Another phone: GET / every 100 ms (measured from the start of one request to the next)."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.phone = Phone(port)
        self.phone.connection.timeout = REQUEST_TIMEOUT
        self.samples: list[tuple[float, float, int]] = []  # (started, milliseconds, status)
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            began = time.perf_counter()
            try:
                status, _body, _h = self.phone.request("GET", "/")
            except OSError:
                status = 599
            self.samples.append((began, (time.perf_counter() - began) * 1000, status))
            self.stopping.wait(max(0.0, POLL_EVERY - (time.perf_counter() - began)))

    def during(self, *windows: tuple[float, float]) -> dict[str, Any]:
        """The home page's answers that overlapped any of the windows (start, end)."""
        chosen = [
            (ms, status)
            for began, ms, status in self.samples
            if any(began <= end and began + ms / 1000 >= start for start, end in windows)
        ]
        times = [ms for ms, _status in chosen]
        return {
            "requests": len(times),
            "p50_ms": percentile(times, 0.50),
            "p99_ms": percentile(times, 0.99),
            "max_ms": round(max(times), 1) if times else -1,
            "errors": sum(1 for _ms, status in chosen if status >= 400),
        }


def one_import(port: int, data: bytes, poller: Poller) -> dict[str, Any]:
    """Upload ``data`` as a phone does, then open the table it made; the home page's answers meanwhile."""
    phone = Phone(port)
    phone.connection.timeout = REQUEST_TIMEOUT
    _status, page, _h = phone.request("GET", "/import")
    body, content_type = multipart({"csrf_token": csrf(page)}, "scenario", "night.json", data)
    time.sleep(0.5)  # the poller's answers before it, for comparison
    began = time.perf_counter()
    phone.connection.request(
        "POST", "/import", body=body, headers={"Content-Type": content_type, "Cookie": phone.cookie}
    )
    response = phone.connection.getresponse()
    answer = response.read()
    uploaded = time.perf_counter()
    status = response.status
    result: dict[str, Any] = {"status": status, "import_ms": round((uploaded - began) * 1000, 1)}
    if status == 303:
        cookie = response.getheader("Set-Cookie")
        if cookie:
            phone.cookie = cookie.split(";", 1)[0]
        board_status, _b, _h = phone.request("GET", response.getheader("Location") or "/")
        result["first_board_ms"] = round((time.perf_counter() - uploaded) * 1000, 1)
        result["first_board_status"] = board_status
    else:
        result["answer"] = answer.decode(errors="replace")[:200]
    ended = time.perf_counter()
    time.sleep(0.5)
    result["home_page_during_import"] = poller.during((began, uploaded))
    result["home_page_during_import_and_board"] = poller.during((began, ended))
    result["window"] = (began, uploaded)
    return result


def measure(database_url: str, data: bytes, rounds: int) -> dict[str, Any]:
    env = {
        "COMPANION_DATABASE_URL": database_url,
        "COMPANION_SECRET_KEY": "bench",
        "COMPANION_RATE_LIMIT_NEW_TABLE": "1000 per hour",
    }
    server = Server("companion.web.wsgi:app", env)
    poller = Poller(server.port)
    try:
        poller.start()
        time.sleep(1)
        imports = [one_import(server.port, data, poller) for _ in range(rounds)]
        quiet_start = time.perf_counter()
        time.sleep(1)
        return {
            "imports": imports,
            "home_page_during_every_import": poller.during(*(i.pop("window") for i in imports)),
            "home_page_quiet": poller.during((quiet_start, time.perf_counter())),
        }
    finally:
        poller.stopping.set()
        poller.join(REQUEST_TIMEOUT)
        server.stop()


def on_sqlite(data: bytes, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/imports.sqlite3"
        upgrade(url)
        return measure(url, data, rounds)


def on_postgres(data: bytes, rounds: int) -> dict[str, Any] | str:
    import psycopg

    name = f"bench_imports_{os.getpid()}"
    try:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.Error as error:
        return f"not reachable: {type(error).__name__}"
    try:
        url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
        upgrade(url)
        return measure(url, data, rounds)
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", choices=("sqlite", "postgres"), nargs="+", default=("sqlite", "postgres"))
    parser.add_argument("--files", choices=("compact", "largest"), nargs="+", default=("compact", "largest"))
    args = parser.parse_args()
    watchdog = threading.Timer(RUN_DEADLINE, lambda: os._exit(3))  # a hung server never holds the run
    watchdog.daemon = True
    watchdog.start()
    result: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "load_average_before": os.getloadavg(),
        "entries": args.entries,
    }
    for form in args.files:
        data = scenario_bytes(args.entries, form)
        result[form] = {"file_bytes": len(data)}
        if "sqlite" in args.only:
            result[form]["sqlite"] = on_sqlite(data, args.rounds)
        if "postgres" in args.only:
            result[form]["postgres"] = on_postgres(data, args.rounds)
    result["load_average_after"] = os.getloadavg()
    result["target"] = "home page p99 < 500 ms while a file of the largest size allowed is imported"
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
