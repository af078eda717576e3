"""Which cases would the rules decide differently than at another revision? No model is run.

    python eval/trials/compare_rules.py a7dc7f5 [--exclude kagoshima_ben,hitei]

For every public and held-out case it applies both revisions' rules: the rules that decide before the
model, and the vetoes after it for every candidate the model could pick. It prints each case whose
outcome differs, then how many cases it checked. It compares both revisions' addressee finders the same
way (whom the text calls), printing each case whose addressee differs; the rules are compared on the
candidates today's finder leaves. Each revision's rules read the text as its own analyser did
(app/text.py: since round 19, with stammers taken out), after today's Latin and correction stages
(app/pipeline/latin.py, app/pipeline/correction.py: what a self-correcting line meant, as the service reads it)."""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from app import lexicon
from app.evaluation.dataset import load_eval_file
from app.lexicon import tokens as token_patterns
from app.pipeline import refine
from app.pipeline.addressee import filter_by_addressee
from app.pipeline.candidates import build_candidates
from app.pipeline.line import meant_addressee, read_line
from app.scenario import load_scenario_dir
from app.text import TextAnalyzer

SETS = (
    ("scenario", "eval/*.json"),
    ("eval/unseen/scenario", "eval/unseen/*.json"),
    ("eval/shapes/scenario", "eval/shapes/*.json"),
)


