"""Which public and held-out cases talk about a farewell word, and what do they expect? No model is run.

    python eval/trials/farewell_word_cases.py

The evidence for the rule farewell_word_talked_about: it prints each case whose text quotes or asks
about a farewell word (farewell.farewell_talked_about), then how many expect なし."""

from __future__ import annotations

from pathlib import Path

from app.evaluation.dataset import load_eval_file
from app.pipeline.readings.farewell import farewell_talked_about
from app.text import TextAnalyzer

PATTERNS = ("eval/*.json", "eval/unseen/*.json")


def main() -> None:
    analyzer = TextAnalyzer()
    found = expect_none = 0
    for pattern in PATTERNS:
        for path in sorted(Path().glob(pattern)):
            for case in load_eval_file(path).cases:
                if farewell_talked_about(analyzer.analyze(case.text)):
                    found += 1
                    expect_none += case.expect == "なし"
                    print(f"{path.name}: {case.text} (expects {case.expect})")
    print(f"{found} cases talk about a farewell word; {expect_none} expect なし")


if __name__ == "__main__":
    main()
