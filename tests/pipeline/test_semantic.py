"""Word-vector evidence, on a tiny hand-made vector table so the arithmetic is visible."""

import numpy as np
import pytest

from app.pipeline.actions import Action
from app.pipeline.candidates import Candidate
from app.pipeline.semantic import SemanticSimilarity
from app.text import TextAnalyzer
from app.word_vectors import WordVectors, murmurhash64a


def _table(words: dict[str, list[float]]) -> WordVectors:
    keys = np.array([murmurhash64a(w.encode()) for w in words], dtype=np.uint64)
    order = np.argsort(keys)
    vectors = np.array(list(words.values()), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return WordVectors(keys[order], np.arange(len(words), dtype=np.int32)[order], vectors)


@pytest.fixture
def semantic(analyzer: TextAnalyzer) -> SemanticSimilarity:
    # 儲かる and 経営 point the same way; 曲 is orthogonal to both.
    return SemanticSimilarity(_table({"儲かる": [1, 0.1], "経営": [1, 0], "店": [0.7, 0.7], "曲": [0, 1]}), analyzer)


def _intent(token: str, target: str, description: str) -> Candidate:
    return Candidate(token, Action("intent", target), "available", description)


def test_words_never_shared_as_text_still_match_by_meaning(
    semantic: SemanticSimilarity, analyzer: TextAnalyzer
) -> None:
    candidates = [_intent("A1", "経営", "経営"), _intent("A2", "選曲", "曲")]
    scores = semantic.scores(analyzer.analyze("儲かってる？"), candidates)
    assert scores["A1"] > 0.9 > 0.2 > scores["A2"]


def test_alignment_counts_each_side_best_match() -> None:
    a = np.array([[1.0, 0.0]])
    b = np.array([[1.0, 0.0], [0.0, 1.0]])
    # a's word matches b's first exactly (1.0); b's words match a at 1.0 and 0.0 (mean 0.5).
    assert SemanticSimilarity.aligned(a, b) == pytest.approx(0.75)
    assert SemanticSimilarity.aligned(None, b) == 0.0


def test_text_without_known_words_has_no_evidence(semantic: SemanticSimilarity, analyzer: TextAnalyzer) -> None:
    scores = semantic.scores(analyzer.analyze("こんにちは"), [_intent("A1", "経営", "経営")])
    assert scores == {"A1": 0.0}


def test_knowledge_notes_count_among_an_intents_texts(analyzer: TextAnalyzer) -> None:
    table = _table({"儲かる": [1, 0.1], "経営": [1, 0], "家賃": [0.9, 0.2], "曲": [0, 1]})
    store = Candidate("A1", Action("intent", "店"), "available", "曲", notes=("家賃",))
    text = analyzer.analyze("儲かってる？")
    with_notes = SemanticSimilarity(table, analyzer).scores(text, [store])
    without = SemanticSimilarity(table, analyzer, knowledge_notes=False).scores(text, [store])
    assert with_notes["A1"] > 0.9 > 0.2 > without["A1"]


def test_warm_up_builds_every_text_a_request_reads(semantic: SemanticSimilarity) -> None:
    candidate = Candidate(
        "A1", Action("intent", "店の経営"), "available", "店の経営", ("儲かってる？",), notes=("赤字が続く",)
    )
    semantic.warm_up([candidate])
    built = semantic._scenario_matrix.cache_info().currsize
    semantic.scores(semantic.analyzer.analyze("儲かる"), [candidate])
    assert semantic._scenario_matrix.cache_info().currsize == built  # nothing left to build
    assert built == len(semantic.texts(candidate))
