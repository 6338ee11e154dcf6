"""Scale-out, proved: two app servers on one PostgreSQL database and one Redis, behind one address.

The servers are the README's (`./scripts/scale`): gunicorn with gevent workers running
``companion.web.wsgi:app``, started as separate processes with the same database, Redis and secret
key. In front of them stands a small round-robin balancer written here (each new connection goes
to the next server; a server that refuses connections is skipped, as nginx does), so that the test
needs nothing a new machine lacks and knows which server each connection reached. Phones are plain
HTTP clients with their own cookies: they fill the forms the pages show (CSRF token included) and
read the live stream as ``EventSource`` does.

How fast news crosses from one server to the other is a benchmark's figure, not this test's: the
test waits for it generously and logs it (``--log-cli-level=INFO`` shows it).
"""

from __future__ import annotations

import contextlib
import http.client
import http.cookiejar
import itertools
import logging
import os
import queue
import secrets
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from companion.storage.migrate import upgrade
from tests.conftest import drop_postgres_database, new_postgres_database, redis_url_or_skip

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 45  # two servers importing and warming the app at once on a busy 2-core machine
PATIENCE = 30.0  # how long anything that must happen may take before the test fails
REQUEST_SECONDS = 10.0
BURST = 40  # taps per phone in the burst; one server is killed once a third of them are answered


# -- The servers and the balancer -----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class AppServer:
    """One app server as `./scripts/scale` starts it: gunicorn + gevent, one worker, its own port."""

    port: int
    log_path: Path
    process: subprocess.Popen[bytes]

    @classmethod
    def start(cls, number: int, environment: dict[str, str], folder: Path) -> AppServer:
        port = free_port()
        log_path = folder / f"server-{number}.log"
        with log_path.open("wb") as output:
            process = subprocess.Popen(
                [
                    *(sys.executable, "-m", "gunicorn", "--config", "python:companion.web.gunicorn_conf"),
                    *("--bind", f"127.0.0.1:{port}", "--workers", "1", "companion.web.wsgi:app"),
                ],
                cwd=ROOT,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: the master and its worker go together
            )
        return cls(port, log_path, process)

    def answers(self) -> bool:
        """Return True once the server serves its home page."""
        if self.process.poll() is not None:
            raise AssertionError(f"server on port {self.port} exited:\n{self.last_lines()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=2) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def kill(self) -> None:
        """Kill the server at once (SIGKILL to the master and its worker), as a crash would; return
        once its port refuses connections (the worker, reparented, may outlive the master a moment)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(REQUEST_SECONDS)
        deadline = time.monotonic() + REQUEST_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            except OSError:
                return
            assert time.monotonic() < deadline, f"port {self.port} still accepts connections after SIGKILL"
            time.sleep(0.05)

    def running(self) -> bool:
        return self.process.poll() is None

    def ask_to_stop(self) -> None:
        """Ask gunicorn for its quick shutdown (open streams do not hold it up)."""
        if self.running():
            self.process.send_signal(signal.SIGQUIT)

    def wait_stopped(self) -> None:
        """Wait for the shutdown asked for; kill the server's processes if it lingers."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(REQUEST_SECONDS)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # anything of it still there
        self.process.wait(REQUEST_SECONDS)

    def last_lines(self, count: int = 30) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-count:])


class RoundRobin:
    """A TCP load balancer on one loopback address: each new connection goes to the next server in
    turn, and to the one after it if that one refuses (nginx's default ``proxy_next_upstream error``).
    Bytes are relayed untouched; a connection cut on one side is cut on the other."""

    def __init__(self, ports: Sequence[int]) -> None:
        self._ports = list(ports)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = int(self._listener.getsockname()[1])
        self._served: dict[int, int] = {}  # the client's port -> the server port it reached
        self._stopping = threading.Event()
        self._relays: list[threading.Thread] = []
        self._accepting = threading.Thread(target=self._accept, name="balancer", daemon=True)
        self._accepting.start()

    def served_by(self, client_port: int) -> int | None:
        """Return the port of the server that the connection from ``client_port`` reached."""
        return self._served.get(client_port)

    def close(self) -> None:
        self._stopping.set()
        self._accepting.join(REQUEST_SECONDS)
        for relay in self._relays:
            relay.join(REQUEST_SECONDS)
        self._listener.close()

    def _accept(self) -> None:
        turns = itertools.count()
        while not self._stopping.is_set():
            try:
                client, (_host, client_port) = self._listener.accept()
            except TimeoutError:
                continue
            relay = threading.Thread(target=self._relay, args=(client, client_port, next(turns)), daemon=True)
            self._relays.append(relay)
            relay.start()

    def _relay(self, client: socket.socket, client_port: int, turn: int) -> None:
        with client:
            for step in range(len(self._ports)):
                port = self._ports[(turn + step) % len(self._ports)]
                try:
                    upstream = socket.create_connection(("127.0.0.1", port), timeout=REQUEST_SECONDS)
                    break
                except OSError:
                    continue
            else:
                return  # no server answers: the client sees its connection closed
            self._served[client_port] = port
            with upstream, selectors.DefaultSelector() as selector:
                selector.register(client, selectors.EVENT_READ, upstream)
                selector.register(upstream, selectors.EVENT_READ, client)
                while not self._stopping.is_set():
                    for key, _events in selector.select(0.2):
                        try:
                            data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                            if not data:
                                return
                            key.data.sendall(data)
                        except OSError:  # reset by a killed server or a closed client
                            return


