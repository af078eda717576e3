"""`topic_set_aside`: a topic the text names only to set it aside for another (停電の話じゃなくて、…; 彗星
じゃなくて、…) is not the one asked about; the pick drops out and the next reading stands.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 9: 0.999 on the comet for 「彗星じゃなくて、佐伯さん本人のことを教えて」)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE, Action
from app.pipeline.refine import NOT_A_READING, topic_set_aside
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context

pytestmark = pytest.mark.issue(27)

SETLIST = Action("intent", "選曲")


@pytest.mark.parametrize(
    "text",
    [
        "選曲の話じゃなくて、機材のことを聞きたいんです",
        "セトリじゃなくて、灯ちゃん自身のことを教えて",
        "曲のことではなく、昨日の夜のことを",
        "選曲やなくて、客入りの話しよ",  # Kansai
    ],
)
def test_a_topic_named_only_to_be_set_aside_drops_out(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = topic_set_aside(SETLIST, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE and outcome.rule in NOT_A_READING


@pytest.mark.parametrize(
    "text",
    [
        "機材じゃなくて、選曲の話をしよう",  # another thing set aside for this topic
        "セトリのことは湊じゃなくて、灯ちゃんに聞きたい",  # the person is set aside, not the topic
        "セトリじゃなくて曲順、いや、やっぱりセトリの話",  # named again, and not set aside
        "セトリ変えない？",
    ],
)
def test_a_topic_asked_about_stays(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert topic_set_aside(SETLIST, context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.round(32)
@pytest.mark.parametrize(
    "text",
    [
        "選曲はあとで聞くから、先に機材のことを教えて",
        "セトリの話は後回しにして、昨日の夜のことを",
        "曲のことはまた今度で、いまは鍵の管理について",
    ],
)
def test_a_topic_put_off_for_another_drops_out(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 32's iwami_ben: 足跡は後で見るけぇ、先に箱を調べさせてや (the footprints later, the box first) read as
    the footprints. A topic put off in a clause the text goes on from is not the one asked about."""
    outcome = topic_set_aside(SETLIST, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE and outcome.rule in NOT_A_READING


@pytest.mark.round(32)
@pytest.mark.parametrize(
    "text",
    [
        "選曲はあとで相談しよう",  # nothing else after it
        "機材はあとで見るから、先に選曲の話をしよう",  # another thing put off for this topic
        "あとで選曲の話をしよう",
    ],
)
def test_a_topic_put_off_for_nothing_else_stays(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert topic_set_aside(SETLIST, context(text, hoshizora, stage_state, analyzer)) is None
