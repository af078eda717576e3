"""The HTTP API around a fake backend: wire format, debug trace, errors naming the field."""

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.budget import Budget, ModelQueue
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


class QueuedSlowBackend(SlowBackend):
    """One model behind a queue, as the real backend: `seconds` of model time per choice."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.model_queue = ModelQueue()

    def choose(self, request, budget=None):  # type: ignore[no-untyped-def]
        budget = budget or Budget()
        self.model_queue.acquire(budget)
        try:
            return super().choose(request, budget)
        finally:
            self.model_queue.release()


@pytest.mark.issue(28)
def test_a_burst_beyond_the_budget_is_refused_at_once_with_retry_after() -> None:
    app = create_app(Settings(scenario_dir=SCENARIO_DIR), backend=QueuedSlowBackend(0.4))
    with TestClient(app) as client:
        post(client, deadline_ms=3000)  # the admission learns what a request costs
        answers: list[Any] = []

        def one() -> None:
            started = time.monotonic()
            answers.append((post(client, deadline_ms=1000), time.monotonic() - started))

        threads = [threading.Thread(target=one) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    served = [(r, t) for r, t in answers if r.status_code == 200]
    refused = [(r, t) for r, t in answers if r.status_code == 503]
    assert len(served) + len(refused) == 8 and served and refused
    assert all(r.json()["error"] is None and t < 1.0 for r, t in served)  # none timed out inside
    for response, seconds in refused:
        assert response.json()["error"]["kind"] == "overloaded" and seconds < 0.5
        assert int(response.headers["Retry-After"]) >= 1


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


@pytest.mark.issue(28)
def test_metrics_count_requests_by_status_and_decider(client: TestClient, backend: FakeBackend) -> None:
    backend.queue("A1")
    post(client)
    post(client, scenario="nope")
    text = client.get("/metrics").text
    assert 'kikitori_requests_total{decided_by="model",status="200"} 1.0' in text
    assert 'kikitori_requests_total{decided_by="",status="404"} 1.0' in text
    assert 'kikitori_errors_total{kind="unknown_scenario"} 1.0' in text
    assert "kikitori_request_seconds_bucket" in text and "kikitori_queue_depth 0.0" in text


@pytest.mark.issue(28)
def test_every_answer_carries_a_request_id(client: TestClient) -> None:
    assert len(post(client).headers["X-Request-ID"]) == 32
    echoed = client.post(
        "/v1/interpret",
        json={"scenario": "hoshizora", "text": "BGM変えない？", "state": STATE},
        headers={"X-Request-ID": "game-42.turn-7"},
    )
    assert echoed.headers["X-Request-ID"] == "game-42.turn-7"
    odd = client.get("/healthz", headers={"X-Request-ID": "a b\tc"})
    assert odd.headers["X-Request-ID"] != "a b\tc"  # not echoed into logs as given


@pytest.mark.issue(28)
def test_an_api_key_guards_every_endpoint_but_healthz() -> None:
    app = create_app(Settings(scenario_dir=SCENARIO_DIR, api_key="s3cret"), backend=FakeBackend())
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        guarded = (("post", "/v1/interpret"), ("get", "/readyz"), ("get", "/metrics"), ("post", "/v1/prepare"))
        for method, path in guarded:
            response = client.request(method, path, json={})
            assert response.status_code == 401, path
            assert response.json()["error"]["kind"] == "unauthorized"
        wrong = {"Authorization": "Bearer nope"}
        assert client.get("/readyz", headers=wrong).status_code == 401
        right = {"Authorization": "Bearer s3cret"}
        assert client.get("/readyz", headers=right).status_code == 200
        body = {"scenario": "hoshizora", "text": "BGM変えない？", "state": STATE}
        assert client.post("/v1/interpret", json=body, headers=right).status_code == 200
        assert "HTTPBearer" in client.get("/openapi.json").json()["components"]["securitySchemes"]


@pytest.mark.issue(28)
def test_logs_leave_the_players_text_out_by_default(caplog: pytest.LogCaptureFixture) -> None:
    for log_text in (False, True):
        app = create_app(Settings(scenario_dir=SCENARIO_DIR, log_text=log_text), backend=FakeBackend())
        caplog.clear()
        with caplog.at_level("INFO", logger="kikitori"), TestClient(app) as client:
            post(client, text="ひみつの合言葉")
        assert ("ひみつの合言葉" in caplog.text) is log_text


@pytest.mark.issue(28)
@pytest.mark.parametrize("broken", ["missing", "corrupt"])
def test_a_model_that_cannot_load_is_a_503_unless_a_fallback_is_set(broken: str, tmp_path: Any) -> None:
    model = tmp_path / "model.gguf"
    if broken == "corrupt":
        model.write_bytes(b"GGUF but not really" * 100)
    body = {"scenario": "hoshizora", "text": "BGM変えない？", "state": STATE}
    with TestClient(create_app(Settings(scenario_dir=SCENARIO_DIR, model_path=model))) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 503 and str(model) in ready.json()["model_problem"]
        refused = client.post("/v1/interpret", json=body)
        assert refused.status_code == 503
        assert (
            refused.json()["error"]["kind"] == "model_unavailable" and str(model) in refused.json()["error"]["message"]
        )
    settings = Settings(scenario_dir=SCENARIO_DIR, model_path=model, fallback="lexical")
    with TestClient(create_app(settings)) as client:
        assert client.get("/readyz").status_code == 503
        answered = client.post("/v1/interpret", json=body)
        assert answered.status_code == 200 and answered.json()["decided_by"] in (
            "lexical",
            "rule:near_verbatim_example",
        )


class FaultyBackend(FakeBackend):
    """Raises inside the model call every other time, as llama.cpp's errors surface."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def choose(self, request, budget=None):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls % 2 == 1:
            from app.errors import ModelError

            raise ModelError("injected fault: decode returned -1")
        return super().choose(request, budget)


