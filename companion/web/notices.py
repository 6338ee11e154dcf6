"""News where the player is looking: the notices a board fetch brings along, per phone.

The public board is rendered once per entry (``companion.web.boards``); the notices depend
on which entry the phone showed before (``?since=``), so they are rendered for each fetch, as
out-of-band parts of the same answer: a notice in the tray that floats over the page (whatever
its scroll position), the same words in the screen readers' live region, and at the end of the
game the reveal of its winner.
"""

from __future__ import annotations

from flask import render_template

from companion.games.news import END
from companion.policy import Phone
from companion.results import reveal
from companion.services.table import Table


def notices(table: Table, phone: Phone, since: int | None) -> bytes:
    """Return the notices of what changed since entry ``since`` for this phone (empty without news)."""
    if since is None:
        return b""
    news = table.news(since, phone.seat, phone.host)
    if not news:
        return b""
    ending = reveal(table.scoreboard) if any(item.kind == END for item in news) else None
    html = render_template("partials/_news.html", news=news, upto=table.state.last_seq, reveal=ending, table=table.info)
    return html.encode()
