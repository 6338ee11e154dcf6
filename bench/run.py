"""Benchmarks of Table Companion served as in production, against minimal apps on the same server. Prints JSON.

    .venv/bin/python bench/run.py [--seconds 4] [--rounds 3] [--clients 20] [--streams 10000] [--stream-workers 2]

Load comes from wrk (Debian's package) when installed, else from Python threads (``--client``).
Every throughput figure is taken in interleaved rounds (app, floor, yardstick, app, ...) on
gunicorn + gevent with one worker (``companion/web/gunicorn_conf.py``), and reported as the median
round with its ratios measured in the same run.

The headline (printed first, and on stderr as lines to read) is the app against the floor
(``bench/floor.py``: the same stock extensions configured the same way, one select and one insert
per POST, one select and a fixed 10 KB board per GET, no app logic), throughput and server CPU
per request, beside issue 41's targets: entry POST (htmx) >= 0.7, board GET >= 0.85, PostgreSQL
entry POST >= 0.7, a tap and four phones' board fetches >= 0.6; and the first visit with the
service worker's downloads <= 45 KB. Then the yardstick figures of the earlier issues:

- event POST answered by a redirect, and as a phone sends it (htmx, answered 204: the phone then fetches its board);
- the board fragment GET every phone makes after every entry, plain and compressed (brotli, as phones accept it);
- yardstick: a minimal Flask app inserting one row in SQLite (``bench/minimal_sqlite.py``);
- PostgreSQL event POST against a minimal PostgreSQL insert app (``bench/minimal_postgres.py``);
- first page load on the wire (HTML, CSS, JS as sent, brotli or gzip as the phone accepts), and the
  first visit with what the service worker downloads as it installs (manifest, icon, its app shell);
- the board of a table of 2,000, 10,000 and 50,000 entries on a fresh worker (every entry read and
  folded), and the undo of its first entry at 10,000 and 50,000 (the table folded again without it);
- open streams (Redis, one worker per core): event -> arrival latency and the home page meanwhile.

Not a test: machines are shared and noisy; compare the ratios measured within one run.
"""

from __future__ import annotations

import argparse
import functools
import http.client
import json
import os
import re
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ledgers import stored_mrp_table  # noqa: E402
from companion.storage.db import make_engine  # noqa: E402
from companion.storage.migrate import upgrade  # noqa: E402

GUNICORN = str(Path(sys.executable).parent / "gunicorn")
POSTGRES_ADMIN = os.environ.get("BENCH_POSTGRES_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
NO_CAPS = {  # the stream benchmark opens thousands of streams, and hundreds of tables, from one address
    **{
        f"COMPANION_STREAMS_PER_{name}": "1000000"
        for name in ("SEAT", "HOST", "WATCH_LINK", "WATCHER", "WATCH_ADDRESS", "ADDRESS")
    },
    "COMPANION_RATE_LIMIT_NEW_TABLE": "1000000 per hour",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """gunicorn with the production configuration, serving ``target``."""

    def __init__(self, target: str, env: dict[str, str], workers: int = 1) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                GUNICORN,
                "--config",
                "python:companion.web.gunicorn_conf",
                "--access-logfile",
                "/dev/null",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                target,
            ],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{target} did not start")

    def workers(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in children.read_text().split()] if children.exists() else []

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the workers have used so far."""
        ticks = 0
        for pid in self.workers():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def memory_mib(self) -> float:
        """Resident memory of the master and its workers."""
        pids = [self.process.pid, *self.workers()]
        total_kib = 0
        for pid in pids:
            status = Path(f"/proc/{pid}/status").read_text()
            total_kib += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        return round(total_kib / 1024, 1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(15)


class Phone:
    """An HTTP client with its own cookies (keep-alive)."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port = port
        self.cookie = cookie
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes, dict[str, str]]:
        body = urllib.parse.urlencode(form) if form is not None else None
        sent = dict(headers or {})
        if self.cookie:
            sent["Cookie"] = self.cookie
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed an idle keep-alive connection: open another (a form has its key).
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
        data = response.read()
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        return response.status, data, dict(response.getheaders())


def csrf(page: bytes) -> str:
    return re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()  # type: ignore[union-attr]


