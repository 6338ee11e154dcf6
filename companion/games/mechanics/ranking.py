"""Rankings with tie-break chains, and prize ladders such as 20/10/5 or 6/3."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from companion.games.contract import Setup
from companion.games.scores import CategoryScore, PlayerScore
from companion.games.words import N_, SEMICOLON, Message, listing, msg, number, plural

DENSE = "dense"
COMPETITION = "competition"


@dataclass(frozen=True)
class TieBreaker:
    """One link of a tie-break chain: a value per seat, and whether more is better."""

    label: str
    values: Mapping[int, int]
    higher_wins: bool = True
    among: Collection[int] | None = None  # the seats it settles (an extra round's players); None: every seat

    def settles(self, group: Collection[int]) -> bool:
        """True when it applies to every seat of a tied group (a tie of others is not said in its terms)."""
        return self.among is None or all(seat in self.among for seat in group)


@dataclass(frozen=True)
class Ranking:
    """Ranks per seat (1 = best, ties share a rank) and one sentence per settled or shared tie."""

    ranks: Mapping[int, int]
    explanation: tuple[Message, ...]


def rank_scores(
    totals: Mapping[int, int],
    names: Mapping[int, str],
    chain: Sequence[TieBreaker] = (),
    winners: Collection[int] = (),
) -> Ranking:
    """Rank seats by total (higher first); break equal totals with ``chain`` in order.

    ``winners`` (a special victory, such as adventure 1's launch) rank ahead of everyone else,
    then by total among themselves. Ranks follow standard competition ranking (1, 1, 3): tied
    seats share the better rank.
    """

    def key(seat: int) -> tuple[int, ...]:
        return (1 if seat in winners else 0, totals[seat], *(_oriented(tb, seat) for tb in chain))

    order = sorted(totals, key=lambda seat: (tuple(-v for v in key(seat)), seat))
    ranks: dict[int, int] = {}
    for position, seat in enumerate(order, start=1):
        previous = order[position - 2] if position > 1 else None
        if previous is not None and key(previous) == key(seat):
            ranks[seat] = ranks[previous]
        else:
            ranks[seat] = position
    explanation = tuple(_explain_tie(group, totals, names, chain, ranks) for group in _groups(order, totals, winners))
    if not explanation:
        explanation = (msg(N_("No ties: every player has a different total.")),)
    return Ranking(ranks, explanation)


def _oriented(tie_breaker: TieBreaker, seat: int) -> int:
    value = tie_breaker.values.get(seat, 0)
    return value if tie_breaker.higher_wins else -value


def _groups(order: Sequence[int], totals: Mapping[int, int], winners: Collection[int] = ()) -> list[list[int]]:
    groups: dict[tuple[bool, int], list[int]] = {}
    for seat in order:
        groups.setdefault((seat in winners, totals[seat]), []).append(seat)
    return [group for group in groups.values() if len(group) > 1]


def _names(seats: Sequence[int], names: Mapping[int, str]) -> Message:
    return listing(names[seat] for seat in seats)


def _explain_tie(
    group: list[int],
    totals: Mapping[int, int],
    names: Mapping[int, str],
    chain: Sequence[TieBreaker],
    ranks: Mapping[int, int],
) -> Message:
    """One whole sentence per tie: who, on how many points, and what settled it (each value named by its criterion)."""
    total = totals[group[0]]
    chain = [tb for tb in chain if tb.settles(group)]  # an extra round's VP says nothing of those who did not play it
    if not chain:
        return msg(
            plural(
                total,
                N_("{names} tie on {total} point and share rank {rank}."),
                N_("{names} tie on {total} points and share rank {rank}."),
            ),
            names=_names(group, names),
            total=number(total),
            rank=ranks[group[0]],
        )
    used: list[TieBreaker] = []
    for tie_breaker in chain:
        used.append(tie_breaker)
        if len({_oriented(tie_breaker, seat) for seat in group}) > 1:
            break
    criteria = listing(msg(tb.label) for tb in used)
    if len({ranks[seat] for seat in group}) > 1:
        # Each criterion with every player's value: "Technology level: Aki 3, Ben 3; Ship level: Aki 2, Ben 1".
        values = listing(
            (
                msg(
                    N_("{criterion}: {values}"),
                    criterion=msg(tb.label),
                    values=listing(
                        msg(N_("{name} {value}"), name=names[seat], value=number(tb.values.get(seat, 0)))
                        for seat in group
                    ),
                )
                for tb in used
            ),
            SEMICOLON,
        )
        return msg(
            plural(
                total,
                N_("{names} tie on {total} point and are settled by {criteria} ({values})."),
                N_("{names} tie on {total} points and are settled by {criteria} ({values})."),
            ),
            names=_names(group, names),
            total=number(total),
            criteria=criteria,
            values=values,
        )
    # Still tied: every seat has the same values, said once ("and on technology level 0, ship level 0").
    same = listing(
        msg(N_("{criterion} {value}"), criterion=msg(tb.label), value=number(tb.values.get(group[0], 0))) for tb in used
    )
    return msg(
        plural(
            total,
            N_("{names} tie on {total} point and on {values}: they share rank {rank}."),
            N_("{names} tie on {total} points and on {values}: they share rank {rank}."),
        ),
        names=_names(group, names),
        total=number(total),
        values=same,
        rank=ranks[group[0]],
    )


def ladder_ranks(values: Mapping[int, int], policy: str, exclude_zero: bool = True) -> dict[int, int]:
    """Return the rank of each seat by value (higher first) under ``policy``.

    ``dense`` gives 1, 1, 2; ``competition`` gives 1, 1, 3. Seats with 0 are left out when
    ``exclude_zero`` is set.
    """
    ranked = {seat: value for seat, value in values.items() if value > 0 or not exclude_zero}
    distinct = sorted(set(ranked.values()), reverse=True)
    if policy == DENSE:
        return {seat: distinct.index(value) + 1 for seat, value in ranked.items()}
    return {seat: 1 + sum(1 for other in ranked.values() if other > value) for seat, value in ranked.items()}


def ladder_awards(
    values: Mapping[int, int],
    prizes: Sequence[int],
    policy: str,
    exclude_zero: bool = True,
) -> dict[int, int]:
    """Return each seat's prize from a ladder such as 20/10/5: every tied seat takes its rank's prize.

    With ``competition`` ranking, players tied for first all take the first prize and the next
    prize is skipped (the 6/3 rule "tied firsts all take 6 and nobody takes 2nd").
    """
    ranks = ladder_ranks(values, policy, exclude_zero)
    return {seat: prizes[ranks[seat] - 1] if seat in ranks and ranks[seat] <= len(prizes) else 0 for seat in values}


def standings(
    setup: Setup,
    breakdowns: Mapping[int, tuple[CategoryScore, ...]],
    chain: Sequence[TieBreaker] = (),
    winners: Collection[int] = (),
) -> tuple[tuple[PlayerScore, ...], tuple[Message, ...]]:
    """Return players in rank order (totals summed from their categories) and the tie sentences."""
    names = {p.seat: p.name for p in setup.players}
    totals = {seat: sum(c.points for c in breakdowns[seat]) for seat in setup.seats}
    ranking = rank_scores(totals, names, chain, winners)
    players = sorted(
        (PlayerScore(seat, names[seat], breakdowns[seat], totals[seat], ranking.ranks[seat]) for seat in setup.seats),
        key=lambda p: (p.rank, p.seat),
    )
    return tuple(players), ranking.explanation
