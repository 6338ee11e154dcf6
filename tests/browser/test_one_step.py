"""One step per burst of taps, on real phones: two taps 100, 300 and 600 ms apart on a button that
moves the table on (Flip, End round, End phase, End the turn, End the table), from one phone and
from two, record one entry each time, and the tap that did not count says so where it was made; a
button that appears where the first tap was takes no tap for a moment."""

from __future__ import annotations

import re
import time
import uuid

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_live_table import live
from tests.browser.test_table_on_phones import act_for_others, board_seq, caught_up, create_table, join

pytestmark = pytest.mark.browser

GAPS_MS = (100, 300, 600)
NAMES = ["Aki", "Ben", "Chika"]


def record(page, kind: str, **fields: object) -> None:  # type: ignore[no-untyped-def]
    """Record an entry the way a form does, without its taps (to bring a table to the move under test)."""
    status = page.evaluate(
        """async (fields) => {
            const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
            const body = new URLSearchParams({...fields, csrf_token: token});
            const sent = {method: 'POST', body, credentials: 'same-origin'};
            const answer = await fetch(location.pathname + '/events', sent);
            return answer.ok ? '' : answer.status + ' ' + (await answer.text());
        }""",
        {"kind": kind, "key": uuid.uuid4().hex, **{name: str(value) for name, value in fields.items()}},
    )
    assert not status, (kind, fields, status[:300])


def shown(page, kind: str, field: str) -> str:  # type: ignore[no-untyped-def]
    """The guard value that the phone's form of ``kind`` carries (e.g. the turn it acts on)."""
    return str(page.locator(f"form:has(input[name=kind][value='{kind}']) input[name={field}]").first.input_value())


def button(page, kind: str):  # type: ignore[no-untyped-def]
    """The button of the move ``kind`` on the phone's board."""
    return page.locator(f"form:has(input[name=kind][value='{kind}']) button").first


