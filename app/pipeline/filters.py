"""Stage 2b: an intent with required `words` stays a candidate only if one of them is in the text."""

from __future__ import annotations

from app.pipeline.addressee import Removed
from app.pipeline.candidates import Candidate
from app.text import AnalyzedText, TextAnalyzer


def filter_by_words(
    candidates: list[Candidate], text: AnalyzedText, analyzer: TextAnalyzer
) -> tuple[list[Candidate], list[Removed]]:
    """Matching is on normalised surface (width, case, kana) or on dictionary forms (踊る ~ 踊って); a kana
    word also where the analyser cut it across its end (AnalyzedText.contains)."""
    kept, removed = [], []
    for candidate in candidates:
        if not candidate.words or any(text.contains(analyzer.analyze(w), analyzer) for w in candidate.words):
            kept.append(candidate)
        else:
            removed.append(Removed(candidate, "words", f"none of {list(candidate.words)} is in the text"))
    return kept, removed
