"""The HTTP API around a fake backend: wire format, debug trace, errors naming the field."""

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


def test_time_budget_overrun_answers_none(backend: FakeBackend) -> None:
    import time

    class Slow(FakeBackend):
        def choose(self, request):  # type: ignore[no-untyped-def]
            time.sleep(0.5)
            return super().choose(request)

    app = create_app(Settings(scenario_dir=SCENARIO_DIR, timeout_s=0.1), backend=Slow())
    with TestClient(app) as client:
        body = post(client).json()
    assert body["notation"] == "なし" and body["error"]["kind"] == "timeout"


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz").json()
    assert ready["ready"] is True and ready["scenario_count"] == 3 and ready["refused_files"] == []


def test_openapi_has_examples(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "examples" in schema["components"]["schemas"]["InterpretRequest"]
    assert client.get("/docs").status_code == 200
