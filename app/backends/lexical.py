"""Model-free backend: character n-gram similarity between the text and each candidate's examples,
description and names. The baseline the model must beat, and a fallback without a model."""

from __future__ import annotations

import math
import re

from app.backends.base import Backend
from app.pipeline.candidates import Candidate
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.prompt import NONE_TOKEN
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


class LexicalBackend(Backend):
    name = "lexical"

    def __init__(self, none_threshold: float = 0.3, sharpness: float = 12.0) -> None:
        self.none_threshold = none_threshold
        self.sharpness = sharpness

    def choose(self, request: ChoiceRequest) -> ChoiceResult:
        text = strip_punctuation(request.text.raw)
        scores = {
            c.token: max((similarity(text, t) for t in candidate_texts(c)), default=0.0)
            for c in request.candidates
        }
        scores[NONE_TOKEN] = self.none_threshold
        top = max(scores.values())
        exps = {k: math.exp(self.sharpness * (v - top)) for k, v in scores.items()}
        total = sum(exps.values())
        probabilities = {k: e / total for k, e in exps.items()}
        # Ties go to the earlier option (contract order), "none" last.
        choice = max(scores, key=lambda k: (scores[k], -list(scores).index(k)))
        return ChoiceResult(choice=choice, probabilities=probabilities)
