"""Model-free backend: character n-gram similarity between the text and each candidate's examples,
description and names. The baseline the model must beat, and a fallback without a model."""

from __future__ import annotations

import math

from app.backends.base import Backend
from app.budget import Budget
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.prompt import NONE_TOKEN
from app.pipeline.similarity import candidate_similarity


class LexicalBackend(Backend):
    name = "lexical"

    # none_threshold: chosen on the public eval sets (0.15: 71.7% there; 0.3: 56.5%).
    def __init__(self, none_threshold: float = 0.15, sharpness: float = 12.0) -> None:
        self.none_threshold = none_threshold
        self.sharpness = sharpness

    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        scores = {request.option(c): candidate_similarity(request.text.raw, c) for c in request.candidates}
        scores[NONE_TOKEN] = self.none_threshold
        top = max(scores.values())
        exps = {k: math.exp(self.sharpness * (v - top)) for k, v in scores.items()}
        total = sum(exps.values())
        probabilities = {k: e / total for k, e in exps.items()}
        # Ties go to the earlier option (contract order), "none" last.
        order = list(scores)
        choice = max(order, key=lambda k: (scores[k], -order.index(k)))
        return ChoiceResult(choice=choice, probabilities=probabilities)
