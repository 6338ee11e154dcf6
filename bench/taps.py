"""Count the taps a player needs for the commonest entries, in Debian's Chromium on a 390×844 phone.

    .venv/bin/python bench/taps.py                         # every figure
    .venv/bin/python bench/taps.py --only taps_space_base  # one game's module alone

Prints one JSON object: taps for a Welcome to the Moon flip, a score-pad tally +1, a full
adventure-2 sheet (taps per box), a Mission: Red Planet landing and scoring round, a Crafting the
Cosmos crystal take and end of phase, and whether the cards and Flip are within the first 844 px
of a seated player's screen; then each game's own entries, measured by bench/taps_<game>.py
(Space Base cards, Red Planet bonus cards and crew moves, Andromeda's setup draw and stations,
Crafting the Cosmos energy cards by type). A tap is a click on a control or a key
pressed on the phone's keyboard. Not a test: it prints figures.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
SB_PRESETS = {"blue_kind": "credits", "blue_amount": 1, "red_kind": "as-blue", "red_amount": 1, "ability_when": "any"}


def sb_new_card(taps: Taps, form: object, button: str, **card: object) -> None:
    """Enter a card never seen before with chips and send it."""
    for name, value in card.items():
        if SB_PRESETS.get(name) != value:
            taps.pick(form, name, value)
    taps.tap(form.get_by_role("button", name=button))  # type: ignore[attr-defined]


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


@contextmanager
def phones() -> Iterator[tuple[Callable[[], Page], str]]:
    """Serve the app on a fresh database and yield a maker of 390×844 phones in Chromium, and the server's address."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/taps.sqlite3"
        upgrade(url)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "taps"})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def phone() -> Page:
                return browser.new_context(**PHONE).new_page()  # type: ignore[arg-type]

            try:
                yield phone, f"http://127.0.0.1:{server.server_port}"
            finally:
                browser.close()
                server.shutdown()


def common_taps(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """The entries every game shares the shape of: a flip, a sheet, a tally, a landing and a scoring round."""
    figures: dict[str, object] = {}
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
    figures.update(cosmos_taps(phone, base))
    return figures


def main(only: str | None = None) -> int:
    """Measure and print the taps: all of them, or only those of one module (``--only taps_space_base``)."""
    modules = [only] if only else [module.stem for module in sorted(ROOT.glob("bench/taps_*.py"))]
    with phones() as (phone, base):
        figures = {} if only else common_taps(phone, base)
        for name in modules:  # each game's own entries, measured by its module
            figures.update(importlib.import_module(f"bench.{name}").measure(phone, base))
    sys.stdout.write(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[2] if sys.argv[1:2] == ["--only"] else None))
