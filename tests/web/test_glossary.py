"""The Japanese catalogue says things as the Japanese editions do: docs/glossary.md, checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
JAPANESE = ROOT / "companion/translations/ja/LC_MESSAGES/messages.po"
SEEDS = ROOT.parent / "shared" / "seeds"
APP_NAME = "テーブル・コンパニオン"  # the one place テーブル stays


def rows(heading: str) -> list[list[str]]:
    """The body rows of the first table after ``heading`` (or of the first table when it is empty)."""
    text = GLOSSARY.read_text(encoding="utf-8")
    if heading:
        text = text.split(heading, 1)[1]
    table = re.search(r"(^\|.*\|\n)+", text, re.MULTILINE)
    assert table
    lines = table.group(0).splitlines()[2:]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def catalogue() -> dict[tuple[str, str], str]:
    with JAPANESE.open("rb") as handle:
        return {(m.context or "", m.id): m.string for m in read_po(handle) if m.id and isinstance(m.id, str)}


TERMS = rows("")
WORDS = rows("## One word per thing")


def test_the_glossary_lists_the_issues_terms() -> None:
    assert len(TERMS) >= 18
    assert {row[4] for row in TERMS} == {"000", "001", "002", "003", "004"}


@pytest.mark.parametrize(("english", "japanese", "context"), [(r[0], r[1], r[2]) for r in TERMS], ids=lambda v: v)
def test_each_glossary_message_is_translated_with_the_seeds_word(english: str, japanese: str, context: str) -> None:
    translation = catalogue().get((context, english))
    assert translation is not None, f"{english!r} is not a message of the catalogue (renamed?)"
    assert japanese in translation


def ruled_out() -> tuple[list[str], dict[tuple[str, str], list[str]]]:
    """The wordings ruled out everywhere, and those ruled out of one message only (another row's word)."""
    words = {row[1] for row in TERMS}
    everywhere = [word for row in WORDS if row[2] for word in re.sub(r"\s*\(.*\)", "", row[2]).split(", ")]
    in_one: dict[tuple[str, str], list[str]] = {}
    for row in TERMS:
        for word in row[3].split(", ") if row[3] else ():
            if any(word in other for other in words):
                in_one.setdefault((row[2], row[0]), []).append(word)
            else:
                everywhere.append(word)
    return everywhere, in_one


def test_no_translation_uses_a_wording_the_glossary_rules_out() -> None:
    everywhere, in_one = ruled_out()
    strings = catalogue()
    offending = [
        (word, string) for string in strings.values() for word in everywhere if word in string.replace(APP_NAME, "")
    ]
    offending += [
        (word, strings[key]) for key, words in in_one.items() for word in words if word in strings.get(key, "")
    ]
    assert offending == []


def test_a_ruled_out_wording_is_not_written_in_the_code_or_the_templates() -> None:
    everywhere, _ = ruled_out()
    sources = [path for pattern in ("*.py", "*.html") for path in (ROOT / "companion").rglob(pattern)]
    offending = [
        (str(path.relative_to(ROOT)), word)
        for path in sources
        for word in everywhere
        if word in path.read_text(encoding="utf-8").replace(APP_NAME, "")
    ]
    assert offending == []


def test_a_word_ruled_out_with_an_exception_in_brackets_is_ruled_out() -> None:
    everywhere, _ = ruled_out()
    assert "テーブル" in everywhere and "スマートフォン" in everywhere and "端末" in everywhere


def test_a_wording_that_is_another_games_word_is_ruled_out_of_its_own_message_only() -> None:
    everywhere, in_one = ruled_out()
    assert "即時勝利" not in everywhere and "即時勝利" in in_one[("", "you launched the rocket: an immediate victory")]
    assert "レベルⅠ" in everywhere and "未探索" in everywhere


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are kept beside the repository, not in it")
@pytest.mark.parametrize(("seed", "line", "words"), [(r[4], int(r[5]), r[6]) for r in TERMS], ids=str)
def test_each_glossary_line_quotes_its_seed(seed: str, line: int, words: str) -> None:
    (path,) = SEEDS.glob(f"{seed}_*")
    assert words in path.read_text(encoding="utf-8").splitlines()[line - 1]


PLACEHOLDER = re.compile(r"%\([a-z_]+\)[-+0-9]*[sd]|\{[^}]*\}")
# The one Latin name printed with its "!"; a time, 「19:30」, keeps its colon between two numbers.
HALF_WIDTH = re.compile(r"[()?;]|(?<!0):|:(?!0)|, |!(?<!YOU WIN!)")


def test_japanese_text_has_full_width_brackets_colons_and_question_marks() -> None:
    half_width = {string: HALF_WIDTH.findall(written(string)) for string in catalogue().values()}
    assert {string: found for string, found in half_width.items() if found} == {}


def written(string: str) -> str:
    """A translation as a reader sees it, each placeholder (a number, a name) and each digit read as 0."""
    return re.sub(r"\d", "0", PLACEHOLDER.sub("0", string))


def test_a_time_keeps_its_colon_but_a_label_does_not() -> None:
    assert HALF_WIDTH.findall(written("{year}年{month}月{day}日 {hour:02d}:{minute:02d}")) == []
    assert HALF_WIDTH.findall(written("19:30に開始")) == []
    assert HALF_WIDTH.findall(written("{label}: {value}")) == [":"]
    assert HALF_WIDTH.findall(written("第%(n)sラウンド: 開始")) == [":"]
