"""`place_is_the_subject`: A question about the place the model chose
(離れってここから遠いんですか, 決闘場って危なくない？, 奥座敷って入っちゃだめなんすか) is talk about the place:
the answer is なし. Dropping the move instead gave a topic whose
description names the place (離れの客 → the missing guest).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import place_is_the_subject
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context, each_place_and_alias, move


@pytest.mark.parametrize(
    ("scene", "place", "text"),
    [
        ("hoshizora", "ロビー", "ロビーってここから遠いんですか"),
        ("hoshizora", "控え室", "ねえ、控え室って危なくない？"),
        ("amatsu", "居住区", "居住区って今、寒くないですか"),
        ("amatsu", "管制室", "管制室って、誰でも入れるの？"),
        # recalling (でしたっけ) and wondering (かしら) ask too
        ("hoshizora", "ロビー", "ロビーってこの上の階でしたっけ"),
        ("amatsu", "居住区", "居住区って今開いてるかしら"),
        # whether one can go there (round 21; the sets label it なし: 駐在所ってここから歩いて行けます？)
        pytest.param("hoshizora", "ロビー", "ロビーって行ける？", marks=pytest.mark.round(21)),
    ],
)
def test_a_question_about_the_chosen_place_is_none(
    scene: str, place: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    # Dropping the move had given a topic whose description names the place.
    outcome = place_is_the_subject(move(place), context(text, *scenes[scene], analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.parametrize(
    ("scene", "place", "text"),
    [
        ("hoshizora", "控え室", "控え室は施錠されてたのかな"),  # は sets the scene for a topic (the keys)
        ("hoshizora", "ロビー", "ロビーって行ってみない？"),  # a let's: left to the other rules
        ("hoshizora", "ロビー", "ロビーって広いね"),  # not a question
        ("amatsu", "管制室", "九条さんって管制室にいるの？"),  # the place is not what is asked about
        ("amatsu", "居住区", "居住区ってどう？"),  # another place chosen: see below
    ],
)
def test_near_misses_of_a_question_about_the_place(
    scene: str, place: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    chosen = move("管制室") if text == "居住区ってどう？" else move(place)
    assert place_is_the_subject(chosen, context(text, *scenes[scene], analyzer)) is None


@pytest.mark.round(12)
@each_place_and_alias
def test_asking_who_is_at_a_place_is_about_the_place(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"{place}には、今どなたかいらっしゃいますか", f"{alias}には誰かおるかのう"):
        outcome = place_is_the_subject(move(place), context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    for text in (f"{place}には誰かと一緒に行く？", f"{alias}には誰かいるか見てきます"):
        assert place_is_the_subject(move(place), context(text, scenario, state, analyzer)) is None, text
