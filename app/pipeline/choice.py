"""Stage 4: the constrained choice — a JSON-schema grammar built per request, and the backend's pick.

The grammar admits exactly `{"choice": "<token>"}` for the allowed tokens (and "none"), written in one
canonical form, so the answer's scaffolding is fixed and only the token is the model's to choose."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from app.pipeline.candidates import Candidate
from app.pipeline.prompt import ANSWER_PREFIX, NONE_TOKEN, Prompt
from app.text import AnalyzedText


def choice_schema(options: tuple[str, ...]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"choice": {"type": "string", "enum": list(options)}},
        "required": ["choice"],
        "additionalProperties": False,
    }


def _gbnf_literal(text: str) -> str:
    return json.dumps(text)  # GBNF string literals use JSON's escapes


def schema_to_gbnf(schema: dict[str, Any]) -> str:
    """GBNF for a one-property object schema whose property is an enum of strings, in the compact form
    json.dumps(..., separators=(", ", ": ")) writes. Narrower than a general converter on purpose:
    one fixed spelling of the scaffolding lets the one-pass scorer prefill it."""
    ((name, prop),) = schema["properties"].items()
    options = " | ".join(_gbnf_literal(json.dumps(value)[1:-1]) for value in prop["enum"])
    head = "{" + json.dumps(name) + ': "'
    return f"root ::= {_gbnf_literal(head)} choice {_gbnf_literal(chr(34) + '}')}\nchoice ::= {options}\n"


@dataclass(frozen=True)
class ChoiceGrammar:
    options: tuple[str, ...]
    schema: dict[str, Any]
    gbnf: str

    @property
    def answer_prefix(self) -> str:
        return ANSWER_PREFIX

    def completions(self) -> dict[str, str]:
        """What may follow the answer prefix, per option."""
        return {option: option + '"}' for option in self.options}

    def parse(self, answer: str) -> str:
        """The option in a full JSON answer; ValueError when it is not one."""
        choice = json.loads(answer)["choice"]
        if choice not in self.options:
            raise ValueError(f"{choice!r} is not an allowed option")
        return str(choice)


@lru_cache(maxsize=256)
def grammar_for(options: tuple[str, ...]) -> ChoiceGrammar:
    """Built once per distinct option set: requests in the same state share it."""
    schema = choice_schema(options)
    return ChoiceGrammar(options, schema, schema_to_gbnf(schema))


@dataclass(frozen=True)
class ChoiceRequest:
    prompt: Prompt
    grammar: ChoiceGrammar
    candidates: tuple[Candidate, ...]  # the allowed ones, in token order
    text: AnalyzedText
    content_free_prompt: Prompt | None = None  # when set, the backend also scores it (calibration)
    keys: tuple[str, ...] = ()  # each candidate's grammar option (its catalogue key); empty: its token
    # The content-free prompt's own grammar, when it covers more options than this request's (a scenario's
    # every catalogue key): its scores are then renormalised over this request's options.
    content_free_grammar: ChoiceGrammar | None = None

    def option(self, candidate: Candidate) -> str:
        """The grammar option that stands for `candidate` in this request."""
        if not self.keys:
            return candidate.token
        return self.keys[self.candidates.index(candidate)]


@dataclass(frozen=True)
class ChoiceResult:
    choice: str  # an option of the grammar: a candidate token or "none"
    probabilities: dict[str, float]  # over the grammar's options, summing to 1
    baseline: dict[str, float] | None = None  # the same for the content-free prompt, when asked
    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    evaluated_tokens: int | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def confidence(self) -> float:
        return self.probabilities.get(self.choice, 0.0)

    def renamed(self, names: dict[str, str]) -> ChoiceResult:
        """The same result with its options renamed (catalogue keys to this request's tokens)."""

        def rename(values: dict[str, float]) -> dict[str, float]:
            return {names.get(o, o): p for o, p in values.items()}

        return replace(
            self,
            choice=names.get(self.choice, self.choice),
            probabilities=rename(self.probabilities),
            baseline=rename(self.baseline) if self.baseline is not None else None,
        )


def options_for(candidates: list[Candidate]) -> tuple[str, ...]:
    return (*(c.token for c in candidates), NONE_TOKEN)


DecisionPolicy = Literal["greedy", "argmax", "calibrated"]


@dataclass(frozen=True)
class DecisionConfig:
    """How the backend's scores become one option (defaults chosen on the public eval sets; README)."""

    policy: DecisionPolicy = "calibrated"
    calibration_strength: float = 0.25  # exponent of the content-free probability divided out
    calibration_floor: float = 0.1  # content-free probabilities below this count as this
    none_bias: float = 0.5  # log-odds added to "none": the model over-picks some topic
    lexical_weight: float = 2.0  # log-odds per unit of n-gram similarity to the candidate's texts
    semantic_weight: float = 6.0  # log-odds per unit of word-vector similarity (none: the options' mean)
    words_weight: float = 2.0  # log-odds for an intent whose required `words` the text contains


@dataclass(frozen=True)
class Decision:
    option: str
    confidence: float
    scores: dict[str, float]  # normalised over the grammar's options


def decide(
    result: ChoiceResult,
    config: DecisionConfig,
    lexical: dict[str, float] | None = None,
    matched_words: frozenset[str] = frozenset(),
    semantic: dict[str, float] | None = None,
) -> Decision:
    """greedy: what grammar-constrained greedy decoding picks (the backend's own choice);
    argmax: the highest full-sequence probability (greedy is misled by mass that options sharing a first
    token, A1…A12, pool together);
    calibrated: argmax of log p − s·log max(p_content_free, floor) + w·similarity + v·semantic (+ a bias
    for "none", + a bonus for options in `matched_words`, whose scenario-required words the text
    contains): "calibrate before use" against the model's label and "none" bias, combined with lexical
    and word-vector evidence. "none" has no texts: its semantic value is the options' mean, so the term
    favours the options the text is closer to than usual, not every option over "none"."""
    if config.policy == "calibrated":
        baseline = result.baseline or {}
        lexical = lexical or {}
        semantic = dict(semantic or {})
        if semantic:
            semantic[NONE_TOKEN] = sum(semantic.values()) / len(semantic)
        logits = {}
        for option, p in result.probabilities.items():
            value = math.log(max(p, 1e-9))
            value -= config.calibration_strength * math.log(max(baseline.get(option, 1.0), config.calibration_floor))
            value += config.lexical_weight * lexical.get(option, 0.0)
            value += config.semantic_weight * semantic.get(option, 0.0)
            if option in matched_words:
                value += config.words_weight
            if option == NONE_TOKEN:
                value += config.none_bias
            logits[option] = value
        top = max(logits.values())
        exps = {o: math.exp(v - top) for o, v in logits.items()}
        total = sum(exps.values())
        scores = {o: e / total for o, e in exps.items()}
    else:
        scores = dict(result.probabilities)
    option = result.choice if config.policy == "greedy" else max(scores, key=lambda o: scores[o])
    return Decision(option, scores.get(option, 0.0), scores)
