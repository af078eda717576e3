"""`put_off_for_now`: a text that does it only after something else is done, or asks whether later will do
(少し休んでから行きます; この皿を洗ってからでもいいですか？ 手が汚れてるので), goes nowhere and raises no
topic now. One that names a reachable place, takes leave, or names a topic the last line did not is left
to the other rules.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(38)` marks the
new-shape sets that found it (eval/shapes: shukubo, ina_ben, ningyo_joruri)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import put_off_for_now
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context

pytestmark = pytest.mark.round(38)

_ASKED = "ねえ、ちょっと手伝ってくれない？"


@pytest.mark.parametrize(
    "text",
    [
        "もう少しお茶を飲んでから行きます",
        "この皿を洗ってからでもいいですか？ いまは手が離せなくて",
        "ご飯食べてからでもええかな？ そしたら手伝うけん",
        "ひと息ついてから、あとで顔を出します",
        "うーん、明日でもいいですか？",
    ],
)
def test_a_reply_done_only_after_something_else_is_none(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """The model read such replies to a request as the topic asked about (手伝ってくれんかな？ → 手伝い)."""
    outcome = put_off_for_now(None, context(text, hoshizora, after_line(stage_state, "灯", _ASKED), analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.parametrize(
    "text",
    [
        "控え室に寄ってから行きます",  # a reachable place named: the going first is explicit_move's
        "お茶を飲んでから行きました",  # past
        "お茶を飲んでから行きますか？",  # asked
        "お茶を飲んでから行きたくない",  # negated
        "この皿を洗ってからでもいいですか？ ところで今何時？",  # asks something after it
        "片付けてからでもいい？ じゃ、これで失礼します",  # takes leave
        "選曲のことは、明日でもいいですか？",  # a topic the last line did not name
        "お茶を飲んでから",  # nothing done after it
    ],
)
def test_near_misses_are_left_to_the_other_rules(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert put_off_for_now(None, context(text, hoshizora, after_line(stage_state, "灯", _ASKED), analyzer)) is None
