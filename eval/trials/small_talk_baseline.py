"""Trial, not in the service: would the yes/no check do better against small talk than against an empty
text? The check compares P(yes) for the player's text with P(yes) for an empty text; here the
denominator is P(yes) for a few lines of small talk instead (their mean), or the geometric mean of both.

    python eval/trials/top_topics_check.py reports/top_topics.json          # first: the recording
    python eval/trials/small_talk_baseline.py reports/top_topics.json reports/small_talk.json

The second command asks the model P(yes) for every intent of every scenario (about 2 minutes), then
replays the check on the recording's unsure picks (confidence below 0.7) at several thresholds."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from functools import partial
from pathlib import Path
from typing import Any

from top_topics_check import PUBLIC, tally  # the recording's public/held-out split, a sibling script

SMALL_TALK = ("いい天気ですね", "お腹すいたなあ", "それ、かわいいですね", "今日は暑いね")


def record(out: Path) -> None:
    from app.pipeline.candidates import scenario_candidates
    from app.pipeline.confirm import confirmation_request
    from app.runtime import make_backend
    from app.scenario import load_scenario_dir
    from app.settings import Settings

    backend, _ = make_backend(Settings())
    baselines: dict[str, dict[str, Any]] = {}
    for directory in ("scenario", "eval/unseen/scenario"):
        for scenario_id, scenario in load_scenario_dir(Path(directory)).scenarios.items():
            for candidate in scenario_candidates(scenario):
                if candidate.action.kind != "intent":
                    continue
                answers = [backend.confirm(confirmation_request(candidate, text)) for text in SMALL_TALK]
                if any(a is None for a in answers):
                    raise SystemExit("this backend has no yes/no check: run it with the model")
                confirmed = [a for a in answers if a is not None]
                baselines[f"{scenario_id}|{candidate.action.notation}"] = {
                    "empty": confirmed[0].p_yes_content_free,
                    "small_talk": [a.p_yes for a in confirmed],
                }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(baselines, ensure_ascii=False))


def replay(rows: list[dict[str, Any]], baselines: dict[str, dict[str, Any]]) -> None:
    scenario_of = {name: name.removesuffix(".json") for name in PUBLIC}
    for path in Path("eval/unseen").glob("*.json"):
        scenario_of[path.name] = json.loads(path.read_text())["scenario"]

    def answer(row: dict[str, Any], denominator: str, threshold: float) -> str:
        unsure = row["confidence"] is not None and row["confidence"] < 0.7
        if row["decided_by"] not in ("model", "rule:topic_not_confirmed") or not row["ratios"] or not unsure:
            return str(row["got"])
        pick = max(row["scores"], key=lambda n: row["scores"][n])
        if not pick.startswith("意図:") or pick not in row["ratios"]:
            return str(row["got"])
        base = baselines[f"{scenario_of[row['file']]}|{pick}"]
        p_yes = row["ratios"][pick] * base["empty"]
        small_talk = statistics.mean(base["small_talk"])
        against = {"empty": base["empty"], "small talk": small_talk, "both": math.sqrt(base["empty"] * small_talk)}
        return pick if p_yes / against[denominator] >= threshold else "なし"

    for denominator, thresholds in (
        ("empty", (0.3, 0.5, 0.7)),
        ("small talk", (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)),
        ("both", (0.5, 0.75, 1.0, 1.5, 2.0)),
    ):
        for threshold in thresholds:
            print(
                f"against {denominator}, ratio >= {threshold}:",
                tally(rows, partial(answer, denominator=denominator, threshold=threshold)),
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recording", type=Path, help="the JSON written by top_topics_check.py")
    parser.add_argument("baselines", type=Path)
    parser.add_argument("--replay", action="store_true", help="reuse the baselines already recorded")
    args = parser.parse_args()
    if not args.replay:
        record(args.baselines)
    replay(json.loads(args.recording.read_text()), json.loads(args.baselines.read_text()))


if __name__ == "__main__":
    main()
