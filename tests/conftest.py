from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app.pipeline.interpret import Interpreter
from app.scenario import Scenario, load_scenario_dir
from app.schemas import GameState
from app.settings import PROJECT_ROOT
from app.text import TextAnalyzer
from tests.fakes import FakeBackend

SCENARIO_DIR = PROJECT_ROOT / "scenario"


@pytest.fixture(scope="session")
def analyzer() -> TextAnalyzer:
    return TextAnalyzer()


@pytest.fixture(scope="session")
def scenarios() -> dict[str, Scenario]:
    loaded = load_scenario_dir(SCENARIO_DIR)
    assert not loaded.problems
    return loaded.scenarios


@pytest.fixture
def hoshizora(scenarios: dict[str, Scenario]) -> Scenario:
    return scenarios["hoshizora"]


@pytest.fixture
def amatsu(scenarios: dict[str, Scenario]) -> Scenario:
    return scenarios["amatsu"]


STAGE_STATE: dict[str, Any] = {
    "location": "ステージ",
    "present": ["灯", "湊"],
    "responder": "灯",
    "available_intents": [
        {"id": "選曲", "speaker": "灯"},
        {"id": "機材トラブル", "speaker": "湊"},
        {"id": "励ます", "speaker": "灯"},
    ],
    "moves": ["控え室", "ロビー", "音響ブース"],
    "can_leave": True,
    "last_line": {"speaker": "灯", "text": "お客さん、なんだか退屈そう……"},
}


@pytest.fixture
def stage_state() -> GameState:
    """The demo scenario's stage: 灯 answers, 湊 is present, three places reachable, leaving possible."""
    return GameState.model_validate(STAGE_STATE)


@pytest.fixture
def medbay_state() -> GameState:
    """The second scenario (SF): the doctor alone in the medical bay."""
    return GameState.model_validate(
        {
            "location": "医務室",
            "present": ["沙耶"],
            "responder": "沙耶",
            "available_intents": [
                {"id": "負傷者の容体", "speaker": "沙耶"},
                {"id": "睡眠薬", "speaker": "沙耶"},
            ],
            "moves": ["管制室", "居住区"],
            "can_leave": True,
            "answered_intents": ["食料"],
            "last_line": {"speaker": "九条", "text": "管制室に来てくれないか"},
        }
    )


@pytest.fixture
def fake_backend() -> FakeBackend:
    return FakeBackend()


@pytest.fixture
def interpreter(scenarios: dict[str, Scenario], fake_backend: FakeBackend, analyzer: TextAnalyzer) -> Interpreter:
    return Interpreter(scenarios, fake_backend, analyzer)


def default_model_available() -> bool:
    return os.environ.get("KIKITORI_SKIP_INTEGRATION") != "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if default_model_available():
        return
    skip = pytest.mark.skip(reason="KIKITORI_SKIP_INTEGRATION=1")
    for item in items:
        if "integration" in item.keywords:
            item.add_marker(skip)


__all__ = ["Path"]
