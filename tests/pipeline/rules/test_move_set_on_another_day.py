"""`move_set_on_another_day`: A movement set on another day (また明日観音さん行こまい) is a plan: the rules
before the model do not read it as going, and the model's pick is held to that reading.

Each test: the failure the rule prevents, or a near miss that must not trigger it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import move_set_on_another_day
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move

pytestmark = pytest.mark.issue(27)


@pytest.mark.parametrize(
    "text",
    [
        "また明日ロビー行こまい",  # the model gave 0.99 to the place (round 8 of the sets of other shapes)
        "明日またロビー見に行きます",
        "来週ロビーに行くわ",
        "ロビーに行かなくちゃ……でも今じゃないな。明日にしよう",  # put off in the last sentence (round 9)
        "ロビーはまた今度にします！",
        "明日の朝、ロビーに行ってみたいな",  # the day with its time, as a clause of its own (round 10)
        "いいえ、ロビー は あとで いきます",  # later today is not now either (round 10)
        "ロビーには後ほど向かいます",
        "本当ですか？聞き終わったらロビーにも寄ります",  # something to be done first (round 11)
        "話が終わったら、ロビーに行こう",
        pytest.param("ロビーに行こうかな。でも、また今度にします", marks=pytest.mark.round(21)),  # no topic put off
        pytest.param("掃除したらロビーに行こう", marks=pytest.mark.round(19)),  # a noun done first, then
    ],
)
def test_a_move_set_on_another_day_is_no_move(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = move_set_on_another_day(move("ロビー"), context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.parametrize(
    "text",
    [
        "ロビー行こまい",
        "明日の資料、ロビーに取りに行ってくる",  # the day qualifies a thing, not the going
        "明日も早いし、ロビー戻って寝るわ",  # the day stands in a clause of its own
        "明日ロビーでライブあるの？",  # no movement verb: for the other vetoes to read
        "荷物を置いた後でロビーに行こう",  # after something done: the order of what happens now
        "よかったらロビーに行こう",  # if you like
        "そうしたらロビーに行こう",  # then
        # したら opening a sentence is Hokkaido's and Tohoku's then (round 19's hokkaido_ben)
        pytest.param("見た見た。したら、ロビーさ行ってみるべ", marks=pytest.mark.round(19)),
        pytest.param("したら、ロビーさ戻ってなんか食べるべ", marks=pytest.mark.round(19)),
        # a topic put off after a going (round 21's futatsu)
        pytest.param("ロビーへ行ってきます。セトリのことはまた後で", marks=pytest.mark.round(21)),
    ],
)
def test_a_move_made_now_stands(text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    assert move_set_on_another_day(move("ロビー"), context(text, hoshizora, stage_state, analyzer)) is None
