"""Japanese and English: the locale choice and translation of the games' messages.

Flask-Babel installs ``gettext`` and ``ngettext`` into Jinja itself (Jinja's i18n extension,
new style: a translated string's placeholders are filled in after escaping the values). Each
render is given the same two functions bound to its request's catalogue (:func:`request_gettext`),
which Jinja's ``_()`` and ``{% trans %}`` resolve from the context first: Flask-Babel's own look up
the request's locale and catalogue on every call (docs/benchmarks.md, "Translating a board"), and
a board translates a few hundred strings.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Flask, current_app, request, session
from flask_babel import Babel, get_translations
from jinja2 import pass_context, pass_eval_context
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from markupsafe import Markup

from companion.games.time_zones import zone
from companion.games.words import COLON, COMMA, N_, Message, listing, msg, number, signed, without_context

LANGUAGE_KEY = "lang"
THEME_KEY = "theme"
THEMES = ("system", "light", "dark")
THEME_NAMES = {"system": N_("as the system"), "light": N_("light"), "dark": N_("dark")}


def select_locale() -> str:
    """Return the language chosen in the header switch, else the browser's, else English."""
    languages = current_app.config["LANGUAGES"]
    chosen = session.get(LANGUAGE_KEY)
    if chosen in languages:
        return str(chosen)
    return request.accept_languages.best_match(languages) or languages[0]


def translate(value: Any, lookup: Callable[[str], str] | None = None) -> str:
    """Translate a :class:`Message` or a message id (with this request's catalogue); anything else is shown as it is."""
    if lookup is None:
        lookup = get_translations().ugettext  # once for a message and every message inside it
    if isinstance(value, Message):
        return value.render(lookup)
    if isinstance(value, str):
        return without_context(lookup(value)) if value else value
    return str(value)


def punctuation() -> dict[str, str]:
    """Return the separators templates put between words, in the request's language."""
    return {
        "list_separator": translate(COMMA),  # between items a loop lists
        "colon": translate(COLON),  # between a label and its value
    }


def request_gettext() -> dict[str, Any]:
    """Return ``gettext`` and ``ngettext`` bound to this request's catalogue, new style, for a render's context.

    As Jinja's own new-style functions: the translation is a format string (``%%`` for a percent
    sign), marked safe where the template escapes, so the values put into it are escaped.
    """
    catalogue = get_translations()

    @pass_eval_context
    def bound_gettext(context: EvalContext, string: str, **variables: Any) -> str:
        found: str = catalogue.ugettext(string)
        return (Markup(found) if context.autoescape else found) % variables

    @pass_eval_context
    def bound_ngettext(context: EvalContext, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        found: str = catalogue.ungettext(singular, plural, num)
        return (Markup(found) if context.autoescape else found) % variables

    return {"gettext": bound_gettext, "ngettext": bound_ngettext, CATALOGUE_LOOKUP: catalogue.ugettext}


CATALOGUE_LOOKUP = "catalogue_lookup"  # this request's catalogue in a render's context, for the ``t`` filter


@pass_context
def translate_in_template(context: Context, value: Any) -> str:
    """The ``t`` filter: :func:`translate` with the catalogue the render was given."""
    return translate(value, context.get(CATALOGUE_LOOKUP))


DATE_AND_TIME = N_("{year}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}")  # 「2026年11月28日 19:30」


@pass_context
def moment_in_zone(context: Context, at: datetime, zone_name: str | None, shown: str = "time") -> str:
    """The ``moment`` filter: a time in the table's zone; "date" with the date (in the page's words), else the time."""
    local = at.astimezone(zone(zone_name))
    if shown != "date":
        return local.strftime("%H:%M:%S")
    when = msg(DATE_AND_TIME, year=local.year, month=local.month, day=local.day, hour=local.hour, minute=local.minute)
    return translate(when, context.get(CATALOGUE_LOOKUP))


def init_app(app: Flask) -> None:
    """Install Flask-Babel and the ``t`` and ``listing`` template filters."""
    Babel(app, locale_selector=select_locale)
    app.jinja_env.filters["t"] = translate_in_template
    app.jinja_env.filters["moment"] = moment_in_zone
    app.jinja_env.filters["number"] = number  # a total or a count: "−5" with the minus sign (docs/words.md)
    app.jinja_env.filters["signed"] = signed  # a change: "+3", "−5"
    app.jinja_env.filters["listing"] = pass_context(  # the way the language lists
        lambda context, items: translate(listing(items), context.get(CATALOGUE_LOOKUP))
    )
    app.context_processor(punctuation)
    app.context_processor(request_gettext)
    app.jinja_env.globals["current_locale"] = select_locale
    app.jinja_env.globals["theme_names"] = THEME_NAMES
    app.jinja_env.globals["current_theme"] = lambda: session.get(THEME_KEY, "system")
