"""`kikitori-bench`: latency as a game sees it, through HTTP, in one run.

--play N (the default mode): a play-through of N turns, every request in a state the service has never
met (the turn's case in a reordered copy of its state, every state cache dropped before it), then the
same turns with each state sent to POST /v1/prepare about --ahead seconds before its text. Prints
p50/p95/max, timeouts and accuracy for both, beside the floor: the tokens each request really had to
evaluate times the per-token cost measured in the same run.
--load: a burst of concurrent clients with deadlines (issue 28): 200s within budget or immediate 503s.
--warm: the earlier benchmark: the eval set's cases in their own (repeating) states, against the naive
path (grammar-constrained generation with a KV-cache reset per call) and the floor."""

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
from fastapi import FastAPI

from app.backends.llama import load_llama_backend
from app.backends.recording import RecordingBackend
from app.budget import Budget
from app.evaluation.dataset import EvalFile, load_eval_file
from app.evaluation.runner import cold_state
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


def start_server(app: FastAPI, timeout_s: float = 60.0) -> tuple[uvicorn.Server, threading.Thread, str]:
    """`app` served on a free loopback port in a thread (the benchmarks and the browser, fuzz and replica
    tests); stop it with stop_server."""
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout_s
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"


def stop_server(server: uvicorn.Server, thread: threading.Thread) -> None:
    server.should_exit = True
    thread.join(timeout=10)


def _serve(settings: Settings, backend: RecordingBackend) -> tuple[uvicorn.Server, threading.Thread, str, FastAPI]:
    app = create_app(settings, backend=backend)
    return (*start_server(app), app)


def _turns(eval_files: list[EvalFile], n: int) -> list[tuple[dict[str, Any], str]]:
    """N turns spread over the eval files' cases (every k-th case), each in a reordered copy of its state."""
    cases = [(f, c) for f in eval_files for c in f.cases]
    step = max(1, len(cases) // n)
    picked = [cases[(i * step) % len(cases)] for i in range(n)]
    turns = []
    for i, (eval_file, case) in enumerate(picked):
        state = cold_state(eval_file.states[case.state], f"play:{i}")
        body = {"scenario": eval_file.scenario, "text": case.text, "state": state.model_dump(), "debug": True}
        turns.append((body, case.expect))
    return turns


def _row(name: str, values: list[float]) -> str:
    return (
        f"{name:44} {statistics.median(values):9.0f} {_percentile(values, 0.95):9.0f} "
        f"{max(values):9.0f} {len(values):5d}"
    )


def play(args: argparse.Namespace) -> None:
    """A play-through in never-seen states, cold and prepared ahead."""
    settings = Settings(prepare_topics=False)
    eval_files = [load_eval_file(p) for p in args.eval]
    turns = _turns(eval_files, args.play)
    llama = load_llama_backend(settings)
    recording = RecordingBackend(llama)
    server, thread, base, app = _serve(settings, recording)
    results: dict[str, dict[str, list[float]]] = {}
    with httpx.Client(timeout=120) as client:
        # The yes/no topics, as the service prepares them in the background after start (not timed).
        app.state.interpreter.prepare_topics(lambda: Budget())
        per_token = statistics.median(llama.per_token_ms() for _ in range(3))
        rss_start = _rss_mib()
        for mode in ("cold",) if args.cold_only else ("cold", "prepared"):
            latencies, new_tokens, correct, timeouts, confirmed = [], [], 0, 0, 0
            for body, expect in turns:
                llama.forget_states()
                if mode == "prepared":
                    prepare = {"scenario": body["scenario"], "state": body["state"]}
                    client.post(f"{base}/v1/prepare", json=prepare).raise_for_status()
                    time.sleep(args.ahead)
                started = time.perf_counter()
                response = client.post(f"{base}/v1/interpret", json=body)
                latencies.append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
                answer = response.json()
                correct += answer["notation"] == expect
                timeouts += bool(answer["error"]) and answer["error"]["kind"] == "timeout"
                debug = answer["debug"] or {}
                confirmed += "confirmation" in debug
                model = debug.get("model")
                if model:
                    new_tokens.append(model["evaluated_tokens"])
            results[mode] = {"latency": latencies, "new": new_tokens}
            print(
                f"{mode}: {len(turns)} turns, accuracy {correct / len(turns):.1%}, {timeouts} timeouts, "
                f"{len(new_tokens)} reached the model ({confirmed} also got the yes/no check)"
            )
    server.should_exit = True
    thread.join(timeout=10)
    print(f"model {llama.model_path.name}; {settings.n_threads or 'all'} threads; layout {settings.prompt_layout}")
    print(f"measured cost of one prompt token (batch of 128 after a long prefix): {per_token:.1f} ms")
    print(f"{'request':44} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'n':>5}")
    for mode, values in results.items():
        print(_row(f"{mode}: every request in a new state", values["latency"]))
        if values["new"]:
            floor = [n * per_token for n in values["new"]]
            print(_row(f"{mode}: floor (tokens evaluated x per-token)", floor))
            print(f"{'':44} tokens evaluated per model request: median {statistics.median(values['new']):.0f}")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"memory (RSS): {rss_start:.0f} MiB after start, {_rss_mib():.0f} MiB after {len(turns)} new states per mode")
    print(f"peak memory (RSS): {peak_mb:.0f} MiB")


