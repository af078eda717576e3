"""What the service and eval-interpret build from the settings."""

import pytest

from app.backends.lexical import LexicalBackend
from app.runtime import build_interpreter
from app.scenario import Scenario, ScenarioSet
from app.settings import Settings
from app.text import TextAnalyzer
from tests.fakes import FakeBackend


@pytest.fixture
def scenario_set(scenarios: dict[str, Scenario]) -> ScenarioSet:
    return ScenarioSet(scenarios=scenarios)


def test_an_unset_min_confidence_is_the_backend_s_own(scenario_set: ScenarioSet, analyzer: TextAnalyzer) -> None:
    model = FakeBackend()
    model.default_min_confidence = 0.34
    settings = Settings(semantic_weight=0)
    assert build_interpreter(settings, scenario_set, model, analyzer).min_confidence == 0.34
    assert build_interpreter(settings, scenario_set, LexicalBackend(), analyzer).min_confidence == 0.0


@pytest.mark.parametrize("threshold", [0.0, 0.5])
def test_a_set_min_confidence_wins(threshold: float, scenario_set: ScenarioSet, analyzer: TextAnalyzer) -> None:
    model = FakeBackend()
    model.default_min_confidence = 0.34
    settings = Settings(semantic_weight=0, min_confidence=threshold)
    assert build_interpreter(settings, scenario_set, model, analyzer).min_confidence == threshold
