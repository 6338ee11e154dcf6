"""Count the taps a player needs for the commonest entries, in Debian's Chromium on a 390×844 phone.

    .venv/bin/python bench/taps.py

Prints one JSON object: taps for a Welcome to the Moon flip, a score-pad tally +1, a full
adventure-2 sheet (taps per box), a Mission: Red Planet scoring round, Space Base purchases (a
card seen before, and one typed for the first time with chips), a Crafting the Cosmos advanced
life and end of phase, Andromeda's stations and start of the trade; and whether the cards and
Flip are within the first 844 px of a seated player's screen. A tap is a click on a control or a key
pressed on the phone's keyboard. Not a test: it prints figures.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion.storage.migrate import upgrade  # noqa: E402
from companion.web.app import create_app  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

# A realistic adventure-2 sheet at the end of a game: every box the player fills in.
JOURNEY = {
    **{f"station-{n}-plants": v for n, v in zip(range(1, 5), (3, 5, 0, 2), strict=True)},
    **{f"station-{n}-multiplier": v for n, v in zip(range(1, 5), (1, 2, 0, 1), strict=True)},
    **{f"tank-{n}": 1 for n in (1, 2, 3, 5, 8, 9, 12)},
    "longest-zone": 12,
    "completed-zones": 4,
}
JOURNEY_BOXES = 22


class Taps:
    """Clicks and key presses on one phone, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator: object) -> None:
        seq = int(self.page.locator("#board").get_attribute("data-seq") or 0)
        locator.click()  # type: ignore[attr-defined]
        self.count += 1
        self.page.wait_for_function("s => Number(document.querySelector('#board').dataset.seq) > s", arg=seq)

    def local(self, locator: object) -> None:
        """Tap a control that the phone handles alone (a disclosure opening)."""
        locator.click()  # type: ignore[attr-defined]
        self.count += 1

    def pick(self, form: object, name: str, value: object) -> None:
        """Tap a chip of a form (nothing is sent until the form's button)."""
        form.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()  # type: ignore[attr-defined]
        self.count += 1

    def type_number(self, box: object, value: int) -> None:
        seq = int(self.page.locator("#board").get_attribute("data-seq") or 0)
        box.click()  # type: ignore[attr-defined]
        box.fill("")  # type: ignore[attr-defined]
        box.type(str(value))  # type: ignore[attr-defined]
        box.press("Enter")  # type: ignore[attr-defined]
        self.count += 1 + len(str(value)) + 1
        self.page.wait_for_function("s => Number(document.querySelector('#board').dataset.seq) > s", arg=seq)


def new_table(page: Page, server: str, game: str, names: list[str], **options: str) -> str:
    page.goto(server + "/new")
    page.locator("select[name=game]").select_option(game)
    page.wait_for_load_state("networkidle")
    for key, value in options.items():
        page.locator(f"select[name=option-{key}]").select_option(value)
    page.locator("#play-as").select_option("host")  # the players join from their own phones
    for seat, name in enumerate(names, start=1):
        page.locator(f"#name-{seat}").fill(name)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    return server + str(page.locator("a[href^='/join/']").first.get_attribute("href"))


def join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.locator("button[name=seat]", has_text=name).click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))


def journey_sheet(phone: Page) -> int:
    taps = Taps(phone)
    for key, value in JOURNEY.items():
        if value == 0:
            continue  # the box already shows 0: nothing to tap
        row = phone.locator(".sheet-row", has=phone.locator(f"#f-{key}-label"))
        buttons = row.locator("button.choice")
        if buttons.count():
            if key.startswith("tank-"):
                taps.tap(buttons.first)  # the toggle
            else:
                choice = row.locator("button.choice", has_text=re.compile(f"^{value}$"))
                taps.tap(choice if "plants" in key else buttons.nth(value))
        else:
            taps.type_number(row.locator("input[type=number]"), value)
    return taps.count


# A Space Base card as the chips enter it: only the chips that differ from the form's presets are tapped.
SB_PRESETS = {"blue_kind": "credits", "blue_amount": 1, "red_kind": "credits", "red_amount": 1}


def sb_new_card(taps: Taps, form: object, button: str, **card: object) -> None:
    """Enter a card never seen before with chips and send it."""
    for name, value in card.items():
        if SB_PRESETS.get(name) != value:
            taps.pick(form, name, value)
    taps.tap(form.get_by_role("button", name=button))  # type: ignore[attr-defined]


