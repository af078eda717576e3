"""Human-readable tables of eval summaries (stdout), side by side when several backends ran."""

from __future__ import annotations

from typing import Any


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(_width(str(c)) for c in col) for col in zip(headers, *rows, strict=False)]
    line = "  ".join(_pad(h, w) for h, w in zip(headers, widths, strict=False))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(_pad(str(c), w) for c, w in zip(row, widths, strict=False)) for row in rows]
    return "\n".join(out)


def _width(text: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def render(summaries: list[dict[str, Any]]) -> str:
    parts = []
    names = [s["backend"] for s in summaries]
    overview = [
        ["cases", *[str(s["cases"]) for s in summaries]],
        ["accuracy", *[f"{s['accuracy']:.1%}" for s in summaries]],
        ["false actions", *[str(s["false_actions"]) for s in summaries]],
        ["false actions / 100", *[f"{s['false_actions_per_100']:.2f}" for s in summaries]],
        ["latency p50 ms", *[str(s["latency_ms"]["p50"]) for s in summaries]],
        ["latency p95 ms", *[str(s["latency_ms"]["p95"]) for s in summaries]],
        ["latency max ms", *[str(s["latency_ms"]["max"]) for s in summaries]],
    ]
    if any("repeat_agreement" in s for s in summaries):
        overview.append(["repeat agreement", *[f"{s.get('repeat_agreement', 1.0):.1%}" for s in summaries]])
    files = sorted({f for s in summaries for f in s["per_file"]})
    for name in files:
        overview.append(
            [
                f"accuracy {name}",
                *[f"{s['per_file'].get(name, {}).get('accuracy', 0):.1%}" for s in summaries],
            ]
        )
    parts.append(_table(["metric", *names], overview))

    kinds = ["intent", "move", "leave", "none"]
    rows = []
    for kind in kinds:
        row = [kind]
        for s in summaries:
            k = s["per_kind"].get(kind, {"precision": 0, "recall": 0, "f1": 0, "support": 0})
            row.append(f"P {k['precision']:.2f} R {k['recall']:.2f} F1 {k['f1']:.2f} (n={k['support']})")
        rows.append(row)
    parts.append("Per expected kind\n" + _table(["kind", *names], rows))

    for s in summaries:
        rows = []
        for label, k in s["per_intent"].items():
            if not label.startswith("意図:") or not k["support"]:
                continue
            confused = ", ".join(f"{g}×{n}" for g, n in k["confused_with"].items())
            rows.append(
                [
                    label,
                    f"{k['precision']:.2f}",
                    f"{k['recall']:.2f}",
                    f"{k['f1']:.2f}",
                    str(k["support"]),
                    confused,
                ]
            )
        parts.append(f"Per intent [{s['backend']}]\n" + _table(["intent", "P", "R", "F1", "n", "confused with"], rows))
        decided = ", ".join(f"{k}: {v}" for k, v in s["decided_by"].items())
        overrides = ", ".join(f"{k}: {v}" for k, v in s["rule_overrode_model"].items()) or "none"
        sweep = ", ".join(f"{t}: {a:.1%}" for t, a in s["confidence_sweep"].items())
        parts.append(
            f"Decided by [{s['backend']}]: {decided}\nRule overrode the model: {overrides}\n"
            f"Accuracy with INTERP_MIN_CONFIDENCE at {sweep}"
        )
        if s.get("rules"):
            rows = [
                [
                    rule,
                    str(b["fired"]),
                    str(b["right"]),
                    str(b["fixed"]),
                    str(b["broke"]),
                    f"{b['fixed'] - b['broke']:+d}",
                ]
                for rule, b in s["rules"].items()
            ]
            parts.append(
                f"Rules [{s['backend']}] (fixed: the model's answer was wrong, the rule's right; broke: the reverse)\n"
                + _table(["rule", "fired", "right", "fixed", "broke", "net"], rows)
            )
        if s["false_action_cases"]:
            rows = [
                [c["state"], c["text"].replace("\n", "⏎"), c["expect"], c["got"], c["decided_by"]]
                for c in s["false_action_cases"]
            ]
            parts.append(f"False actions [{s['backend']}]\n" + _table(["state", "text", "expect", "got", "by"], rows))
        else:
            parts.append(f"False actions [{s['backend']}]: none")
    return "\n\n".join(parts)


def render_errors(summary: dict[str, Any], limit: int = 60) -> str:
    wrong = [c for c in summary["cases_detail"] if c["got"] != c["expect"]]
    rows = [
        [
            c["state"],
            c["text"].replace("\n", "⏎")[:40],
            c["expect"],
            c["got"],
            c["decided_by"],
            str(c["model_choice"] or ""),
        ]
        for c in wrong[:limit]
    ]
    return f"Wrong answers [{summary['backend']}] ({len(wrong)})\n" + _table(
        ["state", "text", "expect", "got", "by", "model"], rows
    )
