"""Every operation of the OpenAPI schema fuzzed with schemathesis (issue 28): no server error, and every
response matches the schema. The lexical backend answers, so it runs in seconds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.bench import start_server, stop_server
from app.main import create_app
from app.settings import Settings
from tests.conftest import SCENARIO_DIR

pytestmark = pytest.mark.issue(28)
KEY = "fuzz-key"  # with a key set, schemathesis also checks that a wrong one is refused


@pytest.fixture(scope="module")
def api_schema() -> Iterator[Any]:
    server, thread, url = start_server(create_app(Settings(scenario_dir=SCENARIO_DIR, backend="lexical", api_key=KEY)))
    yield schemathesis.openapi.from_url(f"{url}/openapi.json")
    stop_server(server, thread)


def test_no_operation_fails_or_breaks_its_schema(api_schema: Any) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/interpret", "/v1/prepare", "/readyz", "/metrics"}
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            # Every check but "schema-valid data is accepted": a state's ids must exist in the loaded
            # scenario (422 naming the field otherwise), which no schema can say.
            case.call_and_validate(
                headers={"Authorization": f"Bearer {KEY}"}, excluded_checks=[positive_data_acceptance]
            )

        check()
