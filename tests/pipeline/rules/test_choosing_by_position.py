"""`choosing_by_position`: A short reply that picks one of the places or topics the last line offers by its
place in the line (灯台と浜辺、どちらを先に見に行かれます？ → 二つ目のほうにします) is that option; the model,
reading the reply alone, saw nothing to choose.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 11 of eval/shapes)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import choosing_by_position
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context, move

pytestmark = pytest.mark.issue(27)

CHOICE = "ロビーと控え室、どちらを先に見ますか？"


@pytest.mark.parametrize(
    ("line", "reply", "place"),
    [
        (CHOICE, "二つ目のほうにします", "控え室"),
        (CHOICE, "じゃあ、最初のほうで", "ロビー"),
        (CHOICE, "後者で", "控え室"),
        (CHOICE, "前者でお願いします", "ロビー"),
        ("ロビーと控え室、どっちにする。", "後者かな", "控え室"),  # asked by a question word, closed by 。 (round 12)
        ("ロビー、控え室、音響ブース。どこから見る。", "真ん中ので", "控え室"),  # the middle one of three
    ],
)
def test_an_option_picked_by_its_place_in_the_line_is_chosen(
    line: str, reply: str, place: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", line)
    outcome = choosing_by_position(None, context(reply, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move(place), reply


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (CHOICE, "最初のほうって何があるの？"),  # asks about it
        (CHOICE, "いや、どっちもいい"),  # no option picked
        (CHOICE, "最初のほうはもう見たから、ほかの場所に行きたいんだけど"),  # long: more than a choice
        ("控え室に行きますか？", "最初のほうで"),  # one option only
        ("ロビーと控え室を見てきました。", "最初のほうで"),  # no question offering them
    ],
)
def test_no_choice_by_position_without_options_or_with_more_said(
    line: str, reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", line)
    assert choosing_by_position(None, context(reply, hoshizora, state, analyzer)) is None, reply


def test_places_named_are_the_options_before_any_topic_word_in_the_line(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """A topic's word inside the line (the set list, セトリ, of a topic) is no option when it names places."""
    state = after_line(stage_state, "灯", "セトリの話は後で。ロビーと控え室、どちらを先に見ますか？")
    outcome = choosing_by_position(None, context("最初のほうで", hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


def test_no_middle_of_two(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    state = after_line(stage_state, "灯", CHOICE)
    assert choosing_by_position(None, context("真ん中ので", hoshizora, state, analyzer)) is None
