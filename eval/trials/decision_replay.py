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
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

NONE = "なし"


@dataclass(frozen=True)
class Setting:
    none_bias: float = 1.5
    calibration_strength: float = 0.25
    calibration_floor: float = 0.1
    lexical_weight: float = 3.0
    semantic_weight: float = 3.0
    words_weight: float = 1.5
    confirm_below: float = 0.7
    confirm_min_ratio: float = 0.5
    confirm_knowledge_min_ratio: float = 1.3
    min_confidence: float = 0.34


def decide(scores: dict[str, Any], setting: Setting) -> tuple[str, float]:
    """The option token and its confidence, as choice.decide computes them ("calibrated")."""
    dropped_notations = set(scores.get("dropped") or [])
    options = scores["options"]  # token -> notation, over the decision's options
    probabilities = {o: p for o, p in scores["probabilities"].items() if options.get(o) not in dropped_notations}
    total = sum(probabilities.values()) or 1.0
    probabilities = {o: p / total for o, p in probabilities.items() if o in options}
    baseline = scores.get("content_free_probabilities") or {}
    if baseline:
        kept = {o: p for o, p in baseline.items() if o in probabilities}
        total = sum(kept.values()) or 1.0
        baseline = {o: p / total for o, p in kept.items()}
    lexical = scores.get("lexical") or {}
    semantic = dict(scores.get("semantic") or {})
    if semantic:
        semantic["none"] = sum(semantic.values()) / len(semantic)
    matched = set(scores.get("matched_words") or [])
    logits = {}
    for option, p in probabilities.items():
        value = math.log(max(p, 1e-9))
        value -= setting.calibration_strength * math.log(max(baseline.get(option, 1.0), setting.calibration_floor))
        value += setting.lexical_weight * lexical.get(option, 0.0)
        value += setting.semantic_weight * semantic.get(option, 0.0)
        if option in matched:
            value += setting.words_weight
        if option == "none":
            value += setting.none_bias
        logits[option] = value
    top = max(logits.values())
    exps = {o: math.exp(v - top) for o, v in logits.items()}
    total = sum(exps.values())
    best = max(exps, key=lambda o: exps[o])
    return best, exps[best] / total


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
        check = scores.get("confirmation")
        if check is not None and check.get("topic") == notation:
            confirmed = check["ratio"] >= setting.confirm_min_ratio
            second = check.get("with_knowledge")
            if not confirmed and second is not None and setting.confirm_knowledge_min_ratio > 0:
                confirmed = second["ratio"] >= setting.confirm_knowledge_min_ratio
            if not confirmed:
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
    "none_bias": (0.0, 0.5, 1.0, 1.5, 2.0, 2.5),
    "calibration_strength": (0.0, 0.25, 0.5),
    "confirm_below": (0.0, 0.5, 0.7, 0.9),
    "confirm_min_ratio": (0.3, 0.5, 0.7),
    "min_confidence": (0.0, 0.34),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--grid", action="store_true", help="search the grid (else the default setting only)")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    sets = {path.name: json.loads(path.read_text())["cases"] for path in args.reports}
    default = Setting()
    for name, cases in sets.items():
        right, false = score(cases, default)
        print(f"{name}: default settings {right}/{len(cases)} ({right / len(cases):.1%}), {false} false actions")
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
        per = "  ".join(f"{r}/{f}" for r, f in results)
        changed = {k: getattr(setting, k) for k in GRID}
        print(f"{worst:.1%}  {per}  {changed}")


if __name__ == "__main__":
    main()
