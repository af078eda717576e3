"""Runs eval cases through Interpreter.interpret — the function the HTTP route calls — and scores them."""

from __future__ import annotations

import hashlib
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from queue import Queue
from typing import Any

from tqdm import tqdm

from app.errors import InterpretError
from app.evaluation.dataset import EvalFile
from app.pipeline.actions import Action
from app.pipeline.interpret import Interpretation, Interpreter
from app.schemas import GameState


class _NoStates:
    def forget_states(self) -> None:
        """A remote service's caches are its own; --cold's reordered states are new to it anyway."""


class RemoteInterpreter:
    """A running service (eval-interpret --server URL) behind the interpreter's interface: the same
    request the game sends, with debug on, read back into an Interpretation."""

    def __init__(self, url: str, api_key: str | None = None, timeout_s: float = 120.0) -> None:
        import httpx

        self.url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.Client(timeout=timeout_s, headers=headers)
        self.backend = _NoStates()

    def interpret(self, scenario: str, text: str, state: GameState) -> Interpretation:
        body = {"scenario": scenario, "text": text, "state": state.model_dump(), "debug": True}
        response = self.client.post(f"{self.url}/v1/interpret", json=body)
        answer = response.json()
        if response.status_code != 200:
            error = answer.get("error") or {}
            raise InterpretError(f"{self.url}: HTTP {response.status_code}: {error.get('message', response.text)}")
        return Interpretation(
            action=Action.parse(answer["notation"]),
            addressee=answer["addressee"],
            entities=answer["entities"],
            attitude=answer["attitude"],
            decided_by=answer["decided_by"],
            confidence=answer["confidence"],
            error=answer["error"],
            trace=answer.get("debug") or {"rules_fired": []},
        )


@dataclass
class CaseResult:
    file: str
    scenario: str
    state: str
    text: str
    tags: list[str]
    expect: str
    got: str
    decided_by: str
    confidence: float | None
    model_choice: str | None  # the model's own pick before refinement, when it was asked
    latency_ms: float
    error: str | None = None
    runs: list[str] = field(default_factory=list)  # every answer, with --repeat
    model_scores: dict[str, Any] | None = None  # the model's probabilities, before and after calibration
    dropped_by: str | None = None  # the rule that took the model's own pick out of the decision, if one did
    held_back: str | None = None  # the pick INTERP_MIN_CONFIDENCE turned into なし, if it did
    model_decision: str | None = None  # the model's decided option before any veto or check

    @property
    def correct(self) -> bool:
        return self.got == self.expect

    @property
    def false_action(self) -> bool:
        """A move or leave answered where the case expected something else."""
        return self.got != self.expect and Action.parse(self.got).kind in ("move", "leave")


def cold_state(state: GameState, seed: str) -> GameState:
    """The same state with its available intents and moves in another order (seeded by `seed`): every
    expectation still holds, but the candidates get other tokens, so no prompt prefix of the original
    state fits. What a game's requests look like: nearly every one arrives in a state not seen before."""
    rng = random.Random(hashlib.sha256(seed.encode()).digest())
    intents = list(state.available_intents)
    moves = list(state.moves)
    rng.shuffle(intents)
    rng.shuffle(moves)
    return state.model_copy(update={"available_intents": intents, "moves": moves})


