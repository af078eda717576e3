"""`topic_needs_speech`: A line of stage directions only, none of which speaks or asks, raises no topic.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.refine import farewell_leaves, leave_needs_cue, topic_needs_speech
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, with_every_intent

KEYS = Action("intent", "鍵の管理")

pytestmark = [pytest.mark.issue(27), pytest.mark.round(18)]


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("（鍵の束が下がった柱を横目で見る）", True),
        ("*楽屋の鍵をじっと見つめる*", True),
        ("主人公は「鍵の管理」と書かれた札をしばらく眺めていた。", True),
        ("【行動】鍵を調べる", True),
        ("（湊に鍵のことを尋ねる）", False),  # the direction asks
        ("主人公は灯に鍵の話を切り出した。", False),
        ("【行動】湊に鍵について聞く", False),
        ("（鍵を指さして）この鍵、誰が持ってたんですか", False),  # speech beside the direction
        ("鍵（合鍵のほう）ってどこ？", False),  # a bracket inside a clause is an aside
        ("鍵をじっと見つめる", False),  # no direction marked
    ],
)
def test_a_line_that_only_acts_raises_no_topic(
    text: str, vetoed: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's togaki: the model read the thing acted on as the topic ((酒樽にそっと手を触れる) 0.84;
    主人公は「火の用心」の札をしばらく眺めていた。 0.98; （鍵の束が下がった柱を横目で見る） 0.97)."""
    state = with_every_intent(stage_state, hoshizora)
    outcome = topic_needs_speech(KEYS, context(text, hoshizora, state, analyzer))
    assert (outcome is not None and outcome.action == NONE) is vetoed


def test_going_and_leaving_in_directions_stay(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context("（ロビーへ向かう）", hoshizora, stage_state, analyzer)
    assert topic_needs_speech(Action("move", "ロビー"), ctx) is None
    assert topic_needs_speech(LEAVE, ctx) is None


@pytest.mark.parametrize(
    "text",
    [
        "「では、また日を改めて伺います」（一礼して暖簾をくぐる）",
        "*これ以上は無駄だと悟り、屋敷を辞する*",
        "主人公は二人に礼を述べて帰路についた。",
    ],
)
def test_a_farewell_then_a_gesture_or_a_leaving_narrated_leaves(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's togaki: the farewell, then a gesture in brackets, did not end the line; 辞する and 帰路につく
    were no leaving phrase (leave_needs_cue vetoed the model's leave on two)."""
    ctx = context(text, hoshizora, stage_state, analyzer)
    outcome = farewell_leaves(None, ctx)
    assert outcome is not None and outcome.action == LEAVE
    assert leave_needs_cue(LEAVE, ctx) is None
