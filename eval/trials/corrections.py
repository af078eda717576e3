"""Which cases does the correction stage read differently from what was typed? No model is run.

    python eval/trials/corrections.py [--exclude kagoshima_ben,hitei] [--latin]

For every committed public and held-out case it prints the case's expectation, the text as typed and
what the later stages read instead (app/pipeline/correction.py), marking a line that only calls off
what it said (answered なし before the model), then how many cases it read. With `--latin`, the same for
the Latin stage before it (app/pipeline/latin.py: English and romaji read as Japanese). `--exclude`
leaves out sets by file stem (a set written but not yet run is first-run material)."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from app.evaluation.dataset import load_eval_file
from app.pipeline.correction import read_correction, scenario_names
from app.pipeline.latin import latin_words, read_latin
from app.scenario import load_scenario_dir
from app.text import TextAnalyzer

SETS = (
    ("scenario", "eval/*.json"),
    ("eval/unseen/scenario", "eval/unseen/*.json"),
    ("eval/shapes/scenario", "eval/shapes/*.json"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exclude", default="", help="comma-separated set file stems to leave out")
    parser.add_argument("--latin", action="store_true", help="list what the Latin stage reads instead")
    args = parser.parse_args()
    excluded = set(filter(None, args.exclude.split(",")))
    analyzer = TextAnalyzer()
    committed = set(
        subprocess.run(["git", "ls-files", "eval"], check=True, capture_output=True, text=True).stdout.split()
    )
    read = touched = 0
    for scenario_dir, pattern in SETS:
        scenarios = load_scenario_dir(Path(scenario_dir)).scenarios
        for path in sorted(p for p in Path().glob(pattern) if str(p) in committed and p.stem not in excluded):
            eval_file = load_eval_file(path)
            names = scenario_names(scenarios[eval_file.scenario])
            kept = latin_words(names)
            for case in eval_file.cases:
                read += 1
                if args.latin:
                    latin = read_latin(case.text, kept)
                    if latin.read:
                        touched += 1
                        print(f"{path.name}: {case.text} (expects {case.expect}) -> {latin.text}")
                    continue
                correction = read_correction(case.text, analyzer, names)
                if correction.marker:
                    touched += 1
                    called_off = " (called off: なし)" if correction.taken_back else ""
                    print(f"{path.name}: {case.text} (expects {case.expect}) -> {correction.text}{called_off}")
    print(f"{touched} of {read} cases read {'by the Latin stage' if args.latin else 'as corrected'}")


if __name__ == "__main__":
    main()
