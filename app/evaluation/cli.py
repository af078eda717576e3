"""`eval-interpret FILE...`: accuracy, per-kind and per-intent figures, false actions, latency."""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.budget import PREPARE, Budget
from app.evaluation.check import check_file
from app.evaluation.dataset import load_eval_file
from app.evaluation.report import render, render_errors
from app.evaluation.runner import RemoteInterpreter, run_cases, summarize
from app.runtime import build_interpreter, make_backend
from app.scenario import load_scenario_dir
from app.settings import Settings
from app.text import TextAnalyzer


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="eval-interpret", description=__doc__)
    parser.add_argument("files", nargs="+", type=Path, help="evaluation files (contract section 3)")
    parser.add_argument("--scenario-dir", type=Path, help="scenario directory (default: INTERP_SCENARIO_DIR)")
    parser.add_argument("--model", type=Path, help="GGUF file (default: the bundled model)")
    parser.add_argument(
        "--backend",
        default=None,
        help="backend(s), comma-separated: model, lexical (default: INTERP_BACKEND)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="run every case N times and report agreement")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="play every case in a state never seen before (its intents and moves reordered, every state "
        "cache dropped): the latency and accuracy a game's requests get",
    )
    parser.add_argument(
        "--server",
        help="running services to evaluate instead of an in-process pipeline, comma-separated base URLs "
        "(http://host:8000,…): the cases are shared among them, one request at a time each",
    )
    parser.add_argument("--json", type=Path, dest="json_path", help="write the full report here")
    parser.add_argument(
        "--html", type=Path, dest="html_path", help="write a self-contained HTML report here (charts, every miss)"
    )
    parser.add_argument(
        "--playground-url",
        default="http://127.0.0.1:8000/playground",
        help="where the HTML report's links open a case (a running service's /playground)",
    )
    parser.add_argument(
        "--min-accuracy",
        type=float,
        default=None,
        help="exit 1 when the first backend's accuracy is below this (0..1)",
    )
    parser.add_argument(
        "--max-false-actions-per-100",
        type=float,
        default=None,
        help="exit 1 when the first backend makes more false actions per 100 cases",
    )
    parser.add_argument("--show-errors", action="store_true", help="list every wrong answer")
    parser.add_argument(
        "--check",
        action="store_true",
        help="only check the files: every state's ids exist, every expectation is a candidate of its state and "
        "keeps its intent's words; nothing is interpreted (exit 1 on a problem)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    overrides: dict[str, Any] = {}
    if args.scenario_dir:
        overrides["scenario_dir"] = args.scenario_dir
    if args.model:
        overrides["model_path"] = args.model
    settings = Settings(**overrides)
    scenario_set = load_scenario_dir(settings.scenario_dir)
    for problem in scenario_set.problems:
        print(f"scenario refused: {problem}", file=sys.stderr)
    files = [(path, load_eval_file(path)) for path in args.files]
    for path, eval_file in files:
        if eval_file.scenario not in scenario_set.scenarios:
            print(f"{path}: scenario {eval_file.scenario!r} is not in {settings.scenario_dir}", file=sys.stderr)
            return 2
    if args.check:
        analyzer = TextAnalyzer()
        problems = [
            problem
            for path, eval_file in files
            for problem in check_file(path, eval_file, scenario_set.scenarios[eval_file.scenario], analyzer)
        ]
        print(
            "\n".join(map(str, problems))
            or f"{sum(len(f.cases) for _, f in files)} cases in {len(files)} files: no problem"
        )
        return 1 if problems else 0
    # Only the scenarios the files play: start-up evaluates each loaded scenario's catalogue.
    used = {eval_file.scenario for _, eval_file in files}
    scenario_set = replace(scenario_set, scenarios={k: v for k, v in scenario_set.scenarios.items() if k in used})
    analyzer = TextAnalyzer()
    summaries: list[dict[str, Any]] = []
    if args.server:
        key = settings.api_key.get_secret_value() if settings.api_key else None
        pool = [RemoteInterpreter(url.strip(), key) for url in args.server.split(",") if url.strip()]
        results = run_cases(pool[0], files, repeat=max(1, args.repeat), label="server", cold=args.cold, pool=pool)
        summary = summarize(results, "server", max(1, args.repeat))
        summary["mode"] = "cold" if args.cold else "warm"
        summaries.append(summary)
    for name in [] if args.server else (args.backend or settings.backend).split(","):
        backend, model_problem = make_backend(settings, name.strip())
        if model_problem is not None:
            print(f"backend {name}: {model_problem}", file=sys.stderr)
            return 2
        interpreter = build_interpreter(settings, scenario_set, backend, analyzer)
        interpreter.warm_up()
        if settings.prepare_topics:
            # What the service does in the background at start: every topic's yes/no prefix, so that the
            # cases measure a service that has been up for a while (the prefixes are saved to disk).
            started = time.perf_counter()
            prepared = interpreter.prepare_topics(lambda: Budget(priority=PREPARE))
            if prepared:
                print(
                    f"{backend.name}: {prepared} topic prefixes evaluated in {time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                )
        results = run_cases(interpreter, files, repeat=max(1, args.repeat), label=backend.name, cold=args.cold)
        summary = summarize(results, backend.name, max(1, args.repeat))
        summary["mode"] = "cold" if args.cold else "warm"
        summaries.append(summary)
        backend.close()
    print(render(summaries))
    if args.show_errors:
        for summary in summaries:
            print()
            print(render_errors(summary, limit=1000))
    first = summaries[0]
    if args.html_path:
        from app.evaluation.html import write_html

        write_html(summaries, args.html_path, args.playground_url)
    if args.json_path:
        report = {
            "accuracy": first["accuracy"],
            "false_actions_per_100": first["false_actions_per_100"],
            "mode": first["mode"],
            "cases": [
                {
                    k: c[k]
                    for k in (
                        "file",
                        "state",
                        "text",
                        "tags",
                        "expect",
                        "got",
                        "decided_by",
                        "confidence",
                        "model_choice",
                        "latency_ms",
                        "error",
                        "runs",
                        "model_scores",
                        "dropped_by",
                        "held_back",
                        "model_decision",
                    )
                }
                for c in first["cases_detail"]
            ],
            "backends": {s["backend"]: {k: v for k, v in s.items() if k != "cases_detail"} for s in summaries},
        }
        args.json_path.parent.mkdir(parents=True, exist_ok=True)
        args.json_path.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    failed = False
    if args.min_accuracy is not None and first["accuracy"] < args.min_accuracy:
        print(f"FAIL: accuracy {first['accuracy']:.4f} < {args.min_accuracy}", file=sys.stderr)
        failed = True
    if args.max_false_actions_per_100 is not None and first["false_actions_per_100"] > args.max_false_actions_per_100:
        print(
            f"FAIL: {first['false_actions_per_100']} false actions per 100 > {args.max_false_actions_per_100}",
            file=sys.stderr,
        )
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