@dataclass
class Cluster:
    """The two servers behind the balancer's address (``base``), and the database they share."""

    base: str
    servers: list[AppServer]
    balancer: RoundRobin
    database_url: str

    def server_on(self, port: int | None) -> AppServer:
        return next(server for server in self.servers if server.port == port)

    def logs(self) -> str:
        return "\n".join(f"--- server on port {s.port}:\n{s.last_lines()}" for s in self.servers)

    def ledger_keys(self, code: str) -> Counter[str]:
        """Return how many times each idempotency key is in the table's ledger (read from the database)."""
        return Counter(
            row[0]
            for row in self._query(
                "SELECT e.idempotency_key FROM ledger_event AS e JOIN game_table AS t ON t.id = e.table_id"
                " WHERE t.code = :code",
                code=code,
            )
        )

    def last_seq(self, code: str) -> int:
        return int(self._query("SELECT last_seq FROM game_table WHERE code = :code", code=code)[0][0])

    def _query(self, sql: str, **parameters: Any) -> list[Any]:
        engine = create_engine(self.database_url, poolclass=NullPool)
        try:
            with engine.connect() as connection:
                return list(connection.execute(text(sql), parameters))
        finally:
            engine.dispose()


@pytest.fixture(scope="module")
def shared_stores() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL database of this module's own, migrated once, and the test Redis."""
    redis_url = redis_url_or_skip()
    database_url = new_postgres_database("scale_test")
    try:
        upgrade(database_url)
        # Redis's channels are shared by every database number and every run on this Redis: tables
        # here are numbered where no other run's are, so that no one else's news reaches them.
        engine = create_engine(database_url, poolclass=NullPool)
        with engine.begin() as connection:
            start = 10**6 + secrets.randbelow(10**9)
            connection.execute(text("SELECT setval(pg_get_serial_sequence('game_table', 'id'), :n)"), {"n": start})
        engine.dispose()
        yield database_url, redis_url
    finally:
        drop_postgres_database(database_url)


@pytest.fixture(scope="module")
def server_environment(shared_stores: tuple[str, str]) -> dict[str, str]:
    """What every app server is given: this environment without the test run's settings, and the
    shared database, Redis and secret key."""
    database_url, redis_url = shared_stores
    environment = {key: value for key, value in os.environ.items() if not key.startswith("COMPANION_")}
    environment.update(
        COMPANION_DATABASE_URL=database_url,
        COMPANION_REDIS_URL=redis_url,
        COMPANION_SECRET_KEY=secrets.token_hex(32),  # one key for both: a cookie from one is read by the other
        # The limit's counters live in Redis and outlive a run: repeated runs must not use it up.
        COMPANION_RATE_LIMIT_NEW_TABLE="10000 per hour",
    )
    return environment


def wait_until_answering(servers: Sequence[AppServer]) -> None:
    deadline = time.monotonic() + START_SECONDS
    waiting = list(servers)
    while waiting := [server for server in waiting if not server.answers()]:
        if time.monotonic() > deadline:
            pytest.fail(f"no answer within {START_SECONDS} s:\n" + "\n".join(s.last_lines() for s in waiting))
        time.sleep(0.2)


