"""One door: every route names its action in the rights policy, and the answers follow the policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.policy import Action, Role, allows, rights_markdown, roles_of
from companion.web.door import Blueprint, actions
from tests.conftest import join_link, new_table, post_event

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_route_of_the_app_declares_its_action_where_it_is_registered(app: Flask) -> None:
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert endpoints == set(actions(app))


def test_a_route_without_an_action_cannot_be_registered() -> None:
    bp = Blueprint("nowhere", __name__)
    with pytest.raises(TypeError):
        bp.get("/x")(lambda: "x")  # type: ignore[call-arg]


def test_a_route_added_around_the_door_does_not_serve(app: Flask) -> None:
    app.add_url_rule("/around", "around", lambda: "secret")
    response = app.test_client().get("/around")
    assert response.status_code == 403
    assert "secret" not in response.text


def test_the_readme_shows_the_policy_table_as_it_is() -> None:
    text = README.read_text()
    shown = text.split("<!-- rights:start -->\n", 1)[1].split("<!-- rights:end -->", 1)[0]
    assert shown == rights_markdown()


def test_a_host_who_holds_a_seat_has_both_roles_and_a_freed_player_watches() -> None:
    assert roles_of(host=True, seat_held=True, joined=True) >= {Role.HOST, Role.PLAYER}
    assert Role.WATCHER in roles_of(host=False, seat_held=False, joined=True)
    assert not allows(Action.RECORD, roles_of(host=False, seat_held=False, joined=True))
    assert not allows(Action.VIEW_TABLE, roles_of(host=False, seat_held=False, joined=False))


@pytest.fixture
def phones(client: FlaskClient, make_client: Any) -> dict[Role, Any]:
    """A score-pad table with a host, a player, a watcher and a stranger."""
    code = new_table(client)
    player = make_client()
    assert player.post(join_link(client, code), data={"seat": "2", "key": "policy-join-2"}).status_code == 303
    watcher = make_client()
    watch = client.get(f"/t/{code}").text.split('href="/watch/', 1)[1].split('"', 1)[0]
    assert watcher.get(f"/watch/{watch}").status_code == 303
    return {"code": code, Role.HOST: client, Role.PLAYER: player, Role.WATCHER: watcher, Role.STRANGER: make_client()}


TABLE_ROUTES = {
    Action.VIEW_TABLE: ("GET", ""),
    Action.SHOW_JOIN_CODE: ("GET", "/qr.svg"),
    Action.DOWNLOAD_SCENARIO: ("GET", "/scenario.json"),
    Action.EXPORT_RESULTS: ("GET", "/players.csv"),
    Action.MAKE_HOST_KEY: ("POST", "/recovery"),
}
ROLES = (Role.HOST, Role.PLAYER, Role.WATCHER, Role.STRANGER)


@pytest.mark.parametrize("ended", [False, True], ids=["in play", "ended"])
def test_each_role_gets_what_the_policy_says_on_every_table_route(phones: dict[Any, Any], ended: bool) -> None:
    code = phones["code"]
    if ended:
        assert post_event(phones[Role.HOST], code, kind="table.end").status_code == 303
    for action, (method, path) in TABLE_ROUTES.items():
        for role in ROLES:
            roles = roles_of(host=role is Role.HOST, seat_held=role is Role.PLAYER, joined=role is not Role.STRANGER)
            response = phones[role].open(f"/t/{code}{path}", method=method)
            if not allows(Action.VIEW_TABLE, roles):
                expected = 404
            else:
                expected = 200 if allows(action, roles, ended=ended) else 403
            assert response.status_code == expected, (action, role, ended)


def test_recording_follows_the_policy_for_every_role(phones: dict[Any, Any]) -> None:
    code = phones["code"]
    answers = {
        role: post_event(phones[role], code, kind="tally.add", seat=2, category="vp", delta=1).status_code
        for role in ROLES
    }
    assert answers == {Role.HOST: 303, Role.PLAYER: 303, Role.WATCHER: 403, Role.STRANGER: 404}