@pytest.mark.issue(28)
def test_an_exception_in_the_model_call_answers_none_and_the_next_request_works() -> None:
    backend = FaultyBackend()
    with TestClient(create_app(Settings(scenario_dir=SCENARIO_DIR), backend=backend)) as client:
        failed = post(client).json()
        assert failed["notation"] == "なし" and failed["error"]["kind"] == "model_error"
        assert "injected fault" in failed["error"]["message"]
        backend.queue("A1")
        worked = post(client).json()
        assert worked["error"] is None and worked["notation"] == "意図:選曲"
        assert 'kikitori_errors_total{kind="model_error"} 1.0' in client.get("/metrics").text


@pytest.mark.issue(28)
def test_hostile_bodies_get_a_named_4xx(client: TestClient) -> None:
    huge = client.post(
        "/v1/interpret",
        content=b'{"text": "' + b"a" * (1024 * 1024) + b'"}',
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413 and huge.json()["error"]["field"] == "body"
    deep = client.post(
        "/v1/interpret", content=b"[" * 50_000 + b"]" * 50_000, headers={"content-type": "application/json"}
    )
    assert deep.status_code in (400, 413, 422) and deep.json()["error"]["field"] == "body"
    for count, status in ((10_000, 413), (300, 422)):  # past the body limit, or only past the list's
        many = {**STATE, "available_intents": [{"id": "選曲", "speaker": "灯"}] * count}
        too_many = post(client, state=many)
        assert too_many.status_code == status
        assert too_many.json()["error"]["field"] == ("body" if status == 413 else "state.available_intents")
    for text in ("\\u0000\\u0007 BGM", "\\ud800 BGM"):  # control characters, a lone surrogate
        raw = '{"scenario": "hoshizora", "state": {}, "text": "' + text + '"}'
        answer = client.post("/v1/interpret", content=raw.encode(), headers={"content-type": "application/json"})
        assert answer.status_code == 422 and answer.json()["error"]["field"] == "text", text
    wrong_type = post(client, state={**STATE, "moves": "控え室"})
    assert wrong_type.status_code == 422 and wrong_type.json()["error"]["field"] == "state.moves"


@pytest.mark.issue(28)
def test_reload_takes_good_files_and_never_lets_a_broken_one_replace_a_loaded_scenario(tmp_path: Any) -> None:
    import json
    import shutil

    for name in ("hoshizora", "amatsu", "touge"):
        shutil.copy(SCENARIO_DIR / f"{name}.json", tmp_path / f"{name}.json")
    app = create_app(Settings(scenario_dir=tmp_path), backend=FakeBackend())
    with TestClient(app) as client:
        demo = json.loads((tmp_path / "hoshizora.json").read_text(encoding="utf-8"))
        demo["intents"][0]["description"] += "（改訂）"
        (tmp_path / "hoshizora.json").write_text(json.dumps(demo, ensure_ascii=False), encoding="utf-8")
        (tmp_path / "amatsu.json").write_text("{ broken", encoding="utf-8")
        (tmp_path / "touge.json").unlink()
        answer = client.post("/admin/reload").json()
        assert answer["changed"] == ["hoshizora"] and answer["kept_loaded_version"] == ["amatsu"]
        assert answer["removed"] == ["touge"] and any("amatsu.json" in p for p in answer["problems"])
        assert answer["scenarios"] == ["amatsu", "hoshizora"]
        assert "（改訂）" in app.state.interpreter.scenarios["hoshizora"].intents[0].description
        assert post(client).status_code == 200
        assert post(client, scenario="touge").status_code == 404
