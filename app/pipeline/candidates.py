"""Stage 1: the candidate list from the game state, in contract order, with per-request tokens A1, A2, …"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.errors import StateError
from app.pipeline.actions import LEAVE, Action
from app.scenario import Intent, Location, Scenario
from app.schemas import GameState

Source = Literal["available", "move", "leave", "answered"]

LEAVE_DESCRIPTION = "会話を切り上げて、この場を立ち去る（別れの挨拶、退出）"


@dataclass(frozen=True)
class Candidate:
    token: str
    action: Action
    source: Source
    description: str
    examples: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # a location's id and aliases
    speaker: str | None = None  # who speaks the scripted line (available intents)
    known_by: tuple[str, ...] = ()  # intents: the present characters who know it (empty for answered_intents given)
    notes: tuple[str, ...] = ()  # intents: what the characters know of it (knowledge[].info)

    def trace(self) -> dict[str, object]:
        return {
            "token": self.token,
            "notation": self.action.notation,
            "source": self.source,
            "speaker": self.speaker,
            "known_by": list(self.known_by) or None,
        }


def validate_state(state: GameState, scenario: Scenario) -> None:
    """Every id in the state must exist in the scenario; the error names the field."""
    character_ids = {c.id for c in scenario.characters}
    location_ids = {loc.id for loc in scenario.locations}
    intent_ids = {i.id for i in scenario.intents}

    def check(value: str | None, known: set[str], field: str, what: str) -> None:
        if value is not None and value not in known:
            raise StateError(f"unknown {what} {value!r} in {field}", field=field)

    check(state.location, location_ids, "state.location", "location")
    for index, character in enumerate(state.present):
        check(character, character_ids, f"state.present[{index}]", "character")
    check(state.responder, character_ids, "state.responder", "character")
    check(state.selected, character_ids, "state.selected", "character")
    for index, available in enumerate(state.available_intents):
        check(available.id, intent_ids, f"state.available_intents[{index}].id", "intent")
        check(available.speaker, character_ids, f"state.available_intents[{index}].speaker", "character")
    for index, move in enumerate(state.moves):
        check(move, location_ids, f"state.moves[{index}]", "location")
    for index, answered in enumerate(state.answered_intents or []):
        check(answered, intent_ids, f"state.answered_intents[{index}]", "intent")
    for character, location in (state.elsewhere or {}).items():
        check(character, character_ids, "state.elsewhere", "character")
        check(location, location_ids, f"state.elsewhere.{character}", "location")


def derived_answered_intents(state: GameState, scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """Intent id -> present characters who know it (never an absent character's knowledge)."""
    known: dict[str, list[str]] = {}
    for character_id in state.present:
        character = scenario.character(character_id)
        for knowledge in character.knowledge if character else []:
            known.setdefault(knowledge.intent, []).append(character_id)
    return {intent: tuple(who) for intent, who in known.items()}


def knowledge_notes(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """Intent id -> every character's `info` about it, present or not: what the topic is about."""
    notes: dict[str, list[str]] = {}
    for character in scenario.characters:
        for knowledge in character.knowledge:
            if knowledge.info.strip():
                notes.setdefault(knowledge.intent, []).append(knowledge.info.strip())
    return {intent: tuple(dict.fromkeys(infos)) for intent, infos in notes.items()}


def build_candidates(state: GameState, scenario: Scenario) -> list[Candidate]:
    """Available intents, moves, leave, answered intents — in that order, tokens A1… assigned in order."""
    validate_state(state, scenario)
    entries: list[tuple[Action, Source, dict[str, object]]] = []
    seen: set[Action] = set()

    def add(action: Action, source: Source, **extra: object) -> None:
        if action not in seen:
            seen.add(action)
            entries.append((action, source, extra))

    knowing = derived_answered_intents(state, scenario)
    for available in state.available_intents:
        known_by = knowing.get(available.id, ())
        add(Action("intent", available.id), "available", speaker=available.speaker, known_by=known_by)
    for location_id in state.moves:
        add(Action("move", location_id), "move")
    if state.can_leave:
        add(LEAVE, "leave")
    if state.answered_intents is not None:
        for intent_id in state.answered_intents:
            add(Action("intent", intent_id), "answered")
    else:
        for intent_id, who in knowing.items():
            add(Action("intent", intent_id), "answered", known_by=who)

    notes = knowledge_notes(scenario)
    candidates = []
    for index, (action, source, extra) in enumerate(entries, start=1):
        token = f"A{index}"
        if action.kind == "intent":
            intent = scenario.intent(action.target or "")
            assert intent is not None  # validate_state checked it
            candidates.append(
                _intent_candidate(
                    token,
                    intent,
                    source,
                    notes.get(intent.id, ()),
                    speaker=extra.get("speaker"),  # type: ignore[arg-type]
                    known_by=extra.get("known_by", ()),  # type: ignore[arg-type]
                )
            )
        elif action.kind == "move":
            location = scenario.location(action.target or "")
            assert location is not None
            candidates.append(_move_candidate(token, location))
        else:
            candidates.append(Candidate(token, action, source, LEAVE_DESCRIPTION))
    return candidates


def scenario_candidates(scenario: Scenario) -> list[Candidate]:
    """Every intent and move the scenario could ever offer, as candidates (tokens in scenario order):
    what warm-up prepares, so that no request pays for a scenario text the first time it meets it."""
    notes = knowledge_notes(scenario)
    intents = [
        _intent_candidate(f"A{index}", intent, "available", notes.get(intent.id, ()))
        for index, intent in enumerate(scenario.intents, start=1)
    ]
    moves = [
        _move_candidate(f"A{index}", location)
        for index, location in enumerate(scenario.locations, start=len(intents) + 1)
    ]
    return intents + moves


def _intent_candidate(
    token: str,
    intent: Intent,
    source: Source,
    notes: tuple[str, ...],
    speaker: str | None = None,
    known_by: tuple[str, ...] = (),
) -> Candidate:
    return Candidate(
        token,
        Action("intent", intent.id),
        source,
        intent.description,
        tuple(intent.examples),
        tuple(intent.words),
        speaker=speaker,
        known_by=known_by,
        notes=notes,
    )


def _move_candidate(token: str, location: Location) -> Candidate:
    description = f"「{location.id}」へ移動する" + (f"（{location.description}）" if location.description else "")
    return Candidate(token, Action("move", location.id), "move", description, names=(location.id, *location.aliases))
