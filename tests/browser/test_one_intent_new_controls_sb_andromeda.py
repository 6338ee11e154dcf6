"""One tap, one intent (issue 40) for two controls of last round, on real phones: a double tap on
Space Base's Roll the dice or Keep the dice (while the active player holds a charged Reroll), and on
Andromeda's one-tap setup draw, takes one step; a control that comes up under the finger takes no
second tap, and says why."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_one_intent import double_tap
from tests.browser.test_one_step import (
    GAPS_MS,
    NAMES,
    button,
    latest_entries,
    ready,
    record,
    seated,
    settled_seq,
    shown,
)
from tests.browser.test_table_on_phones import board_seq, caught_up

pytestmark = pytest.mark.browser

HELD_NOTE = "Just appeared under your finger: tap again if you mean it."
SENT_NOTE = "Already sent once: it shows on the board in a moment."

# A charge card whose token pays for a Reroll after its owner's own roll (the owner decides before the
# others take the dice).
REROLL_CARD = {"blue_kind": "charge", "slots": 2, "ability": "reroll", "ability_when": "own", "red_kind": "charge"}

# What each tap met, as "kind words" (a button's, a link's, a label's: "label:radio Aki", "select …";
# "" for no control), and every "held" note the phone showed. A label's tap clicks its field too.
WATCH_TAPS = """() => {
    if (!window.tapped) {
        addEventListener('click', (event) => {
            const met = event.target.closest('button, a[href], summary, [role=button], label, input, select, textarea');
            let kind = met ? met.tagName.toLowerCase() : '';
            if (met && (met.control || met.type) && kind !== 'button') kind += ':' + (met.control || met).type;
            const words = met ? met.textContent.replace(/\\s+/g, ' ').trim() : '';
            window.tapped.push(met ? kind + ' ' + words : '');
        }, true);
        new MutationObserver(() => {
            document.querySelectorAll('.held-note').forEach((note) => {
                if (!note.seen) { note.seen = true; window.heldNotes.push(note.textContent); }
            });
        }).observe(document.body, {childList: true, subtree: true, characterData: true});
    }
    window.tapped = [];
    window.heldNotes = [];
}"""
# What a tap does something with at once: a button, a link, a disclosure, a chip or a switch (a field
# that only takes the focus or opens its picker, a select or a box to type in, changes nothing yet).
TAKES_A_TAP = re.compile(r"^(button|a|summary|label:(radio|checkbox)|input:(radio|checkbox)) ")


def watched_double_tap(page: Any, kind: str, gap_ms: int) -> tuple[int, list[str], list[str]]:
    """Double-tap the button of ``kind``; return the entry shown before, what the taps met, and the notes shown."""
    page.evaluate(WATCH_TAPS)
    seq = double_tap(page, kind, gap_ms)
    time.sleep(0.2)  # a tap on a held control is answered on the phone at once
    return seq, page.evaluate("() => window.tapped"), page.evaluate("() => window.heldNotes")


def assert_a_second_control_said_why(tapped: list[str], notes: list[str], gap: int) -> None:
    """A second tap that met another control than the first (it came up under the finger) was held, and
    said so; one that met the same button before the board showed the first tap's entry said it was sent."""
    assert len(tapped) >= 2, (f"{gap} ms apart", tapped)
    if tapped[1] != tapped[0] and TAKES_A_TAP.match(tapped[1]):
        assert notes == [HELD_NOTE], (f"{gap} ms apart: {tapped[1]!r} took the second tap", tapped)
    elif tapped[1] == tapped[0] and tapped[1].startswith("button "):
        assert notes == [SENT_NOTE], (f"{gap} ms apart: the second tap on {tapped[1]!r}", notes)


def acts_for_everyone(host: Any) -> bool:
    """The host's "For another player" switch is on, for every seat (not narrowed to one player)."""
    return bool(
        host.evaluate(
            """() => document.querySelector('#for-others').checked
                && document.querySelector('input[name=act-as]:checked').value === ''"""
        )
    )


# -- Space Base: Roll the dice and Keep the dice, while Aki holds a charged Reroll ----------------


