"""`person_whereabouts_is_no_topic`: asking where someone who is not here is (森下さんはどちらに？; 庭師の爺さんは
どこへ行ったんです？) asks for no topic that is not about where people are. A topic that is itself about
where people are stays, and so does one the text names; one about the person asked (round 29) does not.

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


def test_a_topic_about_where_people_are_stays(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """店の経営 names no one and says nothing of where anyone is. A topic whose id or texts speak of where
    people are (居場所, 行方) is what the question may ask for (round 28's kyoukai: the id 新郎の行方)."""
    ctx = context("真壁さんはどちらに？", hoshizora, stage_state, analyzer)
    assert person_whereabouts_is_no_topic(Action("intent", "店の経営"), ctx) is not None
    staying = {"店長の所在": "人の居場所を尋ねる", "店長の行方": "店長について"}
    scenario, state = _with_topics(hoshizora, stage_state, {**staying, "店長の機嫌": "店長の機嫌について話す"})
    ctx = context("真壁さんはどちらに？", scenario, state, analyzer)
    for topic in staying:
        assert person_whereabouts_is_no_topic(Action("intent", topic), ctx) is None, topic


@pytest.mark.round(29)
def test_a_topic_about_the_person_is_not_their_whereabouts(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 28's ressha (三浦さんは今どこにいるんですか, the topic 三浦: the secretary's character) and round 29's
    ichiba (健太くんは今どこにいるんですか？, the topic 健太: why he was fired) kept a topic because it named the
    person; both writers expected なし. A topic about someone is not where they are."""
    scenario, state = _with_topics(
        hoshizora, stage_state, {"真壁": "店長の人柄、灯との関係", "店長の機嫌": "店長の機嫌について話す"}
    )
    for text in ("真壁さんはどちらに？", "店長は今どこにいるんですか？"):
        ctx = context(text, scenario, state, analyzer)
        for topic in ("真壁", "店長の機嫌"):
            outcome = person_whereabouts_is_no_topic(Action("intent", topic), ctx)
            assert outcome is not None and outcome.action == NONE, (text, topic)


def _with_topics(hoshizora: Scenario, stage_state: GameState, described: dict[str, str]) -> tuple[Scenario, GameState]:
    """hoshizora with topics of these ids and descriptions, spoken by 灯, the only topics at hand."""
    state = GameState.model_validate(
        {**stage_state.model_dump(), "available_intents": [{"id": t, "speaker": "灯"} for t in described]}
    )
    intents = [hoshizora.intents[0].model_copy(update={"id": t, "description": d}) for t, d in described.items()]
    return hoshizora.model_copy(update={"intents": [*hoshizora.intents, *intents]}), state


@pytest.mark.round(30)
def test_a_pause_after_the_person_still_asks_where_they_are(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context("真壁さんは、今どちらにいらっしゃるんでしょう", hoshizora, stage_state, analyzer)
    outcome = person_whereabouts_is_no_topic(SELECTION, ctx)
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(31)
@pytest.mark.parametrize("text", ["真壁って人、今どこにいるの？", "真壁さんは今どこさいる？"])
def test_someone_called_so_or_asked_with_tohoku_sa_is_asked_where_they_are(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 31's shimokita_ben: 黒田って人、今どこさいるの？ (what the person is called, and Tohoku's さ for
    に) read as the broker topic."""
    outcome = person_whereabouts_is_no_topic(SELECTION, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(35)
@pytest.mark.parametrize(
    "text",
    [
        "店長は、今日は控え室にいらっしゃいますか",
        "真壁さん、まだ裏口にいるのかな",
        "マスターは今日も物販の方でお仕事ですか。",
    ],
)
def test_asking_whether_someone_absent_is_at_a_place_picks_no_topic(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 35's shikki, oki_ben and enden: whether someone away is at a place now (辰男さんは、今日は…に
    いらっしゃいますか; …まだ浜にいるのかな) read as the topic nearest the place."""
    ctx = context(text, hoshizora, stage_state, analyzer)
    for topic in (SELECTION, TROUBLE):
        outcome = person_whereabouts_is_no_topic(topic, ctx)
        assert outcome is not None and outcome.action == NONE, (text, topic)


@pytest.mark.round(35)
def test_a_topic_word_in_the_place_asked_about_names_no_topic(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """The place someone is asked to be at is part of the question (蒔絵の間でお仕事ですか: not the topic 蒔絵);
    the same word outside it still names the topic."""
    keys = Action("intent", "鍵の管理")
    asked = context("店長は、今日も鍵のかかった倉庫にいるのかな", hoshizora, stage_state, analyzer)
    outcome = person_whereabouts_is_no_topic(keys, asked)
    assert outcome is not None and outcome.action == NONE
    named = context("店長は今どこにいるの？鍵を返したいんだけど", hoshizora, stage_state, analyzer)
    assert person_whereabouts_is_no_topic(keys, named) is None


@pytest.mark.round(35)
@pytest.mark.parametrize("text", ["店長は控え室にいる時に鍵を閉めたの？", "店長は昔この店でお仕事してたんですか？"])
def test_what_happened_there_or_where_they_once_were_is_not_asked(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context(text, hoshizora, stage_state, analyzer)
    for topic in (Action("intent", "鍵の管理"), Action("intent", "店の経営")):
        assert person_whereabouts_is_no_topic(topic, ctx) is None, (text, topic)
