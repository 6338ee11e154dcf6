"""The ``companion`` command: run the app, migrate, score, export and import scenarios, back up and restore."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import click

from companion.games.words import RuleError, without_context


def _app() -> Any:
    from companion.web.app import create_app
    from companion.web.extensions import ENGINE_KEY

    app = create_app()
    # Close the database connections when the command ends (the command may be run in-process).
    click.get_current_context().call_on_close(app.extensions[ENGINE_KEY].dispose)
    return app


@click.group()
def main() -> None:
    """Table Companion: scoring and bookkeeping for real board games."""


@main.command()
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="Address to listen on: 0.0.0.0 every network (phones on the Wi-Fi can join), 127.0.0.1 this machine only.",
)
@click.option("--port", type=int, default=lambda: int(os.environ.get("PORT", "5000")), help="Default: $PORT or 5000.")
@click.option(
    "--workers",
    type=int,
    default=None,
    help="gunicorn gevent workers. Default: 1 (one process hears every phone at once); with "
    "COMPANION_REDIS_URL set, one per CPU (Redis carries the news between them).",
)
@click.option("--dev", is_flag=True, help="Use Flask's reloading development server instead of gunicorn.")
def run(host: str, port: int, workers: int | None, dev: bool) -> None:
    """Migrate the database, then serve the app."""
    app = _app()
    if workers is None:
        workers = (os.cpu_count() or 1) if app.config.get("REDIS_URL") else 1
    elif workers > 1 and not app.config.get("REDIS_URL"):
        click.echo(
            "Several workers without COMPANION_REDIS_URL: live updates between them wait for the "
            "streams' 10-second check.",
            err=True,
        )
    from companion.storage.migrate import upgrade

    if app.config.get("DATABASE_PROBLEM"):
        # Serve what can be read; every write is answered 503 with the reason until it is fixed.
        click.echo(f"Warning: {app.config['DATABASE_PROBLEM']}. Not migrating; serving reads only.", err=True)
    else:
        upgrade(app.config["DATABASE_URL"])
    for line in addresses_to_open(host, port, app.config.get("PUBLIC_URL")):
        click.echo(line)
    if dev:
        app.run(host=host, port=port, debug=True, threaded=True)
        return
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    sys.stdout.flush()  # exec drops what Python still buffers (stdout is a file or a pipe under a service)
    os.execv(
        gunicorn,
        [
            gunicorn,
            "--config",
            "python:companion.web.gunicorn_conf",
            "--bind",
            f"{host}:{port}",
            "--workers",
            str(workers),
            "companion.web.wsgi:app",
        ],
    )


def addresses_to_open(host: str, port: int, public_url: str | None) -> list[str]:
    """Return the lines that tell where to open the app: the LAN addresses first, for the phones."""
    from companion.network import is_loopback, lan_addresses, origin

    if public_url:
        return [f"Table Companion: open {public_url} on the phones (COMPANION_PUBLIC_URL)."]
    if host in ("0.0.0.0", "::", ""):
        found = lan_addresses()
        if not found:
            return [
                f"Table Companion: serving on port {port}, but this machine has no network address "
                f"yet: open {origin('http', '127.0.0.1', port)} here, and connect it to the phones' Wi-Fi."
            ]
        lines = [f"Table Companion: open {origin('http', found[0], port)} on the phones (same Wi-Fi)."]
        lines += [f"  also reachable at {origin('http', other, port)}" for other in found[1:]]
        lines.append(f"  on this machine: {origin('http', '127.0.0.1', port)}")
        return lines
    if is_loopback(host):
        return [
            f"Table Companion: open {origin('http', host, port)} on this machine only; other phones "
            "cannot reach it (start with --host 0.0.0.0 to let them join)."
        ]
    return [f"Table Companion: open {origin('http', host, port)} on the phones."]


@main.group()
def db() -> None:
    """Database schema."""


@db.command("upgrade")
def db_upgrade() -> None:
    """Bring the database to the newest schema."""
    from companion.storage.migrate import upgrade

    upgrade(_app().config["DATABASE_URL"])
    click.echo("database is up to date")


def read_scenario(path: Path, translate: Any) -> dict[str, Any]:
    """Return the scenario in ``path``, or stop with a one-line error (too large, too deep, not JSON)."""
    from companion.games.scenario import MAX_SCENARIO_BYTES, parse_scenario

    try:
        with path.open("rb") as file:
            data = file.read(MAX_SCENARIO_BYTES + 1)  # never read more than the cap allows
        return parse_scenario(data)
    except OSError as error:
        raise click.ClickException(f"cannot read {path}: {error.strerror}") from None
    except RuleError as error:
        raise click.ClickException(one_line(error.message.render(translate))) from None


def one_line(text: str) -> str:
    """Return ``text`` on one line (a file's values may hold line breaks)."""
    return " ".join(text.split())


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True)
def score(scenario: Path, lang: str) -> None:
    """Replay a scenario file with the pure game core and print the scoreboard as JSON."""
    from companion.games.scenario import replay

    translate = _translator(lang)
    data = read_scenario(scenario, translate)
    try:
        state, board = replay(data)
    except RuleError as error:
        raise click.ClickException(one_line(error.message.render(translate))) from None
    except (KeyError, TypeError, ValueError) as error:  # a value of the right type the rules cannot use
        raise click.ClickException(one_line(f"not a valid scenario file: {type(error).__name__}: {error}")) from None
    result = board.to_json(translate)
    result["game"] = state.setup.game
    result["events"] = len(state.events)
    result["skipped"] = [{"seq": seq, "reason": m.render(translate)} for seq, m in sorted(state.skipped.items())]
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@main.command()
@click.argument("code")
@click.option("--output", "-o", type=click.File("w", encoding="utf-8"), default="-")
def export(code: str, output: Any) -> None:
    """Write a table's ledger as a scenario file (includes the secret seed)."""
    from companion.services.table import NotFound
    from companion.services.tables import export_scenario
    from companion.web.extensions import TABLES_KEY

    app = _app()
    try:
        table = app.extensions[TABLES_KEY].find(code=code)
    except NotFound:
        raise click.ClickException(f"no table with code {code}") from None
    scenario = export_scenario(table)
    output.write(json.dumps(scenario, ensure_ascii=False, indent=2) + "\n")


