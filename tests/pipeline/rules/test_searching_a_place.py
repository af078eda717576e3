"""`searching_a_place`: The player saying they will search a reachable
place (自転車置き場も確認しておきます, 収蔵庫を確認 させてください) goes there to do it. Not what is
at the place (ロビーの防犯カメラを確認しておきます names the camera), nor a search asked
of someone else (ロビーを調べてください) or already done (調べた).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.refine import searching_a_place
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context, each_place_and_alias, move


@pytest.mark.round(10)
@each_place_and_alias
def test_searching_a_place_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"{alias}も確認しておきます", f"{place}を確認させてください", f"{alias}でもう一回探してみます"):
        outcome = searching_a_place(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (
        f"{place}の防犯カメラを確認しておきます",  # something at the place
        f"{alias}を調べてください",  # asked of someone else
        f"{alias}はもう調べた",
        f"{place}を確認しましたか？",
        f"湊さんが{alias}を確認しておきます",
    ):
        assert searching_a_place(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(15)
@each_place_and_alias
def test_nothing_for_it_but_to_search_a_place_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"それなら{place}を調べるしかないですね", f"{alias}を探すしかない"):
        outcome = searching_a_place(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (f"{place}を調べるしかなかった", f"湊さんが{alias}を調べるしかない"):
        assert searching_a_place(None, context(text, scenario, state, analyzer)) is None, text
