"""What the game can act on: the decision the pipeline returns, in contract notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ActionKind = Literal["intent", "move", "leave", "none"]


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    target: str | None = None  # intent id for "intent", location id for "move"

    @property
    def notation(self) -> str:
        if self.kind == "intent":
            return f"意図:{self.target}"
        if self.kind == "move":
            return f"移動:{self.target}"
        return "離脱" if self.kind == "leave" else "なし"

    @classmethod
    def parse(cls, notation: str) -> Action:
        """Inverse of `notation`; raises ValueError on anything else."""
        notation = notation.strip()
        if notation == "離脱":
            return cls("leave")
        if notation == "なし":
            return cls("none")
        for prefix, kind in (("意図:", "intent"), ("移動:", "move")):
            if notation.startswith(prefix) and len(notation) > len(prefix):
                return cls(kind, notation[len(prefix) :])  # type: ignore[arg-type]
        raise ValueError(f"not a decision notation: {notation!r}")


NONE = Action("none")
LEAVE = Action("leave")
