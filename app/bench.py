"""`kikitori-bench`: latency of the service's path (HTTP, one-pass, prefix cache) against the naive path
(grammar-constrained generation with a KV-cache reset per call) and against the floor, in one run."""

from __future__ import annotations

import argparse
import resource
import socket
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from app.backends.llama import load_llama_backend
from app.backends.recording import RecordingBackend
from app.evaluation.dataset import EvalFile, load_eval_file
from app.main import create_app
from app.settings import PROJECT_ROOT, Settings


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cases(eval_file: EvalFile) -> list[dict[str, Any]]:
    return [
        {"scenario": eval_file.scenario, "text": c.text, "state": eval_file.states[c.state].model_dump(), "debug": True}
        for c in eval_file.cases
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="kikitori-bench", description=__doc__)
    parser.add_argument("--eval", type=Path, default=PROJECT_ROOT / "eval" / "hoshizora.json")
    parser.add_argument("--naive-cases", type=int, default=20, help="cases timed on the naive path (~9 s each)")
    parser.add_argument("--throughput-requests", type=int, default=48)
    args = parser.parse_args(argv)

    settings = Settings()
    eval_file = load_eval_file(args.eval)
    cases = _cases(eval_file)
    llama = load_llama_backend(settings)
    recording = RecordingBackend(llama)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings, backend=recording), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}/v1/interpret"

    # (b) the service's path, through HTTP, one client, every case of the eval set.
    latencies, model_latencies, cached, new, extra = [], [], [], [], []
    confirmed = 0  # model requests that also got the yes/no check (their latency includes it)
    with httpx.Client(timeout=120) as client:
        for body in cases:
            started = time.perf_counter()
            response = client.post(url, json=body)
            elapsed = (time.perf_counter() - started) * 1000
            response.raise_for_status()
            latencies.append(elapsed)
            debug = response.json()["debug"]
            model = debug.get("model")
            confirmed += "confirmation" in debug
            if model:
                model_latencies.append(elapsed)
                cached.append(model["cached_tokens"])
                new.append(model["prompt_tokens"] - model["cached_tokens"])
                extra.append(model["evaluated_tokens"] - new[-1])
        requests = list(recording.requests)

        # The floor: evaluating each model request's new tokens plus one token, its prefix cached.
        floors = [llama.floor_ms(r, n) for r, n in zip(requests, new, strict=True)]

        # (a) the naive path on an even spread of the same model requests.
        step = max(1, len(requests) // max(1, args.naive_cases))
        naive_sample = requests[::step][: args.naive_cases]
        naive = []
        for request in naive_sample:
            started = time.perf_counter()
            llama.choose_naive(request, reset=True)
            naive.append((time.perf_counter() - started) * 1000)

        # Throughput: decisions per second with 1 and 8 concurrent clients (the model is serialised).
        throughput = {}
        sample = [cases[i % len(cases)] for i in range(args.throughput_requests)]
        for workers in (1, 8):
            started = time.perf_counter()
            with ThreadPoolExecutor(workers) as pool:
                list(pool.map(lambda body: client.post(url, json=body).raise_for_status(), sample))
            throughput[workers] = len(sample) / (time.perf_counter() - started)
    server.should_exit = True
    thread.join(timeout=10)

    p50 = statistics.median(latencies)
    model_p50 = statistics.median(model_latencies)
    naive_p50 = statistics.median(naive)
    floor_p50 = statistics.median(floors)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"eval set: {args.eval.name}, {len(cases)} cases, {len(requests)} reached the model; "
        f"model {llama.model_path.name}; {settings.n_threads or 'all'} threads; "
        f"{confirmed} of them also got the yes/no check"
    )
    rows = [
        ("(a) naive path: grammar generation, cache reset", naive_p50, _percentile(naive, 0.95), len(naive)),
        ("(b) service via HTTP, all cases", p50, _percentile(latencies, 0.95), len(latencies)),
        (
            "(b) service via HTTP, cases the model decided",
            model_p50,
            _percentile(model_latencies, 0.95),
            len(model_latencies),
        ),
        ("floor: new tokens + 1 token, prefix cached", floor_p50, _percentile(floors, 0.95), len(floors)),
    ]
    print(f"{'path':52} {'p50 ms':>9} {'p95 ms':>9} {'n':>5}")
    for name, a, b, n in rows:
        print(f"{name:52} {a:9.1f} {b:9.1f} {n:5d}")
    print(f"speed-up at p50, naive / service (all cases):         {naive_p50 / p50:6.1f}x")
    print(f"speed-up at p50, naive / service (model cases):       {naive_p50 / model_p50:6.1f}x")
    print(f"service p50 (model cases) / floor p50:                {model_p50 / floor_p50:6.2f}")
    print(
        f"prompt tokens per model request: {statistics.fmean(cached) + statistics.fmean(new):.0f} "
        f"({statistics.fmean(cached):.0f} cached, {statistics.fmean(new):.1f} new; median new "
        f"{statistics.median(new):.0f}); {statistics.fmean(extra):.1f} more evaluated per request for "
        "options sharing a first token and, on a new state, the content-free prompt"
    )
    print(f"peak memory (RSS): {peak_mb:.0f} MiB")
    print(f"throughput: {throughput[1]:.2f} decisions/s with 1 client, {throughput[8]:.2f} with 8 clients")


if __name__ == "__main__":
    main()
