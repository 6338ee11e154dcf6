"""One public board per step, one private part per phone: each role still reads exactly what it read before.

``data/private_reads.json`` holds, for the games with secrets (Crafting the Cosmos' advanced-life
tokens, Mission: Red Planet's bonus cards, Andromeda's face-down offers) at several steps of their
worked examples, the lines of text each role's board showed beyond a spectator's, captured from
the boards as they were rendered whole for each phone, before the board was split into a public
board and private parts (one line added since: the boards of that capture read the cards typed at
the server through a 30-second cache, which hid "Discovery cards typed before" from
two Red Planet steps). Recaptured once since, when issue 42 and 43 reworded the boards and changed
their forms (seat lines as one message, energy cards by type, crew moves by chips), after reading
every line each role lost: only wordings and forms, no secret. One line added since: the legend of
the energy types a player keeps in hand (the hand's own form). The boards assembled now must read
the same, role by role: no secret moved into the public board, and no phone lost its own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask

from companion.policy import Phone
from companion.services.tables import import_scenario
from companion.web import boards
from companion.web.extensions import tables

ROOT = Path(__file__).resolve().parents[2]
READS = json.loads((Path(__file__).parent / "data" / "private_reads.json").read_text())


def lines(html: str) -> set[str]:
    soup = BeautifulSoup(html, "html.parser")
    return {line.strip() for line in soup.get_text("\n").split("\n") if line.strip()}


def board_of(app: Flask, code: str, phone: Phone) -> str:
    with app.test_request_context(f"/t/{code}", headers={"Accept-Language": "en"}):
        return boards.board(tables().find(code=code), phone).decode()


def roles(seats: list[int]) -> dict[str, Phone]:
    found = {"host": Phone(host=True, joined=True), "host+first": Phone(True, seats[0], True, seats[0])}
    return found | {f"seat{seat}": Phone(seat=seat, joined=True, claimed=seat) for seat in seats}


@pytest.mark.parametrize("case", sorted(READS))
def test_each_role_reads_beyond_a_spectator_what_it_read_before_the_split(app: Flask, case: str) -> None:
    example, step = case.rsplit("@", 1)
    scenario: dict[str, Any] = json.loads((ROOT / "docs" / "examples" / f"{example}.json").read_text())
    scenario["events"] = scenario["events"][: int(step)]
    with app.app_context():
        table = import_scenario(tables(), json.dumps(scenario).encode())
    code, seats = table.code, [player.seat for player in table.info.setup.players]
    public = lines(board_of(app, code, Phone.SPECTATOR))
    for role, phone in roles(seats).items():
        beyond = sorted(lines(board_of(app, code, phone)) - public)
        assert beyond == READS[case][role], (case, role)
