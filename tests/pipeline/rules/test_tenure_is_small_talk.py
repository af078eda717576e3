"""`tenure_is_small_talk`: Asking someone how long they have done
something is small talk about that person: the model read
「源さん、板前になって長いんですか」 as the inn's cooking, and 「先輩、刑事になって何年ですか」 as the
victim. A topic that itself speaks of years or a career (its
description, examples or what the characters know of it) stays.

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.actions import Action
from app.pipeline.candidates import scenario_candidates
from app.pipeline.refine import RuleContext, remark_on_a_thing_is_small_talk, tenure_is_small_talk
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import (
    PRAISING,
    Scenes,
    assert_praise_is_small_talk,
    assert_tenure,
    tenure_verdicts,
    topic_verdicts,
    with_every_intent,
)


@pytest.mark.round(10)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_asking_someone_s_tenure_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("ここで働いて何年になるんですか", "この仕事、もう長いの？", "先生になって何年目ですか"),
        ("この建物って何年前からあるの？", "この曲、何年に作ったの？", "長い一日でしたね"),
        scenario,
        state,
        analyzer,
    )


@pytest.mark.round(10)
def test_a_topic_about_work_keeps_a_tenure_question(amatsu: Scenario, analyzer: TextAnalyzer) -> None:
    # ねぎらう (thanking the crew for their work) speaks of working: the question may be about it
    candidates = tuple(scenario_candidates(amatsu))
    state = GameState.model_validate({"location": "医務室", "present": [], "moves": [], "can_leave": False})
    ctx = RuleContext(analyzer.analyze("ここで働いて何年になるんですか"), state, candidates, analyzer)
    assert tenure_is_small_talk(Action("intent", "ねぎらう"), ctx) is None
    assert tenure_is_small_talk(Action("intent", "航路"), ctx) is not None


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_how_many_years_asked_with_nan(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("この仕事になって何年なんですか", "ここに来て何年なの？"),
        ("この建物って何年前なんですか", "それって何年前なの？"),
        scenario,
        state,
        analyzer,
    )


@pytest.mark.round(11)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_asked_in_formal_speech(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    verdicts = tenure_verdicts("船乗りになられて何年でございますか", scenario, state, analyzer)
    assert verdicts and all(verdicts.values())
    verdicts = tenure_verdicts("何年前でございますか", scenario, state, analyzer)
    assert verdicts and not any(verdicts.values())


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_asked_around_what_one_does_and_praise_for_work_done(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in ("何年この艦に乗っておられるのですか", "何年この町に住んでるの？"):
        verdicts = topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    for text in ("何年前にここに来たの？", "何年に建ったんですか", "何年後に戻ってくるの？"):
        assert not any(topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer).values()), text
    for text in ("この張りぼて、よくできてらあ", "その前掛け、年季が入ってるねえ", "その櫛、粋だねえ"):
        assert_praise_is_small_talk(text, scenario, state, analyzer)


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_asked_in_the_western_progressive(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("源さん、山笠は何年やりよんしゃあと？", "この店、何年やりよるん？", "何年住んでるの？"):
        verdicts = topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    for text in ("何年前にやりよった？", "何年にやりよったん？"):
        assert not any(topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer).values()), text


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_the_progressive_and_an_opinion_asked_to_be_agreed_with(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    for text in ("ハルさん、畑は何年やっちょっとな", "お巡りさんは何年やっとるんじゃ"):
        verdicts = topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    praising = PRAISING
    for text in ("先生、そのジャージ、ダサくね？", "この部屋、香水の匂いすごくない？"):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(v != (t.target in praising) for t, v in verdicts.items()), (text, verdicts)
    # a question that is no opinion stays a question
    for text in ("そのジャージ、誰の？", "この部屋、寒くなる？"):
        verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, text, scenario, state, analyzer)
        assert not any(verdicts.values()), text


@pytest.mark.round(15)
def test_a_year_named_in_a_topic_is_no_count_of_years(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    first, second = (i.id for i in stage_state.available_intents[:2])
    update = {first: "、今年の話", second: "、勤めて三十年の話"}
    intents = [
        i.model_copy(update={"description": f"{i.description}{update[i.id]}"}) if i.id in update else i
        for i in hoshizora.intents
    ]
    scenario = hoshizora.model_copy(update={"intents": intents})
    verdicts = {a.target: v for a, v in tenure_verdicts("何年やっとるん？", scenario, stage_state, analyzer).items()}
    assert verdicts[first] is True and verdicts[second] is False


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_asked_with_an_honorific(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("親方、この仕事、何年されとるがけ？", "何年されてるんですか"):
        verdicts = topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    verdicts = topic_verdicts(tenure_is_small_talk, "何年前にされたんですか", scenario, state, analyzer)
    assert not any(verdicts.values())


@pytest.mark.round(15)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_against_a_topic_that_asks_since_when_something_starts(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    state = with_every_intent(state, scenario)
    first = state.available_intents[0].id
    intents = [
        i.model_copy(update={"examples": [*i.examples, "一番茶はいつからですか"]}) if i.id == first else i
        for i in scenario.intents
    ]
    starts = scenario.model_copy(update={"intents": intents})
    verdicts = {a.target: v for a, v in tenure_verdicts("お茶作って何年になるだ？", starts, state, analyzer).items()}
    assert verdicts[first] is True
    works = [
        i.model_copy(update={"examples": [*i.examples, "いつから働いてるんですか"]}) if i.id == first else i
        for i in scenario.intents
    ]
    worked = scenario.model_copy(update={"intents": works})
    verdicts = {a.target: v for a, v in tenure_verdicts("お茶作って何年になるだ？", worked, state, analyzer).items()}
    assert verdicts[first] is False


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_asked_with_a_kumamoto_honorific_or_the_kyushu_progressive_of_suru(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("ミツさん、この店ば何年やっとらすと？", "配達って何年しよっと？"),
        ("何年前にしよったと？", "何年後にやっとらすと？"),
        scenario,
        state,
        analyzer,
    )


@pytest.mark.round(16)
def test_a_things_age_in_a_topic_is_no_career(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    first, second = (i.id for i in stage_state.available_intents[:2])
    update = {first: "、百年ものの樽の話", second: "、三十年物の酒と、この道三十年の話"}
    intents = [
        i.model_copy(update={"description": f"{i.description}{update[i.id]}"}) if i.id in update else i
        for i in hoshizora.intents
    ]
    scenario = hoshizora.model_copy(update={"intents": intents})
    verdicts = {
        a.target: v for a, v in tenure_verdicts("梅干し作り何年やってるん？", scenario, stage_state, analyzer).items()
    }
    assert verdicts[first] is True and verdicts[second] is False


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_how_long_one_has_worked_and_how_a_thing_looks_are_small_talk(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("岡田さん、警備のお仕事は長いんですか？", "整備の仕事は長いのか"),
        ("夜は長いですね", "その話、長いんですか？"),
        scenario,
        state,
        analyzer,
    )
    looks = "その懐中電灯、明るそうですね"
    verdicts = topic_verdicts(remark_on_a_thing_is_small_talk, looks, scenario, state, analyzer)
    praising = PRAISING
    assert verdicts and all(v != (t.target in praising) for t, v in verdicts.items()), verdicts
    # hearsay is news, not a remark
    hearsay = "その店、明日閉まるそうですね"
    assert not any(topic_verdicts(remark_on_a_thing_is_small_talk, hearsay, scenario, state, analyzer).values())


@pytest.mark.round(16)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_how_long_since_one_began_is_tenure(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    asked = ("マサルさん、うどん打ち始めてどんくらいになるん？", "ここに来てどのくらい？")
    assert_tenure(asked, ("あれから何日たった？",), scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_the_kobe_progressive(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    asked = ("シェフ、パティシエ何年しとうの？", "この仕事、何年しとるん？")
    assert_tenure(asked, ("何年に建ったか知っとう？",), scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_the_western_progressive_after_any_verb(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("ヨシオさん、笛は何年吹いちょられますか？", "ここに何年住んじょるん？"), (), scenario, state, analyzer
    )


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_the_western_progressive_of_suru(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    assert_tenure(("師匠、竹細工何年しちょるん？",), ("何年前にしちょった？",), scenario, state, analyzer)


@pytest.mark.round(17)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_with_the_saga_honorific_or_since_when(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        (
            "親方、焼き物ば何年しよらすと？",
            "このお仕事、いつから続けているんですか？",
            "ここでいつから働いてるの？",
        ),
        ("いつから始まるの？", "それ、いつからあったの？", "いつからここに？"),
        scenario,
        state,
        analyzer,
    )


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_since_when_in_western_speech_and_praise_for_style(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert_tenure(
        ("マサくん、この仕事はいつから続けとるん？", "いつから働いとるん？"),
        ("いつから続くん？",),
        scenario,
        state,
        analyzer,
    )
    assert_praise_is_small_talk("小野君、その袴、なかなか粋じゃないか", scenario, state, analyzer)


@pytest.mark.round(18)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_banshu_speech_and_praise_in_kana_or_kansai(
    scene: str, scenes: Scenes, analyzer: TextAnalyzer
) -> None:
    scenario, state = scenes[scene]
    assert_tenure(("親方、そろばん作り何年やっとってんですか？",), ("何年前やったっけ",), scenario, state, analyzer)
    for text in ("与一さん、その釣り竿、ええやんか", "常さん…そのハンチング…にあってるぅ"):
        assert_praise_is_small_talk(text, scenario, state, analyzer)


@pytest.mark.round(19)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_tenure_in_awa_speech_and_of_a_job_after_a_pause(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    asked = ("ばあちゃん、三味線何年弾っきょん？", "警備さん、この仕事、長いんですか？")
    not_asked = ("この仕事、長くかかりそう？", "何年前に弾っきょったん？")
    assert_tenure(asked, not_asked, scenario, state, analyzer)


@pytest.mark.round(35)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_how_old_a_business_or_a_house_is_is_no_tenure(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    """Round 35's shikki: このお店は、創業何年になるのですか asks the workshop's history, and the rule turned that
    topic into small talk."""
    scenario, state = scenes[scene]
    assert_tenure(
        ("店長、この仕事何年になるんですか",),
        ("この店は創業何年なんですか", "ここ、築何年？"),
        scenario,
        state,
        analyzer,
    )
