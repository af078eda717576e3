"""The model's queue and time budgets: FIFO within a priority, interpretation first, waits that end at
the deadline (issue 26)."""

from __future__ import annotations

import threading
import time

import pytest

from app.budget import (
    INTERPRET,
    PREPARE,
    Admission,
    Budget,
    BudgetExceeded,
    Cancelled,
    ModelQueue,
    ModelQueueFull,
)


def test_budget_runs_out_at_its_deadline() -> None:
    budget = Budget.of_seconds(0.05)
    budget.check()
    time.sleep(0.06)
    assert budget.expired()
    with pytest.raises(BudgetExceeded):
        budget.check()


def test_a_cancelled_budget_stops_its_work() -> None:
    budget = Budget.of_seconds(10)
    budget.cancelled.set()
    with pytest.raises(Cancelled):
        budget.check()


def test_a_wait_for_the_model_ends_at_the_deadline() -> None:
    queue = ModelQueue()
    queue.acquire(Budget())
    started = time.monotonic()
    with pytest.raises(BudgetExceeded):
        queue.acquire(Budget.of_seconds(0.1))
    assert time.monotonic() - started < 0.5
    assert queue.depth() == 0  # the waiter that gave up left the queue
    queue.release()
    queue.acquire(Budget.of_seconds(0.1))  # and the model is free for the next one


def _order_of_service(queue: ModelQueue, arrivals: list[tuple[str, int]]) -> list[str]:
    served: list[str] = []
    queue.acquire(Budget())  # held while the others line up

    def wait(name: str, priority: int) -> None:
        queue.acquire(Budget(priority=priority))
        served.append(name)
        queue.release()

    threads = []
    for name, priority in arrivals:
        thread = threading.Thread(target=wait, args=(name, priority))
        thread.start()
        threads.append(thread)
        while queue.depth() < len(threads):
            time.sleep(0.005)
    queue.release()
    for thread in threads:
        thread.join(timeout=5)
    return served


def test_interpretation_goes_before_preparation_and_each_in_arrival_order() -> None:
    arrivals = [("prepare-1", PREPARE), ("a", INTERPRET), ("prepare-2", PREPARE), ("b", INTERPRET)]
    assert _order_of_service(ModelQueue(), arrivals) == ["a", "b", "prepare-1", "prepare-2"]


def test_background_work_sees_a_waiting_interpretation() -> None:
    queue = ModelQueue()
    queue.acquire(Budget(priority=PREPARE))
    assert not queue.urgent_waiting()
    waiter = threading.Thread(target=lambda: (queue.acquire(Budget()), queue.release()))
    waiter.start()
    while not queue.urgent_waiting():
        time.sleep(0.005)
    queue.release()
    waiter.join(timeout=5)


def test_a_full_queue_refuses_at_once() -> None:
    queue = ModelQueue(bound=1)
    queue.acquire(Budget())
    waiter = threading.Thread(target=lambda: (queue.acquire(Budget.of_seconds(2)), queue.release()))
    waiter.start()
    while queue.depth() < 1:
        time.sleep(0.005)
    with pytest.raises(ModelQueueFull):
        queue.acquire(Budget.of_seconds(2))
    queue.release()
    waiter.join(timeout=5)


@pytest.mark.issue(28)
def test_the_queue_counts_the_time_each_work_holds_the_model() -> None:
    queue = ModelQueue()
    budget = Budget()
    for _ in range(2):
        queue.acquire(budget)
        time.sleep(0.02)
        queue.release()
    assert 0.04 <= budget.held_s < 0.2


@pytest.mark.issue(28)
def test_admission_refuses_what_cannot_be_served_within_its_budget() -> None:
    admission = Admission(initial_s=0.5)
    admission.enter(1.2)  # nothing ahead: always taken in
    admission.enter(1.2)  # 0.5 s ahead + its own 0.5 s fits
    with pytest.raises(ModelQueueFull) as refused:
        admission.enter(1.2)  # 1.0 s ahead + 0.5 s does not
    assert refused.value.retry_after_s >= 1.0
    admission.enter(5.0)  # a longer budget still fits
    admission.leave(0.5)
    assert admission.in_flight == 2


@pytest.mark.issue(28)
def test_admission_learns_the_model_time_a_request_takes() -> None:
    admission = Admission(initial_s=0.5, smoothing=0.5)
    admission.enter(10)
    admission.leave(2.5)
    assert admission.service_s == pytest.approx(1.5)
    admission.enter(10)
    admission.leave(0.0)  # decided by a rule: no model time, no update
    assert admission.service_s == pytest.approx(1.5)


@pytest.mark.issue(28)
def test_admission_bound_caps_the_requests_in_flight() -> None:
    admission = Admission(bound=1, initial_s=0.001)
    admission.enter(10)
    with pytest.raises(ModelQueueFull):
        admission.enter(10)
