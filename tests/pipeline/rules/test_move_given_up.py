"""`move_given_up`: a place named only in an intention the text gives up (資料室に行こうと思ったけど、やっぱり
先に発電小屋を見てくる) is not where it goes; the pick drops out and the next reading stands. The rule
before the model (`explicit_move`) reads what follows as what the player decides.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 9: the model took the first place named)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import NOT_A_READING, explicit_move, move_given_up
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move

pytestmark = pytest.mark.issue(27)

GIVEN_UP = [
    "控え室に行こうと思ったけど、やっぱり先にロビーを見てくる",
    "控え室に寄るつもりだったけど、やめてロビーへ行く",
    "控え室に戻ろうと思ってたんだけど、ロビーに行こう",
]


@pytest.mark.parametrize("text", GIVEN_UP)
def test_a_place_given_up_is_not_gone_to(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = move_given_up(move("控え室"), context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE and outcome.rule in NOT_A_READING
    assert move_given_up(move("ロビー"), context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.parametrize("text", GIVEN_UP)
def test_what_follows_an_intention_given_up_is_the_move(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = explicit_move(None, context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.parametrize(
    "text",
    [
        "控え室に行こうと思う",  # not given up
        "控え室に行こうと思ったら、鍵がかかってた",  # a condition, not a change of mind
        "ロビーに行こうと思ったけど、やっぱり控え室に行く",  # the place goes where the text ends
    ],
)
def test_a_place_not_given_up_stays(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert move_given_up(move("控え室"), context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.round(23)
@pytest.mark.parametrize(
    "text", ["控え室はやだ…ロビー、戻ろ…", "控え室は、無理。ロビーに行こう", "控え室はパス、ロビー行こ"]
)
def test_a_place_said_no_to_is_not_where_one_goes(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 23's haikyo: 階段はやだ…廊下、戻ろ… named two places, explicit_move took neither, and the model went
    to the one said no to (0.97). The no drops it; the other is where the text goes."""
    ctx = context(text, hoshizora, stage_state, analyzer)
    outcome = move_given_up(move("控え室"), ctx)
    assert outcome is not None and outcome.action == NONE and "move_given_up" in NOT_A_READING
    assert move_given_up(move("ロビー"), ctx) is None
    outcome = explicit_move(None, ctx)
    assert outcome is not None and outcome.action == move("ロビー")


@pytest.mark.issue(27)
@pytest.mark.round(23)
@pytest.mark.parametrize("text", ["控え室は静かだね。行こう", "控え室は広いね、行ってみよう"])
def test_a_place_said_something_else_of_is_not_given_up(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert move_given_up(move("控え室"), context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.round(34)
def test_a_thing_of_the_place_said_no_to_gives_it_up(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 33's silk mill: 工場の見学は結構でございます (工場, another name of the weaving floor) declined
    the tour the last line offered, and the model went there (the round's one false action left)."""
    text = "恐れ入りますが、控え室の見学は結構です。ここでお話を伺えれば十分ですので"
    outcome = move_given_up(move("控え室"), context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.issue(27)
@pytest.mark.round(34)
@pytest.mark.parametrize("text", ["控え室の様子は気になるね、行こう", "控え室の見学はできますか"])
def test_a_thing_of_the_place_said_something_else_of_is_not_given_up(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert move_given_up(move("控え室"), context(text, hoshizora, stage_state, analyzer)) is None
