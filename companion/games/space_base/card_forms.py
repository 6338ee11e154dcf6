"""The Space Base forms on a phone: cards bought with chips or one tap, and a charged card's abilities."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.chips import Pick
from companion.games.moves import Control, Viewer
from companion.games.space_base import rules
from companion.games.space_base.abilities import BOTH_DICE, FIRST_DIE, SECOND_DIE, abilities_now, charged_cards
from companion.games.space_base.cards import (
    ABILITY_NAMES,
    ABILITY_SHORT,
    ANY_TURN,
    AS_BLUE,
    CREDITS,
    DOUBLE,
    EXCHANGE,
    INCOME,
    LEVEL_COSTS,
    LOSE_VP,
    REROLL,
    REWARD_KINDS,
    REWARD_SHORT,
    SECTORS,
    SET_DIE,
    SHIFT,
    SWAP,
    VP,
    WHEN_NAMES,
    YOU_WIN_ABILITY,
    Ability,
    Card,
    Reward,
    ability_words,
    card_from,
    reward_words,
)
from companion.games.space_base.purchases import ABILITY_BUY, CLAIM, PURCHASE
from companion.games.space_base.rewards import SUM
from companion.games.space_base.state import STATION, Console, SpaceBase
from companion.games.words import N_, Message, msg, plural

# What a card shows, each kind its own look (``sb-blue`` … on the page): the blue reward (own turn),
# the red one (other players' turns), the charge tokens on its slots, and its ability.
BLUE, RED, CHARGE_TAG, ABILITY_TAG = "blue", "red", "charge", "ability"


@dataclass(frozen=True)
class Tag:
    """One thing printed on a card, as the console and the quick-buy list show it."""

    kind: str  # BLUE, RED, CHARGE_TAG or ABILITY_TAG
    text: Message | str


def _reward_tag(side: str, reward: Reward) -> Tag:
    said = N_("Blue: {reward}") if side == BLUE else N_("Red: {reward}")
    return Tag(side, msg(said, reward=reward_words(reward)))


def _charge_tag(tokens: int, slots: int) -> Tag:
    return Tag(CHARGE_TAG, msg(N_("tokens {tokens}/{slots}"), tokens=tokens, slots=slots))


def _slots_tag(slots: int) -> Tag:
    return Tag(CHARGE_TAG, msg(plural(slots, N_("{slots} charge slot"), N_("{slots} charge slots")), slots=slots))


def _ability_tag(ability: Ability) -> Tag:
    return Tag(ABILITY_TAG, msg(N_("Ability: {ability}"), ability=ability_words(ability)))


def side_tags(card: Card, deployed: bool, tokens: int = 0) -> tuple[Tag, ...]:
    """Return what one side of ``card`` shows: stationed, its blue reward; deployed, its red one; tokens, ability."""
    tags = [_reward_tag(RED if deployed else BLUE, card.red if deployed else card.blue)]
    slots = card.red_slots if deployed else card.slots
    if slots:
        tags.append(_charge_tag(tokens, slots))
    if card.ability is not None:
        tags.append(_ability_tag(card.ability))
    return tuple(tags)


def card_tags(card: Card) -> tuple[Tag, ...]:
    """Return everything a card prints, both sides: blue and red rewards, each side's slots, its ability."""
    tags = [_reward_tag(BLUE, card.blue)]
    if card.slots:
        tags.append(_slots_tag(card.slots))
    tags.append(_reward_tag(RED, card.red))
    if card.red_slots:
        tags.append(_slots_tag(card.red_slots))
    if card.ability is not None:
        tags.append(_ability_tag(card.ability))
    return tuple(tags)


def card_label(card: Card) -> Message | str:
    """Return what a card is called: its typed name, else a starting ship, a level's ship or a colony."""
    if card.is_colony:
        return msg(N_("colony ({vp} VP)"), vp=card.colony_vp)
    if card.name:
        return card.name
    return msg(N_("level {level} ship"), level=card.level) if card.level else msg(N_("starting ship"))


