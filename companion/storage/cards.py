"""Storage of the cards of imported catalogue files: card facts only, each card once per game and move.

Written when a phone imports a catalogue file, read when a phone is offered the cards the server
knows and when the catalogue is exported; the ledger is never touched here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Engine, and_, func, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from companion.storage.db import read_session, write_session
from companion.storage.models import CatalogueCardRecord, EventRecord, PlayRecord


class CatalogueFull(Exception):
    """Storing the cards would take the game's stored catalogue past its limit; nothing was stored."""


def card_digest(facts: Mapping[str, Any]) -> str:
    """Return the key that keeps a card once: the SHA-256 of its facts as sorted JSON."""
    return hashlib.sha256(json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def add_cards(engine: Engine, *, game: str, kind: str, cards: Sequence[Mapping[str, Any]], limit: int) -> int:
    """Store the cards not stored yet, all or none, and return how many were new (CatalogueFull past ``limit``)."""
    wanted = {card_digest(facts): dict(facts) for facts in cards}
    for attempt in range(2):
        try:
            with write_session(engine) as session:
                stored = set(
                    session.exec(
                        select(CatalogueCardRecord.digest).where(
                            CatalogueCardRecord.game == game, CatalogueCardRecord.kind == kind
                        )
                    ).all()
                )
                new = {digest: facts for digest, facts in wanted.items() if digest not in stored}
                held = session.exec(
                    select(func.count()).select_from(CatalogueCardRecord).where(CatalogueCardRecord.game == game)
                ).one()
                if held + len(new) > limit:
                    raise CatalogueFull
                session.add_all(
                    CatalogueCardRecord(game=game, kind=kind, facts=facts, digest=digest)
                    for digest, facts in new.items()
                )
                return len(new)
        except IntegrityError:  # another import stored some of these cards meanwhile: count again
            if attempt:
                raise
    raise AssertionError("unreachable")


def stored_cards(engine: Engine, *, game: str) -> list[tuple[str, dict[str, Any]]]:
    """Return the stored cards of ``game`` as (move kind, facts), in the order they were imported."""
    query = (
        select(CatalogueCardRecord.kind, CatalogueCardRecord.facts)
        .where(CatalogueCardRecord.game == game)
        .order_by(col(CatalogueCardRecord.id))
    )
    with read_session(engine) as session:
        return [(kind, dict(facts)) for kind, facts in session.exec(query).all()]


def recent_payloads(
    engine: Engine, *, kinds: Sequence[str], limit: int, secret_kinds: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """Return the payloads of the newest events of ``kinds`` at every table of this server, newest first.

    Those of ``secret_kinds`` come only from tables that have ended (their play is kept), where
    every secret has been revealed.
    """
    public = [kind for kind in kinds if kind not in secret_kinds]
    ended = col(EventRecord.table_id).in_(select(PlayRecord.table_id))
    query = select(EventRecord.payload).where(
        or_(col(EventRecord.kind).in_(public), and_(col(EventRecord.kind).in_(list(secret_kinds)), ended))
    )
    query = query.order_by(col(EventRecord.id).desc()).limit(limit)
    with read_session(engine) as session:
        return [dict(payload) for payload in session.exec(query).all()]
