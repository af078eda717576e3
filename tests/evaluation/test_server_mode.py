"""eval-interpret --server: the same evaluation against running services, shared among them (issue 28)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.bench import start_server, stop_server
from app.evaluation.cli import main
from app.main import create_app
from app.settings import PROJECT_ROOT, Settings
from tests.conftest import SCENARIO_DIR

pytestmark = pytest.mark.issue(28)


@pytest.fixture
def replicas() -> Iterator[list[str]]:
    started = [start_server(create_app(Settings(scenario_dir=SCENARIO_DIR, backend="lexical"))) for _ in range(2)]
    yield [url for _, _, url in started]
    for server, thread, _ in started:
        stop_server(server, thread)


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
