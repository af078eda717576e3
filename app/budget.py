"""Time budgets and the model's queue: who may use the one model next, and when its work must stop.

One llama.cpp context serves every request, one at a time. A request's budget counts from its arrival,
waiting included (the contract's `deadline_ms`); the model checks it while it computes (llama.cpp's abort
callback), so work past its budget stops instead of delaying the requests behind it. Interpretation goes
before background preparation, which also stops as soon as an interpretation is waiting."""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from dataclasses import dataclass, field

from app.errors import ModelError

INTERPRET = 0  # priorities: lower goes first
PREPARE = 1


class BudgetExceeded(ModelError):
    """The request's time ran out before the model finished: not a model fault."""

    kind = "timeout"


class Cancelled(ModelError):
    """The client went away, or an interpretation needed the model (for background work)."""

    kind = "cancelled"


@dataclass
class Budget:
    """A deadline on time.monotonic() (None: no limit) and a flag a client's disconnect sets."""

    deadline: float | None = None
    priority: int = INTERPRET
    cancelled: threading.Event = field(default_factory=threading.Event)
    held_s: float = 0.0  # time this work has held the model so far

    @classmethod
    def of_seconds(cls, seconds: float | None, priority: int = INTERPRET, start: float | None = None) -> Budget:
        if seconds is None:
            return cls(None, priority)
        return cls((time.monotonic() if start is None else start) + seconds, priority)

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def check(self) -> None:
        """Raise when the work must stop."""
        if self.cancelled.is_set():
            raise Cancelled("cancelled")
        if self.expired():
            raise BudgetExceeded("the time budget ran out")


class ModelQueue:
    """A lock with a queue: FIFO within a priority, interpretation before preparation, and a wait that
    gives up at the waiter's deadline. `bound` caps the waiters (0: no cap)."""

    def __init__(self, bound: int = 0) -> None:
        self._condition = threading.Condition()
        self._waiting: list[tuple[int, int]] = []  # heap of (priority, ticket)
        self._tickets = itertools.count()
        self._busy = False
        self._holder: Budget | None = None
        self._held_since = 0.0
        self.bound = bound

    def depth(self, priority: int | None = None) -> int:
        with self._condition:
            return sum(1 for p, _ in self._waiting if priority is None or p == priority)

    def urgent_waiting(self) -> bool:
        """Whether an interpretation waits (background work then yields the model)."""
        return any(p == INTERPRET for p, _ in self._waiting)

    def acquire(self, budget: Budget) -> None:
        """Wait for the model; raises BudgetExceeded or Cancelled when the budget runs out first, and
        ModelQueueFull when the queue is at its bound."""
        with self._condition:
            if self.bound and len(self._waiting) >= self.bound and budget.priority == INTERPRET:
                raise ModelQueueFull(f"{len(self._waiting)} requests are waiting for the model")
            entry = (budget.priority, next(self._tickets))
            heapq.heappush(self._waiting, entry)
            try:
                while self._busy or self._waiting[0] != entry:
                    budget.check()
                    remaining = budget.remaining()
                    self._condition.wait(0.05 if remaining is None else max(0.001, min(remaining, 0.05)))
                budget.check()
            except BaseException:
                self._waiting.remove(entry)
                heapq.heapify(self._waiting)
                self._condition.notify_all()
                raise
            heapq.heappop(self._waiting)
            self._busy = True
            self._holder = budget
            self._held_since = time.monotonic()

    def release(self) -> None:
        with self._condition:
            if self._holder is not None:
                self._holder.held_s += time.monotonic() - self._held_since
            self._busy = False
            self._holder = None
            self._condition.notify_all()


class ModelQueueFull(ModelError):
    """The service cannot answer this request within its budget: refused at once (HTTP 503 with
    Retry-After) rather than taken in only to time out later."""

    kind = "overloaded"

    def __init__(self, message: str, retry_after_s: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class Admission:
    """Admission control in front of the model: a request is taken in only when the work already admitted
    ahead of it, at the model time an interpretation has been taking (a moving average of `Budget.held_s`),
    leaves room for it within its budget. Requests that never reach the model (a rule decided, no
    candidate) cost no model time and pull the average down only as far as they should."""

    def __init__(self, bound: int = 0, initial_s: float = 0.5, smoothing: float = 0.2) -> None:
        self._lock = threading.Lock()
        self.in_flight = 0
        self.service_s = initial_s
        self.bound = bound
        self._smoothing = smoothing

    def expected_wait_s(self) -> float:
        return self.in_flight * self.service_s

    def enter(self, budget_s: float) -> None:
        """Take a request in, or raise ModelQueueFull with the time after which one would fit."""
        with self._lock:
            wait = self.expected_wait_s()
            if (self.bound and self.in_flight >= self.bound) or (self.in_flight and wait + self.service_s > budget_s):
                raise ModelQueueFull(
                    f"{self.in_flight} requests ahead (about {wait:.1f} s of model time) leave no room within "
                    f"this request's {budget_s:.1f} s budget",
                    retry_after_s=max(1.0, wait),
                )
            self.in_flight += 1

    def leave(self, held_s: float) -> None:
        with self._lock:
            self.in_flight -= 1
            if held_s > 0:
                self.service_s += self._smoothing * (held_s - self.service_s)