@dataclass(frozen=True)
class KnownCard:
    """A card typed at one of this server's tables, offered for a one-tap re-entry."""

    card: Card
    fields: tuple[tuple[str, object], ...]

    @property
    def button(self) -> Message:
        """The words of its one-tap button, short enough not to wrap on a phone: where it goes and its cost."""
        return msg(N_("Sector {sector}, cost {cost}"), sector=self.card.sector, cost=self.card.cost)

    @property
    def tags(self) -> tuple[Tag, ...]:
        """What the card prints, shown beside its button."""
        return card_tags(self.card)


def affordable(cards: tuple[KnownCard, ...], console: Console | None) -> tuple[KnownCard, ...]:
    """Return the cards a one-tap purchase of ``console``'s player would pay for now, by sector then cost."""
    if console is None or console.bought_this_turn:
        return ()
    return tuple(
        sorted((k for k in cards if k.card.cost <= console.credits), key=lambda k: (k.card.sector, k.card.cost))
    )


def known_cards(viewer: Viewer, kind: str, levels: tuple[int, ...]) -> tuple[KnownCard, ...]:
    """Return the cards the server remembers for move ``kind``, of the given levels."""
    known = []
    for fields in viewer.remembered.get(kind, ()):
        try:
            card = card_from(fields)
        except (KeyError, ValueError):
            continue
        if card.level in levels:
            known.append(KnownCard(card, tuple(sorted(fields.items()))))
    return tuple(known)


def numbers(field: str, legend: str, values: tuple[int, ...], checked: object = None) -> Pick:
    """Return a row of number chips (required when none is preset)."""
    return Pick(field, legend, tuple((n, n) for n in values), checked, checked is None)


@dataclass(frozen=True)
class AbilityUse:
    """One ability a charged card may use now: its move's control and the chips it asks for."""

    kind: str
    control: Control
    picks: tuple[Pick, ...]
    real_dice: bool = False  # a box for the real dice's new values (rerolls)
    fixed: tuple[tuple[str, int], ...] = ()  # hidden fields for what the card prints


@dataclass(frozen=True)
class ChargedCard:
    """A card of this phone's seat holding charge tokens, and the abilities it may use now."""

    sector: int
    place: int  # 0 = stationed, n = the n-th deployed card
    card: Card
    tokens: int
    uses: tuple[AbilityUse, ...]

    @property
    def summary(self) -> Message:
        """One message for the card: where it is, its ability and its tokens ("Sector 3: Reroll, 2 charge tokens")."""
        where = (
            msg(N_("Sector {n}, deployed card {place}"), n=self.sector, place=self.place)
            if self.place
            else msg(N_("Sector {n}"), n=self.sector)
        )
        if self.card.ability is None:
            said = plural(self.tokens, N_("{card}: {tokens} charge token"), N_("{card}: {tokens} charge tokens"))
            return msg(said, card=where, tokens=self.tokens)
        said = plural(
            self.tokens, N_("{card}: {ability}, {tokens} charge token"), N_("{card}: {ability}, {tokens} charge tokens")
        )
        return msg(said, card=where, ability=msg(ABILITY_SHORT[self.card.ability.kind]), tokens=self.tokens)


# The move that plays each ability from a charged card.
ABILITY_MOVES = {
    REROLL: rules.REROLL_MOVE,
    SET_DIE: rules.SET_DIE_MOVE,
    SHIFT: rules.SHIFT_MOVE,
    DOUBLE: rules.DOUBLE_MOVE,
    LOSE_VP: rules.LOSE_VP_MOVE,
    SWAP: rules.SWAP_MOVE,
    EXCHANGE: rules.EXCHANGE_MOVE,
    YOU_WIN_ABILITY: rules.YOU_WIN,
}
# The reward kinds as short chips (the full names are in REWARD_NAMES).
REWARD_CHIPS = {CREDITS: N_("credits"), INCOME: N_("income"), VP: N_("VP"), **REWARD_SHORT}
# What the purchase form offers as chips: rewards up to 6, slots up to 4, tokens up to 3.
AMOUNTS, SLOT_COUNTS, TOKEN_COUNTS = tuple(range(1, 7)), (0, 1, 2, 3, 4), (1, 2, 3)


