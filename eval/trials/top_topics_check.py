"""Trial, not in the service: would putting the model's top three topics to the yes/no check, and taking
the one it confirms best, beat checking the pick alone?

    python eval/trials/top_topics_check.py reports/top_topics.json      # runs the model (about 12 minutes)
    python eval/trials/top_topics_check.py reports/top_topics.json --replay   # only the comparison

For every public and held-out case it records the default answer and, when the decision's confidence is
below 0.9, the check's ratio for each of the top three allowed topics; then it replays the variant at
several margins (another topic replaces the pick when its ratio is `margin` times the pick's)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

PUBLIC = {"hoshizora.json", "amatsu.json", "touge.json"}
CHECK_BELOW, MIN_RATIO = 0.7, 0.5


def record(out: Path) -> None:
    from app.evaluation.dataset import load_eval_file
    from app.pipeline.candidates import build_candidates
    from app.pipeline.confirm import confirmation_request
    from app.runtime import build_interpreter, make_backend
    from app.scenario import ScenarioSet, load_scenario_dir
    from app.settings import Settings
    from app.text import TextAnalyzer

    settings = Settings()
    scenarios = {
        **load_scenario_dir(Path("scenario")).scenarios,
        **load_scenario_dir(Path("eval/unseen/scenario")).scenarios,
    }
    backend, _ = make_backend(settings)
    interpreter = build_interpreter(settings, ScenarioSet(scenarios=scenarios), backend, TextAnalyzer())
    interpreter.warm_up()
    rows: list[dict[str, Any]] = []
    for path in sorted(Path("eval").glob("*.json")) + sorted(Path("eval/unseen").glob("*.json")):
        eval_file = load_eval_file(path)
        for case in eval_file.cases:
            state = eval_file.states[case.state]
            result = interpreter.interpret(eval_file.scenario, case.text, state)
            row: dict[str, Any] = {
                "file": path.name,
                "text": case.text,
                "expect": case.expect,
                "got": result.action.notation,
                "decided_by": result.decided_by,
                "confidence": result.confidence,
                "ratios": {},
            }
            model = result.trace.get("model")
            if model:
                options = model["options"]
                row["scores"] = {options[o]: s for o, s in model["scores"].items()}
                allowed = {options[t] for t in model["allowed"] if t in options}
                ranked = sorted(row["scores"], key=lambda n: -row["scores"][n])
                topics = [n for n in ranked if n.startswith("意図:") and n in allowed and n not in model["vetoed"]]
                candidates = {c.action.notation: c for c in build_candidates(state, scenarios[eval_file.scenario])}
                if result.confidence is not None and result.confidence < 0.9:
                    for notation in topics[:3]:
                        confirmation = backend.confirm(confirmation_request(candidates[notation], case.text))
                        if confirmation is not None:
                            row["ratios"][notation] = round(confirmation.ratio, 4)
            rows.append(row)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, ensure_ascii=False, indent=0))


def variant(row: dict[str, Any], margin: float) -> str:
    """The answer with the top three topics checked, from the recorded ratios."""
    ratios: dict[str, float] = row["ratios"]
    if not ratios or row["decided_by"] not in ("model", "rule:topic_not_confirmed"):
        return str(row["got"])
    if row["confidence"] is None or row["confidence"] >= CHECK_BELOW:
        return str(row["got"])
    pick = max(row["scores"], key=lambda n: row["scores"][n])
    if pick not in ratios:
        return str(row["got"])
    best = max(ratios, key=lambda n: ratios[n])
    if best != pick and ratios[best] >= MIN_RATIO and ratios[best] >= margin * ratios[pick]:
        return best
    return pick if ratios[pick] >= MIN_RATIO else "なし"


def tally(rows: list[dict[str, Any]], answer: Callable[[dict[str, Any]], str]) -> str:
    """How many recorded cases `answer` gets right, public and held-out apart (small_talk_baseline.py
    uses it too)."""
    parts = []
    for label, public in (("public", True), ("held-out", False)):
        chosen = [r for r in rows if (r["file"] in PUBLIC) is public]
        right = sum(answer(r) == r["expect"] for r in chosen)
        parts.append(f"{label} {right}/{len(chosen)}")
    return ", ".join(parts)


def replay(rows: list[dict[str, Any]]) -> None:
    print("default (pick alone):", tally(rows, lambda r: str(r["got"])))
    for margin in (1.0, 1.5, 2.0, 3.0):
        changed = sum(variant(r, margin) != r["got"] for r in rows)
        answers = tally(rows, partial(variant, margin=margin))
        print(f"top three, margin {margin}:", answers, f"({changed} answers changed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", type=Path)
    parser.add_argument("--replay", action="store_true", help="compare from an earlier recording")
    args = parser.parse_args()
    if not args.replay:
        record(args.json)
    replay(json.loads(args.json.read_text()))


if __name__ == "__main__":
    main()
