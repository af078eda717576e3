"""`eval-interpret --html REPORT.html`: one self-contained page a scenario writer can look at.

Headline figures per backend, the confusion between expected and given answers as a heat map, precision
and recall per intent, the false actions, every miss with what the model and the rules said (and a link
that opens it in the playground), and latency as a histogram. The charts are matplotlib SVGs written
into the page, so it opens offline and needs no script."""

from __future__ import annotations

import html
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib import font_manager

# Japanese labels: a CJK font where one is installed. Text stays text in the SVG (below), so the browser
# draws it with its own fonts either way.
_INSTALLED = {font.name for font in font_manager.fontManager.ttflist}
plt.rcParams["font.family"] = [
    f for f in ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic") if f in _INSTALLED
] or ["DejaVu Sans"]
plt.rcParams["svg.fonttype"] = "none"  # text stays text: the browser draws it with its own fonts

MAX_CONFUSION_LABELS = 30


def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def confusion_svg(cases: list[dict[str, Any]]) -> str:
    pairs = Counter((c["expect"], c["got"]) for c in cases)
    frequent = Counter(c["expect"] for c in cases) + Counter(c["got"] for c in cases)
    labels = sorted(label for label, _ in frequent.most_common(MAX_CONFUSION_LABELS))
    index = {label: i for i, label in enumerate(labels)}
    grid = [[0] * len(labels) for _ in labels]
    for (expect, got), n in pairs.items():
        if expect in index and got in index:
            grid[index[expect]][index[got]] += n
    size = max(4.0, 0.32 * len(labels) + 2)
    figure, axes = plt.subplots(figsize=(size, size))
    # coloured by the share of each expected answer (a row), so a few misses show beside a big diagonal
    shares = [[n / (sum(row) or 1) for n in row] for row in grid]
    axes.imshow(shares, cmap="Blues", vmin=0, vmax=1)
    axes.set_xticks(range(len(labels)), labels, rotation=90, fontsize=7)
    axes.set_yticks(range(len(labels)), labels, fontsize=7)
    axes.set_xlabel("answered")
    axes.set_ylabel("expected")
    for i, row in enumerate(grid):
        for j, n in enumerate(row):
            if n:
                axes.text(
                    j, i, str(n), ha="center", va="center", fontsize=6, color="white" if shares[i][j] > 0.5 else "black"
                )
    return _svg(figure)


def per_intent_svg(per_intent: dict[str, dict[str, Any]]) -> str:
    rows = [(label, k) for label, k in sorted(per_intent.items()) if k.get("support")]
    figure, axes = plt.subplots(figsize=(7, max(2.0, 0.28 * len(rows) + 1)))
    positions = range(len(rows))
    axes.barh([p + 0.2 for p in positions], [k["precision"] for _, k in rows], height=0.4, label="precision")
    axes.barh([p - 0.2 for p in positions], [k["recall"] for _, k in rows], height=0.4, label="recall")
    axes.set_yticks(list(positions), [f"{label} (n={k['support']})" for label, k in rows], fontsize=7)
    axes.set_xlim(0, 1)
    axes.invert_yaxis()
    axes.legend(loc="lower right", fontsize=7)
    return _svg(figure)


def latency_svg(cases: list[dict[str, Any]]) -> str:
    figure, axes = plt.subplots(figsize=(7, 2.6))
    axes.hist([c["latency_ms"] for c in cases], bins=40)
    axes.set_xlabel("latency (ms)")
    axes.set_ylabel("cases")
    return _svg(figure)


def playground_link(base: str, scenario: str, case: dict[str, Any]) -> str:
    query = urlencode({"scenario": scenario, "file": case["file"], "state": case["state"], "text": case["text"]})
    return f"{base}?{query}"


def _miss(case: dict[str, Any], base: str) -> str:
    scores = case.get("model_scores") or {}
    options = scores.get("options") or {}
    rows = "".join(
        f"<tr><td>{html.escape(notation)}</td><td>{scores['probabilities'].get(token, 0):.3f}</td>"
        f"<td>{(scores.get('scores') or {}).get(token, 0):.3f}</td>"
        f"<td>{html.escape((scores.get('vetoed') or {}).get(notation, ''))}</td></tr>"
        for token, notation in options.items()
    )
    check = scores.get("confirmation")
    confirmation = f"<p>yes/no check on {html.escape(check['topic'])}: ratio {check['ratio']}</p>" if check else ""
    table = (
        f"<table><tr><th>option</th><th>model</th><th>calibrated</th><th>vetoed by</th></tr>{rows}</table>"
        if rows
        else "<p>the model was not asked</p>"
    )
    link = playground_link(base, case["scenario"], case)
    return (
        f"<details><summary>「{html.escape(case['text'])}」 expected {html.escape(case['expect'])}, "
        f"answered {html.escape(case['got'])} ({html.escape(case['decided_by'])}) · "
        f"{html.escape(case['file'])} · {html.escape(case['state'])}</summary>"
        f'<p><a href="{html.escape(link)}">open in the playground</a></p>{table}{confirmation}</details>'
    )


