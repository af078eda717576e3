"""Character n-gram similarity between the player's text and a candidate's examples, description and
names: the lexical backend's whole score, and lexical evidence the model's scores can be combined with."""

from __future__ import annotations

import re

from app.pipeline.candidates import Candidate
from app.text import strip_punctuation

_CONTENT_CHAR = re.compile(r"[\u4e00-\u9fff\u3041-\u3096a-z0-9]")
_PARTICLES = set("はがをにでとものへやかねよ")


def ngrams(text: str) -> set[str]:
    """Character bigrams and trigrams, plus single content characters other than common particles."""
    grams = {text[i : i + n] for n in (2, 3) for i in range(len(text) - n + 1)}
    grams |= {ch for ch in text if _CONTENT_CHAR.match(ch) and ch not in _PARTICLES}
    return grams


def similarity(a: str, b: str) -> float:
    """Dice coefficient of the n-gram sets of two normalised strings."""
    grams_a, grams_b = ngrams(a), ngrams(b)
    if not grams_a or not grams_b:
        return 0.0
    return 2 * len(grams_a & grams_b) / (len(grams_a) + len(grams_b))


def candidate_texts(candidate: Candidate) -> list[str]:
    return [strip_punctuation(t) for t in (*candidate.examples, candidate.description, *candidate.names) if t]


def candidate_similarity(text: str, candidate: Candidate) -> float:
    """Best similarity of the text to any of the candidate's texts."""
    stripped = strip_punctuation(text)
    return max((similarity(stripped, t) for t in candidate_texts(candidate)), default=0.0)
