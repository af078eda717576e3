"""The scenes every rule is tested on: each scenario with its usual state, and with an invitation."""

from __future__ import annotations

import pytest

from app.scenario import Scenario
from app.schemas import GameState
from tests.pipeline.rules.helpers import Scenes, after_line


@pytest.fixture
def scenes(hoshizora: Scenario, amatsu: Scenario, stage_state: GameState, medbay_state: GameState) -> Scenes:
    """The two scenarios every rule is tested on, by id, each with its usual state."""
    return {"hoshizora": (hoshizora, stage_state), "amatsu": (amatsu, medbay_state)}


@pytest.fixture
def invited_scenes(scenes: Scenes) -> Scenes:
    """The two scenarios with an invitation to a reachable place as the last line (amatsu's usual state
    has one: 管制室に来てくれないか)."""
    hoshizora, stage_state = scenes["hoshizora"]
    return {**scenes, "hoshizora": (hoshizora, after_line(stage_state, "灯", "ロビーに行ってみない？"))}
