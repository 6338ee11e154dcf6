"""Crafting the Cosmos' own entries, counted in taps (bench/taps.py runs this module and prints the figures).

A player enters the energy cards of their hand by type (11 light, 4 time, 5 chemistry: the app
finds 3 sets of 5 same energy cards, 18 points, and 5 cards left in the hand). A tap is a click on
a control or a key pressed on the phone's keyboard; a box left empty costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from bench.taps import Taps, join, new_table

HAND = {"light": 11, "time": 4, "gravity": 0, "chemistry": 5}


def measure(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """Return the taps of one hand entered by type, and the points and cards left the board then shows."""
    host = phone()
    link = new_table(host, base, "crafting-the-cosmos", ["Aki", "Ben"])
    aki = phone()
    join(aki, link, "Aki")
    taps = Taps(aki)
    taps.local(aki.locator("#board details.energy-cards-entry > summary").first)  # the entry opens
    form = aki.locator("#board form.energy-cards").first
    for field, count in HAND.items():
        if count:
            box = form.locator(f"input[name={field}]")
            box.click()
            box.type(str(count))
            taps.count += 1 + len(str(count))
    taps.tap(form.get_by_role("button", name="Discard the sets"))
    points = aki.locator("#board tr[data-seat='1'] td.points").inner_text().strip()
    hand = aki.locator("#board tr[data-seat='1'] td.hand").inner_text().strip()
    return {
        "cosmos_energy_by_type_taps": taps.count,
        "cosmos_energy_by_type_points": int(points),
        "cosmos_energy_by_type_cards_left": int(hand.split()[0]),
    }
