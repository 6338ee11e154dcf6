"""Server-Sent Events: each open board hears "the table is now at seq N" within a second."""

from __future__ import annotations

import queue
from collections.abc import Iterator

from flask import Response, request
from flask_babel import gettext

from companion.policy import Action
from companion.storage.live import RECHECK
from companion.web.door import Blueprint, this_phone, this_table
from companion.web.extensions import broker, tables
from companion.web.forms import sequence_number
from companion.web.membership import device_id
from companion.web.streams import gate, stream_keys

bp = Blueprint("live", __name__, url_prefix="/t/<code>")

HEARTBEAT_SECONDS = 10.0
UPDATE_EVENT = "update"


def _message(seq: int) -> str:
    return f"id: {seq}\nevent: {UPDATE_EVENT}\ndata: {seq}\n\n"


@bp.get("/stream", action=Action.FOLLOW_LIVE)
def stream(code: str) -> Response:
    """Stream the table's sequence numbers; a reconnect catches up from Last-Event-ID."""
    table, phone = this_table().info, this_phone()
    release = gate().enter(stream_keys(table.id, phone.seat, phone.host, request.remote_addr, device_id()))
    if release is None:
        # Too many streams here: the page polls for the board instead (app.js, on the stream's error).
        body = gettext("Too many live connections: this screen refreshes every few seconds instead.")
        return Response(body, 429, {"Retry-After": "60", "Cache-Control": "no-store"}, mimetype="text/plain")
    after = sequence_number(request.headers.get("Last-Event-ID") or request.args.get("after")) or 0
    live, database = broker(), tables()

    def events() -> Iterator[str]:
        with live.subscribe(table.id) as inbox:
            # Subscribed first, then read: nothing can slip between the two.
            last = database.find(code=table.code).state.last_seq
            yield "retry: 2000\n\n"
            if last > after:
                yield _message(last)
            while True:
                try:
                    seq = inbox.get(timeout=HEARTBEAT_SECONDS)
                    if seq == RECHECK:  # news may have been missed (Redis reconnected): read the ledger
                        seq = database.find(code=table.code).state.last_seq
                except queue.Empty:
                    # A quiet spell: look at the ledger itself, in case news went to another
                    # process (several workers without Redis), then send a heartbeat.
                    seq = database.find(code=table.code).state.last_seq
                    if seq <= last:
                        yield ": heartbeat\n\n"  # also how a dead connection is noticed
                        continue
                if seq > last:
                    last = seq
                    yield _message(seq)

    response = Response(
        events(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(release)  # also when the stream ends before its first line
    return response
