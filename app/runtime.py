"""Builds what the service and eval-interpret share: the backend and the interpreter around it."""

from __future__ import annotations

import logging

from app.backends.base import Backend
from app.backends.lexical import LexicalBackend
from app.errors import ModelError
from app.pipeline.choice import DecisionConfig
from app.pipeline.interpret import Interpreter
from app.pipeline.semantic import SemanticSimilarity
from app.scenario import ScenarioSet
from app.settings import Settings
from app.text import TextAnalyzer
from app.word_vectors import load_word_vectors

log = logging.getLogger(__name__)


class UnavailableBackend(LexicalBackend):
    """Stands in for a model that could not load, with no fallback configured: the service refuses
    interpretations with 503 naming the reason (the HTTP route checks for it) instead of crashing."""

    name = "unavailable"

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


def make_backend(settings: Settings, name: str | None = None) -> tuple[Backend, str | None]:
    """The backend `name` (default: settings.backend), and the reason when the model cannot load. The
    lexical backend then answers if INTERP_FALLBACK is 'lexical' (decided_by says 'lexical'); otherwise an
    UnavailableBackend stands in and requests get 503."""
    if (name or settings.backend) == "lexical":
        return LexicalBackend(), None
    from app.backends.llama import load_llama_backend

    try:
        return load_llama_backend(settings), None
    except ModelError as exc:
        if settings.fallback == "lexical":
            log.error("model unavailable, answering with the lexical backend: %s", exc.message)
            return LexicalBackend(), exc.message
        log.error("model unavailable, and no fallback is set (INTERP_FALLBACK): %s", exc.message)
        return UnavailableBackend(exc.message), exc.message


def build_interpreter(
    settings: Settings, scenario_set: ScenarioSet, backend: Backend, analyzer: TextAnalyzer | None = None
) -> Interpreter:
    analyzer = analyzer or TextAnalyzer()
    vectors = load_word_vectors(settings.model_cache_dir) if settings.semantic_weight > 0 else None
    return Interpreter(
        scenario_set.scenarios,
        backend,
        analyzer,
        max_text_chars=settings.max_text_chars,
        min_confidence=backend.default_min_confidence if settings.min_confidence is None else settings.min_confidence,
        decision=DecisionConfig(
            policy=settings.decision,
            calibration_strength=settings.calibration_strength,
            calibration_floor=settings.calibration_floor,
            none_bias=settings.none_bias,
            lexical_weight=settings.lexical_weight,
            semantic_weight=settings.semantic_weight,
            words_weight=settings.words_weight,
        ),
        example_style=settings.example_style,
        prompt_layout=settings.prompt_layout,
        list_options=settings.list_options,
        show_scene=settings.show_scene,
        calibration_scope=settings.calibration_scope,
        catalogue_reserve_tokens=settings.catalogue_reserve_tokens,
        rules=settings.rules,
        confirm_below=settings.confirm_below,
        confirm_min_ratio=settings.confirm_min_ratio,
        confirm_knowledge_min_ratio=settings.confirm_knowledge_min_ratio,
        semantic=SemanticSimilarity(vectors, analyzer, settings.semantic_knowledge) if vectors is not None else None,
    )
