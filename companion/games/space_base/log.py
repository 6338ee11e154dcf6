"""How the Space Base log tells each move: the dice a roll or reroll showed, the card that paid."""

from __future__ import annotations

import bisect
from collections.abc import Callable

from companion.games.contract import Event, Setup
from companion.games.space_base.purchases import ABILITY_BUY, CLAIM, PURCHASE
from companion.games.space_base.rewards import INDIVIDUAL
from companion.games.space_base.state import SpaceBase
from companion.games.words import N_, Message, listing, msg


def describe_purchase(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    """Say who bought which ship, and how: a purchase, an ability Buy or a Claim."""
    payload = event.payload
    texts = {
        PURCHASE: N_("{name} bought a ship for sector {sector} (cost {cost})"),
        ABILITY_BUY: N_("{name} bought a ship for sector {sector} with an ability (cost {cost})"),
        CLAIM: N_("{name} claimed a ship for sector {sector}"),
    }
    return msg(texts[str(payload.get("how", PURCHASE))], name=who, sector=payload["sector"], cost=payload["cost"])


def with_card(text: str) -> Callable[[Setup, SpaceBase, Event, str], Message]:
    """Return a describer: ``text`` (with the payload's fields), and which card's tokens paid for it."""

    def describe(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
        payload = event.payload
        fields = {k: _shown(v) for k, v in payload.items() if k not in ("seat", "name")}
        said = msg(text, name=who, **fields)
        if "card_sector" not in payload:
            return msg(N_("{what} (from a reward)"), what=said)
        return msg(N_("{what} (card in sector {sector})"), what=said, sector=payload["card_sector"])

    return describe


def _thrown(state: SpaceBase, seq: int) -> tuple[int, int] | None:
    """Return the dice that the roll or reroll of entry ``seq`` left showing (None when it was not folded: undone)."""
    index = bisect.bisect_left(state.thrown, seq, key=lambda throw: throw.seq)
    if index < len(state.thrown) and state.thrown[index].seq == seq:
        return state.thrown[index].dice
    return None


def describe_roll(state: SpaceBase, event: Event) -> Message:
    """Say the dice of a roll: those typed, or those the app drew."""
    if "values" in event.payload:
        return msg(N_("Real dice: {values}"), values=listing(event.payload["values"]))
    dice = _thrown(state, event.seq)
    if dice is None:
        return msg(N_("Rolled the dice in the app"))
    return msg(N_("Rolled the dice in the app: {values}"), values=listing(dice))


def describe_reroll(setup: Setup, state: SpaceBase, event: Event, who: str) -> Message:
    """Say who rerolled with which card, and the dice the reroll left showing (the app's or real ones)."""
    said = with_card(N_("{name} rerolled the dice"))(setup, state, event, who)
    dice = _thrown(state, event.seq)
    if dice is None:
        return said
    shown = (
        N_("{what}: real dice, now {values}") if "values" in event.payload else N_("{what}: in the app, now {values}")
    )
    return msg(shown, what=said, values=listing(dice))


def describe_assign(state: SpaceBase, event: Event, who: str) -> Message:
    """Say how a player took the dice, and the sectors that was (from the roll or reroll before it)."""
    index = bisect.bisect_left(state.thrown, event.seq, key=lambda throw: throw.seq)
    dice = state.thrown[index - 1].dice if index else None
    if event.payload["choice"] == INDIVIDUAL:
        if dice is None:
            return msg(N_("{name} took the two dice"), name=who)
        return msg(
            N_("{name} took the two dice: sectors {first} and {second}"), name=who, first=dice[0], second=dice[1]
        )
    if dice is None:
        return msg(N_("{name} took the sum"), name=who)
    return msg(N_("{name} took the sum: sector {sector}"), name=who, sector=dice[0] + dice[1])


def _shown(value: object) -> object:
    """A payload value as the log prints it (dice as "3 5")."""
    return " ".join(str(v) for v in value) if isinstance(value, list | tuple) else value
