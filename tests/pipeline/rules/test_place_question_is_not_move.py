"""`place_question_is_not_move`: Asking about a place (ロビーって行ったことある？,
3号車ってこの先ですか) or about something there (喫茶店のママって、どんな人？: a question with
no movement in it) is talk, not a move.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.candidates import build_candidates
from app.pipeline.refine import explicit_move, place_question_is_not_move
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, assert_explicit_moves, context, each_place_and_alias, move


def test_place_question_is_not_a_move(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    ctx = context("居住区ってどんな場所？", amatsu, medbay_state, analyzer)
    assert place_question_is_not_move(move("居住区"), ctx) is not None


@pytest.mark.parametrize("text", ["音響ブースってどっちの方角？", "ロビーは遠いの？", "控え室ってどの辺？"])
def test_asking_the_way_is_not_a_move(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    target = next(
        c.action
        for c in build_candidates(stage_state, hoshizora)
        if c.action.kind == "move" and c.action.target in text
    )
    assert place_question_is_not_move(target, context(text, hoshizora, stage_state, analyzer)) is not None


@pytest.mark.parametrize("text", ["ロビーってこの先ですか", "控え室は？", "ロビーって今も開いてるの？"])
def test_a_question_about_a_place_is_not_a_move(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    target = move("ロビー" if "ロビー" in text else "控え室")
    assert place_question_is_not_move(target, context(text, hoshizora, stage_state, analyzer)) is not None


@pytest.mark.parametrize("text", ["ロビーって行ける？", "控え室へ行きませんか？", "ロビーに戻ろうか？"])
def test_a_question_with_movement_is_left_to_the_other_rules(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    target = move("ロビー" if "ロビー" in text else "控え室")
    assert place_question_is_not_move(target, context(text, hoshizora, stage_state, analyzer)) is None


@pytest.mark.parametrize(
    ("scene", "place", "text"),
    [("hoshizora", "ロビー", "ロビーの店員って、どんな人？"), ("amatsu", "管制室", "管制室の当番って、どなた？")],
)
def test_a_question_about_someone_at_a_place_is_not_a_move(
    scene: str, place: str, text: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    assert place_question_is_not_move(move(place), context(text, *scenes[scene], analyzer)) is not None
    # …but going there, asked, is left to the other rules
    assert place_question_is_not_move(move(place), context(f"{place}に帰る？", *scenes[scene], analyzer)) is None


def test_a_question_about_a_place_second_scenario(
    amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context("管制室って今誰かいますか", amatsu, medbay_state, analyzer)
    assert place_question_is_not_move(move("管制室"), ctx) is not None
    assert place_question_is_not_move(move("管制室"), context("管制室へ", amatsu, medbay_state, analyzer)) is None


@pytest.mark.round(14)
@each_place_and_alias
def test_what_kind_of_place_asked_in_older_speech(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"{place}とは、どのような場所なのだ", f"{alias}って、いかなるところか"):
        outcome = place_question_is_not_move(move(place), context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text


@pytest.mark.round(18)
@each_place_and_alias
def test_whether_one_can_get_out_from_here_is_asked(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    asking = (
        f"{place}へは、ここから出られますか？",
        f"{alias}って、ここから裏へ抜けられるけ？",
        f"{place}って、ここから勝手口で回れますか？",
    )
    for text in asking:
        outcome = place_question_is_not_move(move(place), context(text, *scenes[scene], analyzer))
        assert outcome is not None, text
    assert_explicit_moves(place, (f"ここから出られるし、{place}に行こう",), asking, scenes, scene, analyzer)


@pytest.mark.round(19)
@each_place_and_alias
def test_the_way_up_or_round_asked_is_no_move(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    asking = (f"{place}、どこから上がる？", f"{alias}って、どっちから回れる？")
    for text in asking:
        outcome = place_question_is_not_move(move(place), context(text, *scenes[scene], analyzer))
        assert outcome is not None, text
    assert_explicit_moves(place, (f"{place}に上がろう", f"{alias}へ回ろう"), asking, scenes, scene, analyzer)


@pytest.mark.issue(27)
@pytest.mark.round(23)
@pytest.mark.parametrize("text", ["ロビーに戻るの？", "控え室…入るの…？ほんとに…？", "え、ロビーに行くんですか？"])
def test_a_going_asked_in_the_explanatory_form_is_not_a_move(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 23's haikyo: 手術室…入るの…？ほんとに…？ asks whether one goes in (place_question.json's asking),
    and explicit_move took it as going; a let's after it still goes (今から行くの？いいよ、行こう)."""
    target = move("ロビー" if "ロビー" in text else "控え室")
    assert place_question_is_not_move(target, context(text, hoshizora, stage_state, analyzer)) is not None
    assert explicit_move(None, context(text, hoshizora, stage_state, analyzer)) is None
