"""What would INTERP_MIN_CONFIDENCE change? Replayed from eval-interpret reports, no model run.

    python eval/trials/min_confidence.py reports/eval.json held_out.json ... [--backend model]

For each threshold, it counts the backend's own picks (not a rule's) that the threshold would turn into
なし: those that were right (lost), those where なし was expected (mended), the rest (wrong either way);
and a pick the report's own threshold held back counts as standing at a lower threshold. Reports from
before `held_back` was recorded (round 19) were made with no threshold."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

THRESHOLDS = (0.3, 0.32, 0.34, 0.36, 0.38, 0.4, 0.45, 0.5)


def pick_of(case: dict, backend: str) -> tuple[str, float] | None:
    """The backend's own pick and its confidence, before any threshold; None if a rule decided."""
    if case["confidence"] is None:
        return None
    if case.get("held_back") is not None:
        return case["held_back"], case["confidence"]
    if case["decided_by"] == backend and case["got"] != "なし":
        return case["got"], case["confidence"]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--backend", default="model")
    args = parser.parse_args()
    cases = [
        case
        for path in args.reports
        for case in json.loads(path.read_text())["cases"]
        if case.get("backend", "model") == args.backend
    ]
    picks = [(pick, case["expect"]) for case in cases if (pick := pick_of(case, args.backend)) is not None]
    print(f"{len(cases)} cases, {len(picks)} picks by {args.backend}")
    print("threshold  lost  mended  wrong either way  net")
    for threshold in THRESHOLDS:
        below = [(got, expect) for (got, confidence), expect in picks if confidence < threshold]
        lost = sum(got == expect for got, expect in below)
        mended = sum(expect == "なし" for _, expect in below)
        print(f"{threshold:9.2f}  {lost:4}  {mended:6}  {len(below) - lost - mended:16}  {mended - lost:+3}")


if __name__ == "__main__":
    main()
