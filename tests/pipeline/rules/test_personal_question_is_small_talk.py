"""`personal_question_is_small_talk`: Asking someone their age, home
town, school or hobbies is small talk about that person: the model read
「千代さん、いくつにならはったん」 as the missing tea bowl and 「リリィ、生まれはどこだ」 as tonight's
song. A topic whose own texts speak of such things stays, and so does
any topic when the person asked about is described, not named
(廊下にいた男の人って何歳くらいでした？ asks about a stranger seen).

Each test: the failure the rule prevents, or a near miss that must not trigger it; `round(n)` marks the
evaluation round whose held-out sets found it."""

from __future__ import annotations

import pytest

from app.pipeline.refine import personal_question_is_small_talk
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer
from tests.pipeline.rules.helpers import Scenes, topic_verdicts


@pytest.mark.round(13)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_asking_someones_age_or_home_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("いくつにならはったん", "生まれはどこだ", "ご出身はどちらですか", "趣味は何ですか"):
        verdicts = topic_verdicts(personal_question_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    # how many; a stranger described, not named: a lead
    for text in ("全部でいくつある？", "廊下にいた男の人って何歳くらいでした？", "どこで生まれた噂なの"):
        verdicts = topic_verdicts(personal_question_is_small_talk, text, scenario, state, analyzer)
        assert not any(verdicts.values()), text


@pytest.mark.round(13)
def test_a_topic_that_speaks_of_the_persons_home_keeps_the_pick(
    hoshizora: Scenario, stage_state: GameState, analyzer: TextAnalyzer
) -> None:
    about_home = stage_state.available_intents[0].id
    intents = [
        i.model_copy(update={"description": f"{i.description}、出身地の話"}) if i.id == about_home else i
        for i in hoshizora.intents
    ]
    scenario = hoshizora.model_copy(update={"intents": intents})
    verdicts = topic_verdicts(personal_question_is_small_talk, "生まれはどこ？", scenario, stage_state, analyzer)
    assert {a.target for a, vetoed in verdicts.items() if not vetoed} == {about_home}


@pytest.mark.round(14)
@pytest.mark.parametrize("scene", ["hoshizora", "amatsu"])
def test_asking_what_someone_does_on_days_off_is_small_talk(scene: str, scenes: Scenes, analyzer: TextAnalyzer) -> None:
    scenario, state = scenes[scene]
    for text in ("休みの日は何しよるん？", "休日は何をされてるんですか"):
        verdicts = topic_verdicts(personal_question_is_small_talk, text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    # what someone did on a day off asks for an alibi, a lead
    verdicts = topic_verdicts(personal_question_is_small_talk, "休みの日に何してた？", scenario, state, analyzer)
    assert not any(verdicts.values())
