"""`waiting_at_place`: The player saying they will be at a reachable
place (控え室で待ってますね) goes there: no movement verb is said, but the place
is where the player will be. With it, what may come before the place in the player's own voice, which
`searching_a_place` shares (movement.json's ones_own_openers and ones_own_adverbs).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app import lexicon
from app.pipeline.refine import searching_a_place, waiting_at_place
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, context, each_place_and_alias, move


@pytest.mark.round(10)
@each_place_and_alias
def test_saying_where_the_player_will_be_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (
        f"{place}で待ってますね",
        f"じゃあ僕は{alias}で待機してます",
        f"わかりました。先に{alias}にいるね",
    ):
        outcome = waiting_at_place(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (
        f"湊さんなら{place}にいますよ",  # someone else is there
        f"みんな{alias}にいるよ",
        f"{place}で待ってて",  # a request
        f"{place}にいるの？",
        f"{place}にいました",
        f"{place}にいる人って誰？",
    ):
        assert waiting_at_place(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(10)
@each_place_and_alias
def test_where_the_player_will_be_in_more_words(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"私、{alias}で待機してますね", f"{alias}のほうで待っとくけん"):
        outcome = waiting_at_place(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    assert waiting_at_place(None, context(f"犯人は{alias}のほうで待っとる", scenario, state, analyzer)) is None


@pytest.mark.round(11)
@each_place_and_alias
def test_resting_at_a_place_goes_there(
    scene: str, place: str, alias: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in (f"{alias}でちいと休むわ", f"{place}で少し休んでます"):
        outcome = waiting_at_place(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in (f"{alias}で休んでた人、見た？", f"湊さんなら{alias}で休んでるよ"):
        assert waiting_at_place(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.issue(27)
@pytest.mark.parametrize("opener", lexicon.phrases("movement", "ones_own_openers"))
def test_every_opener_keeps_the_players_own_voice(opener: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Each of movement.json's ones_own_openers, before a first person, leaves the sentence the player's:
    where they will be, what they will search."""
    _assert_waits_and_searches_there(f"{opener}、私は", scenes, analyzer)
    scenario, state = scenes["hoshizora"]
    assert waiting_at_place(None, context(f"{opener}、湊さんは楽屋で待ってます", scenario, state, analyzer)) is None


@pytest.mark.issue(27)
@pytest.mark.parametrize("adverb", lexicon.phrases("movement", "ones_own_adverbs"))
def test_every_adverb_before_the_place_keeps_the_players_own_voice(
    adverb: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Each of movement.json's ones_own_adverbs, after a first person, leaves the sentence the player's."""
    _assert_waits_and_searches_there(f"私は{adverb}", scenes, analyzer)


def _assert_waits_and_searches_there(before: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """`before` the dressing room, waiting there and searching it both go there (hoshizora's stage)."""
    scenario, state = scenes["hoshizora"]
    for rule, text in ((waiting_at_place, f"{before}楽屋で待ってます"), (searching_a_place, f"{before}楽屋を調べます")):
        outcome = rule(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move("控え室"), text
