"""`knowledge_echo`: The text repeats a phrase of what a character knows
of one topic, and of no other (「紺のスーツの 男性は裏口のほうを気にしていたのですか」 after
「…紺のスーツで、通用口のほうを気にしていた」): the player asks about what they heard. The
model answered such lines なし or a neighbouring topic. Only topics still
allowed (addressee and words filters) count, and place names of three
characters or more do not count towards the phrase: a note may name the
place the player only asks about (a shorter one, masked, would cut words
it is part of: 入口 in 搬入口). Nor does a person called with an honorific.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.refine import knowledge_echo
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context


@pytest.mark.parametrize(
    ("scene", "text", "topic"),
    [
        ("hoshizora", "搬入口の辺りで誰か見なかった？", "不審な人物"),
        ("hoshizora", "ミキサーの3chのノイズ、直った？", "機材トラブル"),
        ("amatsu", "睡眠薬が一瓶足りないって本当？", "睡眠薬"),
    ],
)
def test_a_phrase_of_one_topic_s_knowledge_is_that_topic(
    scene: str, text: str, topic: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    outcome = knowledge_echo(None, context(text, scenario, state, analyzer))
    assert outcome is not None and outcome.action == Action("intent", topic)


@pytest.mark.parametrize(
    ("scene", "text"),
    [
        # the place name in the note (控え室にギターを置いたはず) does not count towards the phrase
        ("hoshizora", "控え室にギター、ある？"),
        # a word, not a phrase
        ("hoshizora", "ノイズ？"),
        # 救難信号 is known by 九条, who is not here: not a candidate
        ("amatsu", "救助艇は72時間後に来るの？"),
    ],
)
def test_no_phrase_of_an_allowed_topic_decides_nothing(
    scene: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert knowledge_echo(None, context(text, scenario, state, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.round(18)
def test_what_was_heard_taken_in_is_left_to_the_model(scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 18's kurikaeshi: なるほど、昨日の夕方までは確かにあった、と。 notes what the character just said
    and asks nothing; the echo of its knowledge decided a topic. Asked back, it still does."""
    scenario, state = scenes["hoshizora"]
    for text in ("なるほど、搬入口の辺りで誰か見た、と。", "搬入口の辺りで誰か見た、と。"):
        assert knowledge_echo(None, context(text, scenario, state, analyzer)) is None, text
    outcome = knowledge_echo(None, context("なるほど、搬入口の辺りで誰か見たの？", scenario, state, analyzer))
    assert outcome is not None and outcome.action == Action("intent", "不審な人物")


@pytest.mark.issue(27)
@pytest.mark.round(29)
def test_a_persons_name_shared_with_a_note_is_no_echo(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 29's chikugo_ben: 美咲ちゃんはいまどこにおると？ shared 美咲ちゃんは with a note on her marriage
    (「美咲ちゃんは秋に…嫁に行くげな」) and was read as that topic. A name with its honorific says whom, not
    what: it counts towards no phrase, and what else the note says still does."""
    minato = next(c for c in hoshizora.characters if c.id == "湊")
    note = minato.knowledge[0].model_copy(
        update={"intent": "機材トラブル", "info": "真壁さんには修理代を出してもらえない"}
    )
    told = minato.model_copy(update={"knowledge": [*minato.knowledge, note]})
    scenario = hoshizora.model_copy(update={"characters": [told if c.id == "湊" else c for c in hoshizora.characters]})
    assert knowledge_echo(None, context("真壁さんには会った？", scenario, stage_state, analyzer)) is None
    outcome = knowledge_echo(None, context("真壁さんには修理代を出してもらえないの？", scenario, stage_state, analyzer))
    assert outcome is not None and outcome.action == Action("intent", "機材トラブル")