@pytest.fixture(scope="module")
def servers(server_environment: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[AppServer]]:
    """Two app servers on the shared stores, started at once (a start takes seconds); all stopped at the end."""
    folder = tmp_path_factory.mktemp("servers")
    started: list[AppServer] = []
    try:
        started.extend(AppServer.start(number, server_environment, folder) for number in (1, 2))
        wait_until_answering(started)
        yield started
        # A test that killed a server leaves it dead; the next test's fixture replaces it.
    finally:
        for server in started:
            server.ask_to_stop()
        for server in started:
            server.wait_stopped()


@pytest.fixture
def cluster(
    servers: list[AppServer], server_environment: dict[str, str], shared_stores: tuple[str, str], tmp_path: Path
) -> Iterator[Cluster]:
    """Two running app servers (a killed one replaced) behind a fresh round-robin address."""
    for index, server in enumerate(servers):
        if not server.running():
            server.wait_stopped()
            servers[index] = AppServer.start(index + 1, server_environment, tmp_path)
    wait_until_answering(servers)
    balancer = RoundRobin([server.port for server in servers])
    try:
        yield Cluster(f"http://127.0.0.1:{balancer.port}", list(servers), balancer, shared_stores[0])
    finally:
        balancer.close()


# -- Phones ---------------------------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A 303 after a POST is the answer itself (the entry is stored): do not follow it."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Phone:
    """One phone: its own cookies, everything through the shared address."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect)

    def get(self, path: str) -> BeautifulSoup:
        with self._opener.open(self.cluster.base + path, timeout=REQUEST_SECONDS) as response:
            assert response.status == 200, path
            return BeautifulSoup(response.read().decode(), "html.parser")

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        """Post a form; return the status and the Location of a redirect."""
        body = urllib.parse.urlencode(fields).encode()
        try:
            with self._opener.open(self.cluster.base + path, data=body, timeout=REQUEST_SECONDS) as response:
                return response.status, ""
        except urllib.error.HTTPError as answer:
            with answer:
                return answer.code, answer.headers.get("Location", "")

    def create_table(self, players: Sequence[str]) -> str:
        """Start a score pad through the new-table form; return the table's path."""
        form = self.get("/new").find("form", attrs={"action": "/new"})
        assert isinstance(form, Tag)
        fields = hidden_fields(form) | {"game": "score-pad"}
        for seat, name in enumerate(players, start=1):
            fields |= {f"name-{seat}": name, f"colour-{seat}": ("#E69F00", "#56B4E9")[seat - 1]}
        status, location = self.post("/new", fields)
        assert status == 303 and location.startswith("/t/"), (status, location)
        return location

    def join(self, host: Phone, table: str, name: str) -> None:
        """Open the join link shown on the host's page and take the seat of ``name``."""
        link = host.get(table).find("a", href=lambda href: bool(href and href.startswith("/join/")))
        assert isinstance(link, Tag)
        seats = self.get(str(link["href"])).find_all("button", attrs={"name": "seat"})
        seat = next(button for button in seats if isinstance(button, Tag) and name in button.get_text())
        form = seat.find_parent("form")
        assert isinstance(form, Tag)
        status, location = self.post(str(link["href"]), hidden_fields(form) | {"seat": str(seat["value"])})
        assert status == 303 and location == table, (status, location)

    def plus_one_form(self, table: str, name: str) -> dict[str, str]:
        """Return the fields of the board's "plus one victory point" button for ``name``."""
        button = self.get(table).find("button", attrs={"aria-label": f"{name}: Victory points plus one"})
        assert isinstance(button, Tag) and isinstance(button.parent, Tag)
        return hidden_fields(button.parent) | {str(button["name"]): str(button["value"])}

    def tap(self, table: str, form: dict[str, str], key: str) -> int | str:
        """Post one entry with its idempotency key; return the status, or the error if no answer came."""
        try:
            return self.post(table + "/events", form | {"key": key})[0]
        except (OSError, http.client.HTTPException) as error:
            return type(error).__name__

    def stream_path(self, table: str) -> str:
        """Return the live stream's address as the table's page gives it (``sse-connect``)."""
        live = self.get(table).find(id="live")
        assert isinstance(live, Tag)
        return str(live["sse-connect"])

    def cookie_header(self, url: str) -> str:
        request = urllib.request.Request(url)
        self.cookies.add_cookie_header(request)
        return str(request.get_header("Cookie"))


def hidden_fields(form: Tag) -> dict[str, str]:
    return {
        str(field["name"]): str(field.get("value", ""))
        for field in form.find_all("input", attrs={"type": "hidden"})
        if isinstance(field, Tag)
    }


