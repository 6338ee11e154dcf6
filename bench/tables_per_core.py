"""How many tables one worker serves: taps arriving at random, each followed by its four phones' board fetches.

    .venv/bin/python bench/tables_per_core.py [--tap-every 20] [--p99-ms 150] [--seconds 15] [--postgres]

One gunicorn gevent worker (``companion/web/gunicorn_conf.py``: one worker is one core) serves N
tables of four seated phones (score pad, tally +1). At each table, taps arrive as a Poisson
process: one every ``--tap-every`` seconds on average (20 s by default: four players entering a
move or a score about once a minute each). A tap is the host's entry (htmx, answered 204); one
round trip (20 ms) after its answer, each of the four seated phones fetches its board (as each
does on the stream's news), brotli accepted as a phone accepts it. The whole tap is timed, from
the entry sent to the fourth phone's board received; the 20 ms wait is in it.

N is searched by doubling, then bisection, for the largest number of tables whose whole-tap p99
stays under ``--p99-ms``. Each N is measured for ``--seconds`` (longer for small N, so that every
trial holds at least ``--min-taps`` taps). Every request opens its own connection: between two
taps of a table (20 s) gunicorn has long closed the phone's idle one (``keepalive``, 2 s).
The phones' event streams are not opened (their news, four small writes per tap, is not counted).

The load generator is this process (gevent, on the machine's other core): not a test, figures
only. Prints JSON; the machine's load average before and after is in it.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
from gevent.pool import Pool  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.run import NO_CAPS, Phone, Server, drop_postgres, entry_form, percentile, postgres_url, seated_table  # noqa: E402
from companion.storage.migrate import upgrade  # noqa: E402

ROUND_TRIP_SECONDS = 0.020
NO_LIMITS = {  # hundreds of tables are made, and joined, from one address
    **NO_CAPS,
    "COMPANION_RATE_LIMIT_JOIN": "1000000 per minute",
    "COMPANION_RATE_LIMIT_MISSES": "1000000 per minute",
}
BOARD_HEADERS = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate, br"}


def fetch_board(port: int, code: str, cookie: str) -> int:
    """One phone's board fetch, on a connection of its own."""
    phone = Phone(port, cookie)
    try:
        return phone.request("GET", f"/t/{code}", headers=BOARD_HEADERS)[0]
    finally:
        phone.connection.close()


def whole_tap(port: int, table: tuple[str, ...], n: int) -> tuple[float, int]:
    """The host's entry, then (a round trip later) the four phones' boards; return (milliseconds, worst status)."""
    code, cookie, token, *seats = table
    began = time.perf_counter()
    host = Phone(port, cookie)
    try:
        status = host.request("POST", f"/t/{code}/events", entry_form(token, 0, n), {"HX-Request": "true"})[0]
    finally:
        host.connection.close()
    gevent.sleep(ROUND_TRIP_SECONDS)
    boards = [gevent.spawn(fetch_board, port, code, seat) for seat in seats]
    gevent.joinall(boards)
    statuses = [status, *(board.value if board.successful() else 599 for board in boards)]
    return (time.perf_counter() - began) * 1000, max(statuses)