def new_table(port: int, game: str = "score-pad") -> tuple[str, str, str]:
    """Create a table as its host; return (code, cookie, csrf token)."""
    host = Phone(port)
    _status, page, _ = host.request("GET", "/new")
    token = csrf(page)
    form = {"csrf_token": token, "game": game, "option-entries": "anyone"}
    for seat, (name, colour) in enumerate(
        (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"), ("Dai", "#F0E442"), ("Emi", "#0072B2")), start=1
    ):
        form[f"name-{seat}"], form[f"colour-{seat}"] = name, colour
    status, _text, headers = host.request("POST", "/new", form)
    assert status == 303, status
    return headers["Location"].rsplit("/", 1)[1], host.cookie, token


def seated_table(port: int) -> tuple[str, ...]:
    """Create a table, seat four phones through its join link; return (code, host cookie, token, 4 seat cookies)."""
    code, cookie, token = new_table(port)
    _s, page, _h = Phone(port, cookie).request("GET", f"/t/{code}")
    join = re.search(rb'href="(/join/[^"]+)"', page).group(1).decode()  # type: ignore[union-attr]
    seats = []
    for seat in range(1, 5):
        phone = Phone(port)
        _s, form_page, _h = phone.request("GET", join)
        key = re.search(rb'name="key" value="([^"]+)"', form_page).group(1).decode()  # type: ignore[union-attr]
        status, _b, _h = phone.request("POST", join, {"csrf_token": csrf(form_page), "key": key, "seat": str(seat)})
        assert status == 303, status
        seats.append(phone.cookie)
    return (code, cookie, token, *seats)


def floor_table(port: int) -> tuple[str, ...]:
    """A table of the floor app (bench/floor.py): (code, host cookie, host's CSRF token, 4 seated phones' cookies)."""
    code = uuid.uuid4().hex[:6].upper()
    host = Phone(port)
    _s, page, _h = host.request("GET", f"/join/{code}")
    seats = []
    for seat in range(1, 5):
        phone = Phone(port)
        phone.request("GET", f"/join/{code}?seat={seat}")
        seats.append(phone.cookie)
    return (code, host.cookie, csrf(page), *seats)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return -1.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


Send = Callable[[Phone, int], int]


def load(port: int, clients: int, seconds: float, make: Callable[[int], tuple[Phone, Send]]) -> dict[str, float]:
    """Run ``clients`` threads sending for ``seconds``; return throughput and latency."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    start_line = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(index: int) -> None:
        try:
            phone, send = make(index)
        except BaseException:
            start_line.abort()  # the others and the caller stop waiting (BrokenBarrierError), not hang
            raise
        start_line.wait()
        mine: list[float] = []
        n = 0
        while time.perf_counter() < stop_at[0]:
            begin = time.perf_counter()
            status = send(phone, n)
            mine.append((time.perf_counter() - begin) * 1000)
            if status >= 400:
                errors[0] += 1
            n += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + seconds + 0.05
    start_line.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    return {
        "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": percentile(latencies, 0.50),
        "p99_ms": percentile(latencies, 0.99),
        "errors": errors[0],
    }


def entry_form(token: str, index: int, n: int) -> dict[str, str]:
    return {
        "csrf_token": token,
        "key": f"bench-{index}-{n}-{time.time_ns()}",
        "kind": "tally.add",
        "seat": str(1 + index % 5),
        "category": "vp",
        "delta": "1",
    }


def posts(port: int, tables: list[tuple[str, ...]], htmx: bool) -> Callable[[int], tuple[Phone, Send]]:
    """Event POSTs by the tables' hosts: answered by a redirect, or as a phone sends them (htmx, its board back)."""
    headers = {"HX-Request": "true"} if htmx else {}

    def make(index: int) -> tuple[Phone, Send]:
        code, cookie, token = tables[index % len(tables)]

        def send(phone: Phone, n: int) -> int:
            return phone.request("POST", f"/t/{code}/events", entry_form(token, index, n), headers)[0]

        return Phone(port, cookie), send

    return make


def board_gets(
    port: int, tables: list[tuple[str, ...]], compressed: bool = False
) -> Callable[[int], tuple[Phone, Send]]:
    """The board fragment, as every phone fetches it after an entry (``compressed``: accepting brotli, as phones do)."""
    headers = {"HX-Request": "true", **({"Accept-Encoding": "gzip, deflate, br"} if compressed else {})}

    def make(index: int) -> tuple[Phone, Send]:
        code, cookie, _token = tables[index % len(tables)]

        def send(phone: Phone, n: int) -> int:
            return phone.request("GET", f"/t/{code}", headers=headers)[0]

        return Phone(port, cookie), send

    return make


def taps(port: int, tables: list[tuple[str, ...]]) -> Callable[[int], tuple[Phone, Send]]:
    """A tap as a table lives it: the host's entry (htmx), then the board fetched by each of the four seated phones."""

    def make(index: int) -> tuple[Phone, Send]:
        code, _cookie, _token, *seats = tables[index % len(tables)]
        phones = [Phone(port, seat) for seat in seats]
        post = posts(port, tables, htmx=True)(index)[1]

        def send(host: Phone, n: int) -> int:
            statuses = [post(host, n)]
            statuses += [p.request("GET", f"/t/{code}", headers={"HX-Request": "true"})[0] for p in phones]
            return max(statuses)

        return Phone(port, tables[index % len(tables)][1]), send

    return make


def minimal_taps(port: int) -> Callable[[int], tuple[Phone, Send]]:
    """The yardstick's tap: one insert, then four selects rendering a small template."""

    def send(phone: Phone, n: int) -> int:
        statuses = [phone.request("POST", "/", {"kind": "tally.add", "delta": "1"})[0]]
        return max(statuses + [phone.request("GET", "/board")[0] for _ in range(4)])

    return lambda index: (Phone(port), send)


def minimal(port: int, method: str) -> Callable[[int], tuple[Phone, Send]]:
    def make(index: int) -> tuple[Phone, Send]:
        form = {"kind": "tally.add", "delta": "1"} if method == "POST" else None
        return Phone(port), lambda phone, n: phone.request(method, "/", form)[0]

    return make


WRK = shutil.which("wrk")
WRK_SCRIPT = """
-- One request after another on each connection: form bodies get a fresh idempotency key each.
-- Keys start with a prefix of this run's own (wrk's Lua random numbers repeat from run to run).
local tables, counter, prefix = {}, 0, os.getenv("BENCH_KEY_PREFIX")
function init(args)
  for entry in string.gmatch(os.getenv("BENCH_TABLES"), "[^;]+") do
    local code, cookie, token, seats = entry:match("([^|]*)|([^|]*)|([^|]*)|?(.*)")
    local phones = {}
    for seat in string.gmatch(seats, "[^|]+") do table.insert(phones, seat) end
    table.insert(tables, {code = code, cookie = cookie, token = token, seats = phones})
  end
end
function request()
  counter = counter + 1
  local mode, t = os.getenv("BENCH_MODE"), tables[(counter % #tables) + 1]
  local step = counter % 5  -- a tap: an entry, then the board fetched by each of four phones
  if mode == "minimal" or (mode == "minimal_tap" and step == 0) then
    return wrk.format("POST", "/", {["Content-Type"] = "application/x-www-form-urlencoded"},
      "kind=tally.add&delta=1")
  end
  if mode == "minimal_tap" then return wrk.format("GET", "/board") end
  if mode == "tap" then t = tables[(math.floor(counter / 5) % #tables) + 1] end
  if mode == "tap" and step > 0 then
    return wrk.format("GET", "/t/" .. t.code, {["Cookie"] = t.seats[step], ["HX-Request"] = "true"})
  end
  local headers = {["Cookie"] = t.cookie}
  if mode ~= "redirect" then headers["HX-Request"] = "true" end
  if mode == "get_compressed" then headers["Accept-Encoding"] = "gzip, deflate, br" end
  if mode == "get" or mode == "get_compressed" then return wrk.format("GET", "/t/" .. t.code, headers) end
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  local body = "csrf_token=" .. t.token .. "&key=wrk-" .. prefix .. "-" .. counter .. "&kind=tally.add&seat="
    .. (1 + counter % 5) .. "&category=vp&delta=1"
  return wrk.format("POST", "/t/" .. t.code .. "/events", headers, body)
end
"""


def wrk_load(port: int, clients: int, seconds: float, mode: str, tables: list[tuple[str, ...]]) -> dict[str, float]:
    """Run wrk (one thread, ``clients`` connections) against the app or a yardstick; return its figures."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT)
    env = {
        **os.environ,
        "BENCH_MODE": mode,
        "BENCH_TABLES": ";".join("|".join(t) for t in tables) or "x|x|x",
        "BENCH_KEY_PREFIX": uuid.uuid4().hex[:16],
    }
    command = [WRK or "wrk", "-t1", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--latency", "-s", script.name]
    out = subprocess.run([*command, f"http://127.0.0.1:{port}"], capture_output=True, text=True, env=env).stdout
    os.unlink(script.name)

    def milliseconds(label: str) -> float:
        found = re.search(rf"{label}\s+([\d.]+)(us|ms|s)\b", out)
        if found is None:
            return -1.0
        value, unit = float(found.group(1)), found.group(2)
        return round(value / 1000 if unit == "us" else value * 1000 if unit == "s" else value, 2)

    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if rate is None:
        raise RuntimeError(f"wrk printed no rate: {out[-400:]!r}")
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sent = re.search(r"(\d+) requests in", out)
    return {
        "requests": int(sent.group(1)) if sent else 0,
        "requests_per_second": float(rate.group(1)),
        "p50_ms": milliseconds(" 50%"),
        "p99_ms": milliseconds(" 99%"),
        "errors": int(errors.group(1)) if errors else 0,
    }


@dataclass(frozen=True)
class Load:
    """What one measured round sends: ``mode`` is redirect, htmx, get (the board fragment),
    get_compressed (the same, accepting brotli as phones do), tap (an htmx entry and the board
    fetched by four seated phones, counted as one), minimal or minimal_tap (the yardstick's insert,
    and its insert with four fetches of a small rendered board).

    Each round also reports the server's CPU time per request (its workers' user + system time
    over the requests answered): less disturbed than throughput by whatever else the machine runs.
    """

    server: Server
    mode: str
    tables: list[tuple[str, ...]]

    @property
    def port(self) -> int:
        return self.server.port

    def run(self, clients: int, seconds: float, client: str) -> dict[str, float]:
        before = self.server.cpu_seconds()
        measured = self._send(clients, seconds, client)
        used = self.server.cpu_seconds() - before
        measured["server_cpu_us_per_request"] = round(used / max(1, measured["requests"]) * 1e6, 1)
        return measured

    def _send(self, clients: int, seconds: float, client: str) -> dict[str, float]:
        if client == "wrk" and self.mode in ("tap", "minimal_tap"):  # five requests a tap: counted as one
            measured = wrk_load(self.port, clients, seconds, self.mode, self.tables)
            return {
                **measured,
                "requests": measured["requests"] // 5,
                "requests_per_second": measured["requests_per_second"] / 5,
            }
        if client == "wrk":
            return wrk_load(self.port, clients, seconds, self.mode, self.tables)
        if self.mode == "tap":
            return load(self.port, clients, seconds, taps(self.port, self.tables))
        if self.mode == "minimal_tap":
            return load(self.port, clients, seconds, minimal_taps(self.port))
        if self.mode == "minimal":
            return load(self.port, clients, seconds, minimal(self.port, "POST"))
        if self.mode in ("get", "get_compressed"):
            return load(self.port, clients, seconds, board_gets(self.port, self.tables, self.mode == "get_compressed"))
        return load(self.port, clients, seconds, posts(self.port, self.tables, htmx=self.mode == "htmx"))


def interleaved(rounds: int, seconds: float, clients: int, client: str, loads: dict[str, Load]) -> dict[str, Any]:
    """Measure each named load once per round, in turn; return each one's median round."""
    taken: dict[str, list[dict[str, float]]] = {name: [] for name in loads}
    for _ in range(rounds):
        for name, measured in loads.items():
            taken[name].append(measured.run(clients, seconds, client))
    result: dict[str, Any] = {}
    for name, runs in taken.items():
        ordered = sorted(runs, key=lambda r: r["requests_per_second"])
        result[name] = {
            **ordered[len(ordered) // 2],
            "rounds": [r["requests_per_second"] for r in runs],
            "server_cpu_us_per_request": statistics.median(r["server_cpu_us_per_request"] for r in runs),
        }
    return result


def ratio(a: dict[str, float], b: dict[str, float]) -> float:
    """Throughput against the yardstick's (the issue's measure)."""
    return round(a["requests_per_second"] / b["requests_per_second"], 2)


def cpu_ratio(a: dict[str, float], b: dict[str, float]) -> float:
    """The yardstick's server CPU per request against ours: the same ratio were the worker never idle."""
    return round(b["server_cpu_us_per_request"] / a["server_cpu_us_per_request"], 2)


def first_page_on_the_wire(port: int) -> dict[str, Any]:
    """Bytes of the first table page with its CSS and JS as sent to a phone that accepts brotli and gzip."""
    code, cookie, _ = new_table(port)
    phone = Phone(port, cookie)
    accept = {"Accept-Encoding": "br, gzip"}
    _s, page, headers = phone.request("GET", f"/t/{code}", headers=accept)
    parts = {"html": (len(page), headers.get("Content-Encoding", "identity"))}
    _s, plain, _h = phone.request("GET", f"/t/{code}")
    for path in re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css)[^"]*)"', plain.decode()):
        _s, body, headers = phone.request("GET", path.replace("&amp;", "&"), headers=accept)
        parts[path] = (len(body), headers.get("Content-Encoding", "identity"))
    return {"total_bytes": sum(size for size, _ in parts.values()), "parts": parts}


def first_visit_with_service_worker(port: int) -> dict[str, Any]:
    """Bytes a phone downloads on its first visit to a table: the page, what it loads (CSS, JS, icon,
    manifest), the service worker, and the app shell the service worker caches as it installs.

    Each URL is counted once: the shell is cached under the very URLs the page loaded (``?v=``
    digests, a year immutable), so the service worker takes those from the HTTP cache. Bodies as
    sent to a phone accepting brotli and gzip; headers are not counted.
    """
    code, cookie, _ = new_table(port)
    phone = Phone(port, cookie)
    accept = {"Accept-Encoding": "br, gzip"}
    parts: dict[str, tuple[int, str]] = {}

    def fetch(path: str) -> None:
        if path not in parts:
            _s, body, headers = phone.request("GET", path, headers=accept)
            parts[path] = (len(body), headers.get("Content-Encoding", "identity"))

    fetch(f"/t/{code}")
    _s, plain, _h = phone.request("GET", f"/t/{code}")
    head = plain.decode()
    loaded = re.findall(r'<script src="([^"]+)"', head)
    loaded += re.findall(r'<link rel="(?:stylesheet|icon|manifest)" href="([^"]+)"', head)
    for path in loaded:
        fetch(path.replace("&amp;", "&"))
    _s, worker, _h = phone.request("GET", "/sw.js")
    fetch("/sw.js")
    shell = re.search(r"var SHELL = (\[.*?\]);", worker.decode())
    for path in json.loads(shell.group(1)) if shell else []:
        fetch(path)
    return {"total_bytes": sum(size for size, _ in parts.values()), "parts": parts}


def board_bytes(port: int, table: tuple[str, ...]) -> dict[str, int]:
    """Size of one seated phone's board fragment: plain, and brotli as phones fetch it."""
    code, seat = table[0], table[3]
    sizes = {}
    for name, accept in (("plain", {}), ("brotli", {"Accept-Encoding": "gzip, deflate, br"})):
        _s, body, _h = Phone(port, seat).request("GET", f"/t/{code}", headers={"HX-Request": "true", **accept})
        sizes[name] = len(body)
    return sizes


def long_table(folder: str, events: int) -> tuple[str, str, str]:
    """A database holding a short table and a Mission: Red Planet table of ``events`` entries.

    Returns the database's URL, the long table's code and the short one's.
    """
    url = f"sqlite:///{folder}/long-{events}.sqlite3"
    upgrade(url)
    engine = make_engine(url)
    short = stored_mrp_table(engine, 10)  # its board is fetched first: a worker that has served boards before
    table = stored_mrp_table(engine, events, events // 10)  # every entry counts: the game ends at the last
    engine.dispose()
    return url, table.code, short.code


def host_cookie(codes: list[str], secret: str) -> str:
    """A session cookie of the tables' host, signed as the app signs it."""
    from flask import Flask
    from flask.sessions import SecureCookieSessionInterface

    app = Flask("cookie")
    app.secret_key = secret
    serializer = SecureCookieSessionInterface().get_signing_serializer(app)
    assert serializer is not None
    return "session=" + serializer.dumps({"device": "bench-host", "tables": {code: {"host": True} for code in codes}})


def timed(phone: Phone, method: str, path: str, **kwargs: Any) -> tuple[float, int, bytes]:
    began = time.perf_counter()
    status, body, _ = phone.request(method, path, **kwargs)
    return (time.perf_counter() - began) * 1000, status, body


def cold_board_and_undo(folder: str, events: int, undo: bool, starts: int = 4) -> dict[str, Any]:
    """The board of a table of ``events`` entries on a fresh worker, then the undo of its first entries.

    The first start folds every entry (the table was stored in bulk: nothing kept its fold); the
    later ones resume from the fold that first board kept (``fold_cache``), as after any restart
    of a table that was played. Each undo of an early entry folds the table again without it.
    Wall times as the host's phone sees them, and the worker's CPU time (10 ms ticks) beside them:
    on a busy machine the wall time also counts the waits for a core.
    """
    url, code, short = long_table(folder, events)
    env = {"COMPANION_DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench"}
    cookie = host_cookie([code, short], "bench")
    cold, cold_cpu, undone, undone_cpu = [], [], [], []
    for start in range(starts):
        server = Server("companion.web.wsgi:app", env)
        try:
            phone = Phone(server.port, cookie)
            phone.request("GET", f"/t/{short}", headers={"HX-Request": "true"})
            before = server.cpu_seconds()
            cold.append(timed(phone, "GET", f"/t/{code}", headers={"HX-Request": "true"})[0])
            cold_cpu.append((server.cpu_seconds() - before) * 1000)
            if undo and start == starts - 1:
                _s, page, _h = phone.request("GET", f"/t/{code}")
                token = csrf(page)
                for target in (1, 2, 3):
                    form = {"csrf_token": token, "key": f"undo-{target}-{time.time_ns()}", "kind": "void"}
                    before = server.cpu_seconds()
                    elapsed, status, _ = timed(phone, "POST", f"/t/{code}/events", form={**form, "target": str(target)})
                    undone_cpu.append((server.cpu_seconds() - before) * 1000)
                    assert status == 303, status
                    undone.append(elapsed)
        finally:
            server.stop()
    result: dict[str, Any] = {
        "events": events,
        "first_board_ms": cold[0],
        "first_board_cpu_ms": cold_cpu[0],
        "cold_board_ms": statistics.median(cold[1:]),
        "cold_board_cpu_ms": statistics.median(cold_cpu[1:]),
        "cold_all": cold[1:],
    }
    if undone:
        result |= {
            "undo_first_entry_ms": undone[0],
            "undo_first_entry_cpu_ms": undone_cpu[0],
            "undo_first_three_ms": undone,
        }
    return {key: [round(v, 1) for v in value] if isinstance(value, list) else value for key, value in result.items()}


def postgres_url(folder: str) -> str | None:
    """A fresh database for this run (dropped at the end), or None when PostgreSQL is not reachable."""
    import psycopg

    name = f"bench_{os.getpid()}"
    try:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.Error:
        return None
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    upgrade(url)
    with psycopg.connect(url.replace("+psycopg", ""), autocommit=True) as db:
        db.execute("CREATE TABLE bench_entry (id serial PRIMARY KEY, kind text, payload text)")
    return url


def drop_postgres(url: str) -> None:
    import psycopg

    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def streams(count: int, tables_count: int, rounds: int, workers: int) -> dict[str, Any]:
    """Open ``count`` streams on ``workers`` workers with Redis; post to every table; time each arrival."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/streams.sqlite3"
        upgrade(url)
        env = {"COMPANION_DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench", "COMPANION_REDIS_URL": REDIS_URL}
        server = Server("companion.web.wsgi:app", {**env, **NO_CAPS}, workers)
        try:
            return _streams(server, count, tables_count, rounds) | {"workers": workers}
        finally:
            server.stop()


def _streams(server: Server, count: int, tables_count: int, rounds: int) -> dict[str, Any]:
    tables = [new_table(server.port) for _ in range(tables_count)]
    selector = selectors.DefaultSelector()
    opened = 0
    refused = 0
    for index in range(count):
        code, cookie, _token = tables[index % tables_count]
        try:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        except OSError:
            refused += 1
            continue
        sock.sendall(f"GET /t/{code}/stream?after=999999 HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, {"code": code, "buffer": b""})
        opened += 1
    sent: dict[tuple[str, int], float] = {}
    arrivals: list[float] = []
    statuses: dict[str, int] = {}
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            for key, _mask in selector.select(timeout=0.2):
                state = key.data
                try:
                    chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except (BlockingIOError, ConnectionError):
                    continue
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                state["buffer"] += chunk
                now = time.perf_counter()
                lines = state["buffer"].split(b"\n")
                state["buffer"] = lines.pop()
                for line in lines:
                    if line.startswith(b"HTTP/1.1 "):
                        status = line.split()[1].decode()
                        statuses[status] = statuses.get(status, 0) + 1
                    elif line.startswith(b"data:"):
                        seq = int(line.split(b":", 1)[1])
                        started = sent.get((state["code"], seq))
                        if started is not None:
                            arrivals.append((now - started) * 1000)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    # Every stream answered (subscribed: it answers only once it hears its table), then a moment.
    deadline = time.monotonic() + 120
    while sum(statuses.values()) < opened and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)
    posters = {code: (Phone(server.port, cookie), token) for code, cookie, token in tables}
    home: list[float] = []
    for round_number in range(rounds):
        for code, (phone, token) in posters.items():
            sent[(code, round_number + 1)] = time.perf_counter()
            status = phone.request("POST", f"/t/{code}/events", entry_form(token, 0, round_number))[0]
            assert status == 303, status
        home.append(timed(Phone(server.port), "GET", "/")[0])
        time.sleep(0.5)
    time.sleep(2.0)
    memory = server.memory_mib()
    done.set()
    reader.join()
    for key in list(selector.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]
    expected = opened * rounds
    return {
        "asked": count,
        "opened": statuses.get("200", 0),
        "answers": statuses,
        "connect_failures": refused,
        "deliveries": len(arrivals),
        "expected": expected,
        "p50_ms": percentile(arrivals, 0.50),
        "p99_ms": percentile(arrivals, 0.99),
        "home_page_ms": {"median": round(statistics.median(home), 1), "max": round(max(home), 1)},
        "server_memory_mib": memory,
    }


def guarded(measure: Callable[[], Any]) -> Any:
    """Run one measurement; a failure is reported in the JSON instead of losing the whole run."""
    try:
        return measure()
    except Exception as error:
        return {"failed": repr(error)}


SQLITE_LOADS = ("event_post_redirect", "event_post_htmx", "board_fragment_get", "board_fragment_get_compressed")
# The headline: the app against the floor (bench/floor.py), each load beside the floor's own, with
# the targets (issue 41). (app load, floor load, where they were measured, target ratio.)
FLOOR_MEASURES = {
    "entry POST (htmx, 204)": ("event_post_htmx", "floor_event_post_htmx", "sqlite", 0.7),
    "board GET": ("board_fragment_get", "floor_board_fragment_get", "sqlite", 0.85),
    "board GET, brotli as phones fetch it": (
        "board_fragment_get_compressed",
        "floor_board_fragment_get_compressed",
        "sqlite",
        0.85,
    ),
    "PostgreSQL entry POST (htmx, 204)": ("event_post_htmx", "floor_event_post_htmx", "postgres", 0.7),
    "a tap and four phones' board fetches": ("tap_and_four_boards", "floor_tap_and_four_boards", "sqlite", 0.6),
}
FIRST_VISIT_TARGET_BYTES = 45 * 1024


def sqlite_http(folder: str, args: argparse.Namespace) -> dict[str, Any]:
    """The app on SQLite against the floor and the minimal SQLite app, in interleaved rounds; first visits' bytes."""
    url = f"sqlite:///{folder}/bench.sqlite3"
    upgrade(url)
    app = Server("companion.web.wsgi:app", {"COMPANION_DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench"})
    floor = Server("bench.floor:app", {"BENCH_SQLITE_PATH": f"{folder}/floor.sqlite3", "BENCH_SECRET_KEY": "bench"})
    yardstick = Server("bench.minimal_sqlite:app", {"BENCH_SQLITE_PATH": f"{folder}/minimal.sqlite3"})
    result: dict[str, Any] = {}
    try:
        tables = [seated_table(app.port) for _ in range(max(1, args.clients // 5))]
        floor_tables = [floor_table(floor.port) for _ in range(max(1, args.clients // 5))]
        measured = interleaved(
            args.rounds,
            args.seconds,
            args.clients,
            args.client,
            {
                "event_post_redirect": Load(app, "redirect", tables),
                "event_post_htmx": Load(app, "htmx", tables),
                "floor_event_post_htmx": Load(floor, "htmx", floor_tables),
                "board_fragment_get": Load(app, "get", tables),
                "floor_board_fragment_get": Load(floor, "get", floor_tables),
                "board_fragment_get_compressed": Load(app, "get_compressed", tables),
                "floor_board_fragment_get_compressed": Load(floor, "get_compressed", floor_tables),
                "tap_and_four_boards": Load(app, "tap", tables),
                "floor_tap_and_four_boards": Load(floor, "tap", floor_tables),
                "minimal_sqlite_insert": Load(yardstick, "minimal", []),
                "minimal_tap_and_four_boards": Load(yardstick, "minimal_tap", []),
            },
        )
        result["board_bytes"] = {
            "app": board_bytes(app.port, tables[0]),
            "floor": board_bytes(floor.port, floor_tables[0]),
        }
        result["first_page_on_the_wire"] = first_page_on_the_wire(app.port)
        result["first_visit_with_service_worker"] = first_visit_with_service_worker(app.port)
        result["server_memory_mib"] = app.memory_mib()
    finally:
        app.stop()
        floor.stop()
        yardstick.stop()
    base, tap_base = measured["minimal_sqlite_insert"], measured["minimal_tap_and_four_boards"]
    bases = {name: base for name in SQLITE_LOADS} | {"tap_and_four_boards": tap_base}
    result["http"] = measured
    result["ratios"] = {name: ratio(measured[name], yardstick) for name, yardstick in bases.items()}
    result["server_cpu_ratios"] = {name: cpu_ratio(measured[name], yardstick) for name, yardstick in bases.items()}
    return result


def postgres_http(folder: str, args: argparse.Namespace) -> dict[str, Any] | str:
    """The app's entry POST on PostgreSQL against the floor and the minimal PostgreSQL app, in interleaved rounds."""
    pg = postgres_url(folder)
    if pg is None:
        return "not reachable"
    app = Server("companion.web.wsgi:app", {"COMPANION_DATABASE_URL": pg, "COMPANION_SECRET_KEY": "bench"})
    floor = Server("bench.floor:app", {"BENCH_POSTGRES_URL": pg, "BENCH_SECRET_KEY": "bench"})
    yardstick = Server("bench.minimal_postgres:app", {"BENCH_POSTGRES_URL": pg, "BENCH_CONNECTIONS": str(args.clients)})
    try:
        tables: list[tuple[str, ...]] = [new_table(app.port) for _ in range(max(1, args.clients // 5))]
        floor_tables = [floor_table(floor.port) for _ in range(max(1, args.clients // 5))]
        measured = interleaved(
            args.rounds,
            args.seconds,
            args.clients,
            args.client,
            {
                "event_post_redirect": Load(app, "redirect", tables),
                "event_post_htmx": Load(app, "htmx", tables),
                "floor_event_post_htmx": Load(floor, "htmx", floor_tables),
                "minimal_postgres_insert": Load(yardstick, "minimal", []),
            },
        )
    finally:
        app.stop()
        floor.stop()
        yardstick.stop()
        drop_postgres(pg)
    base = measured["minimal_postgres_insert"]
    names = ("event_post_redirect", "event_post_htmx")
    ratios = {name: ratio(measured[name], base) for name in names}
    return {
        **measured,
        "ratios": ratios,
        "server_cpu_ratios": {name: cpu_ratio(measured[name], base) for name in names},
    }


def against_the_floor(result: dict[str, Any]) -> dict[str, Any]:
    """App ÷ floor for each headline measure (throughput, and CPU per request), with its target: met or not."""
    sources = {"sqlite": result.get("http", {}), "postgres": result.get("postgres", {})}
    headline: dict[str, Any] = {}
    for label, (app_load, floor_load, where, target) in FLOOR_MEASURES.items():
        measured = sources[where]
        if not isinstance(measured, dict) or app_load not in measured or floor_load not in measured:
            continue
        app, floor = measured[app_load], measured[floor_load]
        throughput, cpu = ratio(app, floor), cpu_ratio(app, floor)
        headline[label] = {
            "app_per_second": app["requests_per_second"],
            "floor_per_second": floor["requests_per_second"],
            "throughput_ratio": throughput,
            "cpu_ratio": cpu,
            "target": f">= {target}",
            "throughput": "met" if throughput >= target else "not met",
            "cpu": "met" if cpu >= target else "not met",
        }
    visit = result.get("first_visit_with_service_worker")
    if isinstance(visit, dict):
        headline["first visit with the service worker's downloads"] = {
            "bytes": visit["total_bytes"],
            "target": f"<= {FIRST_VISIT_TARGET_BYTES}",
            "met": "met" if visit["total_bytes"] <= FIRST_VISIT_TARGET_BYTES else "not met",
        }
    return headline


def summary(headline: dict[str, Any]) -> str:
    """The headline as lines to read."""
    lines = ["app ÷ floor (throughput; server CPU per request), against the targets:"]
    for label, figures in headline.items():
        if "bytes" in figures:
            kilobytes, target = figures["bytes"] / 1024, FIRST_VISIT_TARGET_BYTES / 1024
            lines.append(f"  {label}: {kilobytes:.1f} KB (target <= {target:.0f} KB): {figures['met']}")
            continue
        lines.append(
            f"  {label}: {figures['throughput_ratio']:.2f} ({figures['app_per_second']:.0f}/s against"
            f" {figures['floor_per_second']:.0f}/s); CPU {figures['cpu_ratio']:.2f}; target {figures['target']}:"
            f" {figures['throughput']} (CPU: {figures['cpu']})"
        )
    return "\n".join(lines)


PARTS = ("http", "postgres", "long", "streams")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--stream-workers", type=int, default=os.cpu_count() or 1, help="default: one per core")
    parser.add_argument("--only", choices=PARTS, nargs="+", default=PARTS, help="measure only these parts")
    parser.add_argument(
        "--client",
        choices=("wrk", "python"),
        default="wrk" if WRK else "python",
        help="load generator: wrk (Debian's package; the default when installed) or threads of http.client",
    )
    args = parser.parse_args()
    machine = {"cpus": os.cpu_count(), "python": sys.version.split()[0], "load_generator": args.client}
    result: dict[str, Any] = {"machine": machine, "load_average_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as folder:
        if "http" in args.only:
            result.update(sqlite_http(folder, args))
        if "postgres" in args.only:
            result["postgres"] = postgres_http(folder, args)
        if "long" in args.only:
            result["long_tables"] = [
                guarded(functools.partial(cold_board_and_undo, folder, n, undo=n >= 10_000))
                for n in (2_000, 10_000, 50_000)
            ]
    if "streams" in args.only:
        result["streams"] = guarded(lambda: streams(args.streams, 200, 5, args.stream_workers))
    result["load_average_after"] = os.getloadavg()
    headline = against_the_floor(result)
    result = {"against_the_floor": headline, **result}
    result["targets"] = {  # issue "A lighter house"
        "event_post_htmx_ratio": ">= 0.4",
        "board_fragment_get_ratio": ">= 0.4 (also compressed, as a phone fetches it)",
        "first_page_on_the_wire_bytes": "<= 46080 (service worker included)",
        "tap_and_four_boards_ratio": ">= 0.35 (taps per second against the yardstick's)",
        "cold_board_ms": "<= 50 at 2,000 entries, <= 500 at 50,000",
        "undo_first_entry_ms": "<= 100 at 10,000 entries",
        "streams": "5,000 open on one worker, p99 <= 250 ms",
        "postgres_ratio": ">= 0.7",
        **{f"{label}: app ÷ floor": f">= {target}" for label, (*_, target) in FLOOR_MEASURES.items()},
        "first_visit_with_service_worker_bytes": f"<= {FIRST_VISIT_TARGET_BYTES}",
    }
    print(summary(headline), file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
