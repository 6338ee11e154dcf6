"""Andromeda's entries, counted in taps on a 390×844 phone (called by bench/taps.py).

    .venv/bin/python bench/taps.py

A table of 4 (9 setup cards each, the most of any player count): each player draws the setup
planet cards on their own phone; for comparison, one player enters the cards drawn at the table
instead. Then the stations moved in round 1: a movement card (the movement phase) and the move
stations action (the start player's first action), after a trade played quickly (not counted).
A tap is a click on a control (a planet chip is one) or a key pressed on the phone's keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from bench.taps import Taps, join, new_table

NAMES = ["Aki", "Ben", "Chika", "Dai"]


def type_in(taps: Taps, box: Any, value: int) -> None:
    """Tap a box and type a number (nothing is sent)."""
    box.click()
    box.fill(str(value))
    taps.count += 1 + len(str(value))


def draw_setup_cards(page: Page, name: str) -> int:
    """A player draws their setup planet cards on their own phone; return the taps."""
    taps = Taps(page)
    taps.tap(page.get_by_role("button", name=f"Draw 9 planet cards for {name}"))
    return taps.count


def enter_setup_cards(page: Page, name: str, cards: dict[int, int]) -> int:
    """A player enters the setup planet cards drawn at the table; return the taps."""
    taps = Taps(page)
    form = page.locator("form", has=page.get_by_role("button", name="Place the stations"))
    for planet, count in cards.items():
        type_in(taps, form.locator(f"input[name=planet_{planet}]"), count)
    taps.tap(form.get_by_role("button", name="Place the stations"))
    return taps.count


def quiet(page: Page, locator: Any) -> None:
    """A tap that is not measured."""
    Taps(page).tap(locator)


def play_trade(seats: dict[str, Page]) -> None:
    """The round's trade, tapped through without counting: Aki leads, the others offer, all keep their sets."""
    aki = seats["Aki"]
    for card, offers in (("1", "5"), ("2", "6")):
        aki.reload()
        aki.locator("form", has=aki.get_by_role("button", name="Lay out")).locator("select").select_option(card)
        quiet(aki, aki.get_by_role("button", name="Lay out"))
        for name in NAMES[1:]:
            page = seats[name]
            page.reload()
            form = page.locator("form", has=page.get_by_role("button", name="Offer", exact=True))
            form.locator("select").select_option(offers)
            quiet(page, form.get_by_role("button", name="Offer", exact=True))
    aki.reload()
    quiet(aki, aki.get_by_role("button", name="No more cards: start the exchanges"))
    quiet(aki, aki.get_by_role("button", name="Take Dai's set"))
    for name in ("Dai", "Ben"):  # Dai decides on Aki's set, then Ben; Chika's, the last, goes to hand by itself
        page = seats[name]
        page.reload()
        quiet(page, page.get_by_role("button", name="Take this set into hand"))


def measure(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """Four phones set up a table and move stations in round 1; return the taps of each entry."""
    host = phone()
    link = new_table(host, base, "andromeda", NAMES)
    seats = {name: phone() for name in NAMES}
    for name, page in seats.items():
        join(page, link, name)
    draws = [draw_setup_cards(seats[name], name) for name in NAMES[:3]]
    entered = enter_setup_cards(seats["Dai"], "Dai", {1: 2, 3: 3, 4: 1, 7: 3})

    ben = seats["Ben"]
    ben.reload()
    card = Taps(ben)
    form = ben.locator("form", has=ben.get_by_role("button", name="Play a movement card"))
    card.pick(form, "planet", 4)
    card.tap(form.get_by_role("button", name="Play a movement card"))

    aki = seats["Aki"]
    aki.reload()
    quiet(aki, aki.get_by_role("button", name="End movement, start the trade"))
    play_trade(seats)

    aki.reload()
    move = Taps(aki)
    form = aki.locator("form", has=aki.get_by_role("button", name="Move stations from Earth"))
    move.pick(form, "planet", 3)
    type_in(move, form.locator("input[name=cards]"), 4)
    move.tap(form.get_by_role("button", name="Move stations from Earth"))
    return {
        "andromeda_setup_draw_taps_per_player": max(draws),
        "andromeda_setup_entered_at_the_table_taps": entered,
        "andromeda_movement_card_taps": card.count,
        "andromeda_move_stations_taps": move.count,
    }
