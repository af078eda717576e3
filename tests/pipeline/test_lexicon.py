"""Tests generated from the language data (app/lexicon/*.json), one per text, in the spirit of spaCy's
tokenizer tables: every phrase is recognised where the file says it matches, and each file's examples
must and must not match (issue 27)."""

from __future__ import annotations

import pytest

from app import lexicon
from app.pipeline.refine import ending_farewell
from app.text import TextAnalyzer, normalize

pytestmark = pytest.mark.issue(27)
FAREWELL = lexicon.load("farewell")
EVERY_FAREWELL = [
    p for kind in ("farewell", "farewell_at_end_only") for group in FAREWELL[kind]["groups"] for p in group["phrases"]
]


@pytest.mark.parametrize("phrase", EVERY_FAREWELL, ids=EVERY_FAREWELL)
def test_every_farewell_ends_a_text(phrase: str, analyzer: TextAnalyzer) -> None:
    assert ending_farewell(analyzer.analyze(phrase + "。")) is not None


@pytest.mark.parametrize("text", FAREWELL["examples"]["must_match"], ids=FAREWELL["examples"]["must_match"])
def test_farewell_examples_match(text: str, analyzer: TextAnalyzer) -> None:
    assert ending_farewell(analyzer.analyze(text)) is not None


@pytest.mark.parametrize("text", FAREWELL["examples"]["must_not_match"], ids=FAREWELL["examples"]["must_not_match"])
def test_farewell_near_misses_do_not_match(text: str, analyzer: TextAnalyzer) -> None:
    assert ending_farewell(analyzer.analyze(text)) is None


def test_phrases_are_loaded_normalised_and_once() -> None:
    loaded = lexicon.phrases("farewell", "farewell")
    assert len(loaded) == len(set(loaded)) and all(p == normalize(p) for p in loaded)
    assert normalize("失礼します") in loaded
