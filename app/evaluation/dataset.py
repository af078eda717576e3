"""Evaluation files: a scenario id, named states, and cases with the expected decision."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from app.pipeline.actions import Action
from app.schemas import GameState


class EvalCase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    state: str
    text: str
    expect: str = Field(description="Expected decision in notation: 意図:<id>, 移動:<id>, 離脱 or なし.")
    tags: list[str] = []

    @field_validator("expect")
    @classmethod
    def _notation(cls, value: str) -> str:
        Action.parse(value)
        return value


class EvalFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenario: str
    states: dict[str, GameState]
    cases: list[EvalCase]

    @model_validator(mode="after")
    def _states_exist(self) -> EvalFile:
        for index, case in enumerate(self.cases):
            if case.state not in self.states:
                raise ValueError(f"cases[{index}].state: unknown state {case.state!r}")
        return self


def load_eval_file(path: Path) -> EvalFile:
    try:
        return EvalFile.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise SystemExit(f"{path}: {exc}") from exc
