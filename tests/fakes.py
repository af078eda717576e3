"""A backend you queue answers into and inspect afterwards (after simonw/llm's test fakes)."""

from __future__ import annotations

from collections import deque

from app.backends.base import Backend
from app.budget import Budget
from app.errors import ModelError
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.confirm import Confirmation, ConfirmRequest
from app.pipeline.prompt import Prompt


class FakeBackend(Backend):
    name = "model"
    calibrated_decision = True

    def __init__(self, answers: list[str | Exception] | None = None, limit: int | None = None) -> None:
        self.answers: deque[str | Exception] = deque(answers or [])
        self.requests: list[ChoiceRequest] = []
        self.limit = limit
        self.confirmations: deque[Confirmation | Exception] = deque()
        self.confirm_requests: list[ConfirmRequest] = []

    def queue(self, *answers: str | Exception) -> None:
        self.answers.extend(answers)

    def queue_confirmation(self, p_yes: float, p_yes_content_free: float) -> None:
        self.confirmations.append(Confirmation(p_yes, p_yes_content_free))

    def confirm(self, request: ConfirmRequest, budget: Budget | None = None) -> Confirmation | None:
        """None (the pick stands) unless a confirmation was queued."""
        self.confirm_requests.append(request)
        if not self.confirmations:
            return None
        answer = self.confirmations.popleft()
        if isinstance(answer, Exception):
            raise answer
        return answer

    @property
    def context_limit(self) -> int | None:
        return self.limit

    def count_tokens(self, prompt: Prompt) -> int:
        # One token per character: enough to exercise trimming.
        return (
            len(prompt.system)
            + len(prompt.catalogue)
            + len(prompt.stable)
            + len(prompt.variable)
            + len(prompt.answer_prefix)
        )

    def count_text_tokens(self, text: str) -> int | None:
        return len(text) if self.limit is not None else None

    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        """An answer "A5" is the model's pick (this request's token; the fake answers with its grammar
        option); "A5>A2" also makes A2 the clear second."""
        self.requests.append(request)
        answer = self.answers.popleft() if self.answers else "none"
        if isinstance(answer, Exception):
            raise answer
        option_of = {c.token: request.option(c) for c in request.candidates}
        ranking = [option_of.get(token, token) for token in answer.split(">")]
        for option in ranking:
            if option not in request.grammar.options:
                raise ModelError(f"fake answer {option!r} is not an allowed option {request.grammar.options}")
        # Sharp enough that no calibration or lexical term of the decision step overturns the queued order.
        rest = 0.001
        probabilities = {o: rest for o in request.grammar.options}
        left = 1 - rest * (len(request.grammar.options) - len(ranking))
        for option in ranking:
            probabilities[option] = left * 0.9 if option != ranking[-1] else left
            left -= probabilities[option]
        return ChoiceResult(choice=ranking[0], probabilities=probabilities)
