"""`eval-interpret --check`: is an evaluation file playable, before any backend runs?

A set written by hand goes wrong in ways that make its figure meaningless rather than low: a state naming an
id the scenario lacks, an expectation that is not among the state's candidates (so no interpreter could give
it), or one that the filters before the model remove (another character's scripted topic asked of the one
addressed; an intent whose `words` the text never uses). This finds those, file by file, without
interpreting anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.errors import StateError
from app.evaluation.dataset import EvalFile
from app.pipeline.actions import Action
from app.pipeline.addressee import filter_by_addressee
from app.pipeline.candidates import Candidate, build_candidates
from app.pipeline.filters import filter_by_words
from app.pipeline.line import read_line
from app.scenario import Scenario
from app.text import TextAnalyzer


@dataclass(frozen=True)
class CaseProblem:
    path: Path
    where: str  # states.<name> or cases[<index>]
    text: str | None  # the case's text
    message: str

    def __str__(self) -> str:
        case = f" ({self.text!r})" if self.text is not None else ""
        return f"{self.path}: {self.where}{case}: {self.message}"


def check_file(path: Path, eval_file: EvalFile, scenario: Scenario, analyzer: TextAnalyzer) -> list[CaseProblem]:
    """Problems in one evaluation file against its scenario, each naming the state or the case."""
    problems: list[CaseProblem] = []
    candidates: dict[str, list[Candidate]] = {}
    for name, state in eval_file.states.items():
        try:
            candidates[name] = build_candidates(state, scenario)
        except StateError as exc:
            problems.append(CaseProblem(path, f"states.{name}", None, str(exc)))
    for index, case in enumerate(eval_file.cases):
        expected = Action.parse(case.expect)
        if expected.kind == "none" or case.state not in candidates:
            continue
        where = f"cases[{index}]"
        offered = candidates[case.state]
        if expected not in {c.action for c in offered}:
            message = f"expects {case.expect}, which is not a candidate in state {case.state!r}"
            problems.append(CaseProblem(path, where, case.text, message))
            continue
        state = eval_file.states[case.state]
        line = read_line(case.text, state, scenario, analyzer)  # (read as the service reads it)
        after_addressee, by_addressee = filter_by_addressee(offered, line.addressee, state)
        _, by_words = filter_by_words(after_addressee, analyzer.analyze(line.text), analyzer)
        for gone in (*by_addressee, *by_words):
            if gone.candidate.action == expected:
                message = f"expects {case.expect}, which the {gone.by} filter removes before the model: {gone.detail}"
                problems.append(CaseProblem(path, where, case.text, message))
    return problems
