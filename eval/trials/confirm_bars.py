"""Replay the yes/no check at other bars: which `INTERP_CONFIRM_BELOW` and `INTERP_CONFIRM_MIN_RATIO`?

    INTERP_CONFIRM_BELOW=1 INTERP_CONFIRM_MIN_RATIO=10 eval-interpret eval/shapes/*.json \\
        --scenario-dir eval/shapes/scenario --cold --json reports/lever/shapes-checkall.json
    python eval/trials/confirm_bars.py reports/lever/shapes-checkall.json

With the check asked of every topic the model picks, and every answer rejected, the report records for
each topic pick the check's ratio and, for a topic the characters know something about, the second look's
(`model_scores.confirmation`). This replays the service at each pair of bars: a topic picked with less
confidence than `below`, or unsure (the model's likeliest option dropped out of the decision), stands
when its ratio reaches `min_ratio` or its second look reaches `INTERP_CONFIRM_KNOWLEDGE_MIN_RATIO`, and is
なし otherwise; a topic that stands is still なし below the model's minimum confidence. Every other
answer is the report's. It prints accuracy per bar pair, and against the bars of --base (default: the
settings' defaults; `--base 0.9,0.5` for those before session 16) the cases it mends and the right answers
it loses, for all cases and per group of files given with --group.
False actions (moves and leaves) do not depend on these bars."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

BELOW = (0.7, 0.8, 0.9, 0.95, 1.0)
MIN_RATIOS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2)
KNOWLEDGE_MIN_RATIO = 1.3
MIN_CONFIDENCE = 0.34


def _topic_pick(case: dict[str, Any]) -> tuple[str, float, bool, float, float | None] | None:
    """(topic, the decision's confidence, unsure, ratio, second look's ratio) of a checked topic pick."""
    scores = case.get("model_scores") or {}
    confirmation = scores.get("confirmation")
    if not confirmation:
        return None
    topic = confirmation["topic"]
    token = next(t for t, notation in scores["options"].items() if notation == topic)
    probabilities = scores["probabilities"]
    likeliest = max(probabilities, key=lambda option: probabilities[option])
    # (the trace names the options the decision kept; one dropped before it is not among them)
    unsure = likeliest not in scores["options"] or scores["options"][likeliest] in scores.get("dropped", ())
    second = confirmation.get("with_knowledge")
    return topic, scores["scores"][token], unsure, confirmation["ratio"], second["ratio"] if second else None


def replay(case: dict[str, Any], below: float, min_ratio: float) -> str:
    pick = _topic_pick(case)
    if pick is None:
        return str(case["got"])
    topic, confidence, unsure, ratio, second = pick
    if confidence < below or unsure:
        stands = ratio >= min_ratio or (second is not None and second >= KNOWLEDGE_MIN_RATIO)
        if not stands:
            return "なし"
    return topic if confidence >= MIN_CONFIDENCE else "なし"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path, help="eval-interpret --json reports, made as above")
    parser.add_argument(
        "--group", action="append", default=[], help="NAME=file1.json,file2.json: figures for these files too"
    )
    parser.add_argument("--base", help="below,min_ratio to compare with (default: the settings' defaults)")
    args = parser.parse_args()
    if args.base:
        below_base, ratio_base = (float(v) for v in args.base.split(","))
        base = (below_base, ratio_base)
    else:
        from app.settings import Settings

        settings = Settings()
        base = (settings.confirm_below, settings.confirm_min_ratio)
    cases = [c for path in args.reports for c in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    groups: dict[str, list[dict[str, Any]]] = {"all": cases}
    for spec in args.group:
        name, files = spec.split("=", 1)
        wanted = set(files.split(","))
        groups[name] = [c for c in cases if c["file"] in wanted]
    print(f"{len(cases)} cases; {sum(_topic_pick(c) is not None for c in cases)} topic picks checked")
    header = " | ".join(f"{name} ({len(group)})" for name, group in groups.items())
    print(f"| below | min ratio | {header} |")
    print("|---|---|" + "---|" * len(groups))
    for below in BELOW:
        for min_ratio in MIN_RATIOS:
            cells = []
            for group in groups.values():
                now = [c["expect"] == replay(c, *base) for c in group]
                then = [c["expect"] == replay(c, below, min_ratio) for c in group]
                mended = sum(b and not a for a, b in zip(now, then, strict=True))
                lost = sum(a and not b for a, b in zip(now, then, strict=True))
                cells.append(f"{sum(then) / max(len(group), 1):.1%} (+{mended} -{lost})")
            print(f"| {below} | {min_ratio} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
