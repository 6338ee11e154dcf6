"""The printed cards of Space Base: their sectors, blue and red rewards, charge slots and abilities.

A card is what its cardboard says (seed, カードの購入 and 効果詳細): a starting ship (level 0),
a ship of level I–III whose cost tells its level, or a colony. Its blue reward pays on its
owner's turn while it is stationed, its red reward on other players' turns once it is deployed;
an arrow reward pays a neighbouring sector too. An ability says what its charge tokens do and
on whose turns. :func:`card_from` reads a card from a move's fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.words import N_

SECTORS = tuple(range(1, 13))
CREDITS, INCOME, VP, CHARGE, TEXT = "credits", "income", "vp", "charge", "text"

# Arrows (seed, 左右への矢印): the neighbouring sector's rewards too, left, right, or either way.
LEFT, RIGHT, EITHER = "arrow-left", "arrow-right", "arrow-either"
ARROW_STEPS = {LEFT: -1, RIGHT: 1, EITHER: 0}
DIRECTIONS = {"left": -1, "right": 1}
DIRECTION_NAMES = {"left": N_("two-way arrow to the left"), "right": N_("two-way arrow to the right")}
REWARD_KINDS = (CREDITS, INCOME, VP, CHARGE, LEFT, RIGHT, EITHER, TEXT)
REWARD_NAMES = {
    CREDITS: N_("credits"),
    INCOME: N_("income"),
    VP: N_("VP"),
    CHARGE: N_("a charge token"),
    LEFT: N_("← the sector on the left"),
    RIGHT: N_("→ the sector on the right"),
    EITHER: N_("←/→ either neighbour"),
    TEXT: N_("an ability (as printed)"),
}

# The price range of each level (seed, カードの購入: レベルごとの価格帯): the ranges do not overlap,
# so a card's cost tells its level.
LEVEL_COSTS = {1: (2, 3, 4, 5), 2: (7, 8, 9), 3: (12, 13, 14)}

# Abilities (seed, 効果詳細), as printed on a card: what its charge tokens do.
SWAP, EXCHANGE, SHIFT, SET_DIE, DOUBLE, LOSE_VP, REROLL = (
    "swap",
    "exchange",
    "shift",
    "set-die",
    "2x",
    "lose-vp",
    "reroll",
)
BUY_ABILITY, CLAIM_ABILITY, YOU_WIN_ABILITY = "buy", "claim", "you-win"
ABILITY_NAMES = {
    SWAP: N_("Swap (two sectors trade all their cards)"),
    EXCHANGE: N_("Exchange (this card trades places with another)"),
    SHIFT: N_("Dice shift (the sum, moved right)"),
    SET_DIE: N_("Set a die (before the roll)"),
    DOUBLE: N_("2X (one sector pays again)"),
    LOSE_VP: N_("Every other player loses VP"),
    REROLL: N_("Reroll (after the roll)"),
    BUY_ABILITY: N_("Buy (pays the cost only)"),
    CLAIM_ABILITY: N_("Claim (a ship for free)"),
    YOU_WIN_ABILITY: N_("YOU WIN!"),
}
ABILITY_KINDS = tuple(ABILITY_NAMES)

# When an ability may be used (the colour of its frame): own turn, other players' turns, any turn.
OWN_TURN, OTHER_TURNS, ANY_TURN = "own", "others", "any"
WHEN_NAMES = {OWN_TURN: N_("on my turn"), OTHER_TURNS: N_("on others' turns"), ANY_TURN: N_("on any turn")}


@dataclass(frozen=True)
class Reward:
    """A card's blue or red reward: credits, income, VP, a charge token, or an ability's text."""

    kind: str
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class Ability:
    """What a card's charge tokens do: the effect, the tokens one use spends, its number, and when."""

    kind: str
    tokens: int = 1
    amount: int = 0  # VP others lose, the level of a Claim, the steps of a shift (0 = 1 or 2, chosen)
    when: str = ANY_TURN


@dataclass(frozen=True)
class Card:
    """A ship (level 0 = a starting ship) or a colony (``colony_vp`` > 0), as printed.

    ``slots`` are the charge slots of the stationed card (blue), ``red_slots`` those of the
    deployed card (red): tokens stay on a card deployed with red slots (seed, チャージと活性化).
    """

    name: str
    level: int
    cost: int
    sector: int
    blue: Reward
    red: Reward
    slots: int = 0
    colony_vp: int = 0
    red_slots: int = 0
    ability: Ability | None = None

    @property
    def is_colony(self) -> bool:
        """True for a colony card."""
        return self.colony_vp > 0


def card_from(payload: Mapping[str, object], colony: bool = False) -> Card:
    """Return the card described by a move's fields."""

    def reward(side: str) -> Reward:
        kind = str(payload.get(f"{side}_kind", CREDITS))
        return Reward(kind, int(str(payload.get(f"{side}_amount", 0))), str(payload.get(f"{side}_text", "")))

    sector = int(str(payload["sector"]))
    cost = int(str(payload["cost"]))
    if colony:
        vp = int(str(payload["vp"]))
        return Card(str(payload.get("name", "")), 0, cost, sector, Reward(TEXT), Reward(TEXT), 0, vp)
    blue, red = reward("blue"), reward("red")
    slots = int(str(payload.get("slots", 0)))
    # Entries made before deployed slots were asked for had one slot count for both sides.
    red_slots = int(str(payload.get("red_slots", slots if red.kind == CHARGE else 0)))
    ability = None
    if payload.get("ability"):
        ability = Ability(
            str(payload["ability"]),
            int(str(payload.get("ability_tokens", 1))),
            int(str(payload.get("ability_amount", 0))),
            str(payload.get("ability_when", ANY_TURN)),
        )
    level = payload.get("level")
    return Card(
        str(payload.get("name", "")),
        int(str(level)) if level is not None else level_of(cost),
        cost,
        sector,
        blue,
        red,
        slots,
        red_slots=red_slots,
        ability=ability,
    )


def level_of(cost: int) -> int:
    """Return the level a ship's cost belongs to (seed: I 2–5, II 7–9, III 12–14).

    A cost outside the printed ranges reads as level I, as entries without a level always did.
    """
    return next((level for level, costs in LEVEL_COSTS.items() if cost in costs), 1)