STYLE = """
body { font: 14px/1.5 system-ui, "Noto Sans JP", sans-serif; max-width: 1100px; margin: 0 auto; padding: 0 16px; }
table { border-collapse: collapse; margin: 6px 0; } th, td { border-bottom: 1px solid #ddd; padding: 2px 8px; }
details { margin: 4px 0; } summary { cursor: pointer; } svg { max-width: 100%; height: auto; }
.figures td:first-child { font-weight: 600; }
"""


def render_html(summaries: list[dict[str, Any]], playground: str = "http://127.0.0.1:8000/playground") -> str:
    parts = [
        "<!doctype html><html lang='ja'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>Kikitori evaluation</title><style>{STYLE}</style></head><body>",
        "<h1>Kikitori evaluation</h1>",
        "<table class='figures'><tr><th>backend</th><th>mode</th><th>cases</th><th>accuracy</th>"
        "<th>false actions</th><th>p50 ms</th><th>p95 ms</th></tr>",
    ]
    for s in summaries:
        latency = s["latency_ms"]
        parts.append(
            f"<tr><td>{html.escape(s['backend'])}</td><td>{html.escape(s.get('mode', ''))}</td><td>{s['cases']}</td>"
            f"<td id='accuracy-{html.escape(s['backend'])}'>{s['accuracy']:.1%}</td><td>{s['false_actions']}</td>"
            f"<td>{latency['p50']:.0f}</td><td>{latency['p95']:.0f}</td></tr>"
        )
    parts.append("</table>")
    for s in summaries:
        cases = s["cases_detail"]
        name = html.escape(s["backend"])
        parts.append(f"<h2>{name}: per file</h2><table><tr><th>file</th><th>cases</th><th>accuracy</th></tr>")
        for file, f in s["per_file"].items():
            parts.append(f"<tr><td>{html.escape(file)}</td><td>{f['cases']}</td><td>{f['accuracy']:.1%}</td></tr>")
        parts.append("</table>")
        parts.append(f"<h2>{name}: confusion (expected × answered)</h2>{confusion_svg(cases)}")
        parts.append(f"<h2>{name}: precision and recall per intent</h2>{per_intent_svg(s['per_intent'])}")
        if s.get("rules"):
            parts.append(f"<h2>{name}: rules</h2><table><tr><th>rule</th><th>fired</th><th>right</th>")
            parts.append("<th>fixed</th><th>broke</th></tr>")
            for rule, b in s["rules"].items():
                parts.append(
                    f"<tr><td>{html.escape(rule)}</td><td>{b['fired']}</td><td>{b['right']}</td>"
                    f"<td>{b['fixed']}</td><td>{b['broke']}</td></tr>"
                )
            parts.append("</table>")
        false = [c for c in cases if c["got"] != c["expect"] and c["got"].startswith(("移動:", "離脱"))]
        parts.append(f"<h2>{name}: false actions ({len(false)})</h2>")
        parts += [_miss(c, playground) for c in false] or ["<p>none</p>"]
        misses = [c for c in cases if c["got"] != c["expect"]]
        parts.append(f"<h2 id='misses-{name}'>{name}: every miss ({len(misses)})</h2>")
        parts += [_miss(c, playground) for c in misses] or ["<p>none</p>"]
        parts.append(f"<h2>{name}: latency</h2>{latency_svg(cases)}")
    parts.append(f"<script type='application/json' id='summary'>{_summary_json(summaries)}</script>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _summary_json(summaries: list[dict[str, Any]]) -> str:
    brief = [{k: s[k] for k in ("backend", "cases", "accuracy", "false_actions")} for s in summaries]
    return json.dumps(brief, ensure_ascii=False).replace("</", "<\\/")


def write_html(summaries: list[dict[str, Any]], path: Path, playground: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(summaries, playground), encoding="utf-8")