def run_cases(
    interpreter: Interpreter | RemoteInterpreter,
    files: list[tuple[Path, EvalFile]],
    repeat: int = 1,
    label: str = "",
    cold: bool = False,
    pool: list[RemoteInterpreter] | None = None,
) -> list[CaseResult]:
    """Every case through the pipeline. `cold`: each case in a reordered copy of its state, with every
    cache a state leaves (saved prefixes, calibration scores) dropped before it. `pool`: running services
    (eval-interpret --server) that share the cases, one request at a time each, in the files' order."""
    total = sum(len(f.cases) for _, f in files) * repeat
    bar = tqdm(total=total, desc=label or "eval", unit="case", disable=not sys.stderr.isatty(), leave=False)

    def one(interpreter: Interpreter | RemoteInterpreter, path: Path, eval_file: EvalFile, index: int) -> CaseResult:
        case = eval_file.cases[index]
        state = eval_file.states[case.state]
        if cold:
            state = cold_state(state, f"{path.name}:{index}")
        runs: list[tuple[str, str, float | None, str | None, float, str | None]] = []
        decisions: list[str | None] = []
        scores: dict[str, Any] | None = None
        for _ in range(repeat):
            if cold:
                interpreter.backend.forget_states()
            started = time.perf_counter()
            try:
                outcome = interpreter.interpret(eval_file.scenario, case.text, state)
                got, decided_by, confidence = (
                    outcome.action.notation,
                    outcome.decided_by,
                    outcome.confidence,
                )
                traced = outcome.trace.get("model", {})
                model = traced.get("greedy_notation")
                model_decision = traced.get("decision")
                if scores is None and traced:  # the first run's, when the model was asked
                    scores = {
                        k: traced.get(k)
                        for k in (
                            "options",
                            "probabilities",
                            "content_free_probabilities",
                            "scores",
                            "vetoed",
                            "dropped",
                            "lexical",
                            "semantic",
                            "allowed",
                            "matched_words",
                        )
                    }
                    # the yes/no check, when the pick was put to it: why a topic became なし
                    scores["confirmation"] = outcome.trace.get("confirmation")
                error = outcome.error["kind"] if outcome.error else None
                dropped_by = next(
                    (f"rule:{f['rule']}" for f in outcome.trace["rules_fired"] if f.get("to") is None), None
                )
                held_back = next(
                    (f["from"] for f in outcome.trace["rules_fired"] if f["rule"] == "low_confidence"), None
                )
            except InterpretError as exc:
                got, decided_by, confidence, model, error = "なし", "error", None, None, exc.message
                model_decision = None
                dropped_by = None
                held_back = None
            runs.append((got, decided_by, confidence, model, (time.perf_counter() - started) * 1000, error))
            decisions.append(model_decision)
            bar.update(1)
        got, decided_by, confidence, model, latency, error = runs[0]
        return CaseResult(
            file=path.name,
            scenario=eval_file.scenario,
            state=case.state,
            text=case.text,
            tags=list(case.tags),
            expect=case.expect,
            got=got,
            decided_by=decided_by,
            confidence=confidence,
            model_choice=model,
            latency_ms=round(latency, 1),
            error=error,
            runs=[r[0] for r in runs],
            model_scores=scores,
            dropped_by=dropped_by,
            held_back=held_back,
            model_decision=decisions[0],
        )

    jobs = [(path, eval_file, index) for path, eval_file in files for index in range(len(eval_file.cases))]
    try:
        if not pool:
            return [one(interpreter, *job) for job in jobs]
        idle: Queue[RemoteInterpreter] = Queue()
        for server in pool:
            idle.put(server)

        def on_a_free_server(job: tuple[Path, EvalFile, int]) -> CaseResult:
            server = idle.get()
            try:
                return one(server, *job)
            finally:
                idle.put(server)

        with ThreadPoolExecutor(len(pool)) as executor:
            return list(executor.map(on_a_free_server, jobs))
    finally:
        bar.close()


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(f1, 4),
        "support": tp + fn,
    }


def _per_label(pairs: Iterable[tuple[str, str]]) -> dict[str, dict[str, Any]]:
    pairs = list(pairs)
    labels = sorted({e for e, _ in pairs} | {g for _, g in pairs})
    table = {}
    for label in labels:
        tp = sum(1 for e, g in pairs if e == label and g == label)
        fp = sum(1 for e, g in pairs if e != label and g == label)
        fn = sum(1 for e, g in pairs if e == label and g != label)
        confused = Counter(g for e, g in pairs if e == label and g != label)
        table[label] = {**_prf(tp, fp, fn), "confused_with": dict(confused.most_common())}
    return table


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return round(ordered[index], 1)


CONFIDENCE_THRESHOLDS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)


def confidence_sweep(results: list[CaseResult], backend: str) -> dict[str, float]:
    """Accuracy had INTERP_MIN_CONFIDENCE been each threshold: a pick the backend made (not a rule)
    with a lower confidence would have been なし, and one the run's own threshold held back would have
    stood at a threshold it clears. Computed from this run, no re-run needed."""
    sweep = {}
    for threshold in CONFIDENCE_THRESHOLDS:
        correct = 0
        for r in results:
            got = r.got
            if r.held_back is not None and r.confidence is not None and r.confidence >= threshold:
                got = r.held_back
            elif r.decided_by == backend and got != "なし" and r.confidence is not None and r.confidence < threshold:
                got = "なし"
            correct += got == r.expect
        sweep[f"{threshold:.1f}"] = round(correct / len(results), 4) if results else 0.0
    return sweep


