"""Each rule's balance over several eval-interpret reports, as one Markdown table.

    python eval/trials/rule_balance.py reports/public-cold.json reports/r20-cold.json ...

Per rule, summed over the reports (their first backend): how often it decided (fired), how often its
answer was the expected one (right), how often it turned the model's wrong decision into the right answer
(fixed) or the model's right decision into a wrong one (broke). A rule that decides before the model is
asked has no model decision to compare with: its fixed and broke are blank, and fired - right is what it
got wrong."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from app.pipeline import refine

# Rules that decide before the model is asked, and the outcome of a state with nothing left to ask about.
BEFORE_MODEL = {rule.__name__ for rule in refine.BEFORE_MODEL} | {"no_candidates"}


def main(paths: list[str]) -> None:
    totals: dict[str, dict[str, int]] = {}
    for path in paths:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
        backend = next(iter(report["backends"].values()))
        for rule, counts in backend["rules"].items():
            entry = totals.setdefault(rule, {"fired": 0, "right": 0, "fixed": 0, "broke": 0})
            for key in entry:
                entry[key] += counts[key]
    print("| rule | when | fired | right | wrong | fixed | broke |")
    print("|---|---|---|---|---|---|---|")
    for rule, c in sorted(totals.items(), key=lambda item: -item[1]["fired"]):
        before = rule in BEFORE_MODEL
        fixed, broke = ("", "") if before else (str(c["fixed"]), str(c["broke"]))
        when = "before the model" if before else "on its decision"
        print(f"| `{rule}` | {when} | {c['fired']} | {c['right']} | {c['fired'] - c['right']} | {fixed} | {broke} |")


if __name__ == "__main__":
    main(sys.argv[1:])
