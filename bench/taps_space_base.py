"""Space Base's card entries, in taps (called by bench/taps.py after its own sb_purchases; not a test).

* a first ship never seen before with charge slots and an ability (blue charge with 2 slots, a red
  charge, Reroll on the own turn): its chips and "Buy first ship";
* a plain first ship never seen before (blue VP, 2 red credits);
* a first ship seen before: the list of cards typed at this server, and the card;
* in play, a card never seen before with charge on both sides, two slots and an ability used on the
  owner's turn (the "A card not seen before" disclosure when a card seen before is within the
  credits, its chips, "Buy the ship"), and a card seen before (one tap);
* the visible buttons that wrap onto a second line on a 390 px phone, in English and Japanese, on
  the buy section (none should).

    .venv/bin/python bench/taps.py --only taps_space_base   # these figures alone
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.taps import Taps, join, new_table, sb_new_card  # noqa: E402
from tests.browser.conftest import PHONE  # noqa: E402

# A charge card on both sides with two slots and a Reroll: the red side is "as blue" (a preset, with as
# many slots) and a Reroll is used on the owner's turn by its own words (no frame chip).
CHARGE_ABILITY_CARD = {"sector": 6, "cost": 4, "blue_kind": "charge", "slots": 2, "ability": "reroll"}
PLAIN_CARD = {"sector": 10, "cost": 2, "blue_kind": "vp", "red_kind": "credits", "red_amount": 2}
# The most chips a common card takes in play: charge on both sides, two slots, an ability and its frame.
IN_PLAY_CHARGE_CARD = {
    "sector": 5,
    "cost": 2,
    "blue_kind": "charge",
    "slots": 2,
    "ability": "swap",
    "ability_when": "own",
}

# The text of each visible button that takes more than one line.
WRAPPED = """root => [...root.querySelectorAll('button')].filter(b => b.offsetParent !== null).filter(b => {
  const range = document.createRange(); range.selectNodeContents(b);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return tops.size > 1;
}).map(b => b.innerText.trim())"""


def _wrapped(page: Page) -> list[str]:
    """The buttons of the Space Base card that wrap, with every disclosure of the buy section open."""
    page.evaluate("() => document.querySelectorAll('#sb-buy details').forEach(d => d.open = true)")
    return list(page.locator("section[aria-labelledby=sb-title]").evaluate(WRAPPED))


def _bought(page: Page, name: str, text: str) -> None:
    """Check that ``name``'s console shows ``text`` (the card entered is the card bought), or stop."""
    page.reload()
    consoles = page.locator("section[aria-labelledby=consoles-title] details", has_text=name)
    if not any(text in consoles.nth(n).inner_text() for n in range(consoles.count())):
        raise SystemExit(f"{name}'s console does not show {text!r}: the entry measured was not recorded")


def _everyone_takes_the_dice(pages: list[Page]) -> Page:
    """The active player rolls in the app, every phone takes the first way offered; return the active phone."""
    for page in pages:
        page.reload()
    active = next(page for page in pages if page.get_by_role("button", name="Roll the dice").count())
    Taps(active).tap(active.get_by_role("button", name="Roll the dice"))
    for page in pages:
        page.reload()
        take = page.locator("form button", has_text="Take sector")
        if take.count():  # else the app took the dice for this player (both ways pay the same)
            Taps(page).tap(take.first)
    active.reload()
    return active


def measure(phone: Callable[[], Page], base: str) -> dict[str, object]:
    """Three phones enter their first ships and two purchases; return the taps of each and the wrapping buttons."""
    host = phone()
    link = new_table(host, base, "space-base", ["Aki", "Ben", "Chika"])
    seats = {name: phone() for name in ("Aki", "Ben", "Chika")}
    for name, page in seats.items():
        join(page, link, name)
    figures: dict[str, object] = {}

    aki = seats["Aki"]
    taps = Taps(aki)
    first = aki.locator("form", has=aki.get_by_role("button", name="Buy first ship"))
    sb_new_card(taps, first, "Buy first ship", **CHARGE_ABILITY_CARD)
    figures["space_base_first_ship_new_charge_ability_card_taps"] = taps.count
    _bought(aki, "Aki", "Ability: Reroll (on my turn)")

    ben = seats["Ben"]
    ben.reload()
    taps = Taps(ben)
    first = ben.locator("form", has=ben.get_by_role("button", name="Buy first ship"))
    sb_new_card(taps, first, "Buy first ship", **PLAIN_CARD)
    figures["space_base_first_ship_new_card_taps"] = taps.count

    chika = seats["Chika"]
    chika.reload()
    taps = Taps(chika)
    known = chika.locator("details", has=chika.locator("form.known-card"))
    if known.get_attribute("open") is None:  # the list opens by itself where a seat buys its first ship
        taps.local(known.locator("summary"))
    taps.tap(chika.locator("form.known-card button", has_text="Sector 10, cost 2").first)
    figures["space_base_first_ship_seen_card_taps"] = taps.count
    chika.get_by_role("button", name="Start: choose the start player").click()
    chika.wait_for_load_state("networkidle")

    pages = list(seats.values())
    active = _everyone_takes_the_dice(pages)  # first turn: a card never seen, with charge and an ability
    figures["space_base_buttons_wrapping_en"] = _wrapped(active)
    active.reload()
    taps = Taps(active)
    figures["space_base_purchase_card_seen_before_affordable"] = active.locator("#sb-buy form.known-card").count() > 0
    if active.locator("details.new-card[open]").count() == 0:  # open at once when no card seen before fits
        taps.local(active.locator("details.new-card > summary"))
    sb_new_card(taps, active.locator("details.new-card form"), "Buy the ship", **IN_PLAY_CHARGE_CARD)
    figures["space_base_purchase_new_charge_ability_card_taps"] = taps.count
    _bought(active, "", "Ability: Swap (on my turn)")  # in the active player's console
    active.get_by_role("button", name="End the turn").click()
    active.wait_for_load_state("networkidle")

    active = _everyone_takes_the_dice(pages)  # second turn: a card seen before
    browser = active.context.browser
    assert browser is not None
    # The same phone in Japanese (its seat is in its cookies): the buy section with every card seen before.
    japanese = browser.new_context(storage_state=active.context.storage_state(), locale="ja-JP", **PHONE).new_page()  # type: ignore[arg-type]
    japanese.goto(active.url)
    figures["space_base_buttons_wrapping_ja"] = _wrapped(japanese)
    taps = Taps(active)
    taps.tap(active.locator("#sb-buy form.known-card button").first)
    figures["space_base_purchase_seen_card_taps"] = taps.count
    return figures