@dataclass
class Stream:
    """A live stream read as ``EventSource`` reads it, in a thread of its own."""

    connection: http.client.HTTPConnection
    server_port: int | None
    updates: queue.Queue[tuple[int, float] | None] = field(default_factory=queue.Queue)  # None: it ended
    seen: list[int] = field(default_factory=list)
    reader: threading.Thread | None = None

    @classmethod
    def open(cls, phone: Phone, path: str, last_event_id: int | None = None) -> Stream:
        connection = http.client.HTTPConnection("127.0.0.1", phone.cluster.balancer.port, timeout=PATIENCE)
        headers = {"Accept": "text/event-stream", "Cookie": phone.cookie_header(phone.cluster.base + path)}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
        assert connection.sock is not None
        port = phone.cluster.balancer.served_by(int(connection.sock.getsockname()[1]))
        stream = cls(connection, port)
        opened = threading.Event()
        stream.reader = threading.Thread(target=stream._read, args=(response, opened), daemon=True)
        stream.reader.start()
        # The server sends "retry:" once it has subscribed to the table's news: nothing is missed after.
        assert opened.wait(PATIENCE), "the stream sent nothing"
        return stream

    def _read(self, response: http.client.HTTPResponse, opened: threading.Event) -> None:
        try:
            while line := response.readline():
                if line.startswith(b"retry:"):
                    opened.set()
                elif line.startswith(b"data:"):
                    self.updates.put((int(line.removeprefix(b"data:")), time.monotonic()))
        except (OSError, http.client.HTTPException, ValueError):
            pass  # a cut connection ends the stream, as below
        finally:
            response.close()
        self.updates.put(None)

    def wait_for(self, seq: int) -> float:
        """Wait until the stream says the table reached ``seq``; return when that news arrived."""
        deadline = time.monotonic() + PATIENCE
        arrived = 0.0
        while not self.seen or self.seen[-1] < seq:
            try:
                news = self.updates.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                raise AssertionError(f"no news of seq {seq} within {PATIENCE} s (it said {self.seen})") from None
            if news is None:
                raise AssertionError(f"the stream ended before seq {seq} (it said {self.seen})")
            self.seen.append(news[0])
            arrived = news[1]
        return arrived

    def wait_until_cut(self) -> None:
        """Wait until the connection is closed from the other side."""
        deadline = time.monotonic() + PATIENCE
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                news = self.updates.get(timeout=remaining)
            except queue.Empty:
                break
            if news is None:
                return
            self.seen.append(news[0])
        raise AssertionError("the stream stayed open")

    def close(self) -> None:
        """Hang up, as a phone leaving the page does; the reader sees the end, then the connection closes."""
        if self.connection.sock is not None:
            with contextlib.suppress(OSError):  # already cut by the other side
                self.connection.sock.shutdown(socket.SHUT_RDWR)
        if self.reader is not None:
            self.reader.join(REQUEST_SECONDS)
        self.connection.close()


@pytest.fixture
def streams() -> Iterator[list[Stream]]:
    """Streams the test opens, all closed at its end."""
    opened: list[Stream] = []
    yield opened
    for stream in opened:
        stream.close()


# -- The specification ----------------------------------------------------------------------------


def a_table_with_two_phones(cluster: Cluster) -> tuple[Phone, Phone, str]:
    """The host starts a score pad for Aki and Ben; Ben's phone joins through the host's link."""
    host, ben = Phone(cluster), Phone(cluster)
    table = host.create_table(["Aki", "Ben"])
    ben.join(host, table, "Ben")
    return host, ben, table


def test_a_tap_through_one_server_reaches_a_phone_whose_stream_is_on_the_other(
    cluster: Cluster, streams: list[Stream]
) -> None:
    host, ben, table = a_table_with_two_phones(cluster)
    code = table.removeprefix("/t/")
    paths = host.stream_path(table), ben.stream_path(table)
    # Opened one right after the other, so round robin puts them on different servers.
    streams.append(Stream.open(host, paths[0]))
    streams.append(Stream.open(ben, paths[1]))
    host_stream, ben_stream = streams
    assert {host_stream.server_port, ben_stream.server_port} == {s.port for s in cluster.servers}, (
        "the balancer put both streams on one server"
    )

    form = ben.plus_one_form(table, "Ben")
    tapped = time.monotonic()
    assert ben.tap(table, form, key="cross-server-tap-1") == 303
    seq = cluster.last_seq(code)

    for stream in (host_stream, ben_stream):  # one of them is on the server that did not store the tap
        arrived = stream.wait_for(seq)
        log.info(
            "seq %d reached the stream on port %d %.0f ms after the tap",
            seq,
            stream.server_port,
            (arrived - tapped) * 1000,
        )


