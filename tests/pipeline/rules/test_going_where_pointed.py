"""`going_where_pointed`: A place word with a movement, no place named (じゃあ、そこ見てくる), goes to the
one reachable place the game's last line names: the player points at what was just said.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it (round 13's demonstratives, said again in round 10's radio
calls: 今そっち行くね)."""

from __future__ import annotations

import pytest

from app.pipeline.refine import going_where_pointed
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, after_line, context, each_place_and_alias, move


@pytest.mark.round(13)
@each_place_and_alias
def test_pointing_at_the_place_the_last_line_names_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    said = after_line(state, state.responder or "", f"最後に見たのは、あっちの{alias}の前だったな")
    for text in ("じゃあ、そこ見てくる", "今そっち行くね、待ってて", "あそこに行ってみよう"):
        outcome = going_where_pointed(None, context(text, scenario, said, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (
        "そこって行ったことある？",  # asked about
        "あそこの棚、見てくる",  # a thing there, not the place
        "ここで待ってるね",  # here
        "そこは明日にしよう",  # put off
        "そこには行かないよ",  # negated
    ):
        assert going_where_pointed(None, context(text, scenario, said, analyzer)) is None, text


@pytest.mark.round(13)
@each_place_and_alias
def test_a_last_line_naming_no_place_or_several_points_nowhere(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for said in (
        after_line(state, state.responder or "", "そこの棚に日誌がありますよ"),
        state.model_copy(update={"last_line": None}),
    ):
        assert going_where_pointed(None, context("じゃあ、そこ見てくる", scenario, said, analyzer)) is None
    # a place named in the text itself is explicit_move's
    said = after_line(state, state.responder or "", f"{alias}の前で見たよ")
    assert going_where_pointed(None, context(f"そっちじゃなくて{place}に行く", scenario, said, analyzer)) is None


@pytest.mark.round(15)
@each_place_and_alias
def test_a_short_going_with_nothing_named_goes_where_the_last_line_pointed(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 15's shouryaku: 見ろ、灯台の灯がまた消えてる。 → 行くぞ answered なし; a short going of the player's
    own, nothing named, goes to the one place the line names."""
    scenario, state = scenes[scene]
    said = after_line(state, state.responder or "", f"見て、{alias}の明かりがまた消えてる")
    for text in ("行くぞ", "よし、行こう！"):
        outcome = going_where_pointed(None, context(text, scenario, said, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (
        "行くの？",  # asked
        "もう行くね",  # taking leave
        "先に行ってて",  # asked of another
        "ちょっとトイレ行ってくる",  # somewhere else
        "よし、今からみんなで急いで行ってみようか",  # not short
    ):
        assert going_where_pointed(None, context(text, scenario, said, analyzer)) is None, text


@pytest.mark.issue(27)
@pytest.mark.round(18)
@each_place_and_alias
def test_visiting_the_place_pointed_at_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 18's shiji: 網元の潮見さんなら、今ごろお屋敷で…はずですよ → じゃあ、そちらに伺ってみます answered なし:
    伺う counted as going to a person's place only."""
    scenario, state = scenes[scene]
    said = after_line(state, state.responder or "", f"あの人なら、今ごろ{alias}にいるはずですよ")
    outcome = going_where_pointed(None, context("じゃあ、そちらに伺ってみます", scenario, said, analyzer))
    assert outcome is not None and outcome.action == move(place)
    assert going_where_pointed(None, context("そちらに伺いたいことが", scenario, said, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.round(18)
def test_going_to_someone_pointed_at_goes_where_the_last_line_named_them(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 18's shiji: after 真帆なら、さっき桐野先生のところへ薬を取りに行ったぞ, 彼女を追いかけます and あの人の
    とこ、行ってみるか answered なし: the player points at whom the line named, absent and at one place."""
    away = stage_state.model_copy(update={"present": ["灯"], "elsewhere": {"真壁": "ロビー", "湊": "ロビー"}})
    said = after_line(away, "灯", "店長なら、さっき湊さんと一緒に出ていったよ")
    for text in ("彼女を追いかけます", "あの人のとこ、行ってみるか", "じゃあ、あいつに会ってみる"):
        outcome = going_where_pointed(None, context(text, hoshizora, said, analyzer))
        assert outcome is not None and outcome.action == move("ロビー"), text
    for text in ("彼女のとこ行ったことある？", "あの人、どこに行ったの？", "彼女は行かないよ", "彼岸に行こう"):
        assert going_where_pointed(None, context(text, hoshizora, said, analyzer)) is None, text
    # two places named: nowhere
    apart = away.model_copy(update={"elsewhere": {"真壁": "ロビー", "湊": "控え室"}})
    said = after_line(apart, "灯", "店長なら、さっき湊さんと一緒に出ていったよ")
    assert going_where_pointed(None, context("彼女を追いかけます", hoshizora, said, analyzer)) is None
