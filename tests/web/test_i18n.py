"""Japanese and English: every user-facing string is in the Japanese catalogue."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = ROOT / "companion/translations/ja/LC_MESSAGES/messages.po"


def read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as handle:
        return read_po(handle)


def test_every_extracted_message_has_a_japanese_translation(tmp_path: Path) -> None:
    template = tmp_path / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "babel.cfg",
            "-k",
            "N_",
            "-k",
            "NP_:1c,2",
            "-k",
            "_",
            "-k",
            "gettext",
            "--no-location",
            "-o",
            str(template),
            ".",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    extracted = {(m.context or "", m.id) for m in read(template) if m.id}
    catalogue = read(JAPANESE)
    translated = {(m.context or "", m.id) for m in catalogue if m.id and m.string and "fuzzy" not in m.flags}
    assert sorted(extracted - translated) == []


def test_placeholders_survive_translation() -> None:
    import re

    catalogue = read(JAPANESE)
    pattern = r"\{[^}]*\}|%\([a-z_]+\)s"

    def placeholders(text: str) -> list[str]:
        # Zero padding is the language's own way to write a date ("2026-11-05", 「2026年11月5日」);
        # every other format (a sign, a width) must survive.
        return sorted(re.sub(r":02d\}$", "}", found) for found in re.findall(pattern, text))

    for message in catalogue:
        if message.id:
            # A plural message: each form the translation gives keeps the placeholders of the English plural.
            english = message.id[-1] if isinstance(message.id, tuple) else message.id
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                assert placeholders(english) == placeholders(form), message.id


def test_japanese_puts_no_space_after_full_width_punctuation() -> None:
    """「：」 and 「、」 carry their own space: a space after them shows as a gap on the phone."""
    spaced = [m.id for m in read(JAPANESE) if m.id and any(f"{mark} " in str(m.string) for mark in "：、。")]
    assert spaced == []