def test_killing_a_server_mid_burst_loses_no_answered_entry_and_its_phones_carry_on(
    cluster: Cluster, streams: list[Stream]
) -> None:
    host, ben, table = a_table_with_two_phones(cluster)
    code = table.removeprefix("/t/")
    paths = ben.stream_path(table), host.stream_path(table)
    streams.append(Stream.open(ben, paths[0]))
    streams.append(Stream.open(host, paths[1]))
    ben_stream, host_stream = streams
    doomed = cluster.server_on(ben_stream.server_port)
    assert host_stream.server_port != doomed.port, "the balancer put both streams on one server"

    # Both phones tap as fast as answers come; Ben's server is killed a third of the way through.
    answers: dict[str, int | str] = {}  # key -> the status, or the error when no answer came
    third_answered = threading.Event()

    def tap_away(phone: Phone, name: str) -> list[tuple[str, float]]:
        form = phone.plus_one_form(table, name)
        started = []
        for number in range(BURST):
            key = f"burst-{name}-{number:03d}"
            started.append((key, time.monotonic()))
            answers[key] = phone.tap(table, form, key)
            if sum(answer == 303 for answer in answers.values()) >= 2 * BURST // 3:
                third_answered.set()
        return started

    with ThreadPoolExecutor(2) as taps:
        bursts = [taps.submit(tap_away, phone, name) for phone, name in ((ben, "Ben"), (host, "Aki"))]
        assert third_answered.wait(PATIENCE), f"the burst stalled: {answers}\n{cluster.logs()}"
        doomed.kill()
        killed_at = time.monotonic()
        started = dict(bursts[0].result(PATIENCE * 2) + bursts[1].result(PATIENCE * 2))

    answered = {key for key, answer in answers.items() if answer == 303}
    unanswered = {key: answer for key, answer in answers.items() if answer != 303}
    after_the_kill = {key for key, moment in started.items() if moment > killed_at}
    log.info(
        "%d taps answered, %d cut by the kill %s, %d made after it",
        len(answered),
        len(unanswered),
        sorted(unanswered.values()),
        len(after_the_kill),
    )
    assert all(isinstance(answer, str) for answer in unanswered.values()), f"a server refused a tap: {unanswered}"
    assert after_the_kill and after_the_kill <= answered, "the phones did not carry on through the survivor"
    ledger = cluster.ledger_keys(code)
    assert {key: ledger[key] for key in answered} == dict.fromkeys(answered, 1), "an answered entry is lost or doubled"
    log.info("%d of the cut taps had been stored before the kill", sum(key in ledger for key in unanswered))

    # The phones send what got no answer again, with the same keys (their waiting lists do so).
    for key in sorted(unanswered):
        phone, name = (ben, "Ben") if "Ben" in key else (host, "Aki")
        assert phone.tap(table, phone.plus_one_form(table, name), key) == 303
    ledger = cluster.ledger_keys(code)
    assert {key: ledger[key] for key in answers} == dict.fromkeys(answers, 1)
    board = host.get(table)
    for name in ("Aki", "Ben"):
        count = board.find("output", attrs={"aria-label": f"{name}: Victory points"})
        assert count is not None and count.get_text() == str(BURST), f"{name}'s taps are not each counted once"

    # Ben's stream was on the killed server: it is cut, and reconnecting through the shared address
    # (EventSource asks for the same URL with the last id it had) reaches the survivor, which catches
    # it up and keeps it told.
    ben_stream.wait_until_cut()
    last_seq = cluster.last_seq(code)
    streams.append(Stream.open(ben, paths[0], last_event_id=ben_stream.seen[-1] if ben_stream.seen else None))
    reconnected = streams[-1]
    assert reconnected.server_port != doomed.port
    reconnected.wait_for(last_seq)
    host_stream.wait_for(last_seq)
    assert host.tap(table, host.plus_one_form(table, "Aki"), key="after-the-kill") == 303
    for stream in (reconnected, host_stream):
        stream.wait_for(last_seq + 1)
