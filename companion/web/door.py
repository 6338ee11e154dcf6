"""The one door: every route declares its action where it is registered, and every request passes here.

A blueprint of this app is a :class:`Blueprint`: its ``route``, ``get`` and ``post`` take the
route's ``action`` (``@bp.get("/log", action=Action.VIEW_TABLE)``), so a route without one is not
even registered. Before every request, :func:`enter` finds the route's action and asks the rights
policy (:func:`companion.policy.authorize`) alone whether this phone may take it. A route by table
code opens its table here, once (:func:`this_table`), and the phone's role at it comes from its
cookie and the ledger (:func:`this_phone`); a stranger to the table gets what an unknown code gets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask
from flask import Flask, g, request
from flask.blueprints import BlueprintSetupState
from jinja2 import pass_context
from jinja2.runtime import Context

from companion.policy import Action, Phone, allows, authorize
from companion.services.table import Table
from companion.web.extensions import tables
from companion.web.membership import device_id, membership

ACTIONS_KEY = "companion.actions"
STATIC = "static"  # Flask's own route for static files


class Blueprint(flask.Blueprint):
    """A blueprint whose every route names the action it takes (``action=``), read by :func:`enter`."""

    def route(self, rule: str, *, action: Action, **options: Any) -> Callable[[Any], Any]:  # type: ignore[override]
        """Register a view for ``rule`` that takes ``action`` (Flask's ``route`` with the action required)."""

        def register(view: Any) -> Any:
            endpoint = options.pop("endpoint", view.__name__)
            self.add_url_rule(rule, endpoint, view, **options)
            qualified = f"{self.name}.{endpoint}"

            def declare(state: BlueprintSetupState) -> None:
                state.app.extensions.setdefault(ACTIONS_KEY, {})[qualified] = action

            self.record_once(declare)
            return view

        return register


def init_app(app: Flask) -> None:
    """Make every request pass through the door, and let templates ask it (``may(Action.X)``)."""
    app.extensions.setdefault(ACTIONS_KEY, {})[STATIC] = Action.USE_SITE
    app.before_request(enter)
    app.add_template_global(Action, "Action")
    app.add_template_global(may)


@pass_context
def may(context: Context, action: Action) -> bool:
    """True when the phone a template is rendered for (``role``) may take ``action`` at its table now."""
    state = context.get("state")
    return allows(action, context["role"].roles, ended=bool(state is not None and state.ended))


def actions(app: Flask) -> dict[str, Action]:
    """Return the action of every route of ``app``, by endpoint."""
    return dict(app.extensions.get(ACTIONS_KEY, {}))


def enter() -> None:
    """Let the request through only if this phone may take its route's action (the table opened once if by code).

    A route that declares no action cannot serve (403); an unknown address is left to Flask's 404.
    """
    endpoint = request.endpoint
    if endpoint is None:
        return
    action = flask.current_app.extensions[ACTIONS_KEY].get(endpoint)
    if action is None:
        flask.abort(403)
    code = (request.view_args or {}).get("code")
    if not isinstance(code, str):
        authorize(Phone.ANYONE, action)
        return
    table = tables().find(code=code)
    phone = _phone_at(table)
    g.table, g.phone = table, phone
    authorize(phone, action, table.state)


def this_table() -> Table:
    """Return the table of this request's code, opened by the door."""
    return g.table  # type: ignore[no-any-return]


def this_phone() -> Phone:
    """Return this phone's role at the table of this request's code."""
    return g.phone  # type: ignore[no-any-return]


def _phone_at(table: Table) -> Phone:
    """This phone's role at ``table``: the cookie says host and joined; the ledger says which seat it holds."""
    entry = membership(table.code)
    if entry is None:
        return Phone()
    held = entry.seat if entry.seat is not None and table.state.claims.get(entry.seat) == device_id() else None
    return Phone(host=entry.host, seat=held, joined=True, claimed=entry.seat)
