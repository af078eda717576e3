"""The report's figures from a handful of hand-made results."""

from pathlib import Path

import pytest

from app.evaluation.dataset import EvalCase, EvalFile
from app.evaluation.report import render
from app.evaluation.runner import CaseResult, confidence_sweep, run_cases, summarize
from app.pipeline.interpret import Interpreter
from app.schemas import GameState
from tests.fakes import FakeBackend


def _case(expect: str, got: str, decided_by: str = "model", confidence: float | None = 0.9) -> CaseResult:
    return CaseResult("s.json", "s", "st", "text", [], expect, got, decided_by, confidence, got, 10.0, runs=[got])


def test_confidence_sweep_turns_unsure_model_picks_into_none() -> None:
    results = [
        _case("意図:a", "意図:a", confidence=0.9),
        _case("なし", "意図:b", confidence=0.25),  # wrong, unsure: fixed from 0.3 on
        _case("意図:c", "意図:c", confidence=0.35),  # right, unsure: lost from 0.4 on
        _case("離脱", "離脱", decided_by="rule:farewell_leaves", confidence=0.1),  # a rule's answer stays
    ]
    sweep = confidence_sweep(results, "model")
    assert sweep["0.0"] == 0.75 and sweep["0.3"] == 1.0 and sweep["0.4"] == 0.75


def test_a_pick_the_run_s_threshold_held_back_stands_below_it_in_the_sweep() -> None:
    held = _case("意図:a", "なし", decided_by="rule:low_confidence", confidence=0.33)
    held.held_back = "意図:a"
    sweep = confidence_sweep([held, _case("なし", "なし", decided_by="rule:low_confidence", confidence=0.2)], "model")
    assert sweep["0.0"] == 1.0 and sweep["0.3"] == 1.0 and sweep["0.4"] == 0.5


def test_the_report_records_the_pick_the_threshold_held_back(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    interpreter.min_confidence = 1.0  # above any pick
    fake_backend.queue("A2")
    eval_file = EvalFile(
        scenario="hoshizora",
        states={"stage": stage_state},
        cases=[EvalCase(state="stage", text="ミキサーの調子はどう？", expect="なし")],
    )
    (result,) = run_cases(interpreter, [(Path("s.json"), eval_file)])
    assert result.got == "なし" and result.decided_by == "rule:low_confidence"
    assert result.held_back == "意図:機材トラブル"


def test_false_actions_are_counted_and_listed() -> None:
    summary = summarize([_case("なし", "移動:x"), _case("意図:a", "意図:a")], "model", 1)
    assert summary["false_actions"] == 1 and summary["false_actions_per_100"] == 50.0
    assert "INTERP_MIN_CONFIDENCE" in render([summary])


def test_a_dropped_model_pick_counts_as_a_rule_override() -> None:
    dropped = _case("意図:a", "意図:a")
    dropped.dropped_by = "rule:move_needs_movement"
    vetoed = _case("なし", "なし", decided_by="rule:leave_needs_cue")
    summary = summarize([dropped, vetoed, _case("意図:b", "意図:b")], "model", 1)
    assert summary["rule_overrode_model"] == {"rule:move_needs_movement": 1, "rule:leave_needs_cue": 1}


def test_the_report_keeps_the_yes_no_check_of_a_rejected_topic(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    interpreter.confirm_below = 1.0  # the fake's picks are all confident
    fake_backend.queue("A2")
    fake_backend.queue_confirmation(p_yes=0.02, p_yes_content_free=0.25)
    eval_file = EvalFile(
        scenario="hoshizora",
        states={"stage": stage_state},
        cases=[EvalCase(state="stage", text="週末って何してるの？", expect="なし")],
    )
    (result,) = run_cases(interpreter, [(Path("s.json"), eval_file)])
    assert result.got == "なし" and result.decided_by == "rule:topic_not_confirmed"
    assert result.model_scores is not None
    assert result.model_scores["confirmation"]["topic"] == "意図:機材トラブル"
    assert result.model_scores["confirmation"]["ratio"] == 0.08


@pytest.mark.issue(27)
def test_each_rule_shows_what_it_fixes_and_what_it_breaks() -> None:
    fixed = _case("なし", "なし", decided_by="rule:leave_needs_cue")
    fixed.model_decision = "離脱"  # the model left; the rule rightly stopped it
    broke = _case("離脱", "なし", decided_by="rule:leave_needs_cue")
    broke.model_decision = "離脱"  # the model was right; the veto overturned it
    before_model = _case("離脱", "離脱", decided_by="rule:farewell_leaves")  # no model pick to compare with
    dropped = _case("意図:a", "意図:a")
    dropped.dropped_by, dropped.model_choice = "rule:move_needs_movement", "移動:x"
    summary = summarize([fixed, broke, before_model, dropped], "model", 1)
    assert summary["rules"]["leave_needs_cue"] == {"fired": 2, "right": 1, "fixed": 1, "broke": 1}
    assert summary["rules"]["farewell_leaves"] == {"fired": 1, "right": 1, "fixed": 0, "broke": 0}
    assert summary["rules"]["move_needs_movement"] == {"fired": 1, "right": 1, "fixed": 1, "broke": 0}
    assert "Rules [model]" in render([summary])


def test_the_trace_keeps_the_models_decision_before_a_veto(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("A7")  # 離脱, for a text with no farewell: leave_needs_cue vetoes it
    eval_file = EvalFile(
        scenario="hoshizora",
        states={"stage": stage_state},
        cases=[EvalCase(state="stage", text="ミキサーの調子はどう？", expect="なし")],
    )
    (result,) = run_cases(interpreter, [(Path("s.json"), eval_file)])
    assert result.decided_by == "rule:leave_needs_cue" and result.model_decision == "離脱"


@pytest.mark.issue(29)
def test_the_html_report_holds_the_figures_the_charts_and_every_miss(tmp_path: Path) -> None:
    from html.parser import HTMLParser

    from app.evaluation.html import write_html

    miss = _case("意図:a", "なし", decided_by="rule:topic_not_confirmed")
    false_action = _case("なし", "移動:x")
    summary = summarize([miss, false_action, _case("意図:a", "意図:a")], "model", 1)
    path = tmp_path / "report.html"
    write_html([summary], path, "http://game:8000/playground")

    class Collect(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []
            self.links: list[str] = []
            self.sources: list[str] = []
            self.text: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append(tag)
            self.links += [v or "" for k, v in attrs if k == "href"]
            self.sources += [v or "" for k, v in attrs if k == "src" or (tag == "link" and k == "href")]

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    parsed = Collect()
    parsed.feed(path.read_text(encoding="utf-8"))
    text = "".join(parsed.text)
    assert "33.3%" in text and "every miss (2)" in text and "false actions (1)" in text
    assert parsed.tags.count("svg") == 3  # confusion, per intent, latency
    assert parsed.sources == []  # nothing fetched: the page opens offline
    assert any(link.startswith("http://game:8000/playground?scenario=s&file=s.json&state=st") for link in parsed.links)
