"""What would the decision's settings change? Replayed from eval-interpret reports, no model run.

    python eval/trials/decision_replay.py REPORT.json [REPORT.json ...] [--grid]

The report must come from a run that records every input of the decision whatever the settings: the
model's and the content-free scores, the lexical, word-vector and `words` evidence, the vetoes, and the
yes/no check for the best topic. Such a run sets none_bias very low (so the best option other than なし
is always the decision and reaches the check), confirm_below 1 (every topic pick is checked) and
min_confidence 0, for example:

    INTERP_NONE_BIAS=-30 INTERP_CONFIRM_BELOW=1 INTERP_MIN_CONFIDENCE=0 eval-interpret eval/*.json --cold --json r.json

Each case is then decided again as `Interpreter._settle` decides it (choice.decide, the vetoes, the yes/no
check and its second look, the confidence bar) under each setting of the grid. Cases a rule decided
before the model keep their recorded answer. Printed per report: accuracy and false actions, the
recorded run's own settings first (a check of the replay), then the grid's best settings."""

from __future__ import annotations

import argparse
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.pipeline import choice
from app.pipeline.choice import ChoiceResult, DecisionConfig
from app.settings import Settings

NONE = "なし"


_DEFAULTS = Settings()


@dataclass(frozen=True)
class Setting:
    """The decision's settings; by default the service's own (app/settings.py)."""

    none_bias: float = _DEFAULTS.none_bias
    calibration_strength: float = _DEFAULTS.calibration_strength
    calibration_floor: float = _DEFAULTS.calibration_floor
    lexical_weight: float = _DEFAULTS.lexical_weight
    semantic_weight: float = _DEFAULTS.semantic_weight
    words_weight: float = _DEFAULTS.words_weight
    confirm_below: float = _DEFAULTS.confirm_below
    confirm_min_ratio: float = _DEFAULTS.confirm_min_ratio
    confirm_knowledge_min_ratio: float = _DEFAULTS.confirm_knowledge_min_ratio
    min_confidence: float = 0.34  # the model backend's own default (INTERP_MIN_CONFIDENCE unset)


def decide(scores: dict[str, Any], setting: Setting) -> tuple[str, float]:
    """The option token and its confidence, from choice.decide itself: the recorded probabilities without
    the options dropped from the decision, renormalised as Interpreter._settle does."""
    dropped = set(scores.get("dropped") or [])
    options = scores["options"]  # token -> notation, over the decision's options

    def kept(values: dict[str, float]) -> dict[str, float]:
        values = {o: p for o, p in values.items() if o in options and options[o] not in dropped}
        total = sum(values.values()) or 1.0
        return {o: p / total for o, p in values.items()}

    probabilities = kept(scores["probabilities"])
    baseline = scores.get("content_free_probabilities")
    result = ChoiceResult(
        max(probabilities, key=lambda o: probabilities[o]), probabilities, kept(baseline) if baseline else None
    )
    config = DecisionConfig(
        none_bias=setting.none_bias,
        calibration_strength=setting.calibration_strength,
        calibration_floor=setting.calibration_floor,
        lexical_weight=setting.lexical_weight,
        semantic_weight=setting.semantic_weight,
        words_weight=setting.words_weight,
    )
    lexical, semantic = scores.get("lexical") or {}, scores.get("semantic") or {}
    decision = choice.decide(result, config, lexical, frozenset(scores.get("matched_words") or []), semantic)
    return decision.option, decision.confidence


def recorded_check(scores: dict[str, Any], notation: str, setting: Setting) -> bool | None:
    """Whether the recorded yes/no check (and its second look) confirms the topic `notation` under
    `setting`; None when the recording put another topic, or none, to the check."""
    check = scores.get("confirmation")
    if check is None or check.get("topic") != notation:
        return None
    confirmed = bool(check["ratio"] >= setting.confirm_min_ratio)
    second = check.get("with_knowledge")
    if not confirmed and second is not None and setting.confirm_knowledge_min_ratio > 0:
        confirmed = bool(second["ratio"] >= setting.confirm_knowledge_min_ratio)
    return confirmed


def replay(case: dict[str, Any], setting: Setting) -> str:
    scores = case.get("model_scores")
    if not scores or not scores.get("options") or case["decided_by"] == "error":
        return str(case["got"])
    option, confidence = decide(scores, setting)
    notation = scores["options"][option]
    if notation == NONE or notation in (scores.get("vetoed") or {}):
        return NONE
    if notation.startswith("意図:") and confidence < setting.confirm_below:  # a topic the check looks at
        if case["decided_by"] == "rule:farewell_word_talked_about":
            return NONE
        if recorded_check(scores, notation, setting) is False:
            return NONE
    if confidence < setting.min_confidence:
        return NONE
    return str(notation)


def score(cases: list[dict[str, Any]], setting: Setting) -> tuple[int, int]:
    """(right answers, false actions: a move or leave where the case expected something else)."""
    right = false = 0
    for case in cases:
        got = replay(case, setting)
        right += got == case["expect"]
        false += got != case["expect"] and got.startswith(("移動:", "離脱"))
    return right, false


GRID = {
    "none_bias": (0.0, 0.5, 1.0, 1.5, 2.0),
    "calibration_strength": (0.0, 0.25, 0.5),
    "lexical_weight": (1.0, 2.0, 3.0),
    "semantic_weight": (3.0, 6.0),
    "words_weight": (1.0, 2.0),
    "confirm_below": (0.7, 0.9),
    "confirm_min_ratio": (0.5, 0.7),
    "min_confidence": (0.0, 0.34),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--grid", action="store_true", help="search the grid (else the default setting only)")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--by-file", action="store_true", help="judge settings by their worst eval file, not their worst report"
    )
    args = parser.parse_args()
    sets = {path.name: json.loads(path.read_text())["cases"] for path in args.reports}
    if args.by_file:
        sets = {}
        for path in args.reports:
            for case in json.loads(path.read_text())["cases"]:
                sets.setdefault(case["file"], []).append(case)
    default = Setting()
    for name, cases in sets.items():
        right, false = score(cases, default)
        print(f"{name}: default settings {right}/{len(cases)} ({right / len(cases):.1%}), {false} false actions")
    total = sum(len(c) for c in sets.values())
    print(f"all: default settings {sum(score(c, default)[0] for c in sets.values())}/{total}")
    if not args.grid:
        return
    rows = []
    for values in itertools.product(*GRID.values()):
        setting = Setting(**dict(zip(GRID, values, strict=True)))
        results = [score(cases, setting) for cases in sets.values()]
        worst = min(r / len(c) for (r, _), c in zip(results, sets.values(), strict=True))
        rows.append((worst, sum(r for r, _ in results), -sum(f for _, f in results), setting, results))
    rows.sort(key=lambda row: row[:3], reverse=True)
    print("worst set, then per report: right/false; settings")
    for worst, _total, _false, setting, results in rows[: args.top]:
        per = "  ".join(f"{r}/{f}" for r, f in results) if not args.by_file else f"{_total}/{total}, {-_false} false"
        changed = {k: getattr(setting, k) for k in GRID}
        print(f"{worst:.1%}  {per}  {changed}")


if __name__ == "__main__":
    main()
