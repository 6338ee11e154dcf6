"""Instructions per request, counted by valgrind: a measure that a busy or throttled machine cannot blur.

    .venv/bin/python bench/instructions.py [--mode post|get|tap|minimal|minimal-tap] [--requests 20 120]

Each request is a WSGI call in one process (no server, no network): an htmx entry POST as a phone
sends it, the board fragment GET, a tap as a table lives it (the host's entry, then the board
fetched by each of four seated phones), or the minimal SQLite app's insert
(``bench/minimal_sqlite.py``) and its tap (one insert, four selects rendering a small template).
The process is run twice under ``valgrind --tool=cachegrind``, with fewer and with more requests
after the same start-up; the difference over the extra requests is one request's count. The
database (migrated, one table) is made before, outside the count. Prints JSON.

Timings on a shared machine can swing by a factor of five within a minute; these counts repeat.
They leave out the server's own part of each request (gunicorn, gevent, the socket), which the
yardstick pays as much as the app: compare with ``bench/run.py`` for throughput.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

Environ = dict[str, Any]


def prepare(folder: Path) -> dict[str, Any]:
    """Make a migrated database with one score-pad table and four seated phones; return the table's
    code, the host's cookie and token, and the seated phones' cookies."""
    from companion.storage.migrate import upgrade
    from companion.web.app import create_app

    url = f"sqlite:///{folder / 'companion.sqlite3'}"
    upgrade(url)
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/new").text).group(1)  # type: ignore[union-attr]
    form = {"csrf_token": token, "game": "score-pad", "option-entries": "anyone"}
    for seat, (name, colour) in enumerate((("Aki", "#E69F00"), ("Ben", "#56B4E9"), ("Chika", "#009E73")), start=1):
        form[f"name-{seat}"], form[f"colour-{seat}"] = name, colour
    form["name-4"], form["colour-4"], form["play-as"] = "Dai", "#F0E442", "host"
    code = client.post("/new", data=form).headers["Location"].rsplit("/", 1)[1]
    cookie = client.get_cookie("session")
    assert cookie is not None
    join = re.search(r'href="(/join/[^"]+)"', client.get(f"/t/{code}").text).group(1)  # type: ignore[union-attr]
    seats = []
    for seat in range(1, 5):
        phone = app.test_client()
        page = phone.get(join).text
        fields = dict(re.findall(r'name="(csrf_token|key)" value="([^"]+)"', page))
        assert phone.post(join, data={**fields, "seat": str(seat)}).status_code == 303
        seats.append(phone.get_cookie("session").value)  # type: ignore[union-attr]
    app.extensions["companion.engine"].dispose()
    return {"url": url, "code": code, "cookie": cookie.value, "token": token, "seats": seats}


def base_environ(method: str, path: str, body: bytes = b"", **headers: str) -> Environ:
    return {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        **({"CONTENT_TYPE": "application/x-www-form-urlencoded", "CONTENT_LENGTH": str(len(body))} if body else {}),
        **headers,
    }


def requests(mode: str, table: dict[str, Any]) -> tuple[Any, Callable[[int], list[Environ]]]:
    """Return the WSGI app and a maker of the n-th request's environs (a tap is five requests)."""
    if mode.startswith("minimal"):
        from bench.minimal_sqlite import app

        def insert() -> Environ:
            return base_environ("POST", "/", b"kind=tally.add&delta=1")

        if mode == "minimal":
            return app, lambda n: [insert()]
        return app, lambda n: [insert()] + [base_environ("GET", "/board") for _ in range(4)]
    from companion.web.app import create_app

    app = create_app({"DATABASE_URL": table["url"], "SECRET_KEY": "bench", "ADVANCE_HOLD_SECONDS": 0})
    phone = {"HTTP_COOKIE": "session=" + table["cookie"], "HTTP_HX_REQUEST": "true"}
    if mode == "get":
        return app, lambda n: [base_environ("GET", f"/t/{table['code']}", **phone)]

    def entry(n: int) -> Environ:
        body = (
            f"csrf_token={table['token']}&key=bench-{time.time_ns()}-{n}"
            f"&kind=tally.add&seat={1 + n % 4}&category=vp&delta=1"
        )
        return base_environ("POST", f"/t/{table['code']}/events", body.encode(), **phone)

    if mode == "post":
        return app, lambda n: [entry(n)]
    seats = [{"HTTP_COOKIE": "session=" + cookie, "HTTP_HX_REQUEST": "true"} for cookie in table["seats"]]
    return app, lambda n: [entry(n)] + [base_environ("GET", f"/t/{table['code']}", **seat) for seat in seats]


def serve(app: Any, environs: Iterable[Environ]) -> list[str]:
    statuses: list[str] = []
    for environ in environs:
        body = app(environ, lambda status, headers, exc_info=None: statuses.append(status))
        for _chunk in body:
            pass
        getattr(body, "close", lambda: None)()
    return statuses


def child(mode: str, count: int, table: dict[str, Any]) -> None:
    """Under valgrind: start, answer 20 requests to warm up, then ``count`` more."""
    app, make = requests(mode, table)
    statuses = serve(app, (environ for n in range(20) for environ in make(n)))
    statuses += serve(app, (environ for n in range(20, 20 + count) for environ in make(n)))
    wanted = {"get": {"200 OK"}, "minimal": {"200 OK"}, "minimal-tap": {"200 OK"}, "post": {"204 NO CONTENT"}}
    if not set(statuses) <= wanted.get(mode, {"200 OK", "204 NO CONTENT"}):
        raise SystemExit(f"unexpected answers: {sorted(set(statuses))}")


def instructions(mode: str, count: int, folder: Path, table: dict[str, Any]) -> int:
    copy = folder / f"run-{count}"
    copy.mkdir()
    shutil.copy(Path(table["url"].removeprefix("sqlite:///")), copy / "companion.sqlite3")
    run_table = {**table, "url": f"sqlite:///{copy / 'companion.sqlite3'}"}
    env = {**os.environ, "BENCH_SQLITE_PATH": str(copy / "minimal.sqlite3")}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--child", mode, str(count), json.dumps(run_table)]
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if result.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed:\n{result.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=("post", "get", "tap", "minimal", "minimal-tap"), default="post")
    parser.add_argument("--requests", type=int, nargs=2, default=(20, 120), metavar=("FEWER", "MORE"))
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian's package valgrind)")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        table = prepare(folder)
        fewer, more = args.requests
        counts = {n: instructions(args.mode, n, folder, table) for n in (fewer, more)}
    per_request = (counts[more] - counts[fewer]) // (more - fewer)
    print(json.dumps({"mode": args.mode, "instructions_per_request": per_request, "totals": counts}, indent=2))


if __name__ == "__main__":
    main()
