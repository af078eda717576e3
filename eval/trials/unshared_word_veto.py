"""Trial, not in the service: would vetoing an unsure topic pick that shares no content word with
anything the scenario writes about the topic (its id, description, examples, what the characters know
of it) turn small talk read as a topic into なし, without losing paraphrases? No model is run: it
replays `eval-interpret --json` reports.

    python eval/trials/unshared_word_veto.py reports/eval.json held_out.json [--below 0.6]

For each report's topic picks the model decided with a confidence below the bar and no shared word, it
counts the picks that were right (the veto would lose them), the wrong ones that expected なし (it would
mend them) and the other wrong ones (still wrong), for the public and the held-out sets apart.
Measured in round 12 on `make eval`'s `reports/eval.json` and a run of the sixty-one held-out sets, at
0.6: 11 public picks lost for 1 mended, and on the held-out sets 33 mended for 18 lost. Not kept: the
public sets are half paraphrases, and a paraphrase shares no word by design."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from app.scenario import Scenario, load_scenario_dir
from app.text import TextAnalyzer

PUBLIC = {"hoshizora.json", "amatsu.json", "touge.json"}
CONTENT = ("名詞", "動詞", "形容詞", "形状詞")


def content_words(analyzer: TextAnalyzer, text: str) -> set[str]:
    """Dictionary forms of the text's content words, kanji or two kana or more."""
    return {
        lemma
        for _, lemma, pos in analyzer.analyze(text).tokens
        if pos in CONTENT and (len(lemma) >= 2 or any("一" <= c <= "龯" for c in lemma))
    }


def topic_words(analyzer: TextAnalyzer, scenario: Scenario, intent: str) -> set[str]:
    topic = next(i for i in scenario.intents if i.id == intent)
    notes = [k.info for c in scenario.characters for k in c.knowledge if k.intent == intent]
    return set().union(*(content_words(analyzer, t) for t in (topic.id, topic.description, *topic.examples, *notes)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--below", type=float, default=0.6)
    args = parser.parse_args()
    analyzer = TextAnalyzer()
    scenarios = {
        **load_scenario_dir(Path("scenario")).scenarios,
        **load_scenario_dir(Path("eval/unseen/scenario")).scenarios,
    }
    scenario_of = {}
    for directory in (Path("eval"), Path("eval/unseen")):
        for path in directory.glob("*.json"):
            scenario_of[path.name] = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    tally: Counter[tuple[str, str]] = Counter()
    for report in args.reports:
        for case in json.loads(report.read_text(encoding="utf-8"))["cases"]:
            got = case["got"]
            if case["decided_by"] != "model" or not got.startswith("意図:") or case["confidence"] >= args.below:
                continue
            scenario = scenarios[scenario_of[case["file"]]]
            if content_words(analyzer, case["text"]) & topic_words(analyzer, scenario, got.removeprefix("意図:")):
                continue
            where = "public" if case["file"] in PUBLIC else "held-out"
            verdict = "right (lost)" if got == case["expect"] else "wrong, expects なし (mended)"
            if got != case["expect"] and case["expect"] != "なし":
                verdict = "wrong, expects another (still wrong)"
            tally[(where, verdict)] += 1
    for (where, verdict), count in sorted(tally.items()):
        print(f"{where:9} {verdict:38} {count}")


if __name__ == "__main__":
    main()
