"""Wire types of POST /v1/interpret (contract section 2)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Wire(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AvailableIntent(_Wire):
    id: str = Field(min_length=1, description="Intent id from the scenario.")
    speaker: str | None = Field(None, description="Character who speaks the scripted line for it.")


class LastLine(_Wire):
    speaker: str | None = None
    text: str = ""


# Limits on a state's lists (a 422 names the field past them): far above any scene a game shows, low
# enough that a hostile body cannot make the service build a prompt of thousands of candidates.
MAX_STATE_ITEMS = 256


class GameState(_Wire):
    location: str | None = Field(None, description="Location id where the player is.")
    present: list[str] = Field(
        default_factory=list, max_length=MAX_STATE_ITEMS, description="Character ids on the scene."
    )
    responder: str | None = Field(None, description="Who normally answers here.")
    selected: str | None = Field(None, description="Character the player picked on screen, if any.")
    available_intents: list[AvailableIntent] = Field(
        default_factory=list,
        max_length=MAX_STATE_ITEMS,
        description="Intents with a scripted line now, with its speaker.",
    )
    moves: list[str] = Field(
        default_factory=list, max_length=MAX_STATE_ITEMS, description="Location ids reachable from here."
    )
    can_leave: bool = Field(False, description="Whether leaving is possible.")
    answered_intents: list[str] | None = Field(
        None,
        max_length=MAX_STATE_ITEMS,
        description="Talkable intents without a scripted line. Absent: derived from the knowledge "
        "of the present characters.",
    )
    last_line: LastLine | None = Field(None, description="The line shown before the player typed.")
    elsewhere: dict[str, str] | None = Field(
        None,
        max_length=MAX_STATE_ITEMS,
        description="Where characters who are not present are: character id to location id.",
    )


EXAMPLE_REQUEST: dict[str, Any] = {
    "scenario": "hoshizora",
    "text": "流す曲を変えてみたら？",
    "state": {
        "location": "ステージ",
        "present": ["灯", "湊"],
        "responder": "灯",
        "selected": None,
        "available_intents": [{"id": "選曲", "speaker": "灯"}, {"id": "機材トラブル", "speaker": "湊"}],
        "moves": ["控え室", "ロビー"],
        "can_leave": True,
        "last_line": {"speaker": "灯", "text": "お客さん、なんだか退屈そう……"},
    },
    "debug": False,
}


class InterpretRequest(_Wire):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [EXAMPLE_REQUEST]})

    scenario: str = Field(min_length=1, description="Scenario id (file name without .json).")
    text: str = Field(description="What the player typed (non-empty, at most INTERP_MAX_TEXT_CHARS).")
    state: GameState
    deadline_ms: int | None = Field(
        None,
        ge=1,
        le=600_000,
        description="The game's budget for this answer in ms, counted from arrival, waiting included; past it "
        "the model stops and the answer is なし with error.kind 'timeout'. Default: INTERP_TIMEOUT_S.",
    )
    debug: bool = Field(False, description="Include the trace of every stage in the response.")

    @field_validator("text")
    @classmethod
    def _typed_characters(cls, text: str) -> str:
        """No player types a control character (newlines and tabs aside) or half a surrogate pair: such a
        text comes from a broken client, and is refused naming the field rather than guessed at."""
        if (found := _UNTYPABLE.search(text)) is not None:
            raise ValueError(f"text contains the character U+{ord(found.group()):04X}, which no player types")
        return text


_UNTYPABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


class PrepareRequest(_Wire):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"scenario": EXAMPLE_REQUEST["scenario"], "state": EXAMPLE_REQUEST["state"]}]},
    )

    scenario: str = Field(min_length=1, description="Scenario id (file name without .json).")
    state: GameState


class PrepareResponse(_Wire):
    accepted: bool = Field(description="Whether the state was queued for preparation.")
    queued: int = Field(description="Preparations waiting, this one included.")


class InputChoice(_Wire):
    kind: Literal["intent", "move", "leave", "none"]
    id: str | None = Field(None, description="Intent id, when kind is 'intent'.")
    to: str | None = Field(None, description="Location id, when kind is 'move'.")


class ErrorInfo(_Wire):
    kind: str
    message: str


class InterpretResponse(_Wire):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "input": {"kind": "intent", "id": "選曲"},
                    "notation": "意図:選曲",
                    "addressee": "灯",
                    "entities": [],
                    "attitude": None,
                    "decided_by": "model",
                    "confidence": 0.93,
                    "error": None,
                }
            ]
        },
    )

    input: InputChoice
    notation: str = Field(description="意図:<id>, 移動:<location>, 離脱 or なし.")
    addressee: str | None = Field(description="Character the player addressed (or the responder).")
    entities: list[str] = Field(description="Ids of the scenario entities the text mentions.")
    attitude: str | None = Field(description="Id of the first scenario attitude the text shows.")
    decided_by: str = Field(description="'model', 'rule:<name>', or 'error'.")
    confidence: float | None = Field(
        description="Probability of the chosen answer among the allowed ones (model or lexical scores); "
        "1.0 when a rule decided with certainty."
    )
    error: ErrorInfo | None = None
    debug: dict[str, Any] | None = Field(None, description="Trace of every stage (only with debug=true).")


class RequestErrorBody(_Wire):
    kind: str
    message: str
    field: str | None = None


class RequestErrorResponse(_Wire):
    error: RequestErrorBody


class ReloadResponse(_Wire):
    scenarios: list[str] = Field(description="Scenario ids served from now on.")
    changed: list[str] = Field(description="Scenarios new or changed by this reload.")
    kept_loaded_version: list[str] = Field(
        description="Scenarios whose file no longer loads: the version loaded before is kept."
    )
    removed: list[str] = Field(description="Scenarios whose file is gone.")
    problems: list[str] = Field(description="Why each refused file was refused.")
