"""Word-vector similarity between the player's text and a candidate's texts: meaning the character
n-grams miss (儲かってる ~ 経営, レスポール ~ ギター), as evidence the decision adds to the model's scores.

Each text becomes its content words' unit vectors; two texts' similarity is the soft alignment of the
two sets (each word's best match on the other side, averaged both ways), so one shared topic word
counts even in a long sentence."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from app.pipeline.candidates import Candidate
from app.text import AnalyzedText, TextAnalyzer
from app.word_vectors import WordVectors


class SemanticSimilarity:
    def __init__(self, vectors: WordVectors, analyzer: TextAnalyzer, knowledge_notes: bool = True) -> None:
        self.vectors = vectors
        self.analyzer = analyzer
        # A character's `info` on a topic names its particulars (the rescue boat of a distress call),
        # which a player who heard them repeats. Measured: +2 public cases, none lost (README).
        self.knowledge_notes = knowledge_notes
        # Scenario texts repeat on every request: their matrices are built once.
        self._scenario_matrix = lru_cache(maxsize=4096)(self._matrix_of_text)

    def matrix(self, text: AnalyzedText) -> np.ndarray | None:
        """One unit row per content word that has a vector (surface, else dictionary, else normalised
        form); None when no word has one."""
        rows = []
        for forms in text.content_words:
            for form in dict.fromkeys(forms):
                vector = self.vectors.vector(form)
                if vector is not None:
                    rows.append(vector)
                    break
        return np.stack(rows) if rows else None

    def _matrix_of_text(self, text: str) -> np.ndarray | None:
        return self.matrix(self.analyzer.analyze(text))

    @staticmethod
    def aligned(a: np.ndarray | None, b: np.ndarray | None) -> float:
        if a is None or b is None:
            return 0.0
        cosines = a @ b.T
        return float((cosines.max(axis=1).mean() + cosines.max(axis=0).mean()) / 2)

    def texts(self, candidate: Candidate) -> tuple[str, ...]:
        notes = candidate.notes if self.knowledge_notes else ()
        return (*candidate.examples, candidate.description, *candidate.names, *notes)

    def scores(self, text: AnalyzedText, candidates: list[Candidate]) -> dict[str, float]:
        """Per candidate token: the best alignment of the text with any of the candidate's examples,
        description, names and (with `knowledge_notes`) what the characters know of it."""
        own = self.matrix(text)
        return {
            c.token: max(
                (self.aligned(own, self._scenario_matrix(t)) for t in self.texts(c) if t),
                default=0.0,
            )
            for c in candidates
        }

    def warm_up(self, candidates: list[Candidate]) -> None:
        """Build the matrices of these candidates' texts now (texts() decides which)."""
        for candidate in candidates:
            for text in self.texts(candidate):
                if text:
                    self._scenario_matrix(text)