def module_at(revision: str, path: str) -> ModuleType:
    """The module at `path` (app/pipeline/refine.py, app/text.py) as it was at `revision`, with the
    packages it imports as they were then too: the readings (app/pipeline/readings/, since the rules and
    the readings were split) and the rules (app/pipeline/rules/, since refine.py only orders them)."""
    source = subprocess.run(["git", "show", f"{revision}:{path}"], check=True, capture_output=True, text=True).stdout
    name = f"{Path(path).stem}_then"
    folder = Path(tempfile.mkdtemp())
    copy = folder / f"{name}.py"
    packages = {"app.pipeline.readings": "readings_then", "app.pipeline.rules": "rules_then"}
    # Modules the rules import that read the text (the words filter, since round 22 with the analyser).
    modules = {"app.pipeline.filters": "filters_then"}

    def as_then(text: str) -> str:
        for package, then in packages.items():
            text = text.replace(f"{package}.", f"{then}.").replace(f"import {package}", f"import {then}")
        for module, then in modules.items():
            text = text.replace(f"from {module} import", f"from {then} import")
        return text

    copied = False
    for package, then in packages.items():
        listed = subprocess.run(
            ["git", "ls-tree", "--name-only", revision, f"{package.replace('.', '/')}/"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        # (text.py and addressee.py import neither; the rules import the readings)
        if not listed or not any(p in source for p in packages):
            continue
        (folder / then).mkdir()
        for file in listed:
            shown = subprocess.run(["git", "show", f"{revision}:{file}"], check=True, capture_output=True, text=True)
            (folder / then / Path(file).name).write_text(as_then(shown.stdout), encoding="utf-8")
        copied = True
    if copied:
        for module, then in modules.items():
            shown = subprocess.run(
                ["git", "show", f"{revision}:{module.replace('.', '/')}.py"], check=True, capture_output=True, text=True
            )
            (folder / f"{then}.py").write_text(shown.stdout, encoding="utf-8")
        source = as_then(source)
        sys.path.insert(0, str(folder))
        for loaded in [m for m in sys.modules if m.startswith((*packages.values(), *modules.values()))]:
            del sys.modules[loaded]
    copy.write_text(source)
    spec = importlib.util.spec_from_file_location(name, copy)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    # Its language data as it was too (app/lexicon/*.json, read when the module loads).
    data = Path(tempfile.mkdtemp())
    listed = subprocess.run(
        ["git", "ls-tree", "--name-only", revision, "app/lexicon/"], check=True, capture_output=True, text=True
    ).stdout.split()
    for file in (f for f in listed if f.endswith(".json")):
        shown = subprocess.run(["git", "show", f"{revision}:{file}"], check=True, capture_output=True, text=True)
        (data / Path(file).name).write_text(shown.stdout, encoding="utf-8")
    here, lexicon.LEXICON_DIR = lexicon.LEXICON_DIR, data
    _clear_lexicon_caches()
    try:
        spec.loader.exec_module(module)
    finally:
        lexicon.LEXICON_DIR = here
        _clear_lexicon_caches()
    return module


def _clear_lexicon_caches() -> None:
    """Forget every table read so far, token patterns too: else a revision's rules would read today's
    patterns (intention.json, offer.json) that the module loaded first had cached."""
    lexicon.load.cache_clear()
    lexicon.pattern.cache_clear()
    token_patterns.patterns.cache_clear()


def outcomes(
    rules: ModuleType,
    text: str,
    state: object,
    candidates: tuple,
    analyzer: TextAnalyzer,
    names: tuple = (),
    phrases: object = None,
    places: tuple = (),
) -> list:
    fields = rules.RuleContext.__dataclass_fields__
    extra: dict = {"character_names": names} if "character_names" in fields else {}
    if "location_names" in fields:  # every place's names (a reachable one's inside another's is not named)
        extra["location_names"] = places
    if "phrases" in fields and phrases is not None:  # the scenario's own additions (phrases, issue 27)
        extra["phrases"] = rules.ScenarioPhrases.of(phrases)
    context = rules.RuleContext(analyzer.analyze(text), state, candidates, analyzer, **extra)
    found = [rules.first_outcome(rules.BEFORE_MODEL, None, context)]
    found += [rules.first_outcome(rules.AFTER_MODEL, c.action, context) for c in candidates]
    return [(o.action.notation, o.rule) if o else None for o in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="a git revision whose rules and addressee finder to compare with")
    parser.add_argument(
        "--exclude",
        default="",
        help="comma-separated set file stems to leave out (a committed round whose first run is to come)",
    )
    arguments = parser.parse_args()
    revision, excluded = arguments.revision, set(filter(None, arguments.exclude.split(",")))
    then, addressee_then = (
        module_at(revision, "app/pipeline/refine.py"),
        module_at(revision, "app/pipeline/addressee.py"),
    )
    # the text as the rules saw it then (stammers, say, were not yet taken out before round 19)
    analyzer, analyzer_then = TextAnalyzer(), module_at(revision, "app/text.py").TextAnalyzer()
    # (an older finder may not read names by their kana: it is asked as it was written)
    reads_names_then = (analyzer,) if "analyzer" in inspect.signature(addressee_then.find_addressee).parameters else ()
    checked = 0
    # Only committed sets: one being written is first-run material, never read before its first run.
    committed = set(
        subprocess.run(["git", "ls-files", "eval"], check=True, capture_output=True, text=True).stdout.split()
    )
    for scenario_dir, pattern in SETS:
        scenarios = load_scenario_dir(Path(scenario_dir)).scenarios
        # (id, names) per character and per place, as the interpreter gives the rules: once per scenario
        names_of = {sid: refine.people_and_places(sc) for sid, sc in scenarios.items()}
        # (the characters' names as that revision's finder read them: お嬢さん for お嬢様 only since round 21)
        names_then_of = {
            sid: tuple((c.id, tuple(addressee_then.character_names(sc, c.id))) for c in sc.characters)
            for sid, sc in scenarios.items()
        }
        for path in sorted(p for p in Path().glob(pattern) if str(p) in committed and p.stem not in excluded):
            eval_file = load_eval_file(path)
            for case in eval_file.cases:
                state = eval_file.states[case.state]
                scenario = scenarios[eval_file.scenario]
                # both revisions' rules read what today's Latin and correction stages give them, as the service does
                line = read_line(case.text, state, scenario, analyzer)
                text, addressee = line.text, line.addressee
                called_then = meant_addressee(
                    line.correction,
                    line.typed,
                    lambda said: addressee_then.find_addressee(said, state, scenario, *reads_names_then),  # noqa: B023 (called at once)
                )
                if (called_then.character, called_then.reason) != (addressee.character, addressee.reason):
                    print(
                        f"{path.name}: {case.text} (expects {case.expect}): addressee"
                        f" {(called_then.character, called_then.reason)} -> {(addressee.character, addressee.reason)}"
                    )
                candidates = tuple(filter_by_addressee(build_candidates(state, scenario), addressee, state)[0])
                names, places = names_of[eval_file.scenario]
                names_then = names_then_of[eval_file.scenario]
                before = outcomes(then, text, state, candidates, analyzer_then, names_then, scenario.phrases, places)
                now = outcomes(refine, text, state, candidates, analyzer, names, scenario.phrases, places)
                checked += 1
                if before != now:
                    print(f"{path.name}: {case.text} (expects {case.expect}): before the model {before[0]} -> {now[0]}")
                    for candidate, then_veto, now_veto in zip(candidates, before[1:], now[1:], strict=True):
                        if then_veto != now_veto:
                            print(f"    after the model, on {candidate.action.notation}: {then_veto} -> {now_veto}")
    print(f"checked {checked} cases")


if __name__ == "__main__":
    main()
