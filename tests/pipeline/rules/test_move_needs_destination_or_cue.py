"""`move_needs_destination_or_cue`: A move must name its destination, or
be a bare movement (「行こう」, 「あっちに行こう」) when only one place is reachable:
an invitation such as 「今度一緒に映画見ようよ」 or 「ご飯でも行こうよ」 must never move the
player.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE, Action
from app.pipeline.refine import move_needs_destination_or_cue
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import context, move


def test_invitation_without_destination_is_not_a_move(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    ctx = context("今度一緒に映画見ようよ", hoshizora, stage_state, analyzer)
    outcome = move_needs_destination_or_cue(move("ロビー"), ctx)
    assert outcome is not None and outcome.action == NONE


def test_outing_elsewhere_is_not_a_move(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    ctx = context("終わったらご飯でも行こうよ", hoshizora, stage_state, analyzer)
    assert move_needs_destination_or_cue(move("ロビー"), ctx) is not None


def test_named_destination_keeps_the_move(hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer) -> None:
    assert move_needs_destination_or_cue(move("ロビー"), context("ロビーへ", hoshizora, stage_state, analyzer)) is None


def test_bare_go_with_one_reachable_place_keeps_the_move(amatsu: Scenario, analyzer: TextAnalyzer) -> None:
    state = GameState.model_validate({"location": "格納庫", "present": ["九条"], "moves": ["展望室"]})
    assert move_needs_destination_or_cue(move("展望室"), context("あっちに行こう", amatsu, state, analyzer)) is None


@pytest.mark.parametrize("text", ["下へ戻りましょう", "外に出よう", "奥に進もう"])
def test_a_direction_stands_for_the_one_reachable_place(
    text: str,
    hoshizora: Scenario,
    amatsu: Scenario,
    analyzer: TextAnalyzer,
) -> None:
    state = GameState.model_validate({"location": "格納庫", "present": ["九条"], "moves": ["展望室"]})
    assert move_needs_destination_or_cue(move("展望室"), context(text, amatsu, state, analyzer)) is None
    state = GameState.model_validate({"location": "ステージ", "present": ["灯"], "moves": ["ロビー"]})
    assert move_needs_destination_or_cue(move("ロビー"), context(text, hoshizora, state, analyzer)) is None
    # a thing named that merely starts like a direction is something else
    assert move_needs_destination_or_cue(move("ロビー"), context("下駄を買いに行こう", hoshizora, state, analyzer))


@pytest.mark.issue(27)
@pytest.mark.round(18)
def test_going_to_someone_the_rules_cannot_name_leaves_the_model_s_move(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's okayama_ben: お母さんのとこへもんてみるわ; the model moved (0.97) to where the mother, absent,
    is (it read her from the characters' descriptions), and the veto overturned it. A word with an honorific
    that names no character, going to their place, lets a move stand that goes where someone absent is."""
    state = stage_state.model_copy(update={"elsewhere": {"真壁": "ロビー"}})
    lobby = Action("move", "ロビー")
    for text in ("お母さんのとこへ行ってみるわ", "おじさんのところに戻ります", "おばちゃんとこ行こ"):
        assert move_needs_destination_or_cue(lobby, context(text, hoshizora, state, analyzer)) is None, text
    for text in (
        "今日のところはこれで帰ります",  # a time
        "お母さんのとこに電話した？",  # no going
        "下駄箱んとこ見てくる",  # a thing's place, no honorific
    ):
        assert move_needs_destination_or_cue(lobby, context(text, hoshizora, state, analyzer)) is not None, text
    # not where anyone absent is
    backstage = Action("move", "控え室")
    text = "お母さんのとこへ行ってみるわ"
    assert move_needs_destination_or_cue(backstage, context(text, hoshizora, state, analyzer)) is not None
