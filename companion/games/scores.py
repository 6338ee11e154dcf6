"""Scores: each player's categories and total, rank, tie-break and solo verdict, as a scoreboard."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.words import Message


@dataclass(frozen=True)
class CategoryScore:
    """Points of one scoring category for one player, with how they were reached."""

    key: str
    label: str
    points: int
    detail: Message | None = None


@dataclass(frozen=True)
class PlayerScore:
    """One player's line on the scoreboard."""

    seat: int
    name: str
    categories: tuple[CategoryScore, ...]
    total: int
    rank: int


@dataclass(frozen=True)
class Verdict:
    """Solo play: the player's score against the automa's, and who won."""

    automa: str
    score: int
    automa_score: int
    player_wins: bool
    explanation: Message


@dataclass(frozen=True)
class Scoreboard:
    """Final or running standings: players in rank order, and how ties were settled.

    ``verdict`` is set in solo play against an automa: the player ranks first on the sheet but
    wins only if the verdict says so. ``decided`` is false while a tie still has to be played out.
    """

    players: tuple[PlayerScore, ...]
    tie_break: tuple[Message, ...]
    options: tuple[tuple[str, str], ...] = ()
    notes: tuple[Message, ...] = ()
    details: tuple[Message, ...] = ()
    verdict: Verdict | None = None
    decided: bool = True  # False while the rules still have to settle a tie (e.g. an extra round)
    start_seat: int | None = None  # the start player, for exports (BG Stats), when the game knows it

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats of the winners: rank 1, or in solo the player only when beating the automa; none while undecided."""
        if not self.decided:
            return ()
        if self.verdict is not None:
            return tuple(p.seat for p in self.players) if self.verdict.player_wins else ()
        return tuple(p.seat for p in self.players if p.rank == 1)

    def to_json(self, translate: Callable[[str], str] = lambda s: s) -> dict[str, Any]:
        """Return a JSON-ready dict of the scoreboard."""
        names = {p.seat: p.name for p in self.players}
        result: dict[str, Any] = {
            "decided": self.decided,
            "winners": [{"seat": seat, "name": names[seat]} for seat in self.winners],
            "players": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "rank": p.rank,
                    "total": p.total,
                    "categories": {c.key: c.points for c in p.categories},
                }
                for p in self.players
            ],
            "tie_break": [m.render(translate) for m in self.tie_break],
            "options": {translate(label): translate(value) for label, value in self.options},
            "details": [m.render(translate) for m in self.details],
            "notes": [m.render(translate) for m in self.notes],
        }
        if self.verdict is not None:
            result["verdict"] = {
                "automa": self.verdict.automa,
                "score": self.verdict.score,
                "automa_score": self.verdict.automa_score,
                "winner": "player" if self.verdict.player_wins else "automa",
                "explanation": self.verdict.explanation.render(translate),
            }
        return result