def play_turn(host: Any, dice: str, choices: dict[int, str]) -> str:
    """The active player rolls ``dice`` and each seat takes them as ``choices`` says; return the turn."""
    time.sleep(1.1)  # a roll starts a turn: it waits a moment after the end of the last one
    host.reload()
    turn = shown(host, "sb.roll", "turn")
    record(host, "sb.roll", values=dice, turn=turn)
    for seat, choice in choices.items():
        record(host, "sb.assign", seat=seat, choice=choice, turn=turn)
    return turn


def aki_holds_a_charged_reroll(phone: Any, server: str) -> tuple[Any, Any, Any]:
    """Aki's first ship (sector 9) holds a charge for its Reroll, Ben's (sector 4) pays credits; Aki's turn, no roll."""
    host, (aki, ben) = seated(phone, server, "space-base", players=2)
    record(host, "sb.first-ship", seat=1, sector=9, cost=2, level=1, **REROLL_CARD)
    ben_ship = {"blue_kind": "credits", "blue_amount": 1, "red_kind": "credits", "red_amount": 1}
    record(host, "sb.first-ship", seat=2, sector=4, cost=2, level=1, **ben_ship)
    record(host, "sb.start")  # the highest sector starts: Aki
    for dice in ("4 5", "1 2"):  # Aki's 9 charges the Reroll; on Ben's turn it pays nothing
        record(host, "sb.end-turn", turn=play_turn(host, dice, {1: "sum", 2: "sum"}))
    time.sleep(1.1)
    for page in (host, aki, ben):
        page.reload()
    return host, aki, ben


def ways_to_take(page: Any, seat: int) -> Any:
    """The buttons this phone shows (visible) to take the dice for ``seat``."""
    forms = page.locator(f"form:has(input[name=kind][value='sb.assign']):has(input[name=seat][value='{seat}'])")
    return forms.get_by_role("button", name=re.compile("^Take sector"))


TAPPERS = ["akis-phone", "hosts-phone"]


@pytest.mark.parametrize("tapper", TAPPERS)
def test_a_double_tap_on_roll_the_dice_rolls_once_and_the_roll_still_waits_on_akis_reroll(  # type: ignore[no-untyped-def]
    live_server: str, phone, tapper: str
) -> None:
    host, aki, ben = aki_holds_a_charged_reroll(phone, live_server)
    page = aki if tapper == "akis-phone" else host
    for gap in GAPS_MS:
        seq, tapped, notes = watched_double_tap(page, "sb.roll", gap)
        assert settled_seq(page) == seq + 1, (f"{gap} ms apart", latest_entries(page))
        assert button(page, "sb.keep").is_visible(), f"{gap} ms apart: the dice were kept with the roll"
        caught_up(ben, seq + 1)
        ben.get_by_text("Wait until Aki decides whether to reroll.").wait_for()
        assert ways_to_take(ben, 2).count() == 0, f"{gap} ms apart: Ben may take dice that may still change"
        assert_a_second_control_said_why(tapped, notes, gap)
        if page is host and gap >= 300:  # deliberate: the host's Keep the dice has come up where Roll the dice was,
            # or, on a slow board, Roll the dice is still there and says its roll is on its way
            assert tapped[1] in ("button Keep the dice", "button Roll the dice"), (f"{gap} ms apart", tapped)
        record(host, "void", target=seq + 1)  # the roll undone: Roll the dice again for the next burst
        caught_up(page, seq + 2)


