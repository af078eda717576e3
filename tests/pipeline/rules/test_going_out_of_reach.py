"""`going_out_of_reach`: one sentence, asking nothing, whose last clause is the player's own going, that
names a place of the scenario the game offers no way to now and no reachable place: なし, before the model
reads the topic that names that place.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import going_out_of_reach
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context

pytestmark = [pytest.mark.issue(27), pytest.mark.round(25)]


@pytest.mark.parametrize(
    "text",
    [
        "裏口に行こう",  # 裏口 is no move from the stage
        "搬入口のほう行ってみよか",  # by an alias
        "さっきの人、勝手口に向かったらしいし、追いかけよう",  # someone went there, the player follows
    ],
)
def test_going_to_a_place_out_of_reach_is_nothing_now(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = going_out_of_reach(None, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE, text


@pytest.mark.parametrize(
    "text",
    [
        "裏口って行ったことある？",  # asked
        "裏口の鍵のこと教えて",  # no going
        "裏口から控え室に行こう",  # a reachable place named: explicit_move's
        "裏口はまた今度。控え室に行こう",
        "裏口に行ったんだけど、誰もいなかった。",  # past
        "今日は裏口から帰ろうかな",  # leaving by it: the farewell rules'
    ],
)
def test_a_place_out_of_reach_not_gone_to_now_is_left_alone(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert going_out_of_reach(None, context(text, hoshizora, stage_state, analyzer)) is None, text


@pytest.mark.round(27)
def test_a_place_of_one_character_is_named_as_a_word_of_its_own(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 27's chiba_ben: 港さ戻っぺ goes to the harbour (港), which the game offers no way to (the model
    read the one topic at hand). A name of one character counts as a word of its own, not inside another
    (空港, 蔵 in 酒蔵), and no direction (下, 奥)."""
    places = [
        place.model_copy(update={"aliases": [*place.aliases, "蔵"]}) if place.id == "裏口" else place
        for place in hoshizora.locations
    ]
    scenario = hoshizora.model_copy(update={"locations": places})
    outcome = going_out_of_reach(None, context("蔵に戻ろう", scenario, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE
    assert going_out_of_reach(None, context("酒蔵に行ってみよう", scenario, stage_state, analyzer)) is None
    # a direction is no place's name: 下に降りてきます goes downstairs, whatever the scenario calls 下
    downstairs = [
        place.model_copy(update={"aliases": [*place.aliases, "下"]}) if place.id == "裏口" else place
        for place in hoshizora.locations
    ]
    below = hoshizora.model_copy(update={"locations": downstairs})
    assert going_out_of_reach(None, context("ちょっと下に降りてきます", below, stage_state, analyzer)) is None


@pytest.mark.round(36)
def test_visiting_a_place_out_of_reach_humbly_is_nothing_now(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 36's kamisuki: 田島さんの楮畑にも伺ってみたいです (the field is no move from the workshop) was read
    as the topic of the plant, for 伺う was no going. Right after the place's name and a particle of going it
    visits; asking about the place does not."""
    for text in ("裏口にもお邪魔してみたいです", "いつか裏口へも伺いたいです"):
        outcome = going_out_of_reach(None, context(text, hoshizora, stage_state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    assert going_out_of_reach(None, context("裏口のことを伺いたいです", hoshizora, stage_state, analyzer)) is None
