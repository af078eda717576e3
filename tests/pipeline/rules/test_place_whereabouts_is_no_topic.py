"""`place_whereabouts_is_no_topic`: asking where a place of the scenario is, or the way there (甘味処って
どのへんにあるの？; 神社の場所はどこですか？), asks for no topic the text does not name. A topic named by its
id or a word outside the place's name stays, and so does one that is itself about where things are.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(20)` marks the
new-shape sets that found it (eval/shapes: kumamoto_ben, shokudou)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE, Action
from app.pipeline.refine import place_whereabouts_is_no_topic
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context

pytestmark = pytest.mark.round(20)

SELECTION = Action("intent", "選曲")  # words 曲, 歌, セトリ…
TROUBLE = Action("intent", "機材トラブル")  # no words


@pytest.mark.parametrize(
    "text",
    [
        "控え室ってどこにあるんですか",  # reachable
        "裏口の場所はどこですか？",  # out of reach
        "楽屋ってどっち？",  # an alias
        "ステージへの行き方を教えて",  # the place the player is in, even
        "音響ブースってどうやって行くの？",
    ],
)
def test_asking_where_a_place_is_picks_no_topic(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context(text, hoshizora, stage_state, analyzer)
    for topic in (SELECTION, TROUBLE):
        outcome = place_whereabouts_is_no_topic(topic, ctx)
        assert outcome is not None and outcome.action == NONE, (text, topic)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("控え室で流す曲ってどこにある？", SELECTION),  # the topic's word, outside the place's name
        ("控え室の機材トラブルって何？", TROUBLE),  # no whereabouts asked
        ("控え室って広い？", TROUBLE),
    ],
)
def test_a_topic_named_or_no_whereabouts_asked_is_left_alone(
    text: str, topic: Action, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert place_whereabouts_is_no_topic(topic, context(text, hoshizora, stage_state, analyzer)) is None


def test_a_topic_about_where_things_are_stays(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """chikatetsu's 道順 (施設の場所や行き方を尋ねる) is what ロッカーってどっち？ asks for; here 鍵の管理 does
    not qualify, but a topic whose example asks where something is does (ギター紛失: ギターはどこで失くしたの？)."""
    state = GameState.model_validate(
        {**stage_state.model_dump(), "available_intents": [{"id": "ギター紛失", "speaker": "灯"}]}
    )
    ctx = context("控え室ってどこにあるんですか", hoshizora, state, analyzer)
    assert place_whereabouts_is_no_topic(Action("intent", "ギター紛失"), ctx) is None


@pytest.mark.round(32)
def test_a_topic_named_in_the_background_before_the_question_is_not_asked(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 32's shiyakusho: 市長が子育て支援に力を入れていると伺いましたが、市長室はどちらでしょうか read as the
    childcare topic (0.51). The topic named in a clause before the question of where (…が、; …けど、; a sentence
    of its own) is background; named in the question, it stays."""
    for text in ("選曲の相談で来たんですが、控え室はどちらでしょうか", "セトリの件は聞いた。控え室ってどこ？"):
        outcome = place_whereabouts_is_no_topic(SELECTION, context(text, hoshizora, stage_state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    for text in ("控え室で流す曲ってどこにある？", "控え室はどこ？選曲の相談をしたいので"):
        assert place_whereabouts_is_no_topic(SELECTION, context(text, hoshizora, stage_state, analyzer)) is None, text
