"""Welcome to the Moon: the starship deck the app deals and flips.

The deck: 63 cards shuffled from the table seed into three piles of 21, number side up. A flip
turns the top card of each pile; each pile's combo is the number now on top of the pile with the
action of the card just flipped. When a pile runs out, its discards are shuffled into a new pile.
Solo: one deck with the three solo cards shuffled into its last third; each turn three cards are
drawn and any card's number goes with any other card's action; the third card goes to ASTRA.
When the app deals, it also draws the adventure's three missions, one of the two of each letter.
"""

from __future__ import annotations

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import rng_for, shuffled
from companion.games.welcome_to_the_moon.astra import astra_sabotage, give_astra
from companion.games.welcome_to_the_moon.cards import DECK, MISSIONS, SOLO_CARDS, Card
from companion.games.welcome_to_the_moon.end_of_game import check_playing
from companion.games.welcome_to_the_moon.rule_options import adventure_of, is_solo, own_components
from companion.games.welcome_to_the_moon.state import LETTERS, PILE_SIZE, PILES, SLUG, Moon
from companion.games.words import N_, RuleError


def initial_state(setup: Setup) -> Moon:
    """Deal the adventure's missions (one of two per letter) and shuffle the deck (not with our own components)."""
    if own_components(setup):
        return Moon()
    adventure = adventure_of(setup).number
    rng = rng_for(setup.seed, SLUG, "missions")
    missions = tuple(
        rng.choice([m for m in MISSIONS if m.adventure == adventure and m.letter == letter]) for letter in LETTERS
    )
    deck = shuffled(DECK, setup.seed, SLUG, "deck")
    if is_solo(setup):
        last_third = shuffled((*deck[-PILE_SIZE:], *SOLO_CARDS), setup.seed, SLUG, "solo-cards")
        return Moon(missions=missions, deck=(*deck[:-PILE_SIZE], *last_third))
    piles = tuple(deck[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(PILES))
    return Moon(missions=missions, piles=piles, flipped=(None,) * PILES, discards=((),) * PILES)


def redraw_hidden(before: Setup, setup: Setup, state: Moon) -> Moon:
    """Shuffle the cards nobody has seen yet from ``setup``'s (fresh) seed, as after an import.

    Together: every pile keeps its length and its top card, whose number already shows; the cards
    under them are shuffled and dealt back. Solo: the deck still to draw is shuffled.
    """
    if state.deck:
        return evolve(state, deck=shuffled(state.deck, setup.seed, SLUG, "redraw", "deck"))
    if not state.piles:
        return state
    hidden = shuffled(tuple(card for pile in state.piles for card in pile[1:]), setup.seed, SLUG, "redraw", "piles")
    piles, start = [], 0
    for pile in state.piles:
        piles.append(pile[:1] + hidden[start : start + len(pile) - 1])
        start += max(len(pile) - 1, 0)
    return evolve(state, piles=tuple(piles))


def flip_cards(setup: Setup, state: Moon, event: Event) -> Moon:
    """Turn the top card of each pile (solo: draw three cards); a pile run out is reshuffled from its discards."""
    check_playing(state)
    if own_components(setup):
        raise RuleError(N_("This table turns its own cards: enter what they show."))
    if is_solo(setup):
        return _solo_draw(setup, state)
    piles, flipped, discards = list(state.piles), list(state.flipped), list(state.discards)
    reshuffles = state.reshuffles
    for i in range(PILES):
        card, rest = piles[i][0], piles[i][1:]
        previous = flipped[i]
        used: tuple[Card, ...] = (*discards[i], previous) if previous is not None else discards[i]
        if not rest:
            # The pile ran out: its discards become a new pile (the card just flipped stays out).
            reshuffles += 1
            rest, used = shuffled(used, setup.seed, SLUG, "reshuffle", i, reshuffles), ()
        piles[i], flipped[i], discards[i] = rest, card, used
    return evolve(
        state,
        turn=state.turn + 1,
        piles=tuple(piles),
        flipped=tuple(flipped),
        discards=tuple(discards),
        reshuffles=reshuffles,
    )


def _solo_draw(setup: Setup, state: Moon) -> Moon:
    if not state.chosen:
        raise RuleError(N_("Choose your combination before the next flip."))
    deck, discards = list(state.deck), list(state.discards[0]) if state.discards else []
    discards += state.hand
    set_aside, seen, reshuffles = list(state.set_aside), dict(state.solo_seen), state.reshuffles
    hand: list[Card] = []
    drawn: list[int] = []  # each solo card drawn: how many times it has been drawn now
    while len(hand) < 3:
        if not deck:
            reshuffles += 1
            deck = list(shuffled((*discards, *set_aside), setup.seed, SLUG, "solo-reshuffle", reshuffles))
            discards, set_aside = [], []
        card = deck.pop(0)
        if card.solo:
            seen[card.solo] = seen.get(card.solo, 0) + 1
            set_aside.append(card)
            drawn.append(seen[card.solo])
        else:
            hand.append(card)
    state = evolve(
        state,
        turn=state.turn + 1,
        deck=tuple(deck),
        hand=tuple(hand),
        chosen=False,
        discards=(tuple(discards),),
        set_aside=tuple(set_aside),
        solo_seen=seen,
        reshuffles=reshuffles,
    )
    for times in drawn:
        state = astra_sabotage(setup, state, times)
    return state


def choose_solo_combo(setup: Setup, state: Moon, event: Event) -> Moon:
    """Solo: the number of one card with the action of another; the third card goes to ASTRA."""
    if not is_solo(setup):
        raise RuleError(N_("This is for solo games."))
    if state.chosen or not state.hand:
        raise RuleError(N_("Flip first: there are no cards to choose from."))
    number, action = event.payload["number_card"], event.payload["action_card"]
    if number == action:
        raise RuleError(N_("The number and the action come from two different cards."))
    given = state.hand[({1, 2, 3} - {number, action}).pop() - 1]
    return give_astra(setup, evolve(state, chosen=True), given.action)
