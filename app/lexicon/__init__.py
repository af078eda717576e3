"""Language data the rules read, as data files with the examples each must and must not match
(tests/pipeline/test_lexicon.py runs them). Loaded and normalised once."""

from __future__ import annotations

import json
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


def phrases(name: str, kind: str) -> tuple[str, ...]:
    """Every phrase of `kind` in `name`.json, normalised as texts are, in file order, without repeats."""
    groups = load(name)[kind]["groups"]
    return tuple(dict.fromkeys(normalize(p) for group in groups for p in group["phrases"]))
