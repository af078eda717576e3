"""What if a vetoed pick fell to the next reading instead of なし? Replayed from eval-interpret reports.

    python eval/trials/vetoed_picks.py reports/eval.json held_out.json ...

The design (interpret.py, _settle): a model pick that a filter removed (rule:filtered_out) or that
leave_needs_cue vetoed becomes なし. For every case a report records as decided that way, this takes
instead the best-scored option that is allowed and not vetoed, and counts, per report and per rule,
the cases where なし was right, where the next reading would have been right, and where both are wrong.
The yes/no check that the next reading might have got is not replayed. No model is run."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

REPLAYED = ("filtered_out", "leave_needs_cue")


def replay(report: dict) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for case in report["cases"]:
        scores = case.get("model_scores")
        rule = case["decided_by"].removeprefix("rule:")
        if not scores or rule not in REPLAYED or case["got"] != "なし":
            continue
        options, vetoed, allowed = scores["options"], scores["vetoed"], set(scores["allowed"])
        readings = [(s, o) for o, s in scores["scores"].items() if o in allowed and options[o] not in vetoed]
        if not readings:
            continue
        _, best = max(readings)
        if case["expect"] == "なし":
            counts[(rule, "なし right")] += 1
        elif options[best] == case["expect"]:
            counts[(rule, "next reading right")] += 1
        else:
            counts[(rule, "both wrong")] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path, help="eval-interpret --json reports (model backend first)")
    for path in parser.parse_args().reports:
        counts = replay(json.loads(path.read_text()))
        for rule in REPLAYED:
            row = ", ".join(f"{k}: {counts[(rule, k)]}" for k in ("なし right", "next reading right", "both wrong"))
            print(f"{path}: {rule}: {row}")


if __name__ == "__main__":
    main()
