"""The report's figures from a handful of hand-made results."""

from pathlib import Path

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
