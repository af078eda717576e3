"""Prometheus metrics (`GET /metrics`), one registry per app so that tests can build many apps."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

# Seconds: a game's budget is a few seconds; the last buckets catch what went wrong.
LATENCY_BUCKETS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0)


class _BackendCollector(Collector):
    """Counters the backend keeps itself, read when Prometheus scrapes."""

    def __init__(self, stats: Callable[[], dict[str, object]]) -> None:
        self._stats = stats

    def collect(self) -> Iterator[Metric]:
        stats = self._stats()
        for name, key, documentation in (
            ("kikitori_prefix_cache_hits", "prefix_cache_hits", "Prompt prefixes of a game state read from the cache."),
            ("kikitori_prefix_cache_misses", "prefix_cache_misses", "Prompt prefixes of a game state evaluated anew."),
            ("kikitori_model_tokens_evaluated", "tokens_evaluated", "Prompt tokens the model evaluated."),
            ("kikitori_model_tokens_cached", "tokens_cached", "Prompt tokens reused from a cached state."),
        ):
            value = stats.get(key)
            if isinstance(value, int | float):
                yield CounterMetricFamily(name, documentation, value=value)
        aborted = stats.get("aborted")
        if isinstance(aborted, dict):
            family = CounterMetricFamily(
                "kikitori_model_aborted", "Model evaluations stopped by their budget or client.", labels=["reason"]
            )
            for reason, count in sorted(aborted.items()):
                family.add_metric([str(reason)], count)
            yield family

    def describe(self) -> Iterator[Metric]:
        return iter(())  # collected lazily: the backend may change after start


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "kikitori_requests",
            "Interpretation requests answered, by HTTP status and by what decided them.",
            ["status", "decided_by"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "kikitori_request_seconds",
            "Time from a request's arrival to its answer.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "kikitori_errors",
            "Interpretations that failed or were refused, by error kind (timeout, cancelled, overloaded, ...).",
            ["kind"],
            registry=self.registry,
        )
        self.queue_depth = Gauge(
            "kikitori_queue_depth", "Interpretations taken in and not yet answered.", registry=self.registry
        )
        self._backend: _BackendCollector | None = None

    def watch(self, in_flight: Callable[[], float], stats: Callable[[], dict[str, object]]) -> None:
        self.queue_depth.set_function(in_flight)
        if self._backend is not None:
            self.registry.unregister(self._backend)
        self._backend = _BackendCollector(stats)
        self.registry.register(self._backend)

    def observe(self, status: int, decided_by: str, error_kind: str | None, seconds: float) -> None:
        self.requests.labels(status=str(status), decided_by=decided_by).inc()
        self.latency.observe(seconds)
        if error_kind:
            self.errors.labels(kind=error_kind).inc()
