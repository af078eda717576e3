"""`knowledge_echo`: The text repeats a phrase of what a character knows
of one topic, and of no other (「紺のスーツの 男性は裏口のほうを気にしていたのですか」 after
「…紺のスーツで、通用口のほうを気にしていた」): the player asks about what they heard. The
model answered such lines なし or a neighbouring topic. Only topics still
allowed (addressee and words filters) count, and place names of three
characters or more do not count towards the phrase: a note may name the
place the player only asks about (a shorter one, masked, would cut words
it is part of: 入口 in 搬入口).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.refine import knowledge_echo
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