SQLITE_HEADER = b"SQLite format 3\x00"


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def backup(file: Path) -> None:
    """Copy the whole database to FILE while the app runs (SQLite; for PostgreSQL, use pg_dump)."""
    import sqlite3

    from sqlalchemy import make_url

    url = make_url(_app().config["DATABASE_URL"])
    if url.get_backend_name() != "sqlite":
        plain = url.set(drivername="postgresql").render_as_string(hide_password=True)
        raise click.ClickException(
            f"the database is {url.get_backend_name()}: back it up with its own tools, e.g. "
            f"pg_dump --format=custom --file {file} '{plain}' (restore with pg_restore --clean --dbname ...), "
            "or export tables one by one with companion export CODE"
        )
    if file.exists():
        raise click.ClickException(f"{file} already exists: choose a new file name")
    source_path = url.database or ""
    if source_path in ("", ":memory:") or not Path(source_path).exists():
        raise click.ClickException(f"no database file at {source_path or '(memory)'}")
    # SQLite's online backup API: a consistent copy even while phones are recording.
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    target = sqlite3.connect(file)
    try:
        with target:
            source.backup(target)
    finally:
        source.close()
        target.close()
    size = file.stat().st_size
    click.echo(f"backed up {source_path} to {file} ({size} bytes); restore with: companion import {file}")


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_(file: Path) -> None:
    """Add a scenario file's table under a new code, or restore every table of a backup."""
    from companion.services.tables import import_scenario
    from companion.web.extensions import ENGINE_KEY, TABLES_KEY

    app = _app()
    engine = app.extensions[ENGINE_KEY]
    with file.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header == SQLITE_HEADER:
        restored = _restore(file, engine)
        for code in restored.skipped:
            click.echo(f"left alone: table {code} is already in the database", err=True)
        click.echo(f"restored {len(restored.copied)} tables: {' '.join(restored.copied) or '-'}")
        return
    from companion.games.scenario import MAX_SCENARIO_BYTES

    with file.open("rb") as handle:
        data = handle.read(MAX_SCENARIO_BYTES + 1)  # never read more than the cap allows
    try:
        table = import_scenario(app.extensions[TABLES_KEY], data).info
    except RuleError as error:
        raise click.ClickException(one_line(error.message.render(_translator("en")))) from None
    click.echo(
        f"imported as table {table.code} ({table.setup.game}); "
        f"watch it at /watch/{table.watch_token}, join it at /join/{table.join_token}"
    )


def _restore(file: Path, engine: Any) -> Any:
    """Copy every table of the backup ``file`` into ``engine``'s database (the file is not changed)."""
    import shutil
    import tempfile

    from companion.storage.backup import copy_tables
    from companion.storage.db import make_engine
    from companion.storage.migrate import upgrade

    with tempfile.TemporaryDirectory() as folder:
        # A backup from an older release is brought to this schema on a copy, never in place.
        copy = Path(folder) / "backup.sqlite3"
        shutil.copyfile(file, copy)
        url = f"sqlite:///{copy}"
        try:
            upgrade(url)
        except Exception as error:
            raise click.ClickException(one_line(f"{file} is not a Table Companion backup: {error}")) from None
        source = make_engine(url)
        try:
            return copy_tables(source, engine)
        finally:
            source.dispose()


def _translator(lang: str) -> Any:
    if lang == "en":
        return without_context
    from babel.support import Translations

    catalogue = Translations.load(str(Path(__file__).parent / "translations"), [lang])
    return lambda text: without_context(catalogue.gettext(text))
