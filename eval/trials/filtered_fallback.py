"""What if a pick of a candidate the words filter removed fell back to the best candidate left? Replayed from
eval-interpret reports, no model run.

    python eval/trials/filtered_fallback.py reports/eval.json held_out.json ... [--list]

Today such a pick answers なし (`filtered_out`). For each case so decided, the fallback is the candidate the
filters and vetoes left (the report's `allowed`, less its `vetoed`) with the best score, なし among them. It
counts the cases where なし was right and the fallback is not (lost), the reverse (mended), and both right or
both wrong; `--list` prints each case that would change."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

NONE = "なし"


def fallback(case: dict) -> str | None:
    """The best-scored candidate left after the filters and vetoes, as its action; None if none is left."""
    scores = case.get("model_scores") or {}
    options, scored, vetoed = scores.get("options", {}), scores.get("scores", {}), scores.get("vetoed", {})
    left = [
        token
        for token in scores.get("allowed", [])
        if token in scored and (NONE if token == "none" else options.get(token, NONE)) not in vetoed
    ]
    if not left:
        return None
    best = max(left, key=lambda token: scored[token])
    return NONE if best == "none" else options[best]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--list", action="store_true", help="print each case the fallback would change")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    for path in args.reports:
        for case in json.loads(path.read_text())["cases"]:
            if case["decided_by"] != "rule:filtered_out" or (instead := fallback(case)) is None:
                continue
            now_right, then_right = case["expect"] == NONE, instead == case["expect"]
            kind = {(True, False): "lost", (False, True): "mended"}.get((now_right, then_right), "same")
            counts[kind] += 1
            if args.list and kind != "same":
                print(f"{kind:6}  {path.name}  expects {case['expect']}, would give {instead}: {case['text']}")
    print(f"decided by the words filter: {sum(counts.values())}; would be lost {counts['lost']}, mended ", end="")
    print(f"{counts['mended']}, unchanged (right or wrong either way) {counts['same']}")


if __name__ == "__main__":
    main()