def _rss_mib() -> float:
    """Resident memory now (Linux), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def load(args: argparse.Namespace) -> None:
    """A burst on loopback: --clients concurrent clients x --per-client requests each, on warm states, every
    request carrying deadline_ms. Each must be a 200 within its budget or an immediate 503 with
    Retry-After; nothing else, no connection error. Then one request alone, as fast as one before."""
    settings = Settings()
    eval_file = load_eval_file(args.eval[0])
    cases = _cases(eval_file)
    llama = load_llama_backend(settings)
    server, thread, base, _ = _serve(settings, RecordingBackend(llama))
    url = f"{base}/v1/interpret"
    deadline_ms = args.deadline_ms
    with httpx.Client(timeout=120) as client:
        for body in cases:  # every state warm: the burst measures queueing, not first evaluations
            client.post(url, json=body).raise_for_status()
        probe = cases[0]

        def alone() -> float:
            started = time.perf_counter()
            client.post(url, json={**probe, "deadline_ms": deadline_ms}).raise_for_status()
            return (time.perf_counter() - started) * 1000

        before = statistics.median(alone() for _ in range(3))
    outcomes: list[tuple[str, float, str | None, bool]] = []  # (status, ms, error kind, Retry-After)
    lock = threading.Lock()

    def one_client(index: int) -> None:
        with httpx.Client(timeout=60) as own:
            for k in range(args.per_client):
                body = {**cases[(index * args.per_client + k) % len(cases)], "deadline_ms": deadline_ms}
                started = time.perf_counter()
                try:
                    response = own.post(url, json=body)
                    status = str(response.status_code)
                    error = (response.json().get("error") or {}).get("kind")
                    retry = "retry-after" in response.headers
                except httpx.HTTPError as exc:
                    status, error, retry = "connection error", type(exc).__name__, False
                with lock:
                    outcomes.append((status, (time.perf_counter() - started) * 1000, error, retry))

    started = time.perf_counter()
    threads = [threading.Thread(target=one_client, args=(i,)) for i in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    burst_s = time.perf_counter() - started
    with httpx.Client(timeout=120) as client:
        after = statistics.median(alone() for _ in range(3))
    server.should_exit = True
    thread.join(timeout=10)

    served = [ms for status, ms, error, _ in outcomes if status == "200" and error is None]
    late = [ms for status, ms, error, _ in outcomes if status == "200" and error is not None]
    refused = [(ms, retry) for status, ms, _, retry in outcomes if status == "503"]
    other = [(status, error) for status, _, error, _ in outcomes if status not in ("200", "503")]
    total = len(outcomes)
    print(
        f"burst: {args.clients} clients x {args.per_client} requests, deadline_ms {deadline_ms}, "
        f"{eval_file.scenario} states (warm), {burst_s:.1f} s"
    )
    print(f"answered 200 in budget: {len(served)}; 200 with an error inside (timeout...): {len(late)}")
    print(
        f"refused 503: {len(refused)} ({len(refused) / total:.0%}), all with Retry-After: "
        f"{all(r for _, r in refused)}, slowest refusal {max((ms for ms, _ in refused), default=0):.0f} ms"
    )
    print(f"anything else (other status, connection errors): {len(other)} {other[:5]}")
    if served:
        print(
            f"200s: p50 {statistics.median(served):.0f} ms, p99 {_percentile(served, 0.99):.0f} ms, "
            f"max {max(served):.0f} ms"
        )
    print(f"one request alone: {before:.0f} ms before the burst, {after:.0f} ms after (median of 3)")
    print(f"throughput in the burst: {len(served) / burst_s:.2f} answers/s in budget")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="kikitori-bench", description=__doc__)
    parser.add_argument("--eval", type=Path, nargs="+", default=[PROJECT_ROOT / "eval" / "hoshizora.json"])
    parser.add_argument("--play", type=int, default=24, help="turns of the play-through (each in a new state)")
    parser.add_argument("--ahead", type=float, default=2.0, help="seconds between /v1/prepare and the text")
    parser.add_argument("--cold-only", action="store_true", help="--play: only the cold pass (a long run for memory)")
    parser.add_argument("--warm", action="store_true", help="the earlier benchmark: repeated states, naive path")
    parser.add_argument("--naive-cases", type=int, default=20, help="--warm: cases timed on the naive path")
    parser.add_argument("--throughput-requests", type=int, default=48)
    parser.add_argument("--load", action="store_true", help="a burst of concurrent clients with deadlines")
    parser.add_argument("--clients", type=int, default=32, help="--load: concurrent clients")
    parser.add_argument("--per-client", type=int, default=3, help="--load: requests per client")
    parser.add_argument("--deadline-ms", type=int, default=3000, help="--load: each request's deadline_ms")
    args = parser.parse_args(argv)
    if args.load:
        load(args)
    elif args.warm:
        warm(args)
    else:
        play(args)


def warm(args: argparse.Namespace) -> None:
    settings = Settings(prepare_topics=False)
    eval_file = load_eval_file(args.eval[0])
    cases = _cases(eval_file)
    llama = load_llama_backend(settings)
    recording = RecordingBackend(llama)
    server, thread, base, _ = _serve(settings, recording)
    url = f"{base}/v1/interpret"

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
        f"eval set: {args.eval[0].name}, {len(cases)} cases, {len(requests)} reached the model; "
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