def ready(page, kind: str, seq: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Wait until the phone shows entry ``seq`` and may tap ``kind`` (no hold); return where a finger taps it."""
    caught_up(page, seq)
    page.wait_for_function("() => !document.querySelector('.held-control')")
    target = button(page, kind)
    target.scroll_into_view_if_needed()
    target.wait_for(state="visible")
    box = target.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def told(page) -> None:  # type: ignore[no-untyped-def]
    """The tap that did not count said so on its phone: the held button's note, or a message."""
    page.wait_for_function("() => window.toldSo === true", timeout=5000)


def quiet(page) -> None:  # type: ignore[no-untyped-def]
    """Clear the phone's messages, and note from now on whether the phone says a tap did not count."""
    page.evaluate(
        """() => {
            document.querySelector('#messages').textContent = '';
            window.toldSo = false;
            if (window.toldWatch) window.toldWatch.disconnect();
            window.toldWatch = new MutationObserver(() => {
                const messages = document.querySelector('#messages').innerText.trim();
                if (document.querySelector('.held-note') || messages) window.toldSo = true;
            });
            window.toldWatch.observe(document.body, {childList: true, subtree: true, characterData: true});
        }"""
    )


def settled_seq(page) -> int:  # type: ignore[no-untyped-def]
    """The table's last entry once every tap of the burst has been answered (read from a fresh page)."""
    time.sleep(1.5)
    page.reload()
    return board_seq(page)


def latest_entries(page, count: int = 3) -> list[str]:  # type: ignore[no-untyped-def]
    """The newest entries of the log in plain words (to say what a failed burst recorded)."""
    log = page.context.new_page()
    log.goto(page.url.split("?")[0] + "/log")
    lines = [" ".join(text.split()) for text in log.locator("main li").all_inner_texts()[:count]]
    log.close()
    return lines


def burst(first, second, kind: str, gap_ms: int) -> None:  # type: ignore[no-untyped-def]
    """Two taps ``gap_ms`` apart on the same move: by one phone twice (``second is first``) or by two phones."""
    seq = board_seq(first)
    at_first = ready(first, kind, seq)
    at_second = at_first if second is first else ready(second, kind, seq)
    quiet(second)
    first.touchscreen.tap(*at_first)
    time.sleep(gap_ms / 1000)
    second.touchscreen.tap(*at_second)
    caught_up(second, seq + 1)
    if button(second, kind).count():  # still offered (else the tap met no button, and nothing is to be said)
        told(second)


# -- The tables, brought to their advancing move -------------------------------------------------


def seated(phone, server: str, game: str, players: int = 3):  # type: ignore[no-untyped-def]
    """The host and each player's phone at a new table of ``game``, every phone live."""
    host = phone()
    create_table(host, server, game, NAMES[:players])
    act_for_others(host)  # the host, not seated, taps for the seat whose turn it is
    link = server + host.locator("a[href^='/join/']").first.get_attribute("href")
    phones = []
    for name in NAMES[:players]:
        page = phone()
        join(page, link, name)
        phones.append(page)
    for page in (host, *phones):
        live(page)
    return host, phones


def space_base_turn(host) -> None:  # type: ignore[no-untyped-def]
    """The active player has rolled and every player has taken the dice: End the turn is next."""
    time.sleep(1.1)  # the roll starts a turn: it waits, too, after the end of the last one
    host.reload()
    turn = shown(host, "sb.roll", "turn")
    record(host, "sb.roll", values="3 4", turn=turn)
    for seat in (1, 2):
        record(host, "sb.assign", seat=seat, choice="sum", turn=turn)
    host.reload()


def space_base(phone, server: str):  # type: ignore[no-untyped-def]
    host, phones = seated(phone, server, "space-base", players=2)
    for seat, sector in ((1, 9), (2, 4)):
        fields = {"sector": sector, "cost": 2, "level": 1, "blue_kind": "credits", "blue_amount": 1}
        record(host, "sb.first-ship", seat=seat, red_kind="credits", red_amount=1, **fields)
    record(host, "sb.start")
    return host, phones


def andromeda(phone, server: str):  # type: ignore[no-untyped-def]
    """An Andromeda table in the action phase of round 1 (three players, stations drawn in the app)."""
    host = phone()
    host.goto(server + "/new")
    host.locator("select[name=game]").select_option("andromeda")
    host.wait_for_load_state("networkidle")
    host.locator("#play-as").select_option("host")  # the players join from their own phones
    draw = host.locator("select[name=option-setup-draw]")
    if not draw.is_visible():
        host.locator("#fine-points summary").click()
    draw.select_option("app")
    host.wait_for_load_state("networkidle")
    for seat, name in enumerate(NAMES, start=1):
        host.locator(f"#name-{seat}").fill(name)
    host.locator("form button[type=submit]").first.click()
    host.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    act_for_others(host)  # the host, not seated, taps for the seat whose turn it is
    link = server + host.locator("a[href^='/join/']").first.get_attribute("href")
    phones = []
    for name in NAMES:
        page = phone()
        join(page, link, name)
        phones.append(page)
    record(host, "andromeda.trade-phase", step=1)
    for card in ("1", "2"):
        record(host, "andromeda.lay", seat=1, card=card)
        record(host, "andromeda.offer", seat=2, card="6")
        record(host, "andromeda.offer", seat=3, card="7")
    record(host, "andromeda.stop", seat=1)
    record(host, "andromeda.swap", seat=1, other=3)
    record(host, "andromeda.keep", seat=3)
    for page in (host, *phones):
        page.reload()
        live(page)
    return host, phones


ONE_TAP_GAMES: list[tuple[str, str]] = [
    ("welcome-to-the-moon", "wttm.flip"),
    ("mission-red-planet", "mrp.end-round"),
    ("crafting-the-cosmos", "ctc.end-phase"),
]


@pytest.mark.parametrize("phones_tapping", [1, 2], ids=["one-phone", "two-phones"])
@pytest.mark.parametrize(("game", "kind"), ONE_TAP_GAMES, ids=[g for g, _ in ONE_TAP_GAMES])
def test_a_burst_of_taps_on_the_move_anyone_makes_takes_one_step(  # type: ignore[no-untyped-def]
    live_server: str, phone, game: str, kind: str, phones_tapping: int
) -> None:
    host, (aki, ben, _chika) = seated(phone, live_server, game)
    for gap in GAPS_MS:
        if game == "crafting-the-cosmos" and gap == GAPS_MS[-1]:  # round 3 scores goal 1: the counts first
            for seat in (1, 2, 3):
                record(host, "ctc.goal-count", seat=seat, count=1)
            host.reload()  # the counts were sent without the page: it shows them once reloaded
        seq = board_seq(host)
        burst(aki, aki if phones_tapping == 1 else ben, kind, gap)
        assert settled_seq(aki) == seq + 1, (f"{gap} ms apart", latest_entries(aki))
    screenshot(aki, f"one-step-{game}-{phones_tapping}")


@pytest.mark.parametrize("phones_tapping", [1, 2], ids=["host-twice", "player-then-host"])
def test_a_burst_on_space_base_end_the_turn_ends_one_turn(live_server: str, phone, phones_tapping: int) -> None:  # type: ignore[no-untyped-def]
    host, phones = space_base(phone, live_server)
    for gap in GAPS_MS:
        space_base_turn(host)
        seq = board_seq(host)
        for page in phones:
            caught_up(page, seq)
        player = next(page for page in phones if button(page, "sb.end-turn").count())
        burst(host if phones_tapping == 1 else player, host, "sb.end-turn", gap)
        assert settled_seq(host) == seq + 1, (f"{gap} ms apart", latest_entries(host))


@pytest.mark.parametrize("phones_tapping", [1, 2], ids=["host-twice", "player-then-host"])
def test_a_burst_on_andromeda_end_the_turn_ends_one_turn_and_names_whose(
    live_server: str, phone, phones_tapping: int
) -> None:  # type: ignore[no-untyped-def]
    host, phones = andromeda(phone, live_server)
    for turn, gap in enumerate(GAPS_MS):
        name = NAMES[turn]
        host.get_by_role("button", name=f"End {name}'s turn").wait_for()
        player = phones[turn]
        player.get_by_role("button", name="End the turn").wait_for()
        first = host if phones_tapping == 1 else player
        seq = board_seq(host)
        burst(first, host, "andromeda.end-turn", gap)
        assert settled_seq(host) == seq + 1, (f"{gap} ms apart", latest_entries(host))


def test_a_burst_on_end_the_table_ends_it_once(live_server: str, phone) -> None:  # type: ignore[no-untyped-def]
    for gap in GAPS_MS:
        host = phone()
        table = create_table(host, live_server, "score-pad", ["Aki", "Ben"])
        host.locator("summary", has_text="End the table").click()
        end = host.get_by_role("button", name="End the table and reveal the seed")
        end.scroll_into_view_if_needed()
        box = end.bounding_box()
        assert box is not None
        host.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(gap / 1000)
        host.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(1.5)
        host.goto(table + "/log")
        assert host.get_by_text("The table ended; the seed is revealed").count() == 1, f"{gap} ms apart"


def test_a_double_tap_on_roll_the_dice_does_not_take_the_dice_with_the_button_that_appears_under_it(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    host, (aki, _ben) = space_base(phone, live_server)
    time.sleep(1.1)  # the roll starts a turn: it waits, too, after the start
    aki.reload()
    for gap in GAPS_MS:
        seq = board_seq(aki)
        at = ready(aki, "sb.roll", seq)
        aki.touchscreen.tap(*at)
        time.sleep(gap / 1000)
        aki.touchscreen.tap(*at)
        caught_up(aki, seq + 1)
        # One entry, the roll: the second tap took no dice and ended no turn, whatever came up under it
        # (a way to take the dice, or End the turn when the app took everyone's dice, both ways paying alike).
        assert settled_seq(aki) == seq + 1, (f"{gap} ms apart", latest_entries(aki))
        record(host, "void", target=seq + 1)  # the roll undone: Roll the dice again for the next burst
        caught_up(aki, seq + 2)
    screenshot(aki, "one-step-new-button")


def exchange_one_card(page) -> None:  # type: ignore[no-untyped-def]
    """The action of the turn on this phone: Exchange cards, one card."""
    page.locator("details.action summary", has_text="Exchange cards").click()
    form = page.locator("form:has(input[name=kind][value='andromeda.exchange'])")
    form.locator("input[name=cards]").fill("1")
    form.get_by_role("button", name="Exchange cards").click()


def test_end_the_turn_right_after_ones_own_action_ends_it_at_once_and_another_phone_still_waits(  # type: ignore[no-untyped-def]
    live_server: str, phone
) -> None:
    """Aki's phone made the board it taps: her End the turn, the moment her exchange shows, counts. The
    host's phone did not: its End Ben's turn, right after Ben's exchange, waits its moment."""
    host, (aki, ben, _chika) = andromeda(phone, live_server)
    seq = board_seq(aki)
    exchange_one_card(aki)
    caught_up(aki, seq + 1)
    aki.wait_for_timeout(100)  # the board has settled: a hold would be on by now
    quiet(aki)
    end_turn = aki.get_by_role("button", name="End the turn")
    end_turn.scroll_into_view_if_needed()
    box = end_turn.bounding_box()
    aki.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # within a hold's second
    caught_up(aki, seq + 2)  # a held or refused tap would never record: this wait would fail
    assert aki.evaluate("window.toldSo") is False  # no note, no message: the tap counted
    assert settled_seq(aki) == seq + 2, latest_entries(aki)
    assert "Aki ended the turn by Aki" in latest_entries(aki, 1)[0], latest_entries(aki)

    caught_up(ben, seq + 2)
    caught_up(host, seq + 2)
    host.evaluate(  # note whether the host's End the turn is ever held from now on (it is for a second only)
        """() => {
            window.heldSeen = false;
            new MutationObserver(() => {
                const form = document.querySelector("form:has(input[name=kind][value='andromeda.end-turn'])");
                if (form && form.querySelector("button[aria-disabled=true]")) window.heldSeen = true;
            }).observe(document.body, {subtree: true, childList: true, attributes: true});
        }"""
    )
    exchange_one_card(ben)
    caught_up(host, seq + 3)
    host.wait_for_function("() => window.heldSeen === true", timeout=5000)  # Ben's entry, not the host's
