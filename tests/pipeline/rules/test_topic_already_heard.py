"""`topic_already_heard`: A topic the text's last sentence says the player has already heard of, in a text
that asks nothing, is not asked about.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE, Action
from app.pipeline.refine import topic_already_heard
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, with_every_intent

KEYS = Action("intent", "鍵の管理")


@pytest.mark.round(16)
@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("鍵の話はもう湊さんから聞きました", True),
        ("鍵のことなら、すでに伺いました", True),
        ("鍵の話はもう聞いたよ", True),
        ("鍵の話、もう聞いた？", False),  # asked
        ("鍵の話はもう聞いたけど、もう一度教えて", False),  # more asked for
        ("鍵の話はもう聞いた。ギターのことを教えて", False),  # a last sentence of its own
        ("セトリの話はもう聞きました", False),  # another topic heard
    ],
)
def test_a_topic_said_to_be_heard_already_is_not_asked(
    text: str, vetoed: bool, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16's kako: the model took 乾板の話はもう館主さんから聞きました (0.95) and 鍵の話は美緒さんから
    もう聞いたよ (0.92) as the topic they name; the player says they know it already and asks nothing."""
    state = with_every_intent(stage_state, hoshizora)
    outcome = topic_already_heard(KEYS, context(text, hoshizora, state, analyzer))
    assert (outcome is not None and outcome.action == NONE) is vetoed
