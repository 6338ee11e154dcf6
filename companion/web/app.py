"""The application factory."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response

ROOT = Path(__file__).resolve().parent.parent.parent
NO_CONTENT = 204  # an answer without a body: a tap stored, a poll with nothing new
SECURITY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    (
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    ),
)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application: config, database, i18n, CSRF, blueprints, error pages."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    from flask_wtf.csrf import CSRFProtect

    from companion import config as config_module
    from companion.services.table import Tables
    from companion.storage.db import make_engine, write_problem
    from companion.storage.live import make_broker
    from companion.web import assets, door, errors, htmx, i18n, limits, streams
    from companion.web.extensions import BROKER_KEY, ENGINE_KEY, TABLES_KEY
    from companion.web.forms import allow_larger_bodies
    from companion.web.views import catalogue, host, live, play, profiles, results, shell, tables

    config_module.load_config(app, config)
    _add_game_templates(app)
    app.extensions[ENGINE_KEY] = make_engine(app.config["DATABASE_URL"])
    problem = write_problem(app.extensions[ENGINE_KEY])
    if problem:
        app.logger.warning("Table Companion starts, but %s", problem)
    app.config["DATABASE_PROBLEM"] = problem
    app.extensions[TABLES_KEY] = Tables(app.extensions[ENGINE_KEY])
    database = hashlib.sha256(str(app.extensions[ENGINE_KEY].url).encode()).hexdigest()[:12]
    app.extensions[BROKER_KEY] = make_broker(app.config.get("REDIS_URL"), namespace=database)
    if app.config.get("CREATE_SCHEMA"):
        from sqlmodel import SQLModel

        SQLModel.metadata.create_all(app.extensions[ENGINE_KEY])
    i18n.init_app(app)
    htmx.init_app(app)
    assets.init_app(app)
    app.before_request(allow_larger_bodies)  # before the CSRF check reads the form
    # Flask-WTF as shipped: the session is opened once per request, and the CSRF token is
    # checked once (from the form, or the X-CSRFToken header htmx sends) and signed once (kept on g).
    CSRFProtect(app)
    streams.init_app(app)
    app.register_blueprint(tables.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(results.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(host.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(shell.bp)
    app.register_blueprint(catalogue.bp)
    limits.init_app(app)
    door.init_app(app)  # after the CSRF check and the limits (a stranger's 404 counts as a miss), before every view
    errors.init_app(app)
    if app.config.get("PROXIES"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        proxies = int(app.config["PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]

    @app.after_request
    def _headers(response: Response) -> Response:
        if response.status_code == NO_CONTENT:
            return response  # nothing to frame, sniff or restrict
        headers = response.headers
        for name, value in SECURITY_HEADERS:
            if name not in headers:
                headers[name] = value
        return response

    return app


def warm(app: Flask) -> None:
    """Compile every template, set up the database mappings and load each language's translations
    now, so that the first phone after a start or restart does not wait for them (compiling the
    board's templates alone takes tens of ms)."""
    from flask_babel import get_translations
    from sqlalchemy.orm import configure_mappers

    configure_mappers()
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    for language in app.config["LANGUAGES"]:
        with app.test_request_context(headers={"Accept-Language": language}):
            get_translations()


def _add_game_templates(app: Flask) -> None:
    """Let each game's package hold its templates: ``<slug>/_public.html`` and ``_private.html`` in its folder."""
    from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

    from companion.games.registry import GAMES

    game_folders = {slug: FileSystemLoader(game.templates) for slug, game in GAMES.items() if game.templates}
    app.jinja_loader = ChoiceLoader([FileSystemLoader(str(ROOT / "templates")), PrefixLoader(game_folders)])
