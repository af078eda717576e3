"""What would the working tree's rules answer, given the model's recorded scores? No model is run.

    python eval/trials/rules_replay.py REPORT.json [REPORT.json ...]

compare_rules.py says which cases the rules decide differently; this says which answers that changes, end
to end: for every case of an `eval-interpret --json` report it applies today's rules before the model, and,
where the recording has the model's scores, today's vetoes to each option, then decides again from the
recorded scores as the service does (decision_replay.py: the decision, the veto, the recorded yes/no
check, the confidence bar). It prints each case whose answer moves, with its expectation, then the
balance: right answers before and after, false actions before and after.

It cannot know what the model would say where it was not asked: a case that a rule decided before the
model in the recording, and that today's rules no longer decide, is counted as `unknown`; so is a topic
that becomes the decision and was never put to the yes/no check (taken as confirmed, and counted)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from app.evaluation.dataset import load_eval_file
from app.evaluation.runner import cold_state
from app.pipeline import refine
from app.pipeline.addressee import filter_by_addressee
from app.pipeline.candidates import build_candidates
from app.pipeline.line import read_line
from app.pipeline.readings.farewell import farewell_talked_about
from app.scenario import load_scenario_dir
from app.schemas import GameState
from app.text import TextAnalyzer
from eval.trials.decision_replay import NONE, Setting, decide, recorded_check

SETS = (
    ("scenario", "eval"),
    ("eval/unseen/scenario", "eval/unseen"),
    ("eval/shapes/scenario", "eval/shapes"),
)


class Sets:
    """Eval files and scenarios by file name, loaded once."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[Any, Any]] = {}
        for scenario_dir, folder in SETS:
            scenarios = load_scenario_dir(Path(scenario_dir)).scenarios
            for path in sorted(Path(folder).glob("*.json")):
                eval_file = load_eval_file(path)
                if eval_file.scenario in scenarios:
                    self.files[path.name] = (eval_file, scenarios[eval_file.scenario])


def state_of(case: dict[str, Any], sets: Sets, cold: bool) -> GameState:
    """The state the case ran in: with `cold`, reordered as eval-interpret --cold reorders it."""
    eval_file, _ = sets.files[case["file"]]
    state = eval_file.states[case["state"]]
    if not cold:
        return state
    index = next(i for i, c in enumerate(eval_file.cases) if (c.state, c.text) == (case["state"], case["text"]))
    return cold_state(state, f"{case['file']}:{index}")


def context_for(case: dict[str, Any], sets: Sets, analyzer: TextAnalyzer, state: GameState) -> refine.RuleContext:
    _, scenario = sets.files[case["file"]]
    line = read_line(case["text"], state, scenario, analyzer)  # (the text the service's rules read)
    candidates = tuple(filter_by_addressee(build_candidates(state, scenario), line.addressee, state)[0])
    return refine.RuleContext(
        analyzer.analyze(line.text),
        state,
        candidates,
        analyzer,
        refine.ScenarioPhrases.of(scenario.phrases),
        *refine.people_and_places(scenario),
    )


def replayed(
    case: dict[str, Any], ctx: refine.RuleContext, setting: Setting, tokens: dict[str, str]
) -> tuple[str, str]:
    """(answer, how): how is 'before' (a rule before the model), 'model', 'unknown' or 'unchecked'.
    `tokens`: every candidate's token in the state the case ran in, to its notation."""
    fast = refine.first_outcome(refine.BEFORE_MODEL, None, ctx)
    if fast is not None:
        return fast.action.notation, "before"
    scores = case.get("model_scores")
    if not scores or not scores.get("options"):
        if case["decided_by"].startswith("rule:") and case["decided_by"] != "rule:no_candidates":
            return str(case["got"]), "unknown"  # decided before the model then: the model's scores are unknown
        return str(case["got"]), "model"
    # every option the model scored, the ones the recording dropped from the decision included
    options = {t: n for t, n in (tokens | {"none": NONE}).items() if t in scores["probabilities"]}
    allowed = {options.get(t) for t in scores.get("allowed") or []}
    by_notation = {c.action.notation: c.action for c in ctx.candidates}
    vetoed: dict[str, str] = {}
    for notation in options.values():
        if notation == NONE:
            continue
        action = by_notation.get(notation)
        outcome = refine.first_outcome(refine.AFTER_MODEL, action, ctx) if action is not None else None
        if outcome is not None:
            vetoed[notation] = outcome.rule
        elif notation not in allowed:
            vetoed[notation] = "filtered_out"
    dropped = sorted(n for n, rule in vetoed.items() if rule in refine.NOT_A_READING)
    # decide() reads the options by token and drops by notation; the probabilities cover every token
    scores = {**scores, "options": options, "dropped": dropped, "vetoed": vetoed}
    option, confidence = decide(scores, setting)
    notation = options[option]
    if notation == NONE or notation in vetoed:
        return NONE, "model"
    how = "model"
    if notation.startswith("意図:") and confidence < setting.confirm_below:
        if farewell_talked_about(ctx.text):  # Interpreter._confirm, before the check
            return NONE, "model"
        confirmed = recorded_check(scores, notation, setting)
        if confirmed is False:
            return NONE, "model"
        if confirmed is None:
            how = "unchecked"
    if confidence < setting.min_confidence:
        return NONE, "model"
    return notation, how


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path)
    args = parser.parse_args()
    sets, analyzer, setting = Sets(), TextAnalyzer(), Setting()
    total = right_then = right_now = false_then = false_now = 0
    caveats = {"unknown": 0, "unchecked": 0}
    for path in args.reports:
        report = json.loads(path.read_text())
        for case in report["cases"]:
            if case["file"] not in sets.files or case.get("error"):
                continue
            state = state_of(case, sets, report.get("mode") == "cold")
            scenario = sets.files[case["file"]][1]
            tokens = {c.token: c.action.notation for c in build_candidates(state, scenario)}
            got, how = replayed(case, context_for(case, sets, analyzer, state), setting, tokens)
            expect, then = case["expect"], case["got"]
            total += 1
            right_then += then == expect
            right_now += got == expect
            false_then += then != expect and then.startswith(("移動:", "離脱"))
            false_now += got != expect and got.startswith(("移動:", "離脱"))
            # (a rule that decided then and no longer does leaves the answer to a model never asked: shown
            # with its old answer, which may move)
            if how in caveats and (got != then or how == "unknown"):
                caveats[how] += 1
            if how == "unknown":
                by = case["decided_by"]
                print(f"? {case['file']}: {case['text']} (expects {expect}): {then} by {by} -> the model")
            elif got != then:
                mark = "+" if got == expect else "-" if then == expect else "~"
                print(f"{mark} {case['file']}: {case['text']} (expects {expect}): {then} -> {got} [{how}]")
    print(
        f"{total} cases: right {right_then} -> {right_now}, false actions {false_then} -> {false_now}; "
        f"changed without the model's scores: {caveats['unknown']}, topics never checked: {caveats['unchecked']}"
    )


if __name__ == "__main__":
    main()