def places(console: Console) -> Pick:
    """Return the chips of a card's place in its sector: stationed, or the n-th deployed card."""
    deepest = max(len(sector.deployed) for sector in console.sectors.values())
    choices: tuple[tuple[object, object], ...] = ((STATION, N_("stationed")),)
    choices += tuple((n, msg(N_("deployed {n}"), n=n)) for n in range(1, deepest + 1))
    return Pick("target_place", N_("That card is"), choices, STATION)


def ability_picks(game: SpaceBase, seat: int, card: Card, kind: str) -> tuple[Pick, ...]:
    """Return the chips the ability ``kind`` of ``card`` asks for (what the card prints is not asked)."""
    amount = card.ability.amount if card.ability is not None else 0
    dice = game.roll.dice if game.roll is not None else (0, 0)
    if kind == REROLL:
        dice_choices: tuple[tuple[object, object], ...] = (
            (FIRST_DIE, msg(N_("first die ({n})"), n=dice[0])),
            (SECOND_DIE, msg(N_("second die ({n})"), n=dice[1])),
            (BOTH_DICE, N_("both dice")),
        )
        return (Pick("dice", N_("Dice to roll again"), dice_choices, BOTH_DICE),)
    if kind == SET_DIE:
        return (numbers("values", N_("Set a die to"), tuple(range(1, 7))),)
    if kind == SHIFT:
        return () if amount else (numbers("steps", N_("Sectors to the right"), (1, 2), 1),)
    if kind == DOUBLE:
        twice: tuple[tuple[object, object], ...] = (
            (SUM, msg(N_("the sum ({n}) twice"), n=sum(dice))),
            (FIRST_DIE, msg(N_("{n} twice and {m}"), n=dice[0], m=dice[1])),
            (SECOND_DIE, msg(N_("{n} and {m} twice"), n=dice[0], m=dice[1])),
        )
        return (Pick("twice", N_("Paid again"), twice, SUM),)
    if kind == LOSE_VP:
        return () if amount else (numbers("amount", N_("VP every other player loses"), tuple(range(1, 6))),)
    if kind == SWAP:
        return (
            numbers("sector_a", N_("Swap sector"), SECTORS),
            numbers("sector_b", N_("with sector"), SECTORS),
        )
    if kind == EXCHANGE:
        return (
            numbers("target_sector", N_("Trade places with a card in sector"), SECTORS),
            places(game.console(seat)),
        )
    return ()


def _fixed(card: Card, kind: str) -> tuple[tuple[str, int], ...]:
    """Hidden fields a use sends for what the card prints (the steps of a shift)."""
    if kind == SHIFT and card.ability is not None and card.ability.amount:
        return (("steps", card.ability.amount),)
    return ()


def charged(game: SpaceBase, seat: int | None, viewer: Viewer) -> tuple[ChargedCard, ...]:
    """Return this phone's charged cards with the abilities it may use now (none for a spectator)."""
    if seat is None or seat not in game.consoles:
        return ()
    found = []
    for sector, place, card, tokens in charged_cards(game, seat):
        uses = tuple(
            AbilityUse(kind, control, ability_picks(game, seat, card, kind), kind == REROLL, _fixed(card, kind))
            for kind in abilities_now(game, seat, card)
            for control in (viewer.control(ABILITY_MOVES[kind]),)
            if seat in control.seats
        )
        found.append(ChargedCard(sector, place, card, tokens, uses))
    return tuple(found)


