"""Stage 3a: the scenario's catalogue — every option the scenario could ever offer, with a key that does
not change from one state to the next, written once per scenario so the model reads it once.

A game changes its state after nearly every line. With the state's candidates at the head of the prompt,
every such line re-read about 1,100 tokens (12 s on 2 cores). The catalogue depends on the scenario alone:
its KV state is computed at start (and kept on disk), and a request in a new state only evaluates which
entries are possible now, the scene and the text. The model answers with a catalogue key; the grammar
admits the keys of this request's candidates only, and the pipeline maps each key back to the request's
own token (A1, A2, … in contract order)."""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from dataclasses import dataclass, replace

from app.pipeline.actions import LEAVE, Action
from app.pipeline.candidates import LEAVE_DESCRIPTION
from app.scenario import Scenario

# One letter per entry: every key is then one token of the model, so the one-pass scorer reads every
# option's probability from the logits where the answer starts, with no token evaluated to tell keys
# apart (T1/T12 share a token; each such step costs a decode). Past 52 entries keys take two letters.
KEY_LETTERS = string.ascii_uppercase + string.ascii_lowercase
NONE_KEY = "none"
NONE_LINE = f"{NONE_KEY}: なし — どの選択肢にも当てはまらない（雑談・挨拶・無関係な話）"
# Small talk that no scenario option covers, shown among the solved examples.
NONE_DEMOS = ("こんにちは", "今日は暑いですね", "ありがとう")

CATALOGUE_INSTRUCTIONS = (
    'The catalogue lists every option of this game. Choose only among the options listed under "Options now".'
)


@dataclass(frozen=True)
class CatalogueEntry:
    key: str
    action: Action
    description: str
    examples: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # a place's id and aliases


@dataclass(frozen=True)
class Catalogue:
    scenario_id: str
    text: str
    entries: tuple[CatalogueEntry, ...]
    examples_per_intent: int | None  # None: every example shown
    token_count: int | None = None

    @property
    def examples_trimmed(self) -> bool:
        return self.examples_per_intent is not None

    def key_of(self, action: Action) -> str:
        for entry in self.entries:
            if entry.action == action:
                return entry.key
        raise KeyError(action.notation)


def catalogue_key(index: int) -> str:
    """A, B, … Z, a, … z, then AA, AB, …"""
    n = len(KEY_LETTERS)
    if index < n:
        return KEY_LETTERS[index]
    return KEY_LETTERS[index // n - 1] + KEY_LETTERS[index % n]


def catalogue_entries(scenario: Scenario) -> tuple[CatalogueEntry, ...]:
    """Keys in scenario order: intents, then places, then leaving."""
    entries = [CatalogueEntry("", Action("intent", i.id), i.description, tuple(i.examples)) for i in scenario.intents]
    for location in scenario.locations:
        description = f"「{location.id}」へ移動する" + (f"（{location.description}）" if location.description else "")
        entries.append(
            CatalogueEntry("", Action("move", location.id), description, names=(location.id, *location.aliases))
        )
    entries.append(CatalogueEntry("", LEAVE, LEAVE_DESCRIPTION))
    return tuple(replace(entry, key=catalogue_key(i)) for i, entry in enumerate(entries))


def _demo_lines(entries: tuple[CatalogueEntry, ...], max_examples: int | None) -> list[str]:
    """Each intent's examples as solved inputs, interleaved round by round so no option sits in one block."""
    per_entry = [[(e, entry.key) for e in entry.examples[:max_examples]] for entry in entries]
    demos: list[tuple[str, str]] = []
    for round_index in range(max((len(p) for p in per_entry), default=0)):
        demos += [p[round_index] for p in per_entry if round_index < len(p)]
        if round_index < len(NONE_DEMOS):
            demos.append((NONE_DEMOS[round_index], NONE_KEY))
    if not demos:
        return []
    lines = ["Solved examples:"]
    for text, key in demos:
        lines.append(
            f"Player text (JSON string): {json.dumps(text, ensure_ascii=False)} → " + '{"choice": "' + key + '"}'
        )
    return lines


def render_catalogue(scenario: Scenario, max_examples: int | None = None) -> Catalogue:
    entries = catalogue_entries(scenario)
    lines = [f"Game: {scenario.title or scenario.id}"]
    characters = [f"{c.id}（{c.description}）" if c.description else c.id for c in scenario.characters]
    if characters:
        lines.append("Characters: " + "、".join(characters))
    lines += ["", "Catalogue:"]
    for entry in entries:
        lines.append(f"{entry.key}: {entry.action.notation} — {entry.description}")
        if len(entry.names) > 1:
            lines.append(f"    別名: {'、'.join(entry.names[1:])}")
    lines += [NONE_LINE, ""]
    demos = _demo_lines(entries, max_examples)
    if demos:
        lines += [*demos, ""]
    return Catalogue(scenario.id, "\n".join(lines) + "\n", entries, max_examples)


def build_catalogue(scenario: Scenario, count_tokens: Callable[[str], int] | None, token_limit: int) -> Catalogue:
    """The whole catalogue if it fits `token_limit`; else with fewer examples per intent (the last
    ones go first); at worst with none. Trimming is decided once per scenario, not per request."""
    most = max((len(i.examples) for i in scenario.intents), default=0)
    catalogue = render_catalogue(scenario)
    for max_examples in [None, *range(most - 1, -1, -1)]:
        catalogue = render_catalogue(scenario, max_examples)
        if count_tokens is None:
            return catalogue
        count = count_tokens(catalogue.text)
        catalogue = Catalogue(catalogue.scenario_id, catalogue.text, catalogue.entries, max_examples, count)
        if count <= token_limit:
            return catalogue
    return catalogue