@pytest.mark.parametrize("tapper", ["akis-phone", "hosts-phone"])
def test_a_double_tap_on_keep_the_dice_keeps_them_once_and_takes_no_sector_for_aki(  # type: ignore[no-untyped-def]
    live_server: str, phone, tapper: str
) -> None:
    host, aki, ben = aki_holds_a_charged_reroll(phone, live_server)
    page = aki if tapper == "akis-phone" else host
    # 4 and 5: the sum charges Aki's card (sector 9), the dice pay Ben (sector 4): each of them has a choice.
    record(host, "sb.roll", values="4 5", turn=shown(host, "sb.roll", "turn"))
    for gap in GAPS_MS:
        seq, tapped, notes = watched_double_tap(page, "sb.keep", gap)
        if page is host:
            assert acts_for_everyone(host), (f"{gap} ms apart: the host's switch changed", tapped)
        assert board_seq(page) == seq + 1 and ways_to_take(page, 1).count() == 2, (
            f"{gap} ms apart: Aki's ways to take the dice left this phone",
            tapped,
        )
        assert_a_second_control_said_why(tapped, notes, gap)
        assert settled_seq(page) == seq + 1, (f"{gap} ms apart", latest_entries(page))
        assert latest_entries(page, 1)[0].startswith(f"#{seq + 1} Kept the dice without a reroll: 4, 5")
        assert ways_to_take(aki, 1).count() == 2, f"{gap} ms apart: a sector was taken for Aki"
        caught_up(ben, seq + 1)
        assert ways_to_take(ben, 2).count() == 2, f"{gap} ms apart: Ben is not offered the kept dice"
        record(host, "void", target=seq + 1)  # the keep undone: the roll waits on Aki again
        caught_up(page, seq + 2)


# -- Andromeda: the setup draw, one tap per player ------------------------------------------------


def draw_buttons(page: Any) -> Any:
    return page.get_by_role("button", name=re.compile("^Draw .* planet cards for "))


def test_each_players_double_tap_on_their_setup_draw_draws_their_cards_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    host, phones = seated(phone, live_server, "andromeda")
    for page, name, gap in zip(phones, NAMES, GAPS_MS, strict=True):
        page.reload()
        assert draw_buttons(page).all_inner_texts() == [f"Draw 6 planet cards for {name}"]
        seq, tapped, notes = watched_double_tap(page, "andromeda.setup-draw", gap)
        assert settled_seq(page) == seq + 1, (f"{gap} ms apart", latest_entries(page))
        assert latest_entries(page, 1)[0].startswith(f"#{seq + 1} {name} drew 6 planet cards")
        assert draw_buttons(page).count() == 0
        assert_a_second_control_said_why(tapped, notes, gap)
    host.reload()
    assert draw_buttons(host).count() == 0  # every player drew once: the setup is over


def scrolled_down_to(page: Any, control: Any) -> None:
    """The phone has scrolled down to ``control``: near the top of the screen, the title above it out of view."""
    ready(page, "andromeda.setup-draw", board_seq(page))
    control.evaluate("(button) => scrollBy(0, button.getBoundingClientRect().top - 70)")


def test_a_double_tap_on_the_hosts_setup_draw_for_aki_draws_once_and_never_for_ben(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    host, _phones = seated(phone, live_server, "andromeda")  # the host draws for each player
    for gap in GAPS_MS:
        host.locator("#act-as-all").check()  # the host acts for every player (a second tap may have narrowed it)
        draw_for_aki = draw_buttons(host).first
        assert draw_for_aki.inner_text() == "Draw 6 planet cards for Aki"
        scrolled_down_to(host, draw_for_aki)
        seq, tapped, _notes = watched_double_tap(host, "andromeda.setup-draw", gap)
        assert settled_seq(host) == seq + 1, (f"{gap} ms apart", latest_entries(host), tapped)
        assert latest_entries(host, 1)[0].startswith(f"#{seq + 1} Aki drew 6 planet cards")
        record(host, "void", target=seq + 1)  # Aki's draw undone: Aki's button first again
        caught_up(host, seq + 2)


def test_counts_typed_in_a_setup_form_survive_the_other_players_draws(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    _host, (aki, ben, chika) = seated(phone, live_server, "andromeda")
    typed = chika.locator("input[name=planet_2]")
    typed.fill("3")  # the keyboard still up: the box keeps the focus
    seq = board_seq(chika)
    draw_buttons(aki).first.click()
    caught_up(chika, seq + 1)
    assert typed.input_value() == "3"
    assert chika.evaluate("() => document.activeElement && document.activeElement.name") == "planet_2"
    chika.locator("input[name=planet_4]").fill("2")
    chika.locator("#board h2").first.click()  # the keyboard down: no box has the focus
    draw_buttons(ben).first.click()
    caught_up(chika, seq + 2)
    assert (typed.input_value(), chika.locator("input[name=planet_4]").input_value()) == ("3", "2")
