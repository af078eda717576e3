"""`more_of_the_last_line`: A request for more (それ、詳しく; もっと聞かせて; どういうこと？), naming nothing, after a
line that names one topic still allowed (……実はね、宗一さん、うちに借金があったのよ → 借金) asks about that
topic: the player takes up what was just said. The model, seeing no topic in the text, picked a
neighbouring one.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.refine import more_of_the_last_line
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, after_line, context

pytestmark = [pytest.mark.issue(27), pytest.mark.round(15)]

_LINE = "……実はね、昨夜の行動がちょっと気になる人がいるのよ。"


@pytest.mark.parametrize("text", ["それ、詳しく", "もっと聞かせて", "その話、詳しく教えて", "どういうこと？"])
def test_more_asked_of_the_topic_the_last_line_names_is_that_topic(
    text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes["hoshizora"]
    outcome = more_of_the_last_line(None, context(text, scenario, after_line(state, "灯", _LINE), analyzer))
    assert outcome is not None and outcome.action == Action("intent", "昨夜の行動"), text


@pytest.mark.parametrize(
    ("line", "text"),
    [
        (_LINE, "それ、誰のこと？"),  # asks something of its own
        (_LINE, "詳しいね"),
        (_LINE, "それで？"),  # a scenario may script it as a topic of its own (round 8's aizuchi: 続き)
        ("お客さん、なんだか退屈そう……", "それ、詳しく"),  # the line names no topic
        ("昨夜の行動も、機材トラブルのことも、あとで話すね", "それ、詳しく"),  # two topics
        ("鍵の管理なら湊くんよ", "それ、詳しく"),  # a topic with words the text lacks
    ],
)
def test_more_asked_of_no_single_allowed_topic_is_left_to_the_model(
    line: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes["hoshizora"]
    assert more_of_the_last_line(None, context(text, scenario, after_line(state, "灯", line), analyzer)) is None


@pytest.mark.round(28)
@pytest.mark.parametrize("text", ["聞かせてください", "話してくれ", "詳しく"])
def test_more_asked_where_one_topic_is_left_is_that_topic(text: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 28's kyoukai: a single-topic state, the character ready to tell (the line names nothing),
    and 聞かせてください answered なし by the model."""
    scenario, state = scenes["amatsu"]
    alone = GameState.model_validate(
        {**state.model_dump(), "available_intents": state.model_dump()["available_intents"][:1], "answered_intents": []}
    )
    topic = alone.available_intents[0].id
    outcome = more_of_the_last_line(
        None, context(text, scenario, after_line(alone, "沙耶", "……もう隠せないわね。"), analyzer)
    )
    assert outcome is not None and outcome.action == Action("intent", topic), text
