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

    def release(self) -> None:
        with self._condition:
            self._busy = False
            self._condition.notify_all()


class ModelQueueFull(ModelError):
    kind = "overloaded"
