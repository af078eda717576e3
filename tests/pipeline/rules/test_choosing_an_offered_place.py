"""`choosing_an_offered_place`: Naming one of the reachable places the last line offers, and nothing else
(どうする？改札で聞く？それとも地下街のほう見てみる？ → 地下街かな〜, じゃあ地下街で), chooses it; the model
read a question in かな.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 4 of eval/shapes)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import choosing_an_offered_place
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context, move

pytestmark = pytest.mark.issue(27)

CHOICE = "どうする？ロビーで待つ？それとも控え室のほう見てみる？"


@pytest.mark.parametrize(
    "reply", ["控え室かな〜", "じゃあ、控え室で", "楽屋にしよう", "うーん、控え室のほうかな", "控え室！"]
)
def test_naming_an_offered_place_alone_chooses_it(
    reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", CHOICE)
    outcome = choosing_an_offered_place(None, context(reply, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == move("控え室"), reply


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (CHOICE, "控え室？"),  # asked back
        (CHOICE, "控え室って何があるの"),  # asks about it
        (CHOICE, "控え室は嫌だな"),  # says something of it
        (CHOICE, "控え室の鍵はどこ？"),
        ("控え室の鍵、誰が持ってたんだろう", "控え室かな"),  # the line offers nothing
        ("ロビーに行ってみる？", "控え室かな"),  # not a place the line offers
    ],
)
def test_anything_else_said_of_it_or_an_unoffered_place_is_no_choice(
    line: str, reply: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", line)
    assert choosing_an_offered_place(None, context(reply, hoshizora, state, analyzer)) is None, (line, reply)
