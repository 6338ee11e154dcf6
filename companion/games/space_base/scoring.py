"""The Space Base score: VP by source, the end at 40 VP, extra rounds, a YOU WIN! card."""

from __future__ import annotations

from companion.games.contract import Setup
from companion.games.mechanics.ranking import TieBreaker, standings
from companion.games.options import applied_options
from companion.games.scores import CategoryScore, Scoreboard
from companion.games.space_base.start import OPTIONS, guesses_used
from companion.games.space_base.state import (
    SOURCE_ABILITIES,
    SOURCE_COLONIES,
    SOURCE_DEPLOYED,
    SOURCE_STATIONS,
    SpaceBase,
    player_names,
)
from companion.games.words import N_, Message, msg

SOURCE_LABELS = {
    SOURCE_STATIONS: N_("Stationed ships (blue, own turns)"),
    SOURCE_DEPLOYED: N_("Deployed ships (red, other players' turns)"),
    SOURCE_COLONIES: N_("Colonies"),
    SOURCE_ABILITIES: N_("Abilities and adjustments"),
}


def score_space_base(setup: Setup, state: SpaceBase) -> Scoreboard:
    """VP by source; the end at 40 VP after equal turns; ties go to extra rounds, no shared win."""
    breakdowns = {
        seat: tuple(
            CategoryScore(source, label, state.console(seat).vp_by_source.get(source, 0))
            for source, label in SOURCE_LABELS.items()
        )
        for seat in setup.seats
    }
    extra = {seat: state.extra_vp.get(seat, 0) for seat in setup.seats}
    winners = {state.winner_by_ability} if state.winner_by_ability is not None else set()
    chain = (
        [TieBreaker(N_("VP gained in the extra round"), extra, among=state.extra_players)] if state.extra_round else []
    )
    players, explanation = standings(setup, breakdowns, chain, winners=winners)
    notes: list[Message] = []
    if state.winner_by_ability is not None:
        notes.append(
            msg(N_("{name} won at once with a YOU WIN! card."), name=setup.player(state.winner_by_ability).name)
        )
    if state.end_triggered_by is not None and state.winner_by_ability is None:
        notes.append(
            msg(
                N_("{name} reached 40 VP: the round is played out so that everyone has the same number of turns."),
                name=setup.player(state.end_triggered_by).name,
            )
        )
    for option in guesses_used(setup):
        notes.append(
            msg(
                N_("{option}: the app's guess ({values}) was used, not values read from the cards."),
                option=msg(option.label),
                values=option.describe(option.default),
            )
        )
    decided = state.over
    if state.extra_round:
        names = player_names(setup, state.extra_players)
        if state.over:
            notes.append(msg(N_("Extra round {n} between {names} decided the game."), n=state.extra_round, names=names))
        else:
            notes.append(
                msg(N_("Tied on VP: {names} play extra round {n}; no winner yet."), names=names, n=state.extra_round)
            )
    return Scoreboard(
        players,
        explanation,
        applied_options(OPTIONS, setup.options),
        tuple(notes),
        decided=decided,
        start_seat=state.order[0] if state.order else None,
    )
