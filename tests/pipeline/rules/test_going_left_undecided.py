"""`going_left_undecided`: A text about going whose last sentence leaves it undecided (まだ決められない,
どうしようかな) says nothing the game can act on: なし, before the model reads the place or a topic the text
names as what the player chose.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import going_left_undecided
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context, each_place_and_alias


@pytest.mark.round(13)
@each_place_and_alias
def test_going_left_undecided_is_nothing_yet(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (
        f"{place}…行くべきか、行かないべきか…うーん、まだ決められない",
        f"{alias}に行きたいけど…どうしようかな",
        f"{place}に戻るか、ここに残るか。迷うなあ",
    ):
        outcome = going_left_undecided(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    for text in (
        f"{place}に行こうかな…どうしよう。うん、行こう",  # decided in the end
        "鍵のこと、聞こうかな…どうしよう",  # no going: the model reads it
        "私まだ大学行くか就職するか迷ってて",  # no place of the game's: a topic may be about it (round 12's sotsugyou)
        f"{alias}に行こう",
    ):
        assert going_left_undecided(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.issue(27)
@pytest.mark.round(23)
@each_place_and_alias
def test_what_shall_i_do_in_dialect_leaves_it_undecided(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 23's saga_ben: …帰ろうかなあ、どがんしようかな left (farewell_leaves, a false action): Kyushu's
    どがん, which the analyser cuts ど|がん, went unread (movement.json's undecided)."""
    scenario, state = scenes[scene]
    for text in (f"{place}に寄ってから帰ろうかなあ、どがんしようかな", f"{alias}行こうかな…どげんしよう"):
        outcome = going_left_undecided(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
