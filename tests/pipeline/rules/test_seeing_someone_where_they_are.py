"""`seeing_someone_where_they_are`: The player deciding to ask or see someone the text says is at a
reachable place goes there (警備員さんに聞いてみよう、駐車場にいるはずだし); the model read what they will ask
as the topic. Not a report alone, not a question, not someone said not to be there.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (rounds 5 and 6 of eval/shapes: two moves answered なし)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import seeing_someone_where_they_are
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, assert_explicit_moves, each_place_and_alias

pytestmark = pytest.mark.issue(27)


@each_place_and_alias
def test_deciding_to_ask_someone_who_is_there_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    moving = (
        f"係の人に聞いてみよう、{place}にいるはずだし",
        f"支配人にも相談してみます、{alias}にいらっしゃるそうなので",
        f"{place}にいる先輩に話してみよっか",
    )
    assert_explicit_moves(place, moving, (), scenes, scene, analyzer, rule=seeing_someone_where_they_are)


@each_place_and_alias
def test_a_report_a_question_or_someone_not_there_goes_nowhere(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    staying = (
        f"店長なら{place}におるよ",  # a report, nothing decided
        f"支配人って{alias}にいるの？",  # a question
        f"係の人に聞いてみよう、{place}にはいないけど",  # no one there
        f"係の人に聞いてみよう、{alias}にいないはずだし",
        f"{place}にいる先輩に話した",  # past
        f"{alias}にいる先輩に聞いてもらおう",  # someone else asks
    )
    assert_explicit_moves(place, (), staying, scenes, scene, analyzer, rule=seeing_someone_where_they_are)
