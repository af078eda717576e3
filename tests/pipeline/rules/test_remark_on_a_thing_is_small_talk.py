"""`remark_on_a_thing_is_small_talk`: A remark, not a question, on a
thing at hand (このスープ、あったかーい; 健二さん、そのヘルメット、 傷だらけじゃね), on the place itself
(ここ、かび臭いじゃん), an opinion asked to be agreed with (そのジャージ、ダサくね？), or
where a thing of the listener's was bought (その長靴、どこで買うたと？), is small
talk: the model read such lines as a topic at hand in nine held-out
sets. A topic whose own texts name any thing the text names
(その靴、泥だらけですね, for a topic that speaks of the mud) keeps the pick, and so
does a topic that is itself praise or thanks.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.refine import remark_on_a_thing_is_small_talk
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import PRAISING, Scenes, context, topic_verdicts, with_every_intent


@pytest.mark.round(15)
def test_a_kanji_inside_a_compound_names_no_topic(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    first = stage_state.available_intents[0].id
    intents = [
        i.model_copy(update={"description": f"{i.description}、茶葉泥棒の話"}) if i.id == first else i
        for i in hoshizora.intents
    ]
    scenario = hoshizora.model_copy(update={"intents": intents})
    topic = Action("intent", first)
    # 茶 of お茶菓子 names no tea; 茶 standing alone does
    remark = context("このお茶菓子、うまいじゃん", scenario, stage_state, analyzer)
    assert remark_on_a_thing_is_small_talk(topic, remark) is not None
    tea = context("この茶、うまいじゃん", scenario, stage_state, analyzer)
    assert remark_on_a_thing_is_small_talk(topic, tea) is None


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_where_a_thing_was_bought_and_a_remark_on_here_are_small_talk(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    praising = PRAISING
    for text in (
        "ヒカっち、その長靴、どこで買うたと？",
        "大河内さん、そのネクタイどこで買ったのよ",
        "ここ、かび臭いじゃん",
        "ここはひんやりしてんな",
    ):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(v != (t.target in praising) for t, v in verdicts.items()), (text, verdicts)
    for text in (
        "その鍵、どこで見つけたの？",  # found, not bought: a lead
        "ここで待ってる",  # not a remark on here
        "ここ、一緒に調べてみよう",  # a proposal made here
        "ここ、昨日の夜に誰か来たって聞いた",  # news of the place
        "ここ、何があったの？",  # a question
    ):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert not any(verdicts.values()), text


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_remark_on_a_thing_no_topic_names_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in (
        "このスープ、あったかーい",
        "健二さん、そのヘルメット、ピカピカじゃね",
        "この部屋、鏡がいっぱいですね",
    ):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(v != (t.target in PRAISING) for t, v in verdicts.items()), (text, verdicts)
    for text in (
        "このスープ、誰が作ったの？",  # a question
        "この建物、昔は映画館だったって聞きました",  # news of the place
        "その人、最初から席を替えたがってましたよね",  # a person
        "その前に、ゆうべのことを教えて",  # a time
        "ここの柵、壊れてるじゃん",  # here, not this
    ):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert not any(verdicts.values()), text


@pytest.mark.parametrize(
    ("scene", "text", "named"),
    [
        ("hoshizora", "そのギターケース、傷だらけですね", "ギター紛失"),
        ("amatsu", "その酸素ボンベ、軽いですね", "酸素残量"),
        # where it was bought, or a remark on here (round 16)
        ("hoshizora", "そのギター、どこで買ったの？", "ギター紛失"),
        ("amatsu", "ここ、酸素が薄い気がするね", "酸素残量"),
    ],
)
def test_a_topic_that_names_a_thing_the_text_names_keeps_the_pick(
    scene: str, text: str, named: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    state = with_every_intent(state, scenario)
    verdicts = {
        t.target: v for t, v in topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer).items()
    }
    assert verdicts[named] is False
    assert any(verdicts.values())


@pytest.mark.round(38)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_a_remark_said_before_the_thing_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Rounds 37 and 38 (izuoshima_ben, ogasawara_ben): the remark first and the thing after it
    (ちっちゃくてキュートだら、このベビーたち) was no remark to the rule, and the model read a topic at hand."""
    scenario, state = scenes[scene]
    for text in ("すごいなあ、この仕掛け", "ちっちゃくてかわいいら、このカメたち", "いい匂いですね、このスープ"):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(v != (t.target in PRAISING) for t, v in verdicts.items()), (text, verdicts)
    for text in (
        "教えてよ、その仕掛け",  # a request
        "いいよ、その仕掛け見せて",  # more than a thing after the comma
        "すごいなあ、この仕掛けは誰が作ったの？",  # a question
    ):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert not any(verdicts.values()), text
