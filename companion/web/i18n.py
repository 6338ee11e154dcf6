"""Japanese and English: the locale choice and translation of the games' messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel import Locale
from flask import Flask, current_app, request, session
from flask_babel import Babel, get_translations, gettext
from jinja2 import pass_context
from jinja2.ext import _make_new_gettext, _make_new_ngettext
from jinja2.runtime import Context

from companion.games.words import COLON, COMMA, N_, Message, listing, without_context

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


_LOCALES: dict[str, Locale] = {}


def selected_locale() -> Locale:
    """Return the chosen language as Babel's ``Locale`` (parsed once per language, not per request)."""
    name = select_locale()
    locale = _LOCALES.get(name)
    if locale is None:
        locale = _LOCALES[name] = Locale.parse(name)
    return locale


BOUND = "_companion_gettext"


def translate(value: Any, lookup: Callable[[str], str] = gettext) -> str:
    """Translate a :class:`Message` or a message id; anything else is shown as it is."""
    if isinstance(value, Message):
        return value.render(lookup)
    if isinstance(value, str):
        return without_context(lookup(value)) if value else value
    return str(value)


def bound_translations() -> dict[str, Any]:
    """Return the template's ``gettext``/``ngettext`` bound to this request's catalogue.

    A context processor: the catalogue is looked up once per render, not once per string
    (Flask-Babel's own callables look up the request, the locale and the catalogue every time).
    Macros imported without context keep Flask-Babel's callables. Measured by
    ``bench/instructions.py --mode tap`` (an entry and four seats' boards, 2026-11-26): 55.0
    million instructions with it, 64.1 million with Flask-Babel's callables alone (+17 %). It
    uses Jinja's ``_make_new_gettext``, the wrapper Jinja's own i18n extension installs: check it
    when Jinja is upgraded (tests/web/test_i18n.py renders through it).
    """
    translations = get_translations()
    return {
        "gettext": _make_new_gettext(translations.ugettext),
        "ngettext": _make_new_ngettext(translations.ungettext),
        BOUND: translations.ugettext,
        "list_separator": without_context(translations.ugettext(COMMA)),  # between items a loop lists
        "colon": without_context(translations.ugettext(COLON)),  # between a label and its value
    }


@pass_context
def _translate_filter(context: Context, value: Any) -> str:
    return translate(value, context.get(BOUND) or gettext)


@pass_context
def _listing_filter(context: Context, items: Any) -> str:
    return translate(listing(items), context.get(BOUND) or gettext)


def init_app(app: Flask) -> None:
    """Install Flask-Babel and the ``t`` and ``listing`` template filters."""
    Babel(app, locale_selector=selected_locale)  # a Locale is taken as it is
    app.jinja_env.filters["t"] = _translate_filter
    app.jinja_env.filters["listing"] = _listing_filter  # a list the way the language writes one
    app.context_processor(bound_translations)
    app.jinja_env.globals["current_locale"] = select_locale
    app.jinja_env.globals["theme_names"] = THEME_NAMES
    app.jinja_env.globals["current_theme"] = lambda: session.get(THEME_KEY, "system")
