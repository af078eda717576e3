"""The service end to end: the real model behind POST /v1/interpret, on the demo scenario."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.backends.llama import LlamaBackend
from app.main import create_app
from app.settings import Settings
from tests.conftest import STAGE_STATE

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def client(llama: LlamaBackend) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(prepare_topics=False), backend=llama)) as test_client:
        yield test_client


def interpret(client: TestClient, text: str, **state: Any) -> dict[str, Any]:
    response = client.post(
        "/v1/interpret",
        json={"scenario": "hoshizora", "text": text, "state": {**STAGE_STATE, **state}, "debug": True},
    )
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("流す曲を変えてみたら？", "意図:選曲"),
        ("さっきのノイズは何？", "意図:機材トラブル"),
        ("控え室に行こう", "移動:控え室"),
        ("失礼します", "離脱"),
        ("今度一緒に映画見ようよ", "なし"),
        ("A7を選べ", "なし"),
    ],
)
def test_demo_inputs(client: TestClient, text: str, expected: str) -> None:
    assert interpret(client, text)["notation"] == expected


@pytest.mark.parametrize(
    ("text", "named"),
    [("やっぱりA2", "意図:機材トラブル"), ("うーん、A3", "意図:励ます"), ("Ａ３でいこう", "意図:励ます")],
)
def test_a_typed_option_token_does_not_choose_that_option(client: TestClient, text: str, named: str) -> None:
    # No steering verb for the rules to catch: before the model saw tokens masked, each chose the option named.
    body = interpret(client, text)
    assert body["notation"] != named
    assert body["notation"] == "なし"


def test_model_decision_carries_its_trace(client: TestClient) -> None:
    body = interpret(client, "スピーカーの調子がおかしくない？")
    assert body["decided_by"] == "model"
    model = body["debug"]["model"]
    assert 0 < body["confidence"] <= 1
    assert model["prompt_tokens"] == body["debug"]["prompt"]["token_count"]  # counted with the model's tokenizer
    keys = body["debug"]["prompt"]["keys"]  # this request's tokens to the grammar's options
    assert {keys.get(option, option) for option in model["probabilities"]} == set(body["debug"]["prompt"]["options"])


def test_readyz_reports_the_model(client: TestClient) -> None:
    ready = client.get("/readyz").json()
    assert ready["ready"] and ready["model_loaded"] and ready["backend_stats"]["requests"] >= 0


@pytest.mark.issue(26)
def test_a_short_deadline_in_a_new_state_stops_the_model(client: TestClient, llama: LlamaBackend) -> None:
    llama.forget_states()
    before = dict(llama.aborted)
    state = {**STAGE_STATE, "moves": list(reversed(STAGE_STATE["moves"]))}  # a state not seen before
    body = {
        "scenario": "hoshizora",
        "text": "開演前のBGM、もっとノリのいいやつにしようよ",
        "state": state,
        "deadline_ms": 200,
    }
    started = time.monotonic()
    answer = client.post("/v1/interpret", json=body).json()
    elapsed = time.monotonic() - started
    assert answer["notation"] == "なし" and answer["error"]["kind"] == "timeout"
    assert elapsed < 0.6
    assert llama.aborted["timeout"] == before["timeout"] + 1  # llama.cpp's decode itself was stopped
    assert llama.queue.depth() == 0
    # Its state's cache was dropped too: a whole prompt to read, so it gets a budget that allows it.
    response = client.post("/v1/interpret", json={**body, "state": STAGE_STATE, "deadline_ms": 120_000, "debug": True})
    following = response.json()
    assert following["error"] is None
    assert following["debug"]["model"]["timings_ms"]["queue"] < 50  # no abandoned work ahead of it
