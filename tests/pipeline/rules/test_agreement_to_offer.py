"""`agreement_to_offer`: a bare yes (うん！, いいよ) or the offered verb said back (のむ, いく, よむ) to a line
offering or inviting to something that is no reachable place takes up the one topic that offer speaks
of. The reply names nothing, so the model, reading it alone, read なし.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `issue(27)` marks the
new-shape sets that found it (round 8: うん！ to an offered drink, いく to an invitation to a festival)."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.refine import agreement_to_offer
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import after_line, context

pytestmark = pytest.mark.issue(27)

SETLIST = Action("intent", "選曲")

# Offers that name the song-choice topic by one of its words (セトリ, 曲) or only in its description
# (曲順), the last one in the sentence before a sentence that names nothing.
OFFERS = [
    "新しいセトリ、聞いてみる？",
    "今夜の曲順、一緒に考えてみない？",
    "一曲目の候補、メモしてきたの。見てみる？",
]


@pytest.mark.parametrize("line", OFFERS)
@pytest.mark.parametrize("text", ["うん！", "いいよ", "見る見る", "お願い"])
def test_a_bare_yes_takes_up_the_offered_topic(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = agreement_to_offer(None, context(text, hoshizora, after_line(stage_state, "灯", line), analyzer))
    assert outcome is not None and outcome.action == SETLIST


@pytest.mark.parametrize(("line", "text"), [("新しいセトリ、聞いてみる？", "聞く"), (OFFERS[1], "考える")])
def test_the_offered_verb_said_back_takes_it_up(
    line: str, text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    outcome = agreement_to_offer(None, context(text, hoshizora, after_line(stage_state, "灯", line), analyzer))
    assert outcome is not None and outcome.action == SETLIST


@pytest.mark.parametrize(
    "text",
    [
        "いや、いいや",  # a no
        "うん、でもその前にノイズのこと教えて",  # asks something of its own
        "うん、マイクの調子が気になる",  # raises something new
        "うん、じゃあまたね",  # leaves
        "いいよ、ロビーに行こう",  # goes to a place
        "いいけど、あとでゆっくり見せてもらってもいいかな、今はちょっと",  # no bare reply
    ],
)
def test_a_reply_that_says_more_than_yes_is_left_alone(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", OFFERS[0])
    assert agreement_to_offer(None, context(text, hoshizora, state, analyzer)) is None


@pytest.mark.parametrize(
    "line",
    [
        "ギター、見つかった？",  # asks, offers nothing
        "昨日の夜、どこにいたの？",  # asks where
        "お茶でもいかが？",  # offers what no topic speaks of
        "新しいセトリとマイク、どっちから見る？",  # asks which
        "音の調子、一緒に見に行く？",  # goes somewhere unnamed; no topic is named by its id or words
        "ロビーに行ってみない？",  # a reachable place: agreement_to_invitation's
    ],
)
def test_a_yes_to_a_line_that_offers_no_one_topic_is_left_alone(
    line: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", line)
    assert agreement_to_offer(None, context("うん！", hoshizora, state, analyzer)) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("text", ["おk、聞く聞く🌟", "セトリ聞く聞くーーー"])
def test_the_offered_verb_said_twice_takes_it_up(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    """Round 16's chatgo: 一緒に見る？ → おk、見る見る🌟 answered なし; the offered verb said twice, eagerly,
    closing the reply is a yes."""
    outcome = agreement_to_offer(None, context(text, hoshizora, after_line(stage_state, "灯", OFFERS[0]), analyzer))
    assert outcome is not None and outcome.action == SETLIST
