import pytest

from app.errors import StateError
from app.pipeline.candidates import build_candidates, scenario_candidates
from app.scenario import Scenario
from app.schemas import GameState


def test_contract_order_and_tokens(hoshizora: Scenario, stage_state: GameState) -> None:
    candidates = build_candidates(stage_state, hoshizora)
    notations = [c.action.notation for c in candidates]
    assert notations[:7] == [
        "意図:選曲",
        "意図:機材トラブル",
        "意図:励ます",
        "移動:控え室",
        "移動:ロビー",
        "移動:音響ブース",
        "離脱",
    ]
    assert [c.token for c in candidates] == [f"A{i}" for i in range(1, len(candidates) + 1)]
    assert [c.source for c in candidates[:7]] == ["available"] * 3 + ["move"] * 3 + ["leave"]


def test_answered_intents_derived_from_present_characters_only(hoshizora: Scenario, stage_state: GameState) -> None:
    answered = [c.action.target for c in build_candidates(stage_state, hoshizora) if c.source == "answered"]
    # 灯 and 湊 are present; 真壁's knowledge (店の経営, 客入り, 開演時間) must not appear.
    assert set(answered) == {"灯の夢", "ギター紛失", "昨夜の行動", "鍵の管理", "不審な人物"}
    assert "機材トラブル" not in answered  # already available: listed once


def test_intents_carry_every_characters_knowledge_as_notes(hoshizora: Scenario, stage_state: GameState) -> None:
    by_target = {c.action.target: c for c in build_candidates(stage_state, hoshizora)}
    assert by_target["機材トラブル"].notes == ("昨日からミキサーの3chにノイズが乗る",)
    assert all(not c.notes for c in by_target.values() if c.action.kind != "intent")


def test_notes_on_a_second_scenario(amatsu: Scenario, medbay_state: GameState) -> None:
    candidates = build_candidates(medbay_state, amatsu)
    food = next(c for c in candidates if c.action.target == "食料")
    assert food.notes == ()  # nobody's knowledge mentions it: no notes, not an empty string


def test_explicit_answered_intents_are_used_as_given(amatsu: Scenario, medbay_state: GameState) -> None:
    candidates = build_candidates(medbay_state, amatsu)
    assert [c.action.notation for c in candidates if c.source == "answered"] == ["意図:食料"]


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"location": "宇宙"}, "state.location"),
        ({"moves": ["控え室", "屋上"]}, "state.moves[1]"),
        ({"available_intents": [{"id": "謎", "speaker": "灯"}]}, "state.available_intents[0].id"),
        ({"present": ["灯", "誰か"]}, "state.present[1]"),
        ({"selected": "誰か"}, "state.selected"),
    ],
)
def test_unknown_ids_in_state_name_the_field(
    hoshizora: Scenario, stage_state: GameState, patch: dict, field: str
) -> None:
    state = stage_state.model_copy(update={k: GameState.model_validate({k: v}).__dict__[k] for k, v in patch.items()})
    with pytest.raises(StateError) as raised:
        build_candidates(state, hoshizora)
    assert raised.value.field == field


def test_scenario_candidates_cover_every_intent_and_location(hoshizora: Scenario, amatsu: Scenario) -> None:
    for scenario in (hoshizora, amatsu):
        candidates = scenario_candidates(scenario)
        assert [c.action.target for c in candidates if c.action.kind == "intent"] == [i.id for i in scenario.intents]
        assert [c.action.target for c in candidates if c.action.kind == "move"] == [
            loc.id for loc in scenario.locations
        ]


def test_scenario_candidates_match_the_request_candidates(hoshizora: Scenario, stage_state: GameState) -> None:
    # warm-up prepares exactly what a request will read: same texts, notes and names
    prepared = {c.action: c for c in scenario_candidates(hoshizora)}
    for candidate in build_candidates(stage_state, hoshizora):
        if candidate.action.kind in ("intent", "move"):
            twin = prepared[candidate.action]
            assert (twin.description, twin.examples, twin.words, twin.names, twin.notes) == (
                candidate.description,
                candidate.examples,
                candidate.words,
                candidate.names,
                candidate.notes,
            )
