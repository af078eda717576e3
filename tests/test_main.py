"""The HTTP API around a fake backend: wire format, debug trace, errors naming the field."""

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import SCENARIO_DIR
from tests.fakes import FakeBackend

STATE: dict[str, Any] = {
    "location": "ステージ",
    "present": ["灯", "湊"],
    "responder": "灯",
    "available_intents": [{"id": "選曲", "speaker": "灯"}, {"id": "機材トラブル", "speaker": "湊"}],
    "moves": ["控え室", "ロビー"],
    "can_leave": True,
}


@pytest.fixture
def backend() -> FakeBackend:
    return FakeBackend()


@pytest.fixture
def client(backend: FakeBackend) -> Iterator[TestClient]:
    app = create_app(Settings(scenario_dir=SCENARIO_DIR), backend=backend)
    with TestClient(app) as test_client:
        yield test_client


def post(client: TestClient, **overrides: Any) -> Any:
    body = {"scenario": "hoshizora", "text": "BGM変えない？", "state": STATE, **overrides}
    return client.post("/v1/interpret", json=body)


def test_decision_in_contract_shape(client: TestClient, backend: FakeBackend) -> None:
    backend.queue("A1")
    response = post(client)
    assert response.status_code == 200
    body = response.json()
    assert body["input"] == {"kind": "intent", "id": "選曲", "to": None}
    assert body["notation"] == "意図:選曲"
    assert body["addressee"] == "灯" and body["decided_by"] == "model" and body["error"] is None
    assert set(body) >= {
        "input",
        "notation",
        "addressee",
        "entities",
        "attitude",
        "decided_by",
        "confidence",
        "error",
    }
    assert body["debug"] is None


def test_debug_shows_every_stage(client: TestClient, backend: FakeBackend) -> None:
    backend.queue("A1")
    debug = post(client, debug=True).json()["debug"]
    assert [c["token"] for c in debug["candidates"]][:3] == ["A1", "A2", "A3"]
    assert {
        "addressee",
        "after_addressee",
        "after_words",
        "removed",
        "prompt",
        "model",
        "rules_fired",
        "timings_ms",
    } <= set(debug)
    assert debug["prompt"]["examples_trimmed"] is False
    assert debug["model"]["greedy_notation"] == "意図:選曲"


def test_move_answer(client: TestClient) -> None:
    body = post(client, text="楽屋に戻ろう").json()
    assert body["input"] == {"kind": "move", "id": None, "to": "控え室"}
    assert body["decided_by"] == "rule:explicit_move" and body["confidence"] == 1.0


@pytest.mark.parametrize(
    ("overrides", "status", "field"),
    [
        ({"scenario": "nope"}, 404, "scenario"),
        ({"text": ""}, 422, "text"),
        ({"text": "あ" * 1001}, 422, "text"),
        ({"state": {**STATE, "location": "月"}}, 422, "state.location"),
        ({"state": {**STATE, "available_intents": [{"id": "謎"}]}}, 422, "state.available_intents[0].id"),
        ({"state": {**STATE, "moves": ["屋上"]}}, 422, "state.moves[0]"),
        ({"state": {**STATE, "colour": "red"}}, 422, "state.colour"),
        ({"state": {**STATE, "can_leave": "maybe"}}, 422, "state.can_leave"),
    ],
)
def test_bad_requests_get_4xx_naming_the_field(client: TestClient, overrides: dict, status: int, field: str) -> None:
    response = post(client, **overrides)
    assert response.status_code == status, response.text
    assert response.json()["error"]["field"] == field


def test_malformed_json(client: TestClient) -> None:
    response = client.post("/v1/interpret", content=b'{"scenario": ', headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"]["kind"] == "malformed_json"


def test_model_failure_is_200_with_error(client: TestClient, backend: FakeBackend) -> None:
    from app.errors import ModelError

    backend.queue(ModelError("boom"))
    body = post(client).json()
    assert body["notation"] == "なし" and body["error"]["kind"] == "model_error"


class SlowBackend(FakeBackend):
    """Takes `seconds` per choice and, like the real backend, stops when its budget runs out."""

    def __init__(self, seconds: float, honours_budget: bool = True) -> None:
        super().__init__()
        self.seconds = seconds
        self.honours_budget = honours_budget
        self.stopped = 0

    def choose(self, request, budget=None):  # type: ignore[no-untyped-def]
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if self.honours_budget and budget is not None and (budget.expired() or budget.cancelled.is_set()):
                self.stopped += 1
                budget.check()
            time.sleep(0.005)
        return super().choose(request, budget)


@pytest.mark.issue(26)
def test_time_budget_overrun_answers_none_and_stops_the_work() -> None:
    backend = SlowBackend(0.5)
    app = create_app(Settings(scenario_dir=SCENARIO_DIR, timeout_s=0.1), backend=backend)
    with TestClient(app) as client:
        started = time.monotonic()
        body = post(client).json()
        elapsed = time.monotonic() - started
    assert body["notation"] == "なし" and body["error"]["kind"] == "timeout"
    assert elapsed < 0.4 and backend.stopped == 1


@pytest.mark.issue(26)
def test_deadline_ms_is_the_requests_own_budget() -> None:
    app = create_app(Settings(scenario_dir=SCENARIO_DIR, timeout_s=20), backend=SlowBackend(0.5))
    with TestClient(app) as client:
        assert post(client, deadline_ms=100).json()["error"]["kind"] == "timeout"
        assert post(client, deadline_ms=5000).json()["error"] is None
        assert post(client, deadline_ms=0).status_code == 422


@pytest.mark.issue(26)
def test_a_backend_that_ignores_its_budget_is_answered_on_time_anyway() -> None:
    app = create_app(Settings(scenario_dir=SCENARIO_DIR), backend=SlowBackend(1.5, honours_budget=False))
    with TestClient(app) as client:
        started = time.monotonic()
        body = post(client, deadline_ms=100).json()
        assert time.monotonic() - started < 1.0
    assert body["error"]["kind"] == "timeout"


def test_state_may_say_where_absent_characters_are(client: TestClient) -> None:
    state = {**STATE, "elsewhere": {"湊": "控え室"}}
    assert post(client, state=state).status_code == 200


@pytest.mark.issue(26)
def test_prepare_accepts_a_state_and_names_a_bad_one(client: TestClient) -> None:
    response = client.post("/v1/prepare", json={"scenario": "hoshizora", "state": STATE})
    assert response.status_code == 202 and response.json()["accepted"] is True
    unknown = client.post("/v1/prepare", json={"scenario": "nope", "state": STATE})
    assert unknown.status_code == 404 and unknown.json()["error"]["field"] == "scenario"
    bad = client.post("/v1/prepare", json={"scenario": "hoshizora", "state": {**STATE, "moves": ["月"]}})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "state.moves[0]"


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz").json()
    assert ready["ready"] is True and ready["scenario_count"] == 3 and ready["refused_files"] == []


def test_openapi_has_examples(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "examples" in schema["components"]["schemas"]["InterpretRequest"]
    assert client.get("/docs").status_code == 200
