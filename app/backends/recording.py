"""A backend wrapper that keeps every choice request, so the naive path, the floor and the equivalence
test can replay exactly what the pipeline asked."""

from __future__ import annotations

from app.backends.base import Backend
from app.budget import Budget
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.confirm import Confirmation, ConfirmRequest
from app.pipeline.prompt import Prompt


class RecordingBackend(Backend):
    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.name = inner.name
        self.calibrated_decision = inner.calibrated_decision
        self.default_min_confidence = inner.default_min_confidence
        self.requests: list[ChoiceRequest] = []

    @property
    def context_limit(self) -> int | None:
        return self.inner.context_limit

    def count_tokens(self, prompt: Prompt) -> int | None:
        return self.inner.count_tokens(prompt)

    def count_text_tokens(self, text: str) -> int | None:
        return self.inner.count_text_tokens(text)

    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        self.requests.append(request)
        return self.inner.choose(request, budget)

    def confirm(self, request: ConfirmRequest, budget: Budget | None = None) -> Confirmation | None:
        # Forwarded, not recorded: without it the benchmarked service would skip the yes/no check.
        return self.inner.confirm(request, budget)

    def prepare(self, request: ChoiceRequest, budget: Budget | None = None) -> bool:
        return self.inner.prepare(request, budget)

    def prepare_prefix(self, prompt: Prompt, budget: Budget | None = None) -> bool:
        return self.inner.prepare_prefix(prompt, budget)

    def forget_states(self) -> None:
        self.inner.forget_states()

    def warm_up(self) -> None:
        self.inner.warm_up()

    def stats(self) -> dict[str, object]:
        return self.inner.stats()