def sb_purchases(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """Three phones buy their first ships and then a ship on their turns; return the taps of each purchase."""
    host = phone()
    link = new_table(host, base, "space-base", ["Aki", "Ben", "Chika"])
    seats = {name: phone() for name in ("Aki", "Ben", "Chika")}
    for name, page in seats.items():
        join(page, link, name)
    figures: dict[str, object] = {}
    aki = seats["Aki"]
    first = aki.locator("form", has=aki.get_by_role("button", name="Buy first ship"))
    taps = Taps(aki)
    sb_new_card(taps, first, "Buy first ship", sector=10, cost=2, blue_kind="vp", red_amount=2)
    figures["space_base_first_ship_new_card_taps"] = taps.count
    ben = seats["Ben"]
    ben.reload()
    taps = Taps(ben)
    taps.local(ben.locator("details", has=ben.locator("form.known-card")).locator("summary"))
    taps.tap(ben.locator("form.known-card button").first)
    figures["space_base_first_ship_seen_card_taps"] = taps.count
    chika = seats["Chika"]
    chika.reload()
    first = chika.locator("form", has=chika.get_by_role("button", name="Buy first ship"))
    sb_new_card(Taps(chika), first, "Buy first ship", sector=3, cost=2)
    chika.get_by_role("button", name="Start: choose the start player").click()
    chika.wait_for_load_state("networkidle")
    purchases: list[int] = []
    for turn in range(3):
        for page in seats.values():
            page.reload()
        active = next(page for page in seats.values() if page.get_by_role("button", name="Roll the dice").count())
        Taps(active).tap(active.get_by_role("button", name="Roll the dice"))
        for page in seats.values():
            page.reload()
            Taps(page).tap(page.locator("form button", has_text="Take sectors").first)
        active.reload()
        taps = Taps(active)
        if turn == 1:  # a card nobody has typed: the chips
            taps.local(active.locator("details.new-card > summary"))
            form = active.locator("details.new-card form")
            sb_new_card(taps, form, "Buy the ship", sector=5, cost=2, blue_kind="income", red_kind="vp")
        else:  # a card seen before: one tap on it
            taps.tap(active.locator("#sb-buy form.known-card button").first)
        purchases.append(taps.count)
        active.get_by_role("button", name="End the turn").click()
        active.wait_for_load_state("networkidle")
    figures["space_base_purchase_taps"] = purchases
    figures["space_base_purchase_seen_card_taps"] = max(purchases[0], purchases[2])
    figures["space_base_purchase_new_card_taps"] = purchases[1]
    return figures


def cosmos_taps(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """A Crafting the Cosmos player takes crystals from the supply, then the round's phase ends."""
    host = phone()
    link = new_table(host, base, "crafting-the-cosmos", ["Aki", "Ben"])
    aki = phone()
    join(aki, link, "Aki")
    crystals = Taps(aki)
    crystals.tap(aki.get_by_role("button", name="Take crystals").first)
    phase = Taps(aki)
    phase.tap(aki.locator("button", has_text="End phase of round").first)
    return {"cosmos_take_crystals_taps": crystals.count, "cosmos_end_phase_taps": phase.count}


def main() -> int:
    """Measure and print the taps."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/taps.sqlite3"
        upgrade(url)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "taps"})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        figures: dict[str, object] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def phone() -> Page:
                return browser.new_context(**PHONE).new_page()  # type: ignore[arg-type]

            host = phone()
            link = new_table(host, base, "welcome-to-the-moon", ["Aki", "Ben"], adventure="2")
            aki = phone()
            join(aki, link, "Aki")
            flip = Taps(aki)
            flip.tap(aki.get_by_role("button", name="Flip"))
            aki.evaluate("window.scrollTo(0, 0)")
            button = aki.get_by_role("button", name="Flip").bounding_box()
            card = aki.locator(".combo").last.bounding_box()
            figures["flip_taps"] = flip.count
            figures["cards_and_flip_within_844px"] = bool(
                button and card and button["y"] + button["height"] <= 844 and card["y"] + card["height"] <= 844
            )
            sheet_taps = journey_sheet(aki)
            figures["adventure_2_sheet_taps"] = sheet_taps
            figures["adventure_2_sheet_boxes"] = JOURNEY_BOXES
            figures["adventure_2_taps_per_box"] = round(sheet_taps / JOURNEY_BOXES, 2)

            pad_host = phone()
            link = new_table(pad_host, base, "score-pad", ["Aki", "Ben"])
            pad = phone()
            join(pad, link, "Aki")
            tally = Taps(pad)
            tally.tap(pad.get_by_role("button", name="Aki: Victory points plus one"))
            figures["tally_plus_one_taps"] = tally.count

            mars_host = phone()
            link = new_table(mars_host, base, "mission-red-planet", ["Aki", "Ben", "Chika"])
            mars = phone()
            join(mars, link, "Aki")
            crew = Taps(mars)
            crew.tap(mars.get_by_role("button", name="+1: land one of my crew in Zone 1", exact=True))
            figures["crew_plus_one_taps"] = crew.count
            scoring = Taps(mars)
            for _ in range(5):
                scoring.tap(mars.locator("button", has_text="End round").first)
            figures["red_planet_rounds_to_a_scoring_round_taps"] = scoring.count
            figures.update(sb_purchases(phone, base))
            figures.update(cosmos_taps(phone, base))
            for module in sorted(ROOT.glob("bench/taps_*.py")):  # each game's own entries, measured by its module
                figures.update(importlib.import_module(f"bench.{module.stem}").measure(phone, base))
            browser.close()
        server.shutdown()
    sys.stdout.write(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
