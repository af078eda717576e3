"""`bare_reply_is_small_talk`: A reply that names nothing and asks nothing (ふーん、そうなんだ; ええ、少しだけ;
本当にそうですね) is small talk: the model read such lines as a topic at hand in round 28. After an offer it
accepts it, and a topic the last line names keeps the pick: the reply takes it up.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app import lexicon
from app.pipeline.refine import bare_reply_is_small_talk
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, after_line, topic_verdicts

pytestmark = [pytest.mark.issue(27), pytest.mark.round(28)]

_REMARK = "まさか、私を疑ってるんですか？"


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
@pytest.mark.parametrize(
    "text", ["へえ、そうなんだ", "はい、ちょっとだけ", "ほんとにそうですね…", "わかりました", "確かに！"]
)
def test_a_reply_naming_nothing_is_no_topic(text: str, scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    verdicts = topic_verdicts(
        bare_reply_is_small_talk, text, scenario, after_line(state, state.responder or "", _REMARK), analyzer
    )
    assert verdicts and all(verdicts.values()), (text, verdicts)


@pytest.mark.parametrize(
    ("line", "text"),
    [
        (_REMARK, "へえ、そうなの？"),  # asked back: it may ask for more
        (_REMARK, "そうなんだ、昨夜は何してたの"),  # names what it asks about
        ("そのこと、もう少し詳しくお話ししましょうか？", "ええ、ぜひ"),  # accepts an offer
    ],
)
def test_a_reply_that_asks_names_or_accepts_is_left_alone(
    line: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes["hoshizora"]
    verdicts = topic_verdicts(bare_reply_is_small_talk, text, scenario, after_line(state, "灯", line), analyzer)
    assert verdicts and not any(verdicts.values()), (text, verdicts)


def test_a_topic_the_last_line_names_keeps_the_pick(scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes["hoshizora"]
    line = "昨夜の行動のこと？あんまり言いたくないんだけど。"
    verdicts = topic_verdicts(
        bare_reply_is_small_talk, "うん、ちょっとだけ", scenario, after_line(state, "灯", line), analyzer
    )
    assert not verdicts.pop(next(a for a in verdicts if a.target == "昨夜の行動"))
    assert all(verdicts.values())


@pytest.mark.parametrize("word", sorted(lexicon.words("speech", "reactions")))
def test_every_reaction_alone_names_nothing(word: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Each entry of speech.json's reactions, in a reply of its own, names nothing (closing it, 確か would read as
    asked: its か)."""
    scenario, state = scenes["hoshizora"]
    line = after_line(state, "灯", _REMARK)
    verdicts = topic_verdicts(bare_reply_is_small_talk, f"{word}、うん", scenario, line, analyzer)
    assert verdicts and all(verdicts.values()), (word, verdicts)
