"""The README's first command, as a new user runs it: a clean copy, `./scripts/run`, nothing else.

The copy holds the repository's files as they are (what `git clone` gives in CI) and is set up by
`./scripts/run` alone, with its own `.venv` built from the app's lock file: no test tool is there to
pull in a dependency the app forgot to declare. The server must answer on the PORT given, speak
English and Japanese, create a table through the form and show the table's QR code. It must print
an address other phones can open (this machine's network address, not loopback), and a second
phone must join through the address the QR code encodes, read by a QR decoder, even though the
host's own browser came in through 127.0.0.1.
"""

from __future__ import annotations

import http.cookiejar
import ipaddress
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag

from tests.qr import decode_svg

ROOT = Path(__file__).resolve().parents[2]
SET_UP_AND_START_SECONDS = 900  # a first install downloads every wheel of the lock


@dataclass
class RunningApp:
    base: str
    clone: Path
    log: Path

    def last_lines(self, count: int = 40) -> str:
        """Return the last lines the set-up and the server printed."""
        lines = self.log.read_text(errors="replace").splitlines()
        return "\n".join(lines[-count:])


def copy_of_the_repository(target: Path) -> None:
    """Copy the files git knows of (tracked, or new and not ignored), as a clone would have them."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_file():  # deleted in the working tree
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(source.read_bytes())
        destination.chmod(source.stat().st_mode & 0o777)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def clean_environment(port: int) -> dict[str, str]:
    """Return this environment without anything of the test run: no venv, no COMPANION_* setting."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("COMPANION_", "PYTEST", "VIRTUAL_ENV", "PYTHON", "COV_"))
    }
    environment["PATH"] = os.pathsep.join(
        part for part in environment.get("PATH", "").split(os.pathsep) if not part.startswith(str(ROOT / ".venv"))
    )
    environment["PORT"] = str(port)
    return environment


@pytest.fixture(scope="module")
def first_command(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    clone = tmp_path_factory.mktemp("fresh-clone")
    copy_of_the_repository(clone)
    port = free_port()
    log = clone.parent / "first-command.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            ["./scripts/run"],
            cwd=clone,
            env=clean_environment(port),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    running = RunningApp(f"http://127.0.0.1:{port}", clone, log)
    try:
        deadline = time.monotonic() + SET_UP_AND_START_SECONDS
        while True:
            if server.poll() is not None:
                pytest.fail(f"./scripts/run exited with {server.returncode}:\n{running.last_lines()}")
            if time.monotonic() > deadline:
                pytest.fail(f"No answer within {SET_UP_AND_START_SECONDS} s:\n{running.last_lines()}")
            try:
                with urllib.request.urlopen(running.base + "/", timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(1)
        yield running
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(5)


def page(opener: urllib.request.OpenerDirector, url: str, language: str, data: dict[str, str] | None = None) -> str:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"Accept-Language": language})
    with opener.open(request, timeout=10) as response:
        assert response.status == 200
        return str(response.read().decode())


def test_the_clean_copy_has_only_the_apps_locked_dependencies(first_command: RunningApp) -> None:
    site_packages = next((first_command.clone / ".venv").glob("lib/python*/site-packages"))
    installed = {path.name.split("-")[0].lower() for path in site_packages.glob("*.dist-info")}
    assert "gunicorn" in installed and "gevent" in installed
    assert not installed & {"pytest", "playwright", "mypy", "ruff"}, first_command.last_lines()


def test_the_home_page_answers_in_english_and_japanese(first_command: RunningApp) -> None:
    opener = urllib.request.build_opener()
    english = BeautifulSoup(page(opener, first_command.base + "/", "en"), "html.parser")
    japanese = BeautifulSoup(page(opener, first_command.base + "/", "ja"), "html.parser")
    assert english.html is not None and english.html.get("lang") == "en"
    assert english.find("a", string="Start a new table") is not None, first_command.last_lines()
    assert japanese.html is not None and japanese.html.get("lang") == "ja"
    assert japanese.find("h2", string="自分の卓") is not None, first_command.last_lines()


def printed_address(first_command: RunningApp) -> str:
    """Return the address the first command told the host to open on the phones."""
    found = re.search(r"open (http://\S+) on the phones", first_command.log.read_text(errors="replace"))
    assert found is not None, first_command.last_lines()
    return found.group(1)


def chosen(select: Tag) -> str:
    """Return the value a browser sends for ``select``: its selected option, or the first."""
    option = select.find("option", selected=True) or select.find("option")
    assert isinstance(option, Tag)
    return str(option["value"])


def new_phone() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def test_it_prints_an_address_other_phones_can_open(first_command: RunningApp) -> None:
    address = urllib.parse.urlsplit(printed_address(first_command))
    assert address.hostname is not None and not ipaddress.ip_address(address.hostname).is_loopback
    assert address.port == int(first_command.base.rsplit(":", 1)[1])
    with urllib.request.urlopen(printed_address(first_command) + "/", timeout=10) as response:
        assert response.status == 200  # it listens there, not only on 127.0.0.1


def test_a_phone_joins_through_the_qr_code_of_a_table_the_host_started_on_127_0_0_1(
    first_command: RunningApp,
) -> None:
    host = new_phone()
    form = BeautifulSoup(page(host, first_command.base + "/new", "en"), "html.parser").find(
        "form", attrs={"method": "post", "action": "/new"}
    )
    assert isinstance(form, Tag)
    fields = {str(field["name"]): str(field.get("value", "")) for field in form.find_all("input", type="hidden")}
    fields |= {str(select["name"]): chosen(select) for select in form.find_all("select")}
    fields |= {"name-1": "Aki", "colour-1": "#E69F00", "name-2": "Ben", "colour-2": "#56B4E9"}
    assert fields["play-as"] == "1"  # the host plays as the first player unless they choose otherwise
    table = BeautifulSoup(page(host, first_command.base + "/new", "en", fields), "html.parser")
    assert "You are Aki." in table.get_text(), first_command.last_lines()
    qr = table.find("img", class_="qr")
    assert isinstance(qr, Tag), first_command.last_lines()
    with host.open(urllib.parse.urljoin(first_command.base, str(qr["src"])), timeout=10) as response:
        assert response.headers.get_content_type() == "image/svg+xml"
        link = decode_svg(response.read())
    assert link.startswith(printed_address(first_command) + "/join/")
    shown = table.find("a", href=urllib.parse.urlsplit(link).path)
    assert isinstance(shown, Tag) and shown.get_text() == link  # the same address as text, for a phone that cannot scan

    ben = new_phone()
    seats = BeautifulSoup(page(ben, link, "en"), "html.parser")
    seat_button = seats.find("button", attrs={"name": "seat"})
    assert isinstance(seat_button, Tag), first_command.last_lines()
    choice = seat_button.find_parent("form")
    assert isinstance(choice, Tag)
    answer = {str(field["name"]): str(field["value"]) for field in choice.find_all("input", type="hidden")}
    buttons = {b.get_text(strip=True): str(b["value"]) for b in choice.find_all("button", attrs={"name": "seat"})}
    assert list(buttons) == ["BBen"]  # Aki's seat is the host's
    board = BeautifulSoup(page(ben, link, "en", answer | {"seat": buttons["BBen"]}), "html.parser")
    assert "You are Ben." in board.get_text(), first_command.last_lines()
