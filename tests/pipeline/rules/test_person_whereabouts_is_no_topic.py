"""`person_whereabouts_is_no_topic`: asking where someone who is not here is (森下さんはどちらに？; 庭師の爺さんは
どこへ行ったんです？) asks for no topic that does not speak of them. A topic that names them, or is itself
about where people are, stays, and so does one the text names.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(23)` marks the
new-shape sets that found it (eval/shapes: jinmon; round 22's giongo too)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE, Action
from app.pipeline.refine import person_whereabouts_is_no_topic
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context

pytestmark = [pytest.mark.issue(27), pytest.mark.round(23)]

SELECTION = Action("intent", "選曲")
TROUBLE = Action("intent", "機材トラブル")


@pytest.mark.parametrize(
    "text", ["真壁さんはどちらに？", "店長の親父さんはどこへ行ったんです？", "マスターどこいるか知ってる？"]
)
def test_asking_where_someone_absent_is_picks_no_topic(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context(text, hoshizora, stage_state, analyzer)
    for topic in (SELECTION, TROUBLE):
        outcome = person_whereabouts_is_no_topic(topic, ctx)
        assert outcome is not None and outcome.action == NONE, (text, topic)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("湊さんはどこに行ったの？", TROUBLE),  # present: the question is something else
        ("真壁さんってどこかに借金があるの？", TROUBLE),  # somewhere, not where
        ("店長、機材トラブルの件はどこに相談すれば？", TROUBLE),  # the topic named
        ("真壁さんの流す曲はどこにあるの？", SELECTION),  # no whereabouts of the person asked
    ],
)
def test_someone_present_or_a_topic_named_is_left_alone(
    text: str, topic: Action, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert person_whereabouts_is_no_topic(topic, context(text, hoshizora, stage_state, analyzer)) is None


def test_a_topic_about_where_people_are_or_about_them_stays(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """昨夜の行動 asks where someone was (アリバイ) but names no one; 店の経営 names no one either. A topic
    whose texts speak of 居場所 or 行方, or name the person asked, is what the question may ask for."""
    ctx = context("真壁さんはどちらに？", hoshizora, stage_state, analyzer)
    assert person_whereabouts_is_no_topic(Action("intent", "店の経営"), ctx) is not None
    state = GameState.model_validate(
        {
            **stage_state.model_dump(),
            "available_intents": [{"id": "店長の所在", "speaker": "灯"}, {"id": "店長の機嫌", "speaker": "灯"}],
        }
    )
    hoshizora_plus = hoshizora.model_copy(
        update={
            "intents": [
                *hoshizora.intents,
                hoshizora.intents[0].model_copy(update={"id": "店長の所在", "description": "人の居場所を尋ねる"}),
                hoshizora.intents[0].model_copy(update={"id": "店長の機嫌", "description": "店長の機嫌について話す"}),
            ]
        }
    )
    ctx = context("真壁さんはどちらに？", hoshizora_plus, state, analyzer)
    assert person_whereabouts_is_no_topic(Action("intent", "店長の所在"), ctx) is None
    assert person_whereabouts_is_no_topic(Action("intent", "店長の機嫌"), ctx) is None
