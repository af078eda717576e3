"""Language data the rules read, as data files with the examples each must and must not match
(tests/pipeline/test_lexicon.py runs them). Loaded and normalised once.

A file holds tables. A table says where it matches (`match`) and holds either `groups` of words or
phrases, each group with an optional `note` (which dialect, which register), or `patterns`: the named
parts of one regular expression, each with the texts it is there for (`must_match`) and the near misses
it must leave alone (`must_not_match`). A file's `examples` are run through the rule's own predicate.
A new dialect form is a line in a group, or a pattern with its examples."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from app.text import normalize

LEXICON_DIR = Path(__file__).resolve().parent


@cache
def load(name: str) -> dict[str, Any]:
    """The data file `name`.json as written."""
    data: dict[str, Any] = json.loads((LEXICON_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _entries(table: dict[str, Any]) -> list[str]:
    return [entry for group in table["groups"] for entry in group.get("phrases", group.get("words", []))]


def phrases(name: str, table: str) -> tuple[str, ...]:
    """Every entry of `table` in `name`.json, normalised as texts are, in file order, without repeats
    (order matters where the first match wins); without long-vowel marks where the table says so."""
    spec = load(name)[table]
    entries = (normalize(entry) for entry in _entries(spec))
    if spec.get("without_long_vowel_marks"):
        entries = (entry.replace("ー", "") for entry in entries)
    return tuple(dict.fromkeys(entries))


def listed(name: str, *keys: str) -> tuple[str, ...]:
    """A plain list a table keeps beside its groups (movement.json's doors, kana_going_after's places),
    reached by `keys`, normalised as texts are, in file order."""
    entries: Any = load(name)
    for key in keys:
        entries = entries[key]
    return tuple(normalize(entry) for entry in entries)


def words(name: str, table: str) -> frozenset[str]:
    """`phrases` as a set, for membership (dictionary forms of verbs, whole replies)."""
    return frozenset(phrases(name, table))


def pattern_source(name: str, table: str) -> str:
    """The table's patterns as one alternation, in file order, after what must come before any of them
    (the table's `before`: a particle, say) and before what must follow any of them (`after`: an ending)."""
    spec = load(name)[table]
    alternation = "(" + "|".join(part["pattern"] for part in spec["patterns"]) + ")"
    return spec.get("before", "") + alternation + spec.get("after", "")


@cache
def pattern(name: str, table: str) -> re.Pattern[str]:
    """The table's patterns compiled as one regular expression (searched in normalised text)."""
    return re.compile(pattern_source(name, table))
