"""`place_is_where_it_comes_from`: a text that names the place the model chose only as where something
comes from, in a clause whose verbs come and do not go (うわあ、客席から拍手が来てる！; 本堂から来ました),
does not go there. A going that starts there (本堂から回ろう) has a verb of its own.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(38)` marks the
new-shape set that found it (eval/shapes: ningyo_joruri, a false action)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import place_is_where_it_comes_from
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move

pytestmark = pytest.mark.round(38)


@pytest.mark.parametrize(
    ("place", "text"),
    [
        ("ロビー", "うわ、ロビーから歓声が聞こえてくる！"),
        ("控え室", "控え室から来ました"),
        ("ロビー", "ロビーのほうから音楽が流れてるね"),
    ],
)
def test_a_place_named_only_as_where_something_comes_from_is_none(
    place: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = place_is_where_it_comes_from(move(place), context(text, hoshizora, stage_state, analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.parametrize(
    ("place", "text"),
    [
        ("ロビー", "ロビーから回ろう"),  # a going that starts there
        ("ロビー", "ロビーに行こう"),
        ("控え室", "ロビーから来たけど、控え室に行きたい"),  # the chosen place named as where the text goes
        ("ロビー", "ロビーから来たけど、もう一度行ってみる"),  # a going in the clause too
        ("ロビー", "ロビーの歓声が聞こえる"),  # no から
        ("控え室", "控え室から予備の弦を取ってきます"),  # fetching from there goes there (くる after て)
    ],
)
def test_near_misses_are_left_alone(
    place: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    assert place_is_where_it_comes_from(move(place), context(text, hoshizora, stage_state, analyzer)) is None
