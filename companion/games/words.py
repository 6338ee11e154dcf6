"""Words: translatable messages (translated by the web layer), lists, and the error that carries one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it (the web layer translates)."""
    return msgid


CONTEXT_MARK = "\x04"  # gettext's own separator: a catalogue looks up "context\x04msgid" as pgettext does


def NP_(context: str, msgid: str) -> str:
    """Mark a string that one game or adventure words differently (``msgctxt`` in the catalogue)."""
    return f"{context}{CONTEXT_MARK}{msgid}"


def without_context(text: str) -> str:
    """Return a translation as shown: an untranslated ``NP_`` message loses its context."""
    return text.rpartition(CONTEXT_MARK)[2]


@dataclass(frozen=True)
class Message:
    """A translatable sentence: an English message id and its named parameters."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the sentence with its parameters filled in, translated by ``translate``."""
        values = {
            key: value.render(translate) if isinstance(value, Message) else value for key, value in self.params.items()
        }
        text = without_context(translate(self.msgid))
        return text.format(**values) if values else text


def msg(msgid: str, **params: Any) -> Message:
    """Build a :class:`Message`."""
    return Message(msgid, params)


def plural(count: int, one: str, other: str) -> str:
    """Return the message id that agrees with ``count``: ``one`` for 1, else ``other`` (Japanese says both alike)."""
    return one if count == 1 else other


MINUS = "\u2212"  # a negative number's sign on the page (docs/words.md), never ASCII "-"


def signed(number: int) -> str:
    """Return a change or a score as printed: "+3", "\u22125", "0" (docs/words.md, "Numbers")."""
    if number > 0:
        return f"+{number}"
    return f"{MINUS}{-number}" if number < 0 else "0"


def number(value: int) -> str:
    """Return a count or a total as printed: "5", "\u22125" (a negative one with the minus sign)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


YES, NO = N_("yes"), N_("no")  # a yes/no option as the results page shows it
COMMA = NP_("list", ", ")  # 「、」 in Japanese
SEMICOLON = NP_("list", "; ")  # between groups that hold commas themselves
COLON = NP_("punctuation", ": ")  # 「：」 in Japanese


@dataclass(frozen=True)
class Listing(Message):
    """Several items (names, numbers or messages) joined the way the reader's language lists them."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the items, each translated if it is a message, joined by the translated separator."""
        items = self.params["items"]
        separator = without_context(translate(self.msgid))
        return separator.join(item.render(translate) if isinstance(item, Message) else str(item) for item in items)


def listing(items: Iterable[Any], separator: str = COMMA) -> Message:
    """Return ``items`` as one phrase, joined by ``separator`` (:data:`COMMA` or :data:`SEMICOLON`)."""
    return Listing(separator, {"items": tuple(items)})


class RuleError(Exception):
    """An event that the rules do not allow; carries a translatable message."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.message = Message(msgid, params)
        super().__init__(self.message.render())
