"""A backend you queue answers into and inspect afterwards (after simonw/llm's test fakes)."""

from __future__ import annotations

from collections import deque

from app.backends.base import Backend
from app.errors import ModelError
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.prompt import Prompt


class FakeBackend(Backend):
    name = "model"
    calibrated_decision = True

    def __init__(self, answers: list[str | Exception] | None = None, limit: int | None = None) -> None:
        self.answers: deque[str | Exception] = deque(answers or [])
        self.requests: list[ChoiceRequest] = []
        self.limit = limit

    def queue(self, *answers: str | Exception) -> None:
        self.answers.extend(answers)

    @property
    def context_limit(self) -> int | None:
        return self.limit

    def count_tokens(self, prompt: Prompt) -> int:
        # One token per character: enough to exercise trimming.
        return len(prompt.system) + len(prompt.stable) + len(prompt.variable) + len(prompt.answer_prefix)

    def choose(self, request: ChoiceRequest) -> ChoiceResult:
        self.requests.append(request)
        answer = self.answers.popleft() if self.answers else "none"
        if isinstance(answer, Exception):
            raise answer
        if answer not in request.grammar.options:
            raise ModelError(f"fake answer {answer!r} is not an allowed option {request.grammar.options}")
        # Sharp enough that no calibration or lexical term of the decision step overturns the queued answer.
        rest = 0.001
        probabilities = {o: rest for o in request.grammar.options}
        probabilities[answer] = 1 - rest * (len(request.grammar.options) - 1)
        return ChoiceResult(choice=answer, probabilities=probabilities)
