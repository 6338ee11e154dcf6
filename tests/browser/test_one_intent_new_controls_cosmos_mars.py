"""One tap, one intent (issue 40) for last round's controls, on 390 × 844 phones: Crafting the Cosmos's
hand by energy type, Mission: Red Planet's crew move and its bonus cards typed before. A double tap
records one entry; a control that comes under the finger waits, with its note; a second tap that is
refused says so. On a phone whose answers take a moment (a busy Wi-Fi), a quick double tap is sent
once: the form's buttons wait until the board shows its entry
(``test_a_quick_double_tap_on_a_slow_network_records_one_entry``); what a player typed in a form not
sent yet survives another phone's entry."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from companion.games.crafting_the_cosmos import rules as ctc
from companion.games.mission_red_planet import rules as mrp
from tests.browser.test_one_intent_new_controls_sb_andromeda import WATCH_TAPS
from tests.browser.test_one_step import GAPS_MS, NAMES, latest_entries, quiet, record, seated, settled_seq, told
from tests.browser.test_table_on_phones import board_seq, caught_up, create_table

pytestmark = pytest.mark.browser

FAST_MS, *DELIBERATE_MS = GAPS_MS  # 100 ms; 300 and 600 ms
# Aki's hand by type: 11 light, 4 time, 5 chemistry: 3 sets of 5 (18 points), 1 + 4 cards left in hand.
HAND = {"light": "11", "time": "4", "chemistry": "5"}
SETS_POINTS, LEFT_IN_HAND = 18, 5
# Bonus cards a finished table revealed: the server offers them at its next tables, newest first.
OLYMPUS = {"counts": "crew-in-zone", "condition": "most", "zone": 4, "points": 6, "name": "Olympus Mons"}
VALLES = {"counts": "crew-in-zone", "condition": "most", "zone": 2, "points": 4, "name": "Valles"}
HELLAS = {"counts": "crew-in-zone", "condition": "most", "zone": 7, "points": 5, "name": "Hellas"}
# The phone tells, from now on, when the browser asks for a field a form still needs (its own bubble).
WATCH_ASKED = """() => {
    window.askedFor = [];
    document.addEventListener('invalid', (event) => window.askedFor.push(event.target.name), true);
}"""


def centre(locator) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Where a finger taps ``locator``, once it is on the screen."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def double_tap(page, at: tuple[float, float], gap_ms: int) -> None:  # type: ignore[no-untyped-def]
    """Two taps of one finger at ``at``, ``gap_ms`` apart."""
    page.touchscreen.tap(*at)
    time.sleep(gap_ms / 1000)
    page.touchscreen.tap(*at)


def slow_network(page, latency_ms: int) -> None:  # type: ignore[no-untyped-def]
    """Every answer reaches the phone ``latency_ms`` after it asked (a busy Wi-Fi at the table)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    conditions = {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1}
    session.send("Network.emulateNetworkConditions", conditions)


# -- Crafting the Cosmos: the hand by energy type --------------------------------------------------


def cosmos_hand(phone, server: str):  # type: ignore[no-untyped-def]
    """Aki's and Ben's phones at a two-player table, Aki's hand by type typed in and not sent yet."""
    _host, (aki, ben) = seated(phone, server, "crafting-the-cosmos", players=2)
    entry = aki.locator("#board details.energy-cards-entry").first
    entry.locator("summary").click()
    type_hand(aki)
    return aki, ben, entry


def type_hand(page) -> None:  # type: ignore[no-untyped-def]
    form = page.locator("#board form.energy-cards").first
    for field, count in HAND.items():
        form.locator(f"input[name={field}]").fill(count)


def typed(page) -> dict[str, str]:  # type: ignore[no-untyped-def]
    form = page.locator("#board form.energy-cards").first
    return {field: form.locator(f"input[name={field}]").input_value() for field in HAND}


