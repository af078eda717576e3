"""The real default model, loaded once for all integration tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.backends.llama import LlamaBackend, load_llama_backend
from app.settings import Settings


@pytest.fixture(scope="session")
def llama() -> Iterator[LlamaBackend]:
    backend = load_llama_backend(Settings())
    backend.warm_up()
    yield backend
    backend.close()
