"""The printed cards of Space Base: their sectors, blue and red rewards, charge slots and abilities.

A card is what its cardboard says (seed, カードの購入 and 効果詳細): a starting ship (level 0),
a ship of level 1–3 whose cost tells its level, or a colony. Its blue reward pays on its
owner's turn while it is stationed, its red reward on other players' turns once it is deployed;
an arrow reward pays a neighbouring sector too. An ability says what its charge tokens do and
on whose turns. :func:`card_from` reads a card from a move's fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.words import N_, Message, msg, plural, signed

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

# The rewards that are no number, as a card's tag and a chip say them (the full names are above).
REWARD_SHORT = {
    CHARGE: N_("charge"),
    LEFT: N_("← left"),
    RIGHT: N_("→ right"),
    EITHER: N_("←/→ either"),
    TEXT: N_("text"),
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
# The abilities by their short names, as a console shows a card (the seed's words: 効果詳細).
ABILITY_SHORT = {
    SWAP: N_("Swap"),
    EXCHANGE: N_("Exchange"),
    SHIFT: N_("Dice shift"),
    SET_DIE: N_("Set a die"),
    DOUBLE: N_("2X"),
    LOSE_VP: N_("Others lose VP"),
    REROLL: N_("Reroll"),
    BUY_ABILITY: N_("Buy ability"),
    CLAIM_ABILITY: N_("Claim ability"),
    YOU_WIN_ABILITY: N_("YOU WIN!"),
}

# When an ability may be used (the colour of its frame): own turn, other players' turns, any turn.
OWN_TURN, OTHER_TURNS, ANY_TURN = "own", "others", "any"
WHEN_NAMES = {OWN_TURN: N_("on my turn"), OTHER_TURNS: N_("on others' turns"), ANY_TURN: N_("on any turn")}
# The abilities whose own words say when they are used, whatever the frame (seed, 効果詳細): a Reroll
# after one's own roll, a Set a die before it, a Buy or a Claim while buying, on one's own turn.
OWN_TURN_ABILITIES = (REROLL, SET_DIE, BUY_ABILITY, CLAIM_ABILITY)

# A deployed side entered as "the same kind as the blue one" (a charge card charged on both sides,
# one credit each side): the form's preset, so the commonest cards take no tap for it.
AS_BLUE = "as-blue"
RED_KINDS = (*REWARD_KINDS, AS_BLUE)


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
        if kind == AS_BLUE:
            kind = str(payload.get("blue_kind", CREDITS))
        return Reward(kind, int(str(payload.get(f"{side}_amount", 0))), str(payload.get(f"{side}_text", "")))

    sector = int(str(payload["sector"]))
    cost = int(str(payload["cost"]))
    if colony:
        vp = int(str(payload["vp"]))
        return Card(str(payload.get("name", "")), 0, cost, sector, Reward(TEXT), Reward(TEXT), 0, vp)
    blue, red = reward("blue"), reward("red")
    # A charge reward holds at least one token: one slot unless the card says more. Entries made
    # before deployed slots were asked for had one slot count for both sides.
    given = payload.get("slots")
    slots = int(str(given)) if given is not None else (1 if blue.kind == CHARGE else 0)
    red_default = (int(str(given)) if given is not None else 1) if red.kind == CHARGE else 0
    red_slots = int(str(payload.get("red_slots", red_default)))
    ability = None
    if payload.get("ability"):
        kind = str(payload["ability"])
        ability = Ability(
            kind,
            int(str(payload.get("ability_tokens", 1))),
            int(str(payload.get("ability_amount", 0))),
            OWN_TURN if kind in OWN_TURN_ABILITIES else str(payload.get("ability_when", ANY_TURN)),
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


def reward_words(reward: Reward) -> Message | str:
    """Return a reward as a card prints it, noun then signed number: "+2 credits" 「クレジット+2」."""
    if reward.kind == TEXT:  # the printed text as typed, untranslated
        return reward.text or msg(REWARD_SHORT[TEXT])
    if reward.kind in (CREDITS, INCOME, VP):
        forms = {
            CREDITS: (N_("{amount} credit"), N_("{amount} credits")),
            INCOME: (N_("{amount} income"), N_("{amount} income")),
            VP: (N_("{amount} VP"), N_("{amount} VP")),
        }[reward.kind]
        return msg(plural(reward.amount, *forms), amount=signed(reward.amount))
    return msg(REWARD_SHORT[reward.kind])


def ability_words(ability: Ability) -> Message:
    """Return an ability as a console shows it: its short name, when it is used and the tokens one use spends."""
    if ability.tokens > 1:
        return msg(
            N_("{ability} ({when}, {tokens} tokens a use)"),
            ability=msg(ABILITY_SHORT[ability.kind]),
            when=msg(WHEN_NAMES[ability.when]),
            tokens=ability.tokens,
        )
    return msg(N_("{ability} ({when})"), ability=msg(ABILITY_SHORT[ability.kind]), when=msg(WHEN_NAMES[ability.when]))


def level_of(cost: int) -> int:
    """Return the level a ship's cost belongs to (seed: level 1 2–5, level 2 7–9, level 3 12–14).

    A cost outside the printed ranges reads as level 1, as entries without a level always did.
    """
    return next((level for level, costs in LEVEL_COSTS.items() if cost in costs), 1)
