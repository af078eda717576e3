"""`farewell_without_leave`: A farewell at the end of the text where the
player cannot leave is small talk: the game has no leave to give, and
with none to pick the model read 「ほな、また来ますわ」 as a topic.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import farewell_without_leave
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context, without_leave


@pytest.mark.round(12)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_farewell_where_one_cannot_leave_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    stuck = without_leave(state)
    for text in ("ほな、また来ますわ", "お先に失礼します", "じゃ、帰るわ"):
        outcome = farewell_without_leave(None, context(text, scenario, stuck, analyzer))
        assert outcome is not None and outcome.action == NONE, text
        # where leaving is possible, the farewell leaves instead
        assert farewell_without_leave(None, context(text, scenario, state, analyzer)) is None, text
    for text in ("失礼しますって言うの？", "また来ますか？", "帰るときに教えて"):
        assert farewell_without_leave(None, context(text, scenario, stuck, analyzer)) is None, text
