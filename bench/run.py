"""Benchmarks of Table Companion served as in production. Prints one JSON object of figures.

    .venv/bin/python bench/run.py [--seconds 10] [--clients 20]

a. event POSTs per second and p50/p99 latency, 20 concurrent clients, gunicorn + gevent on SQLite;
b. the same load on a bare Flask route returning a constant, in the app (same middleware, same
   server configuration, same run), and the ratio a/b; b2 the same on a separate bare Flask app;
c. latency from an event POST to its arrival on 250 open streams (50 tables x 5 phones), p50/p99;
d. time to fold 10,000 events of a real game (Mission: Red Planet);
e. bytes of the first page load (HTML + CSS + JS, gzip) and the server's memory after the run.
Not a test: machines are shared and noisy; compare the ratios measured within one run.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.contract import Event, Player, Setup, resolve_options  # noqa: E402
from companion.games.mission_red_planet import GAME as MRP  # noqa: E402
from companion.games.mission_red_planet import rules as mrp  # noqa: E402
from companion.games.table import TABLE_OPTIONS, fold  # noqa: E402
from companion.migrate import upgrade  # noqa: E402

GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """gunicorn with the production configuration, serving ``target``."""

    def __init__(self, target: str, env: dict[str, str], workers: int) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                GUNICORN,
                "--config",
                "python:companion.gunicorn_conf",
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

    def memory_mib(self) -> float:
        """Resident memory of the master and its workers."""
        pids = [self.process.pid]
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        if children.exists():
            pids += [int(p) for p in children.read_text().split()]
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
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
        body = urllib.parse.urlencode(form) if form is not None else None
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        return response.status, text, dict(response.getheaders())


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def new_table(port: int) -> tuple[str, str, str]:
    """Create a table as its host; return (code, cookie, csrf token)."""
    host = Phone(port)
    _status, page, _ = host.request("GET", "/new")
    token = csrf(page)
    form = {"csrf_token": token, "game": "space-base", "option-entries": "anyone"}
    for seat, (name, colour) in enumerate(
        (("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73"), ("Dai", "#F0E442"), ("Emi", "#0072B2")), start=1
    ):
        form[f"name-{seat}"], form[f"colour-{seat}"] = name, colour
    status, _text, headers = host.request("POST", "/new", form)
    assert status == 303, status
    return headers["Location"].rsplit("/", 1)[1], host.cookie, token


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def load(port: int, clients: int, seconds: float, make_request) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Run ``clients`` threads posting for ``seconds``; return throughput and latency."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    start_line = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(index: int) -> None:
        phone, send = make_request(index)
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
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": percentile(latencies, 0.50),
        "p99_ms": percentile(latencies, 0.99),
        "requests": len(latencies),
        "errors": errors[0],
    }


def bench_posts(port: int, clients: int, seconds: float) -> dict[str, float]:
    tables = [new_table(port) for _ in range(max(1, clients // 5))]

    def make(index: int):  # type: ignore[no-untyped-def]
        code, cookie, token = tables[index % len(tables)]
        phone = Phone(port, cookie)

        def send(phone: Phone, n: int) -> int:
            form = {
                "csrf_token": token,
                "key": f"bench-{index}-{n}-{time.time_ns()}",
                "kind": "tally.add",
                "seat": str(1 + index % 5),
                "category": "vp",
                "delta": "1",
            }
            return phone.request("POST", f"/t/{code}/events", form)[0]

        return phone, send

    return load(port, clients, seconds, make)


def bench_bare(port: int, clients: int, seconds: float) -> dict[str, float]:
    def make(index: int):  # type: ignore[no-untyped-def]
        return Phone(port), lambda phone, n: phone.request("POST", "/", {"kind": "tally.add", "n": str(n)})[0]

    return load(port, clients, seconds, make)


def bench_constant_route(port: int, clients: int, seconds: float) -> dict[str, float]:
    """The same load on a route of the app itself that answers a constant (session and CSRF checked)."""
    tables = [new_table(port) for _ in range(max(1, clients // 5))]

    def make(index: int):  # type: ignore[no-untyped-def]
        _code, cookie, token = tables[index % len(tables)]
        form = {
            "csrf_token": token,
            "key": "constant",
            "kind": "tally.add",
            "seat": "1",
            "category": "vp",
            "delta": "1",
        }
        return Phone(port, cookie), lambda phone, n: phone.request("POST", "/bench/constant", form)[0]

    return load(port, clients, seconds, make)


def bench_streams(port: int, tables_count: int = 50, phones: int = 5, rounds: int = 8) -> dict[str, float]:
    """Open tables x phones streams; post to every table; measure POST-to-arrival latency."""
    tables = [new_table(port) for _ in range(tables_count)]
    sent: dict[tuple[str, int], float] = {}
    arrivals: list[float] = []
    lock = threading.Lock()
    ready = threading.Barrier(tables_count * phones + 1, timeout=60)
    done = threading.Event()

    def listen(code: str, cookie: str) -> None:
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        sock.sendall(f"GET /t/{code}/stream?after=999999 HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode())
        reader = sock.makefile("rb")
        while reader.readline() not in (b"\r\n", b""):
            pass  # headers
        ready.wait()
        while not done.is_set():
            line = reader.readline()
            if not line:
                break
            text = line.decode(errors="replace").strip()
            if text.startswith("data:"):
                now = time.perf_counter()
                seq = int(text.split(":", 1)[1])
                with lock:
                    if (code, seq) in sent:
                        arrivals.append((now - sent[(code, seq)]) * 1000)
        sock.close()

    threads = []
    for code, cookie, _token in tables:
        for _ in range(phones):
            thread = threading.Thread(target=listen, args=(code, cookie), daemon=True)
            thread.start()
            threads.append(thread)
    ready.wait()
    time.sleep(0.5)
    posters = {code: (Phone(port, cookie), token) for code, cookie, token in tables}
    for round_number in range(rounds):
        for code, (phone, token) in posters.items():
            form = {
                "csrf_token": token,
                "key": f"s-{code}-{round_number}",
                "kind": "tally.add",
                "seat": "1",
                "category": "vp",
                "delta": "1",
            }
            with lock:
                sent[(code, round_number + 1)] = time.perf_counter()
            status = phone.request("POST", f"/t/{code}/events", form)[0]
            assert status == 303, status
        time.sleep(0.2)
    time.sleep(1.0)
    done.set()
    expected = tables_count * phones * rounds
    return {
        "streams": tables_count * phones,
        "deliveries": len(arrivals),
        "expected": expected,
        "p50_ms": percentile(arrivals, 0.50) if arrivals else -1,
        "p99_ms": percentile(arrivals, 0.99) if arrivals else -1,
    }


def bench_fold(events: int = 10_000) -> dict[str, float]:
    """Fold a long Mission: Red Planet ledger (crew landing, moving, leaving, rounds ending)."""
    players = tuple(Player(seat, f"P{seat}", "#000000") for seat in range(1, 6))
    options = resolve_options((*TABLE_OPTIONS, *MRP.options), {})
    setup = Setup(mrp.SLUG, players, options, "bench")
    ledger = []
    # A long night: crew land, move on and leave again (every seat keeps a few on Mars), rounds end.
    for seq in range(1, events + 1):
        seat, zone, step = 1 + seq % 5, 1 + (seq // 15) % 10, (seq // 5) % 3
        if seq % 1000 == 0:
            ledger.append(Event(seq, mrp.END_ROUND, {}, by_host=True))
        elif step == 0:
            ledger.append(Event(seq, mrp.LAND, {"seat": seat, "zone": zone, "count": 1}, by_host=True))
        elif step == 1:
            target = 1 + zone % 10
            ledger.append(
                Event(seq, mrp.MOVE, {"seat": seat, "from_zone": zone, "to_zone": target, "count": 1}, by_host=True)
            )
        else:
            ledger.append(Event(seq, mrp.REMOVE, {"seat": seat, "zone": 1 + zone % 10, "count": 1}, by_host=True))
    timings, cpu = [], []
    for _ in range(15):
        began, began_cpu = time.perf_counter(), time.process_time()
        state = fold(MRP, setup, ledger)
        timings.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    return {
        "events": events,
        "best_ms": round(min(timings), 1),
        "median_ms": round(statistics.median(timings), 1),
        "median_cpu_ms": round(statistics.median(cpu), 1),
        "skipped": len(state.skipped),
        "rounds_scored": len(state.game.scorings),
    }


def first_page_bytes(port: int) -> dict[str, int]:
    code, cookie, _ = new_table(port)
    phone = Phone(port, cookie)
    _s, page, _h = phone.request("GET", f"/t/{code}")
    parts = {"html": gzip.compress(page.encode(), 6)}
    for path in re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css))"', page):
        _s, body, _h = phone.request("GET", path)
        parts[path] = gzip.compress(body.encode(), 6)
    return {
        "total_gzip_bytes": sum(len(v) for v in parts.values()),
        **{name: len(value) for name, value in parts.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1, help="as `companion run` without Redis")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        upgrade(url)
        env = {"COMPANION_DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench", "COMPANION_BENCH_ROUTE": "1"}
        app = Server("companion.wsgi:app", env, args.workers)
        bare = Server("bench.bare:app", env, args.workers)
        try:
            posts = bench_posts(app.port, args.clients, args.seconds)
            constant = bench_constant_route(app.port, args.clients, args.seconds)
            bare_app = bench_bare(bare.port, args.clients, args.seconds)
            streams = bench_streams(app.port)
            page = first_page_bytes(app.port)
            memory = app.memory_mib()
        finally:
            app.stop()
            bare.stop()
    result = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "a_event_posts": posts,
        "b_constant_route": constant,
        "a_over_b": round(posts["requests_per_second"] / constant["requests_per_second"], 2),
        "b2_bare_flask_app": bare_app,
        "a_over_b2": round(posts["requests_per_second"] / bare_app["requests_per_second"], 2),
        "c_stream_latency": streams,
        "d_fold": bench_fold(),
        "e_first_page": page,
        "e_server_memory_mib": memory,
        "targets": {
            "a_over_b": ">= 0.5",
            "c_p99_ms": "<= 100",
            "d_best_ms": "<= 100",
            "e_gzip_bytes": "<= 61440",
            "e_memory_mib": "<= 150",
        },
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
