"""Scenario files (contract section 1): models, validation, and the directory loader."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

log = logging.getLogger(__name__)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Location(_Strict):
    id: str = Field(min_length=1)
    description: str = ""
    aliases: list[str] = []


class Knowledge(_Strict):
    intent: str = Field(min_length=1)
    info: str = ""


class Character(_Strict):
    id: str = Field(min_length=1)
    description: str = ""
    aliases: list[str] = []
    knowledge: list[Knowledge] = []
    fallbacks: list[str] = []


class Intent(_Strict):
    id: str = Field(min_length=1)
    description: str = Field(min_length=1)
    examples: list[str] = []
    words: list[str] = []


class AliasEntry(_Strict):
    id: str = Field(min_length=1)
    aliases: list[str] = Field(min_length=1)


class Phrases(_Strict):
    """A scenario's own ways of saying goodbye, inviting, agreeing, refusing and moving (a dialect, a
    register, a made-up language): they add to the built-in lexicon for this scenario only."""

    farewell: list[str] = []
    invitation: list[str] = []
    agreement: list[str] = []
    refusal: list[str] = []
    movement: list[str] = []


class Scenario(_Strict):
    id: str = Field(min_length=1)
    title: str = ""
    instructions: str = ""
    locations: list[Location] = []
    characters: list[Character] = []
    intents: list[Intent] = []
    entities: list[AliasEntry] = []
    attitudes: list[AliasEntry] = []
    phrases: Phrases = Phrases()

    def intent(self, intent_id: str) -> Intent | None:
        return next((i for i in self.intents if i.id == intent_id), None)

    def location(self, location_id: str) -> Location | None:
        return next((loc for loc in self.locations if loc.id == location_id), None)

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)


@dataclass(frozen=True)
class Problem:
    """One reason a scenario file was refused."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path or '$'}: {self.message}"


def _json_path(loc: Iterable[int | str]) -> str:
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _duplicates(values: list[str]) -> list[tuple[int, str]]:
    seen: set[str] = set()
    dups = []
    for index, value in enumerate(values):
        if value in seen:
            dups.append((index, value))
        seen.add(value)
    return dups


def semantic_problems(scenario: Scenario) -> list[tuple[str, str]]:
    """Cross-reference checks pydantic cannot express: (JSON path, problem) pairs."""
    problems: list[tuple[str, str]] = []
    for section in ("locations", "characters", "intents", "entities", "attitudes"):
        ids = [item.id for item in getattr(scenario, section)]
        for index, dup in _duplicates(ids):
            problems.append((f"$.{section}[{index}].id", f"duplicate id {dup!r}"))
    intent_ids = {i.id for i in scenario.intents}
    for c_index, character in enumerate(scenario.characters):
        for k_index, knowledge in enumerate(character.knowledge):
            if knowledge.intent not in intent_ids:
                problems.append(
                    (
                        f"$.characters[{c_index}].knowledge[{k_index}].intent",
                        f"unknown intent {knowledge.intent!r}",
                    )
                )
    # A name (id or alias) must point to one location and one character only, or a mention is ambiguous.
    for section in ("locations", "characters"):
        owner: dict[str, str] = {}
        for index, item in enumerate(getattr(scenario, section)):
            for a_index, name in enumerate([item.id, *item.aliases]):
                other = owner.get(name)
                if other is not None and other != item.id:
                    where = f"$.{section}[{index}]" + (".id" if a_index == 0 else f".aliases[{a_index - 1}]")
                    problems.append((where, f"name {name!r} is shared with {section[:-1]} {other!r}"))
                owner.setdefault(name, item.id)
    for i_index, intent in enumerate(scenario.intents):
        for w_index, word in enumerate(intent.words):
            if not word.strip():
                problems.append((f"$.intents[{i_index}].words[{w_index}]", "empty word"))
    return problems


def parse_scenario(raw: object, file_name: str) -> tuple[Scenario | None, list[Problem]]:
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        return None, [Problem(file_name, _json_path(e["loc"]), e["msg"]) for e in exc.errors()]
    problems = [Problem(file_name, path, msg) for path, msg in semantic_problems(scenario)]
    stem = Path(file_name).stem
    if scenario.id != stem:
        problems.append(Problem(file_name, "$.id", f"id {scenario.id!r} does not match file name {stem!r}"))
    return (None, problems) if problems else (scenario, [])


@dataclass
class ScenarioSet:
    """The scenarios that loaded, and the problems of those that did not."""

    scenarios: dict[str, Scenario] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def load_scenario_dir(directory: Path) -> ScenarioSet:
    """Load every *.json in `directory`; a broken file is reported and skipped, the others load."""
    result = ScenarioSet()
    if not directory.is_dir():
        result.problems.append(Problem(str(directory), "", "scenario directory does not exist"))
        return result
    for path in sorted(directory.glob("*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            result.problems.append(Problem(path.name, "", f"not readable JSON: {exc}"))
            continue
        scenario, problems = parse_scenario(raw, path.name)
        if scenario is None:
            result.problems.extend(problems)
            continue
        result.scenarios[scenario.id] = scenario
    for problem in result.problems:
        log.error("scenario refused: %s", problem)
    return result