def rule_balance(results: list[CaseResult]) -> dict[str, dict[str, int]]:
    """Per rule that decided a case (or dropped the model's pick from the decision): how often it fired,
    how often its answer was the expected one, and, where the model had decided first, how often it
    turned the model's right answer into a wrong one (broke) or a wrong one into the right one (fixed).
    A rule earns its override when it fixes far more than it breaks."""
    balance: dict[str, dict[str, int]] = {}
    for r in results:
        decided = r.decided_by.startswith("rule:")
        rule = r.decided_by if decided else r.dropped_by
        if rule is None:
            continue
        # A rule that dropped a move from the decision acted on the model's own pick, before the decision.
        before = r.model_decision if decided else r.model_choice
        entry = balance.setdefault(rule.removeprefix("rule:"), {"fired": 0, "right": 0, "fixed": 0, "broke": 0})
        entry["fired"] += 1
        entry["right"] += r.correct
        if before is not None:
            entry["fixed"] += r.correct and before != r.expect
            entry["broke"] += not r.correct and before == r.expect
    return dict(sorted(balance.items(), key=lambda item: -item[1]["fired"]))


def summarize(results: list[CaseResult], backend: str, repeat: int) -> dict[str, Any]:
    n = len(results)
    correct = sum(r.correct for r in results)
    false_actions = [r for r in results if r.false_action]
    kind = {"意": "intent", "移": "move", "離": "leave", "な": "none"}
    kinds = [(kind[r.expect[0]], kind[r.got[0]]) for r in results]
    pairs = [(r.expect, r.got) for r in results]
    decided = Counter(r.decided_by for r in results)
    overrides = Counter(
        r.decided_by if r.decided_by.startswith("rule:") else r.dropped_by
        for r in results
        if r.model_choice is not None and (r.decided_by.startswith("rule:") or r.dropped_by)
    )
    latencies = [r.latency_ms for r in results]
    per_file = {}
    for name in sorted({r.file for r in results}):
        subset = [r for r in results if r.file == name]
        per_file[name] = {
            "cases": len(subset),
            "accuracy": round(sum(r.correct for r in subset) / len(subset), 4),
            "false_actions": sum(r.false_action for r in subset),
        }
    per_tag: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        for tag in r.tags:
            per_tag[tag][0] += r.correct
            per_tag[tag][1] += 1
    summary: dict[str, Any] = {
        "backend": backend,
        "cases": n,
        "accuracy": round(correct / n, 4) if n else 0.0,
        "false_actions": len(false_actions),
        "false_actions_per_100": round(100 * len(false_actions) / n, 2) if n else 0.0,
        "per_file": per_file,
        "per_kind": _per_label(kinds),
        "per_intent": {k: v for k, v in _per_label(pairs).items() if k.startswith("意図:")},
        "per_tag": {
            t: {"correct": c, "cases": k, "accuracy": round(c / k, 4)} for t, (c, k) in sorted(per_tag.items())
        },
        "decided_by": dict(decided.most_common()),
        "rule_overrode_model": dict(overrides.most_common()),
        "rules": rule_balance(results),
        "latency_ms": {
            "p50": _percentile(latencies, 0.5),
            "p95": _percentile(latencies, 0.95),
            "max": round(max(latencies), 1) if latencies else 0.0,
            "mean": round(statistics.fmean(latencies), 1) if latencies else 0.0,
        },
        "confidence_sweep": confidence_sweep(results, backend),
        "false_action_cases": [
            {"state": r.state, "text": r.text, "expect": r.expect, "got": r.got, "decided_by": r.decided_by}
            for r in false_actions
        ],
        "cases_detail": [asdict(r) for r in results],
    }
    if repeat > 1:
        agreed = sum(len(set(r.runs)) == 1 for r in results)
        summary["repeat"] = repeat
        summary["repeat_agreement"] = round(agreed / n, 4) if n else 0.0
    return summary
