"""A full disk: entries are refused with 503 while it is full, and taken again once space is freed.

Played on a real full file system: a 4 MB tmpfs mounted for the test (root only; skipped, saying
why, where it cannot be mounted). Four phones keep recording while a file fills the disk.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.web.app import create_app
from tests.conftest import TEST_DATABASE, new_table, post_event, upgrade


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    if TEST_DATABASE != "sqlite":
        pytest.skip("a full disk under SQLite's WAL: the PostgreSQL run has no SQLite file")
    if os.geteuid() != 0:
        pytest.skip("mounting a 4 MB tmpfs needs root")
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4M", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write a file until the disk is full; return it."""
    filler = folder / "filler"
    handle = filler.open("wb")
    with contextlib.suppress(OSError):
        while True:
            handle.write(b"x" * 65536)
            handle.flush()
    with contextlib.suppress(OSError):
        handle.close()
    return filler


def test_writes_are_refused_while_the_disk_is_full_and_taken_again_once_space_is_freed(tiny_disk: Path) -> None:
    url = f"sqlite:///{tiny_disk / 'table.sqlite3'}"
    upgrade(url)
    app: Flask = create_app(
        {"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "s", "WTF_CSRF_ENABLED": False, "ADVANCE_HOLD_SECONDS": 0}
    )
    host = app.test_client()
    code = new_table(host)
    phones = []
    for _ in range(4):
        phone = app.test_client()
        for cookie in host._cookies.values():  # the host's phone, four times: four connections at once
            phone.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
        phones.append(phone)
    answers: list[tuple[float, int]] = []
    freed: list[float] = []
    done = time.monotonic() + 30

    def keep_recording(phone: object) -> None:
        while time.monotonic() < done:
            status = post_event(phone, code, kind="tally.add", seat=1, category="vp", delta=1).status_code
            answers.append((time.monotonic(), status))
            if freed and status == 303:
                return
            time.sleep(0.02)

    threads = [threading.Thread(target=keep_recording, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    time.sleep(0.3)
    filler = fill(tiny_disk)
    time.sleep(1.5)
    while_full = [status for moment, status in answers if moment > time.monotonic() - 1.0]
    refusals = (post_event(host, code, kind="tally.add", seat=2, category="vp", delta=1) for _ in range(20))
    refused = next((answer for answer in refusals if answer.status_code == 503), None)
    filler.unlink()
    freed.append(time.monotonic())
    for thread in threads:
        thread.join()
    # Full, a write is refused with 503 and a message (now and then one fits in the WAL's free frames),
    # never a 500.
    assert while_full and 503 in while_full and set(while_full) <= {503, 303}
    assert refused is not None and "its database is full. Nothing was stored." in refused.text
    taken = [moment - freed[0] for moment, status in answers if status == 303 and moment >= freed[0]]
    assert len(taken) == 4 and max(taken) < 5  # every phone records again within seconds
