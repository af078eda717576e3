"""eval-interpret --server: the same evaluation against running services, shared among them (issue 28)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from app.evaluation.cli import main
from app.main import create_app
from app.settings import PROJECT_ROOT, Settings
from tests.conftest import SCENARIO_DIR

pytestmark = pytest.mark.issue(28)


def _serve() -> tuple[uvicorn.Server, threading.Thread, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    app = create_app(Settings(scenario_dir=SCENARIO_DIR, backend="lexical"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"


@pytest.fixture
def replicas() -> Iterator[list[str]]:
    started = [_serve() for _ in range(2)]
    yield [url for _, _, url in started]
    for server, thread, _ in started:
        server.should_exit = True
        thread.join(timeout=10)


def test_replicas_share_the_cases_and_agree_with_the_pipeline(replicas: list[str], tmp_path: Path) -> None:
    eval_file = str(PROJECT_ROOT / "eval" / "hoshizora.json")
    remote, local = tmp_path / "remote.json", tmp_path / "local.json"
    main([eval_file, "--scenario-dir", str(SCENARIO_DIR), "--server", ",".join(replicas), "--json", str(remote)])
    main([eval_file, "--scenario-dir", str(SCENARIO_DIR), "--backend", "lexical", "--json", str(local)])
    by_server, in_process = (json.loads(p.read_text(encoding="utf-8")) for p in (remote, local))
    assert [c["got"] for c in by_server["cases"]] == [c["got"] for c in in_process["cases"]]
    assert by_server["accuracy"] == in_process["accuracy"]
    for url in replicas:  # both took a share
        metrics = httpx.get(f"{url}/metrics").text
        served = sum(
            float(line.split()[-1]) for line in metrics.splitlines() if line.startswith("kikitori_requests_total")
        )
        assert served >= 10, url