def galaxy(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """Aki's points and the energy cards left in her hand, as the galaxies table shows them."""
    row = page.locator("#board tr[data-seat='1']")
    return row.locator("td.points").inner_text().strip(), row.locator("td.hand").inner_text().strip()


def test_a_double_tap_on_discard_the_sets_scores_the_sets_once_and_the_second_tap_is_told(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    aki, _ben, _entry = cosmos_hand(phone, live_server)
    for turn, gap in enumerate(DELIBERATE_MS, start=1):
        if turn > 1:
            type_hand(aki)  # a later turn, the same hand again (the entry stays open once used)
        seq = board_seq(aki)
        at = centre(aki.locator("#board form.energy-cards").first.get_by_role("button", name="Discard the sets"))
        quiet(aki)
        double_tap(aki, at, gap)
        caught_up(aki, seq + 1)
        # The button stays where it was: the second tap meets the form the answer emptied, and is told why.
        told(aki)
        assert "Enter how many energy cards of each type" in aki.locator("#messages").inner_text()
        assert settled_seq(aki) == seq + 1, (f"{gap} ms apart", latest_entries(aki))
        assert galaxy(aki) == (str(SETS_POINTS * turn), str(LEFT_IN_HAND)), latest_entries(aki)


def test_the_hand_by_type_folded_and_opened_again_quickly_keeps_the_typed_counts(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    aki, _ben, entry = cosmos_hand(phone, live_server)
    summary = entry.locator("summary")
    for gap in GAPS_MS:
        double_tap(aki, centre(summary), gap)  # folded, and opened again by the second tap
        aki.wait_for_timeout(300)
        assert entry.evaluate("details => details.open"), f"{gap} ms apart"
        assert typed(aki) == HAND, f"{gap} ms apart"
    seq = board_seq(aki)
    aki.locator("#board form.energy-cards").first.get_by_role("button", name="Discard the sets").click()
    caught_up(aki, seq + 1)
    assert galaxy(aki) == (str(SETS_POINTS), str(LEFT_IN_HAND))


def test_the_counts_typed_in_the_hand_by_type_survive_another_phones_entry_while_folded(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    aki, ben, entry = cosmos_hand(phone, live_server)
    seq = board_seq(aki)
    double_tap(aki, centre(entry.locator("summary")), DELIBERATE_MS[0])  # folded to look at the board, opened again
    record(ben, ctc.NEBULA, seat=2, size=1, points=2)  # meanwhile Ben completes a nebula
    caught_up(aki, seq + 1)
    assert typed(aki) == HAND


# -- Mission: Red Planet: a crew move, a bonus card typed before -----------------------------------


def mars_with_crew(phone, server: str):  # type: ignore[no-untyped-def]
    """Aki's phone with five of her crew in Zone 5 and "Move my crew" open."""
    host, (aki, *_others) = seated(phone, server, "mission-red-planet")
    record(host, mrp.LAND, seat=1, zone=5, count=5)
    caught_up(aki, board_seq(host))
    aki.locator("details.crew-move > summary").click()
    return aki


def moves_recorded(page) -> int:  # type: ignore[no-untyped-def]
    return sum("moved 1 crew from Zone 5 to Zone 4" in line for line in latest_entries(page, 10))


def test_a_double_tap_on_a_crew_moves_zone_moves_one_crew_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    aki = mars_with_crew(phone, live_server)
    move = aki.locator("form.crew-move")
    assert move.locator("input[name=from_zone][value='5']").is_checked()  # her only zone: already picked
    for turn, gap in enumerate(DELIBERATE_MS, start=1):
        if turn > 1:  # the page was loaded again: "Move my crew" folded, two zones of hers, none picked
            aki.locator("details.crew-move > summary").click()
            move.locator("label.pick:has(input[name=from_zone][value='5'])").click()
        seq = board_seq(aki)
        at = centre(move.locator("button[name=to_zone][value='4']"))
        aki.evaluate(WATCH_ASKED)
        double_tap(aki, at, gap)
        caught_up(aki, seq + 1)
        # Two zones of hers now, none picked: the second tap is asked which zone the crew leaves.
        aki.wait_for_function("() => window.askedFor.includes('from_zone')", timeout=5000)
        assert settled_seq(aki) == seq + 1, (f"{gap} ms apart", latest_entries(aki))
        assert moves_recorded(aki) == turn, latest_entries(aki)


def mars_with_cards_typed_before(phone, server: str):  # type: ignore[no-untyped-def]
    """Aki's phone with the bonus cards a finished table revealed offered, and "A new bonus card" open."""
    before = phone()
    create_table(before, server, "mission-red-planet", NAMES)
    for seat, card in enumerate((OLYMPUS, VALLES, HELLAS), start=1):
        record(before, mrp.BONUS, seat=seat, **card)
    record(before, "table.end")
    _host, (aki, *_others) = seated(phone, server, "mission-red-planet")
    aki.locator("details.bonus > summary").click()
    return aki


def kept(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [" ".join(text.split()) for text in page.locator(".my-bonus li").all_inner_texts()]


def under_the_finger(page, at: tuple[float, float]) -> str:  # type: ignore[no-untyped-def]
    """What the screen shows at ``at`` now: the words of the control there, or of what else is there."""
    return str(
        page.evaluate(
            """([x, y]) => {
                const there = document.elementFromPoint(x, y);
                const control = there.closest('button, a[href], summary, [role=button]');
                return (control ? 'control: ' : 'text: ') + (control || there).textContent.replace(/\\s+/g, ' ').trim();
            }""",
            list(at),
        )
    )


# Where the first tap kept a card, the screen then shows: the fold of the section (the card's line in
# "Your bonus cards" above pushes it down), which waits with its note; with a card kept already, the
# offers' words, which take no tap.
UNDER_THE_FINGER = (
    (
        "control: A new bonus card (secret until the end)",
        ["Just appeared under your finger: tap again if you mean it."],
    ),
    ("text: Bonus cards typed at this server's tables (one tap keeps it for you):", []),
)


def test_a_double_tap_on_a_card_typed_before_keeps_it_once_and_what_comes_under_the_finger_waits(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    aki = mars_with_cards_typed_before(phone, live_server)
    section = aki.locator("details.bonus")
    offers = aki.locator("form.known-card button")
    for turn, (gap, (there, notes)) in enumerate(zip(DELIBERATE_MS, UNDER_THE_FINGER, strict=True), start=1):
        if turn > 1:  # the page was loaded again: the section folded
            section.locator("> summary").click()
        first, second = (" ".join(text.split()) for text in offers.all_inner_texts()[:2])
        seq = board_seq(aki)
        at = centre(offers.first)
        quiet(aki)
        double_tap(aki, at, gap)
        caught_up(aki, seq + 1)
        if notes:
            told(aki)
        assert (under_the_finger(aki, at), aki.locator(".held-note").all_inner_texts()) == (there, notes), turn
        assert section.evaluate("details => details.open"), turn  # the second tap did not fold it
        assert settled_seq(aki) == seq + 1, (f"{gap} ms apart", latest_entries(aki))
        assert kept(aki)[-1] == first and second not in kept(aki), kept(aki)


# -- On a slow network ------------------------------------------------------------------------------


def discard_the_sets(phone, server: str):  # type: ignore[no-untyped-def]
    aki, _ben, _entry = cosmos_hand(phone, server)
    return aki, aki.locator("#board form.energy-cards").first.get_by_role("button", name="Discard the sets")


def move_to_zone_4(phone, server: str):  # type: ignore[no-untyped-def]
    aki = mars_with_crew(phone, server)
    return aki, aki.locator("form.crew-move button[name=to_zone][value='4']")


# One control of each game (a card typed before is kept twice alike: one more table would add 15 s).
SLOW_CONTROLS: dict[str, Callable[..., tuple[object, object]]] = {
    ctc.ENERGY_CARDS: discard_the_sets,
    mrp.MOVE: move_to_zone_4,
}


@pytest.mark.parametrize("kind", list(SLOW_CONTROLS))
def test_a_quick_double_tap_on_a_slow_network_records_one_entry(live_server: str, phone, kind: str) -> None:  # type: ignore[no-untyped-def]
    aki, control = SLOW_CONTROLS[kind](phone, live_server)
    slow_network(aki, 300)  # the first answer is still on its way at the second tap, every time
    aki.evaluate(WATCH_TAPS)
    seq = board_seq(aki)
    double_tap(aki, centre(control), FAST_MS)
    time.sleep(0.1)  # a held tap is answered on the phone at once
    # The second tap is not lost in silence: the button it met says the entry is on its way.
    assert aki.evaluate("() => window.heldNotes") == ["Already sent once: it shows on the board in a moment."]
    caught_up(aki, seq + 1)
    assert settled_seq(aki) == seq + 1, latest_entries(aki)
