"""Replay the second look at other bars: which topics the yes/no check rejected would stand?

    eval-interpret eval/*.json --json reports/public.json
    eval-interpret eval/unseen/*.json --scenario-dir eval/unseen/scenario --json reports/held_out.json
    python eval/trials/second_look_bars.py reports/public.json reports/held_out.json

Every report made with the default settings records, for each topic the check rejected and that the
characters know something about, the second look's ratio (`model_scores.confirmation.with_knowledge`).
For each bar, this counts the rejected topics that would stand: right (the case expects that topic)
or wrong (it expects something else, most often なし)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

BARS = (0.5, 0.8, 1.0, 1.2, 1.3, 1.5, 2.0, 2.5, 3.0)


def second_looks(paths: list[Path]) -> list[tuple[float, bool]]:
    """(the second look's ratio, whether the rejected topic is the expected answer), per case."""
    looks = []
    for path in paths:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            confirmation = (case.get("model_scores") or {}).get("confirmation") or {}
            second = confirmation.get("with_knowledge")
            if second is not None:
                looks.append((second["ratio"], confirmation["topic"] == case["expect"]))
    return looks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path, help="eval-interpret --json reports")
    looks = second_looks(parser.parse_args().reports)
    print(f"{len(looks)} rejected topics got a second look")
    print("| bar | would stand, right | would stand, wrong |")
    print("|---|---|---|")
    for bar in BARS:
        right = sum(1 for ratio, correct in looks if ratio >= bar and correct)
        wrong = sum(1 for ratio, correct in looks if ratio >= bar and not correct)
        print(f"| {bar} | {right} | {wrong} |")


if __name__ == "__main__":
    main()
