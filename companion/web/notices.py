"""News where the player is looking: the notices a board fetch brings along, per phone.

The board itself is rendered once per entry and role (``companion.web.boards``); the notices depend
on which entry the phone showed before (``?since=``), so they are rendered for each fetch, as
out-of-band parts of the same answer: a notice in the tray that floats over the page (whatever
its scroll position), the same words in the screen readers' live region, and at the end of the
game the reveal of its winner.
"""

from __future__ import annotations

from flask import render_template

from companion import services
from companion.games.news import END
from companion.results import reveal
from companion.services.news import news_since, phone_news
from companion.storage.store import TableInfo
from companion.web.membership import Membership
from companion.web.requests import engine, table_state


def notices(table: TableInfo, role: Membership, since: int | None) -> bytes:
    """Return the notices of what changed since entry ``since`` for this phone (empty without news)."""
    if since is None:
        return b""
    state = table_state(table)
    news = phone_news(news_since(engine(), table, state, since), role.seat, role.host)
    if not news:
        return b""
    ending = reveal(services.scoreboard(state)) if any(item.kind == END for item in news) else None
    html = render_template("partials/_news.html", news=news, upto=state.last_seq, reveal=ending, table=table)
    return html.encode()