def card_picks(top_level: int) -> tuple[Pick, ...]:
    """Return the chips of a new card up to level ``top_level``: sector, cost (which tells the level), both rewards.

    The presets are the commonest card, one credit on each side, and a red reward of the blue one's
    kind: a card like it, or a charge card charged on both sides, takes no tap for them.
    """
    costs = tuple(c for level, cs in LEVEL_COSTS.items() if level <= top_level for c in cs)
    kinds = tuple((kind, REWARD_CHIPS[kind]) for kind in REWARD_KINDS)
    return (
        numbers("sector", N_("Sector (top right)"), SECTORS),
        numbers("cost", COST_LEGENDS[top_level], costs),
        Pick("blue_kind", N_("Blue reward (own turn)"), kinds, CREDITS),
        numbers("blue_amount", N_("Blue amount"), AMOUNTS, 1),
        Pick("red_kind", N_("Red reward (deployed)"), ((AS_BLUE, N_("as blue")), *kinds), AS_BLUE),
        numbers("red_amount", N_("Red amount"), AMOUNTS, 1),
    )


# The cost chips' legend, by the highest level offered (the seed's price ranges: レベルごとの価格帯).
COST_LEGENDS = {
    1: N_("Cost (top left; level 1: 2–5)"),
    2: N_("Cost (top left; level 1: 2–5, level 2: 7–9)"),
    3: N_("Cost (top left; level 1: 2–5, level 2: 7–9, level 3: 12–14)"),
}


def charge_picks() -> tuple[Pick, ...]:
    """Return the chips of a charge card's slots and ability, shown with the rewards (no disclosure to open).

    Nothing is preset where the card's other chips tell the value: a charge reward holds one token
    unless a slot chip says more, and the deployed side has as many slots as the stationed one. The
    frame's colour is greyed out for the abilities that say when they are used (``OWN_TURN_ABILITIES``).
    """
    return (
        Pick("slots", N_("Charge slots, stationed (blue; 1 with a blue charge)"), tuple((n, n) for n in SLOT_COUNTS)),
        Pick(
            "red_slots", N_("Charge slots, deployed (red; as the blue ones, or 1)"), tuple((n, n) for n in SLOT_COUNTS)
        ),
        Pick("ability", N_("Ability"), (("", N_("none")), *ABILITY_NAMES.items()), ""),
        Pick("ability_when", N_("Used (the colour of its frame)"), tuple(WHEN_NAMES.items()), ANY_TURN),
        numbers("ability_tokens", N_("Tokens one use spends"), TOKEN_COUNTS, 1),
        numbers(
            "ability_amount",
            N_("Its number (VP lost, level claimed, sectors shifted; 0 = none)"),
            (0, 1, 2, 3, 4, 5),
            0,
        ),
    )


def how_picks(tokens: tuple[ChargedCard, ...]) -> tuple[Pick, ...]:
    """Return the chips of how a card is bought, and which card's tokens pay for an ability Buy or Claim."""
    how = (
        (PURCHASE, N_("purchase (pays all credits)")),
        (ABILITY_BUY, N_("ability Buy (pays the cost)")),
        (CLAIM, N_("ability Claim (free)")),
    )
    picks = [Pick("how", N_("How"), how, PURCHASE)]
    if tokens:
        cards: tuple[tuple[object, object], ...] = (("", N_("no card (a reward)")),)
        cards += tuple(
            (
                c.sector,
                msg(
                    plural(c.tokens, N_("sector {n} ({tokens} token)"), N_("sector {n} ({tokens} tokens)")),
                    n=c.sector,
                    tokens=c.tokens,
                ),
            )
            for c in tokens
        )
        picks.append(Pick("card_sector", N_("Tokens from (ability Buy or Claim)"), cards, ""))
        if any(c.place for c in tokens):
            picks.append(numbers("card_place", N_("That card is deployed number (0 = stationed)"), (0, 1, 2, 3), 0))
    return tuple(picks)
