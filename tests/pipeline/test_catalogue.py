"""The scenario's catalogue: what a state's prompt shares with every other state of its scenario
(issue 26)."""

from __future__ import annotations

from dataclasses import replace

from app.evaluation.runner import cold_state
from app.pipeline.actions import LEAVE, Action
from app.pipeline.addressee import find_addressee
from app.pipeline.candidates import build_candidates
from app.pipeline.catalogue import NONE_KEY, build_catalogue, catalogue_key, render_catalogue
from app.pipeline.interpret import Interpreter
from app.pipeline.prompt import render_catalogue_prompt
from app.scenario import Scenario
from app.schemas import GameState
from tests.fakes import FakeBackend


def test_every_option_of_the_scenario_has_a_one_letter_key(hoshizora: Scenario) -> None:
    catalogue = render_catalogue(hoshizora)
    actions = [entry.action for entry in catalogue.entries]
    assert actions[: len(hoshizora.intents)] == [Action("intent", i.id) for i in hoshizora.intents]
    assert [Action("move", loc.id) for loc in hoshizora.locations] == actions[len(hoshizora.intents) : -1]
    assert actions[-1] == LEAVE
    keys = [entry.key for entry in catalogue.entries]
    assert len(set(keys)) == len(keys) and all(len(k) == 1 for k in keys)
    for entry in catalogue.entries:
        assert f"{entry.key}: {entry.action.notation} — " in catalogue.text
    assert f"{NONE_KEY}: なし" in catalogue.text


def test_keys_go_on_past_the_alphabet() -> None:
    keys = [catalogue_key(i) for i in range(120)]
    assert len(set(keys)) == 120 and keys[:2] == ["A", "B"] and keys[52] == "AA"


def test_the_catalogue_does_not_depend_on_the_state(hoshizora: Scenario, stage_state: GameState) -> None:
    catalogue = render_catalogue(hoshizora)
    other = stage_state.model_copy(update={"moves": ["ロビー"], "last_line": None})
    for state in (stage_state, other):
        candidates = build_candidates(state, hoshizora)
        keys = [catalogue.key_of(c.action) for c in candidates]
        prompt = render_catalogue_prompt(hoshizora, catalogue, state, keys, find_addressee("x", state, hoshizora), "x")
        assert prompt.catalogue == catalogue.text
        assert "Solved examples" not in prompt.stable and "例" not in prompt.stable
        assert prompt.stable.startswith("Options now: " + ", ".join(keys) + ", none")


def test_a_catalogue_too_long_for_the_context_loses_examples_once(hoshizora: Scenario) -> None:
    full = render_catalogue(hoshizora)
    fitted = build_catalogue(hoshizora, len, len(full.text) - 1)
    assert fitted.examples_trimmed and fitted.token_count is not None
    assert fitted.token_count <= len(full.text) - 1
    assert not build_catalogue(hoshizora, len, len(full.text)).examples_trimmed


def test_the_grammar_admits_only_this_states_keys(interpreter: Interpreter, stage_state: GameState) -> None:
    interpreter = replace(interpreter, prompt_layout="catalogue")
    backend = interpreter.backend
    assert isinstance(backend, FakeBackend)
    backend.queue("A2")
    result = interpreter.interpret("hoshizora", "湊さん、機材の調子はどう？", stage_state)
    request = backend.requests[-1]
    catalogue = interpreter.catalogue(interpreter.scenarios["hoshizora"])
    candidates = build_candidates(stage_state, interpreter.scenarios["hoshizora"])
    assert request.grammar.options == (*(catalogue.key_of(c.action) for c in candidates), NONE_KEY)
    assert result.action == Action("intent", "機材トラブル")  # the key maps back to this request's A2
    assert result.trace["prompt"]["keys"]["A2"] == catalogue.key_of(Action("intent", "機材トラブル"))


def test_a_reordered_state_keeps_every_expectation(stage_state: GameState) -> None:
    reordered = cold_state(stage_state, "case-1")
    assert sorted(i.id for i in reordered.available_intents) == sorted(i.id for i in stage_state.available_intents)
    assert sorted(reordered.moves) == sorted(stage_state.moves)
    assert reordered.last_line == stage_state.last_line and reordered.present == stage_state.present
    assert cold_state(stage_state, "case-1") == reordered  # seeded: the same run twice is the same run
