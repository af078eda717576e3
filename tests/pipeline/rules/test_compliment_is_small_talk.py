"""`compliment_is_small_talk`: Praising something (千鶴さん、そのカーディガン、お似合いね)
is small talk: the model read such lines as whatever topic was first at
hand (the stolen ring). A topic whose own texts name the thing praised
(その指輪、素敵ですね, for a topic about the ring) keeps the pick, and so does a
topic that is itself praise, thanks or encouragement.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.refine import remark_on_a_thing_is_small_talk
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import (
    PRAISING,
    Scenes,
    assert_praise_is_small_talk,
    assert_tenure,
    compliment_verdicts,
    topic_verdicts,
    with_every_intent,
)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_in_chat_slang(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    assert_praise_is_small_talk("そのパーカー、かわよ", *scenes[scene], analyzer)


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_in_older_speech(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    assert_praise_is_small_talk("お頭、その羽織、見事でござるな", *scenes[scene], analyzer)


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_for_a_well_worn_thing_without_ga(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    assert_praise_is_small_talk("用務員さん、そのほうき年季入ってますね", *scenes[scene], analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_of_a_thing_named_with_o_and_tenure_in_a_job_or_a_duty(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in ("このお守り、かわいいのう", "そのお手玉、きれいやね"):
        assert_praise_is_small_talk(text, scenario, state, analyzer)
    asked = ("巫女さん、この仕事はいつからやっとるんですか？", "ゆうと、いつからうさぎの係やってるの？")
    not_asked = ("特別公開、いつからやってるの？", "この仕事、いつから始まるの？")
    assert_tenure(asked, not_asked, scenario, state, analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_or_a_remark_on_a_thing_set_off_by_an_ellipsis(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert_praise_is_small_talk("部長さん、そのカーディガン…まあ似合ってるんじゃない", scenario, state, analyzer)
    assert_praise_is_small_talk("こ、このキーホルダー、か、かわいい", scenario, state, analyzer)
    praising = PRAISING
    for text in ("このソファ…寝れそう…", "このなべ…でっかいなぁ…"):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(v != (t.target in praising) for t, v in verdicts.items()), (text, verdicts)


@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_praise_for_a_thing_no_topic_names_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("その髪留め、素敵ですね", "このマフラー、めっちゃかわいい", "そのジャケット、よう似合っとるね"):
        verdicts = compliment_verdicts(text, scenario, state, analyzer)
        assert verdicts and all(v != (topic in PRAISING) for topic, v in verdicts.items()), (text, verdicts)
    # no praise of a thing named (pity; praise that describes what follows): left to the model
    for text in (
        "その髪留め、どこで買ったの？",
        "きれいな星だね",
        "その子、かわいそうに",
        "このすごくきれいな石、誰の？",
    ):
        assert not any(compliment_verdicts(text, scenario, state, analyzer).values()), text


@pytest.mark.parametrize(
    ("scene", "text", "named"),
    [("hoshizora", "そのギター、かっこいいね", "ギター紛失"), ("amatsu", "その酸素ボンベ、立派ですね", "酸素残量")],
)
def test_a_topic_that_names_the_thing_praised_keeps_the_pick(
    scene: str, text: str, named: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    state = with_every_intent(state, scenario)
    verdicts = compliment_verdicts(text, scenario, state, analyzer)
    assert verdicts[named] is False
    assert any(verdicts.values())
