"""`near_verbatim_example`: The text is (almost) one of an intent's
examples, so no model guess may override it (a small model answered なし
for a typed example, 「流す曲を変えてみたら？」).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

from app.pipeline.actions import Action
from app.pipeline.refine import near_verbatim_example
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context


def test_typed_example_wins(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = near_verbatim_example(None, context("流す曲を変えてみたら", hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == Action("intent", "選曲")


def test_paraphrase_is_left_to_the_model(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    assert near_verbatim_example(None, context("かける曲を替えたらどう？", hoshizora, stage_state, analyzer)) is None


def test_short_input_is_never_verbatim(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    assert near_verbatim_example(None, context("将来の夢", hoshizora, stage_state, analyzer)) is None


def test_second_scenario(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = near_verbatim_example(None, context("怪我人の具合はどうですか！", amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == Action("intent", "負傷者の容体")