def trial(server: Server, tables: list[tuple[str, ...]], tap_every: float, seconds: float) -> dict[str, Any]:
    """Run Poisson taps at every table for ``seconds``; return the whole taps' figures."""
    taken: list[tuple[float, int]] = []
    stop_at = time.perf_counter() + seconds
    taps = Pool()

    def tap(table: tuple[str, ...], n: int) -> None:
        try:
            taken.append(whole_tap(server.port, table, n))
        except Exception:
            taken.append((float("inf"), 599))

    def arrivals(index: int, table: tuple[str, ...]) -> None:
        chance = random.Random(index)
        n = 0
        while True:
            gevent.sleep(chance.expovariate(1 / tap_every))
            if time.perf_counter() >= stop_at:
                return
            taps.spawn(tap, table, n)  # open loop: a tap does not wait for the table's last one
            n += 1

    cpu_before = server.cpu_seconds()
    began = time.perf_counter()
    gevent.joinall([gevent.spawn(arrivals, index, table) for index, table in enumerate(tables)])
    taps.join(timeout=30)
    elapsed = time.perf_counter() - began
    times = [ms for ms, _status in taken]
    return {
        "tables": len(tables),
        "taps": len(taken),
        "taps_per_second": round(len(taken) / seconds, 1),
        "p50_ms": percentile(times, 0.50),
        "p99_ms": percentile(times, 0.99),
        "max_ms": round(max(times), 1) if times else -1.0,
        "errors": sum(1 for _ms, status in taken if status >= 400),
        "worker_busy": round((server.cpu_seconds() - cpu_before) / elapsed, 2),
    }


def search(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Double N until a trial misses the p99, then bisect; return every trial and the largest N that met it."""
    tables: list[tuple[str, ...]] = []
    creating = Pool(8)

    def ensure(count: int) -> None:
        missing = count - len(tables)
        if missing > 0:
            tables.extend(creating.imap_unordered(lambda _i: seated_table(server.port), range(missing)))

    trials = []
    good, bad = 0, None
    n = args.start
    while True:
        ensure(n)
        seconds = max(args.seconds, args.min_taps * args.tap_every / n)
        measured = trial(server, tables[:n], args.tap_every, seconds)
        met = measured["p99_ms"] < args.p99_ms and measured["errors"] == 0
        trials.append({**measured, "met": met})
        print(json.dumps(trials[-1]), file=sys.stderr)
        if met:
            good = n
        else:
            bad = n
        if bad is None:
            if n >= args.max_tables:
                break
            n = min(args.max_tables, n * 2)
        else:
            if bad - good <= max(args.resolution, good // 10):
                break
            n = (good + bad) // 2
        gevent.sleep(1)  # the last taps' stragglers end
    return {"tables_per_worker": good, "first_missed_at": bad, "trials": trials}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tap-every", type=float, default=20.0, help="mean seconds between two taps at a table")
    parser.add_argument("--p99-ms", type=float, default=150.0, help="the whole tap's p99 to stay under")
    parser.add_argument("--seconds", type=float, default=15.0, help="shortest trial of one N")
    parser.add_argument("--min-taps", type=int, default=300, help="fewest taps in one trial")
    parser.add_argument("--start", type=int, default=200, help="the first N tried")
    parser.add_argument("--max-tables", type=int, default=3200)
    parser.add_argument("--resolution", type=int, default=10, help="stop bisecting within this many tables")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL (BENCH_POSTGRES_ADMIN) instead of SQLite")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit("stopped"))  # the server is stopped too
    result: dict[str, Any] = {
        "tap_every_seconds": args.tap_every,
        "round_trip_ms": ROUND_TRIP_SECONDS * 1000,
        "p99_target_ms": args.p99_ms,
        "load_average_before": os.getloadavg(),
    }
    with tempfile.TemporaryDirectory() as folder:
        url = postgres_url(folder) if args.postgres else f"sqlite:///{folder}/tables.sqlite3"
        if url is None:
            sys.exit("PostgreSQL is not reachable")
        if not args.postgres:
            upgrade(url)
        server = Server(
            "companion.web.wsgi:app", {"COMPANION_DATABASE_URL": url, "COMPANION_SECRET_KEY": "bench", **NO_LIMITS}
        )
        try:
            result |= {"database": "postgresql" if args.postgres else "sqlite", **search(server, args)}
            result["server_memory_mib"] = server.memory_mib()
        finally:
            server.stop()
            if args.postgres:
                drop_postgres(url)
    result["load_average_after"] = os.getloadavg()
    result["target"] = ">= 250 tables"
    result["met"] = "met" if result["tables_per_worker"] >= 250 else "not met"
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
