"""Trial, not in the service: would the yes/no check tell small talk from a topic better with solved
examples in its instructions, or at another bar, or asked for every topic pick and not only unsure ones?

    eval-interpret eval/*.json --json reports/public.json
    eval-interpret eval/unseen/*.json --scenario-dir eval/unseen/scenario --json reports/held_out.json
    python eval/trials/check_demonstrations.py reports/check_ratios.json reports/public.json reports/held_out.json

For every case whose decision was a topic (whatever its confidence), it asks the check's question as the
service does ('plain') and with the demonstrations below added to the instructions ('demonstrations'),
records both ratios (about 20 minutes for 800 topics on 2 cores), then replays the check: a topic picked
below `confirm_below` stands when its ratio reaches the bar. The second look (with knowledge) is left
out, so figures for the current setting (0.7, 0.5) differ a little from a full run."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

# A story that is none of the scenarios': a fireworks display put off by rain. Two texts about it, three
# of small talk near it (a remark about the person, about food, about a thing nearby).
DEMONSTRATIONS = """
How to tell them apart (an example story, not this one): the topic "花火大会が延期になったことについて話す".
「雨で明日にずれたの？」 → yes. 「打ち上げ、何時からに変わった？」 → yes.
「浴衣、似合ってるね」 → no (a remark about the person). 「かき氷食べたいな」 → no (food, the surroundings). \
「そのうちわ、どこで買ったの？」 → no (another thing nearby)."""
CONFIRM_BELOW = (0.7, 0.8, 0.9, 1.01)
BARS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0)
PUBLIC = frozenset({"hoshizora.json", "amatsu.json", "touge.json"})


def record(out: Path, reports: list[Path]) -> None:
    from app.evaluation.dataset import load_eval_file
    from app.pipeline.candidates import build_candidates
    from app.pipeline.confirm import CONFIRM_INSTRUCTIONS, ConfirmRequest, confirmation_request
    from app.runtime import make_backend
    from app.scenario import load_scenario_dir
    from app.settings import Settings

    sets: dict[str, Any] = {}
    for directory, pattern in (("scenario", "eval/*.json"), ("eval/unseen/scenario", "eval/unseen/*.json")):
        scenarios = load_scenario_dir(Path(directory)).scenarios
        for path in Path().glob(pattern):
            eval_file = load_eval_file(path)
            sets[path.name] = (scenarios[eval_file.scenario], eval_file)
    backend, _ = make_backend(Settings())
    rows = []
    for report in reports:
        for case in json.loads(report.read_text(encoding="utf-8"))["cases"]:
            scores = (case.get("model_scores") or {}).get("scores")
            if not scores:
                continue
            best = max(scores, key=scores.get)
            notation = case["model_scores"]["options"].get(best, "")
            if not notation.startswith("意図:"):
                continue
            scenario, eval_file = sets[case["file"]]
            candidates = build_candidates(eval_file.states[case["state"]], scenario)
            candidate = next(c for c in candidates if c.action.notation == notation)
            row = {k: case[k] for k in ("file", "text", "expect")} | {"picked": notation, "confidence": scores[best]}
            for name, instructions in (
                ("plain", CONFIRM_INSTRUCTIONS),
                ("demonstrations", CONFIRM_INSTRUCTIONS + DEMONSTRATIONS),
            ):
                request = confirmation_request(candidate, case["text"])
                request = ConfirmRequest(
                    replace(request.prompt, system=instructions),
                    replace(request.content_free_prompt, system=instructions),
                )
                confirmation = backend.confirm(request)
                assert confirmation is not None
                row[name] = round(confirmation.ratio, 4)
            rows.append(row)
    out.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


def replay(rows: list[dict[str, Any]]) -> None:
    print(f"{len(rows)} topic picks; right answers when the check is asked below / at the bar")
    print("| variant | asked below | bar | public right | held-out right | right topics rejected |")
    print("|---|---|---|---|---|---|")
    for variant in ("plain", "demonstrations"):
        for below in CONFIRM_BELOW:
            for bar in BARS:
                public = held_out = rejected_right = 0
                for row in rows:
                    stands = row["confidence"] >= below or row[variant] >= bar
                    right = (row["picked"] if stands else "なし") == row["expect"]
                    public += right and row["file"] in PUBLIC
                    held_out += right and row["file"] not in PUBLIC
                    rejected_right += not stands and row["picked"] == row["expect"]
                print(f"| {variant} | {below} | {bar} | {public} | {held_out} | {rejected_right} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ratios", type=Path, help="where the ratios are recorded (read back if it exists)")
    parser.add_argument("reports", nargs="*", type=Path, help="eval-interpret --json reports to record from")
    args = parser.parse_args()
    if not args.ratios.exists():
        record(args.ratios, args.reports)
    replay(json.loads(args.ratios.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
