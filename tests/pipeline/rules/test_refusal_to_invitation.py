"""`refusal_to_invitation`: A no (いや、まだここを調べたい), or a reply that puts the going off
(うん、明日にしよう), to a line that invites the player to a reachable place is neither that move nor a
topic: the model read 調べたい as a question about the suspect. A no that goes on to ask something
(いや、それより鍵のことを教えて) is left to the model.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import NONE
from app.pipeline.refine import refusal_to_invitation
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, after_line, context


@pytest.mark.parametrize("text", ["いや、まだここを調べたい", "ううん、もう少しここにいる", "うーん、今はやめておく"])
def test_a_no_to_an_invitation_is_none(
    text: str, hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    outcome = refusal_to_invitation(None, context(text, hoshizora, state, analyzer))
    assert outcome is not None and outcome.action == NONE


def test_a_no_that_asks_something_is_left_to_the_model(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    state = after_line(stage_state, "灯", "ロビーに行ってみない？")
    assert refusal_to_invitation(None, context("いや、それより曲のことを教えて", hoshizora, state, analyzer)) is None
    assert refusal_to_invitation(None, context("いや、まだここを調べたい", hoshizora, stage_state, analyzer)) is None


def test_wait_refuses(
    hoshizora: Scenario,
    amatsu: Scenario,
    stage_state: GameState,
    medbay_state: GameState,
    analyzer: TextAnalyzer,
) -> None:
    invited = after_line(stage_state, "灯", "ロビーに行ってみない？")
    for scenario, state in ((hoshizora, invited), (amatsu, medbay_state)):
        outcome = refusal_to_invitation(None, context("ちょっと待って、まだここ調べたい", scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE
    # waiting, then asking, is left to the model; 待ってました is a keen yes
    for text in ("ちょっと待って、鍵のことを教えて", "待ってました！"):
        assert refusal_to_invitation(None, context(text, hoshizora, invited, analyzer)) is None, text


def test_second_scenario_refusal(amatsu: Scenario, medbay_state: GameState, analyzer: TextAnalyzer) -> None:
    outcome = refusal_to_invitation(None, context("いえ、ここで結構です", amatsu, medbay_state, analyzer))
    assert outcome is not None and outcome.action == NONE


@pytest.mark.round(9)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_no_in_the_last_clause_declines(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    for text in ("危ないよ、やめとこう", "人が多いし、遠慮しとく"):
        outcome = refusal_to_invitation(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    for text in ("うん、いいよ。まだ時間あるし", "危ないよ、やめたほうがいいかな？"):
        assert refusal_to_invitation(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(10)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_no_that_phones_someone_asks_nothing(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    outcome = refusal_to_invitation(None, context("いや、それより先に電話してみる", scenario, state, analyzer))
    assert outcome is not None and outcome.action == NONE
    asking = context("いや、それより詳しく話して", scenario, state, analyzer)
    assert refusal_to_invitation(None, asking) is None


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_staying_here_declines(scene: str, invited_scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = invited_scenes[scene]
    for text in ("わしは腰が痛うてな、ここで待っとるよ", "えー、私はここで待ってる", "ここに残ります"):
        outcome = refusal_to_invitation(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == NONE, text
    for text in ("ここで待ってたのは誰？", "ここで待ってたのは湊さんだよ", "ここにいるのは湊さんだけ"):
        assert refusal_to_invitation(None, context(text, scenario, state, analyzer)) is None, text


@pytest.mark.round(32)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
@pytest.mark.parametrize(
    "text", ["うん、明日にしよう", "ええ、お茶を飲んでからにします", "んだな、飯食ってがらにすっぺ"]
)
def test_a_yes_that_puts_the_going_off_goes_nowhere(
    scene: str, text: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """A yes that puts the going off (うん、明日にしよう) made agreement_to_invitation stand aside (round 32)
    but was no no here, so the model, which sees no going put off, chose: the place or a topic it names."""
    scenario, state = invited_scenes[scene]
    outcome = refusal_to_invitation(None, context(text, scenario, state, analyzer))
    assert outcome is not None and outcome.action == NONE, text
    for going in ("うん、行こう", "ええ、すぐに行きましょう"):
        assert refusal_to_invitation(None, context(going, scenario, state, analyzer)) is None, going


@pytest.mark.round(37)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
@pytest.mark.parametrize("text", ["それはまたの機会にします", "うん、あとで行くね", "そっちは明日行くよ"])
def test_a_reply_that_goes_only_later_goes_nowhere_now(
    scene: str, text: str, invited_scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    """Round 37: another occasion (またの機会にします) was no putting off, and a going set later (森はあとで
    行くだっけ) no declining, so the model took the topic the reply names."""
    scenario, state = invited_scenes[scene]
    outcome = refusal_to_invitation(None, context(text, scenario, state, analyzer))
    assert outcome is not None and outcome.action == NONE, text
