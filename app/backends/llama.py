"""llama-cpp-python backend: the model holder, its lock, the prefix cache and the one-pass scorer.

One pass: the prompt (with the answer's JSON prefix already written) is evaluated once — only the part
not already in the KV cache — and the choice is read from the logits where the option starts; the model
continues only where two allowed options share a first token (A1/A2 share "A"). At each step the pick is
the most likely token the grammar allows, so the choice equals greedy grammar-constrained decoding."""

from __future__ import annotations

import ctypes
import hashlib
import logging
import math
import os
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from app.backends.base import Backend
from app.backends.chat_template import ChatFrame
from app.budget import PREPARE, Budget, BudgetExceeded, Cancelled, ModelQueue
from app.errors import ModelError
from app.pipeline.choice import ChoiceGrammar, ChoiceRequest, ChoiceResult
from app.pipeline.confirm import Confirmation, ConfirmRequest
from app.pipeline.prompt import Prompt
from app.settings import Settings

log = logging.getLogger(__name__)

# Characters any option of the choice grammar can contain (A<digits>, none) plus its closing '"}'.
_GRAMMAR_ALPHABET = set('A0123456789none"}')


class PrefixCache:
    """Saved KV states of stable prompt prefixes (scenario + state), LRU, bounded in count and bytes."""

    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple[int, ...], bytes] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @property
    def bytes_used(self) -> int:
        return sum(len(v) for v in self._entries.values())

    def get(self, key: tuple[int, ...]) -> bytes | None:
        data = self._entries.get(key)
        if data is None:
            self.misses += 1
            return None
        self._entries.move_to_end(key)
        self.hits += 1
        return data

    def put(self, key: tuple[int, ...], data: bytes) -> None:
        if self.max_entries == 0 or len(data) > self.max_bytes:
            return
        self._entries[key] = data
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries or self.bytes_used > self.max_bytes:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()


class StateStore:
    """Model states of the prefixes that depend on the scenario alone (a catalogue, a yes/no topic):
    kept in memory for the life of the process and, when `directory` is set, on disk, so that a restart
    reads them back instead of evaluating them again. A file is named by the hash of the model's
    fingerprint and the prefix's tokens, so a changed model or prompt never loads a stale state."""

    def __init__(self, directory: Path | None, fingerprint: str, max_disk_bytes: int) -> None:
        self.directory = directory
        self.fingerprint = fingerprint
        self.max_disk_bytes = max_disk_bytes
        self._entries: dict[tuple[int, ...], bytes] = {}
        self.loaded_from_disk = 0
        self.saved_to_disk = 0

    def _path(self, key: tuple[int, ...]) -> Path | None:
        if self.directory is None:
            return None
        digest = hashlib.sha256(self.fingerprint.encode() + np.asarray(key, dtype=np.int32).tobytes()).hexdigest()
        return self.directory / f"{digest[:32]}.kv"

    def get(self, key: tuple[int, ...]) -> bytes | None:
        data = self._entries.get(key)
        if data is not None:
            return data
        path = self._path(key)
        if path is None or not path.is_file():
            return None
        try:
            data = path.read_bytes()
            os.utime(path)  # most recently used: kept longest
        except OSError as exc:
            log.warning("cannot read saved model state %s: %s", path, exc)
            return None
        self._entries[key] = data
        self.loaded_from_disk += 1
        return data

    def put(self, key: tuple[int, ...], data: bytes) -> None:
        self._entries[key] = data
        path = self._path(key)
        if path is None or len(data) > self.max_disk_bytes:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(".partial")
            partial.write_bytes(data)
            partial.replace(path)
            self.saved_to_disk += 1
            self._trim_disk()
        except OSError as exc:
            log.warning("cannot save model state %s: %s", path, exc)

    def _trim_disk(self) -> None:
        assert self.directory is not None
        files = sorted(self.directory.glob("*.kv"), key=lambda f: f.stat().st_mtime)
        total = sum(f.stat().st_size for f in files)
        while files and total > self.max_disk_bytes:
            oldest = files.pop(0)
            total -= oldest.stat().st_size
            oldest.unlink(missing_ok=True)

    def __contains__(self, key: tuple[int, ...]) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes_used(self) -> int:
        return sum(len(v) for v in self._entries.values())


@dataclass(frozen=True)
class PromptTokens:
    """A prompt in model tokens, with the fixed boundaries evaluation starts from."""

    stable: tuple[int, ...]  # system message, the scenario's catalogue and the state's text: cached per state
    variable: tuple[int, ...]  # addressee line, player's text, the template's assistant opening
    answer: tuple[int, ...]  # the answer's JSON prefix
    system_end: int  # end of the system message's segment
    catalogue_end: int  # end of the scenario's catalogue: kept for the life of the process (and on disk)
    head_end: int  # end of the lines before the player's text

    @property
    def full(self) -> tuple[int, ...]:
        return self.stable + self.variable + self.answer

    @property
    def catalogue(self) -> tuple[int, ...]:
        return self.stable[: self.catalogue_end]

    @property
    def boundaries(self) -> tuple[int, int, int, int]:
        return self.system_end, self.catalogue_end, len(self.stable), self.head_end


def _softmax(logits: dict[int, float]) -> dict[int, float]:
    top = max(logits.values())
    exps = {t: math.exp(v - top) for t, v in logits.items()}
    total = sum(exps.values())
    return {t: e / total for t, e in exps.items()}


class LlamaBackend(Backend):
    name = "model"
    calibrated_decision = True
    # Of the model's picks that rules left standing below 0.34 on the first runs of rounds 14 to 18's
    # held-out sets (3,780 cases), 12 of 15 were small talk read as a topic and 1 was right; no right
    # public pick is below 0.35 (eval/trials/min_confidence.py; README, "Evaluation").
    default_min_confidence = 0.34

    def __init__(
        self,
        model_path: Path,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        reply_reserve_tokens: int = 16,
        prefix_cache_entries: int = 32,
        prefix_cache_bytes: int = 512 * 1024 * 1024,
        exact_answer_prefix: bool = False,
        state_dir: Path | None = None,
        state_dir_bytes: int = 2048 * 1024 * 1024,
        queue_bound: int = 0,
    ) -> None:
        from llama_cpp import Llama, llama_cpp

        if not Path(model_path).is_file():
            raise ModelError(f"model file not found: {model_path}")
        try:
            threads = n_threads or os.cpu_count() or 1
            self._llm = Llama(
                model_path=str(model_path),
                n_ctx=n_ctx,
                n_threads=threads,
                n_threads_batch=threads,
                n_batch=512,
                logits_all=False,
                verbose=False,
            )
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"cannot load model {model_path}: {exc}") from exc
        self.model_path = Path(model_path)
        # llama.cpp's logits differ in the last bits between a batch and token-by-token evaluation. Off,
        # the answer prefix rides in the prompt's batch (fastest); on, it is evaluated token by token as
        # generation does, and the choice equals greedy grammar decoding bit for bit (tests use this).
        self.exact_answer_prefix = exact_answer_prefix
        self._n_ctx = n_ctx
        self._reserve = reply_reserve_tokens
        self._queue = ModelQueue(queue_bound)
        self._budget: Budget | None = None  # the work on the model now, read by the abort callback
        self._abort_callback = llama_cpp.ggml_abort_callback(self._should_abort)  # kept: C holds a pointer
        llama_cpp.llama_set_abort_callback(self._llm._ctx.ctx, self._abort_callback, None)
        self._n_vocab = self._llm.n_vocab()
        bos = self._piece(self._llm.token_bos()) if self._llm.token_bos() >= 0 else ""
        self._add_bos = bool(getattr(self._llm._model, "add_bos_token", lambda: False)())
        self._frame = ChatFrame.from_template(self._llm.metadata.get("tokenizer.chat_template"), bos=bos)
        self._token_cache: OrderedDict[tuple[str, bool], tuple[int, ...]] = OrderedDict()
        self._prefix_cache = PrefixCache(prefix_cache_entries, prefix_cache_bytes)
        # Catalogue and addressee line, for prompts with no state part: per scenario and character, so a
        # handful; not dropped by forget_states, since no state is in them.
        self._head_cache = PrefixCache(16, prefix_cache_bytes)
        self._states = StateStore(state_dir, self._fingerprint(), state_dir_bytes)
        self._grammar_tokens = self._index_grammar_tokens()
        self._canonical: dict[str, tuple[int, ...]] = {}
        self._baselines: OrderedDict[tuple[tuple[int, ...], tuple[str, ...]], dict[str, float]] = OrderedDict()
        self._scenario_baselines: OrderedDict[tuple[tuple[int, ...], tuple[str, ...]], dict[str, float]] = OrderedDict()
        self._yes_no = (self._tokenize("yes", False)[0], self._tokenize("no", False)[0])
        self._confirm_baselines: OrderedDict[tuple[int, ...], float] = OrderedDict()
        self.requests = 0
        self.tokens_cached = 0
        self.tokens_evaluated = 0
        self.aborted = {"timeout": 0, "cancelled": 0}

    def _fingerprint(self) -> str:
        import llama_cpp

        stat = self.model_path.stat()
        return f"{self.model_path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{llama_cpp.__version__}|{self._n_ctx}"

    # --- the queue and the abort callback -----------------------------------------------------

    @property
    def queue(self) -> ModelQueue:
        return self._queue

    def _should_abort(self, _data: ctypes.c_void_p) -> bool:
        """Called by llama.cpp between the graph's nodes while it computes: True stops the decode."""
        budget = self._budget
        if budget is None:
            return False
        if budget.cancelled.is_set() or budget.expired():
            return True
        return budget.priority == PREPARE and self._queue.urgent_waiting()

    def _hold(self, budget: Budget | None) -> Budget:
        budget = budget or Budget()
        self._queue.acquire(budget)
        self._budget = budget
        return budget

    def _let_go(self) -> None:
        self._budget = None
        self._queue.release()

    def _check(self) -> None:
        """Between evaluations: raise when the work on the model must stop."""
        budget = self._budget
        if budget is None:
            return
        budget.check()
        if budget.priority == PREPARE and self._queue.urgent_waiting():
            raise Cancelled("an interpretation is waiting")

    # --- tokenisation -------------------------------------------------------------------------

    def _piece(self, token: int) -> str:
        return self._llm.detokenize([token], special=True).decode("utf-8", errors="replace")

    def _index_grammar_tokens(self) -> dict[int, str]:
        """Vocabulary entries that could ever be allowed inside the choice grammar's option string."""
        index = {}
        for token in range(self._n_vocab):
            text = self._llm.detokenize([token]).decode("utf-8", errors="ignore")
            if text and len(text) <= 8 and set(text) <= _GRAMMAR_ALPHABET:
                index[token] = text
        return index

    def _tokenize(self, text: str, special: bool) -> tuple[int, ...]:
        key = (text, special)
        cached = self._token_cache.get(key)
        if cached is not None:
            self._token_cache.move_to_end(key)
            return cached
        tokens = tuple(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=special))
        self._token_cache[key] = tokens
        if len(self._token_cache) > 512:
            self._token_cache.popitem(last=False)
        return tokens

    def prompt_tokens(self, prompt: Prompt) -> PromptTokens:
        """The prompt's tokens, segment by segment. Message text is tokenised with special=False: typed
        '<|im_end|>' stays text."""
        frame = self._frame
        bos = self._llm.token_bos()
        system = (
            ((bos,) if self._add_bos and bos >= 0 else ())
            + self._tokenize(frame.head, True)
            + self._tokenize(prompt.system, False)
            + self._tokenize(frame.between, True)
        )
        catalogue = system + (self._tokenize(prompt.catalogue, False) if prompt.catalogue else ())
        stable = catalogue + (self._tokenize(prompt.stable, False) if prompt.stable else ())
        head, text = prompt.variable_parts
        head_tokens = self._tokenize(head, False)
        return PromptTokens(
            stable=stable,
            variable=head_tokens + self._tokenize(text, False) + self._tokenize(frame.tail, True),
            answer=self._tokenize(prompt.answer_prefix, False),
            system_end=len(system),
            catalogue_end=len(catalogue),
            head_end=len(stable) + len(head_tokens),
        )

    @property
    def context_limit(self) -> int:
        return self._n_ctx - self._reserve

    def count_tokens(self, prompt: Prompt) -> int:
        return len(self.prompt_tokens(prompt).full)

    def count_text_tokens(self, text: str) -> int:
        return len(self._tokenize(text, False))

    def warm_up(self) -> None:
        """One tiny decode so the first request pays for no buffer allocation or kernel set-up."""
        self._hold(None)
        try:
            self._llm.reset()
            self._llm.eval(list(self._tokenize("warm up", False)))
        finally:
            self._let_go()

    def prepare_prefix(self, prompt: Prompt, budget: Budget | None = None) -> bool:
        """Evaluate the prompt's scenario-level prefix (system and catalogue, or a yes/no topic) if no
        saved state has it: what start-up does for every scenario. False when it was already saved."""
        tokens = self.prompt_tokens(prompt)
        key = tokens.catalogue
        if key in self._states or self._states.get(key) is not None:
            return False
        self._hold(budget)
        try:
            shared = self._common_prefix(key)
            if shared < len(key):
                position = tokens.system_end if shared >= tokens.system_end else 0
                if position < tokens.system_end:
                    self._eval_from(position, key[: tokens.system_end])
                self._eval_from(tokens.system_end, key)
                self.tokens_evaluated += len(key) - position
            self._states.put(key, self._save_state())
        except ModelError:
            raise
        except Exception as exc:  # llama.cpp errors surface as assorted exception types
            raise ModelError(f"model evaluation failed: {exc}") from exc
        finally:
            self._let_go()
        return True

    def forget_states(self) -> None:
        """Drop what any game state left behind (saved states, calibration scores, the live cache past the
        scenario-level prefix): the next request meets its state for the first time. `eval-interpret
        --cold` calls it before every case."""
        self._hold(None)
        try:
            self._prefix_cache.clear()
            self._baselines.clear()
            self._llm.n_tokens = 0
            self._llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        finally:
            self._let_go()

    # --- evaluation ---------------------------------------------------------------------------

    def _last_logits(self) -> np.ndarray:
        from llama_cpp import llama_cpp

        pointer = llama_cpp.llama_get_logits_ith(self._llm._ctx.ctx, -1)
        return np.ctypeslib.as_array(pointer, shape=(self._n_vocab,)).copy()

    def _save_state(self) -> bytes:
        from llama_cpp import llama_cpp

        ctx = self._llm._ctx.ctx
        size = llama_cpp.llama_state_seq_get_size(ctx, 0)
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(ctx, buffer, size, 0)
        return ctypes.string_at(buffer, written)  # one copy (slicing a c_uint8 array makes a list of ints)

    def _load_state(self, key: tuple[int, ...], data: bytes) -> None:
        from llama_cpp import llama_cpp

        self._llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        buffer = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
        if llama_cpp.llama_state_seq_set_data(self._llm._ctx.ctx, buffer, len(data), 0) != len(data):
            raise ModelError("failed to restore a cached prompt state")
        self._llm._ctx.kv_cache_seq_rm(-1, len(key), -1)  # a saved sequence may run past its key
        self._llm.input_ids[: len(key)] = key
        self._llm.n_tokens = len(key)

    def _common_prefix(self, tokens: tuple[int, ...]) -> int:
        live = self._llm.input_ids[: self._llm.n_tokens]
        limit = min(len(live), len(tokens))
        if limit == 0:
            return 0
        diff = np.nonzero(live[:limit] != np.asarray(tokens[:limit]))[0]
        return int(diff[0]) if len(diff) else limit

    def _decode(self, tokens: list[int]) -> None:
        """One llama.cpp evaluation, stopped by the abort callback when the work's budget runs out. An
        aborted decode leaves the cache as it was before it (llama.cpp drops the failed batch's cells)."""
        self._check()
        try:
            self._llm.eval(tokens)
        except RuntimeError as exc:
            self._llm._ctx.kv_cache_seq_rm(-1, self._llm.n_tokens, -1)
            budget = self._budget
            if budget is not None and budget.cancelled.is_set():
                self.aborted["cancelled"] += 1
                raise Cancelled("cancelled while the model was computing") from exc
            if budget is not None and budget.expired():
                self.aborted["timeout"] += 1
                raise BudgetExceeded("the time budget ran out while the model was computing") from exc
            if budget is not None and budget.priority == PREPARE:
                raise Cancelled("an interpretation needed the model") from exc
            raise

    def _eval_from(self, position: int, tokens: tuple[int, ...], stepwise_tail: int = 0) -> None:
        """Evaluate tokens[position:]; the last `stepwise_tail` one at a time (see exact_answer_prefix)."""
        self._llm.n_tokens = position
        split = max(position, len(tokens) - stepwise_tail)
        if split > position:
            self._decode(list(tokens[position:split]))
        for token in tokens[split:]:
            self._decode([token])

    def _evaluate_prompt(
        self, tokens: PromptTokens, full: tuple[int, ...], stepwise_tail: int = 0
    ) -> tuple[np.ndarray, int]:
        """Bring the KV cache to `full`, evaluating only what is not cached. Returns (logits, reused).

        The prompt is cut into fixed segments (the system message, the scenario's catalogue, the state's
        part, the rest), each evaluated in its own decode, and reuse starts only where a segment does.
        llama.cpp's results differ in the last bits with the batch a token is evaluated in, and a yes/no
        score near its bar can turn on them: with the cuts fixed by the prompt alone, a request gets the
        same answer whether its prefixes were cached, prepared or evaluated now (before, a state's part and
        the text went in one decode when cold and in two when warm, and a repeat could differ). The cut
        past the catalogue is the state's part, or, when the prompt has none, the addressee's line, which
        then depends on the scenario and the addressee alone; its state is saved after its decode."""
        if len(full) > self._n_ctx:
            raise ModelError(f"prompt of {len(full)} tokens exceeds the context of {self._n_ctx}")
        system_end, catalogue_end, stable_end, head_end = tokens.boundaries
        level: tuple[tuple[int, ...], PrefixCache] | None = None
        if stable_end > catalogue_end:
            level = (tokens.stable, self._prefix_cache)
        elif head_end > stable_end and head_end < len(full):
            level = (full[:head_end], self._head_cache)
        cuts = (0, system_end, catalogue_end, *((len(level[0]),) if level is not None else ()))
        shared = self._common_prefix(full)
        position = max(cut for cut in cuts if cut <= min(shared, len(full) - 1))
        to_save = None
        if level is not None and position < len(level[0]):
            saved = level[1].get(level[0])
            if saved is not None:
                self._load_state(level[0], saved)
                position = len(level[0])
            else:
                to_save = level
        if position < catalogue_end:
            pinned = self._states.get(tokens.catalogue)
            if pinned is not None:
                self._load_state(tokens.catalogue, pinned)
            else:
                if position < system_end:
                    self._eval_from(position, full[:system_end])
                    position = system_end
                self._eval_from(position, full[:catalogue_end])
                self._states.put(tokens.catalogue, self._save_state())
            position = catalogue_end
        reused = position
        if to_save is not None:
            self._eval_from(position, to_save[0])
            to_save[1].put(to_save[0], self._save_state())
            position = len(to_save[0])
        self._eval_from(position, full, stepwise_tail)
        self.tokens_cached += reused
        self.tokens_evaluated += len(full) - reused
        return self._last_logits(), reused

    # --- the choice ---------------------------------------------------------------------------

    def _canonical_tokens(self, completion: str) -> tuple[int, ...]:
        tokens = self._canonical.get(completion)
        if tokens is None:
            tokens = self._tokenize(completion, False)
            self._canonical[completion] = tokens
        return tokens

    def _allowed(self, written: str, completions: list[str]) -> list[int]:
        """Tokens the grammar allows after `written` (text after the answer prefix)."""
        return [
            token
            for token, text in self._grammar_tokens.items()
            if any(c.startswith(written + text) for c in completions)
        ]

    def _score_tree(
        self,
        base: int,
        depth: int,
        sequences: dict[str, tuple[int, ...]],
        logits: np.ndarray,
        greedy_path: bool,
        written: str,
        completions: list[str],
    ) -> tuple[dict[str, float], str | None]:
        """Probabilities of the options below this node (canonical tokenisations) and, on the greedy
        path, the option greedy grammar-constrained decoding picks."""
        if len(sequences) == 1:
            (option,) = sequences
            return {option: 1.0}, option if greedy_path else None
        children: dict[int, dict[str, tuple[int, ...]]] = {}
        for option, sequence in sequences.items():
            children.setdefault(sequence[depth], {})[option] = sequence
        child_probs = _softmax({token: float(logits[token]) for token in children})
        greedy_token = None
        if greedy_path:
            allowed = self._allowed(written, completions)
            greedy_token = max(allowed, key=lambda t: float(logits[t]))
        probabilities: dict[str, float] = {}
        greedy_choice = None
        for token, subtree in children.items():
            on_path = token == greedy_token
            if len(subtree) == 1:
                (option,) = subtree
                probabilities[option] = child_probs[token]
                greedy_choice = option if on_path else greedy_choice
                continue
            self._llm.n_tokens = base + depth
            self._decode([token])
            self.tokens_evaluated += 1
            sub_probs, sub_choice = self._score_tree(
                base,
                depth + 1,
                subtree,
                self._last_logits(),
                on_path,
                written + self._grammar_tokens.get(token, ""),
                completions,
            )
            for option, p in sub_probs.items():
                probabilities[option] = child_probs[token] * p
            greedy_choice = sub_choice if on_path else greedy_choice
        if greedy_path and greedy_token not in children:
            greedy_choice = self._follow_greedy(base + depth, greedy_token, written, completions, logits)
        return probabilities, greedy_choice

    def _follow_greedy(
        self, position: int, token: int | None, written: str, completions: list[str], logits: np.ndarray
    ) -> str:
        """Greedy decoding down a non-canonical tokenisation (rare: e.g. 'no'+'ne' instead of 'none')."""
        while True:
            assert token is not None
            written += self._grammar_tokens[token]
            consistent = [c for c in completions if c.startswith(written)]
            closed = [c for c in consistent if written.startswith(c[:-1])]  # option and its closing quote
            if len(consistent) == 1 or closed:
                return (closed or consistent)[0][:-2]
            self._llm.n_tokens = position
            self._decode([token])
            self.tokens_evaluated += 1
            position += 1
            logits = self._last_logits()
            token = max(self._allowed(written, completions), key=lambda t: float(logits[t]))

    def _score(self, tokens: PromptTokens, grammar: ChoiceGrammar) -> tuple[dict[str, float], str, int, int, float]:
        """(probabilities, greedy choice, prompt tokens, reused tokens, prompt eval ms) for one prompt."""
        full = tokens.full
        completions = grammar.completions()
        sequences = {option: self._canonical_tokens(c) for option, c in completions.items()}
        started = time.perf_counter()
        # +1: llama-cpp-python re-evaluates the last prompt token on its own before generating.
        stepwise = len(tokens.answer) + 1 if self.exact_answer_prefix else 0
        logits, reused = self._evaluate_prompt(tokens, full, stepwise)
        prompt_ms = (time.perf_counter() - started) * 1000
        probabilities, choice = self._score_tree(len(full), 0, sequences, logits, True, "", list(completions.values()))
        assert choice is not None
        return probabilities, choice, len(full), reused, prompt_ms

    def _baseline(
        self, prompt: Prompt, grammar: ChoiceGrammar, restrict_to: tuple[str, ...] | None = None
    ) -> dict[str, float]:
        """Scores for the content-free prompt. One with no state part (the scenario's catalogue and an empty
        text) is kept for the life of the process; `restrict_to` renormalises it over this request's options."""
        tokens = self.prompt_tokens(prompt)
        key = (tokens.full, grammar.options)
        scenario_level = len(tokens.stable) == tokens.catalogue_end
        store = self._scenario_baselines if scenario_level else self._baselines
        cached = store.get(key)
        if cached is None:
            cached = self._score(tokens, grammar)[0]
            store[key] = cached
            if len(store) > 256:
                store.popitem(last=False)
        if restrict_to is None or restrict_to == grammar.options:
            return cached
        kept = {option: cached.get(option, 0.0) for option in restrict_to}
        total = sum(kept.values()) or 1.0
        return {option: p / total for option, p in kept.items()}

    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        arrived = time.perf_counter()
        self._hold(budget)
        try:
            started = time.perf_counter()
            evaluated_before = self.tokens_evaluated
            probabilities, choice, n_prompt, reused, prompt_ms = self._score(
                self.prompt_tokens(request.prompt), request.grammar
            )
            choice_ms = (time.perf_counter() - started) * 1000 - prompt_ms
            baseline = None
            if request.content_free_prompt is not None:
                baseline = self._baseline(
                    request.content_free_prompt,
                    request.content_free_grammar or request.grammar,
                    request.grammar.options,
                )
            evaluated = self.tokens_evaluated - evaluated_before
            total_ms = (time.perf_counter() - started) * 1000
        except ModelError:
            raise
        except Exception as exc:  # llama.cpp errors surface as assorted exception types
            raise ModelError(f"model evaluation failed: {exc}") from exc
        finally:
            self._let_go()
        self.requests += 1
        return ChoiceResult(
            choice=choice,
            probabilities=probabilities,
            baseline=baseline,
            prompt_tokens=n_prompt,
            cached_tokens=reused,
            evaluated_tokens=evaluated,
            timings_ms={
                "queue": round((started - arrived) * 1000, 1),
                "prompt_eval": round(prompt_ms, 1),
                "choice": round(choice_ms, 1),
                "content_free": round(total_ms - prompt_ms - choice_ms, 1),
            },
        )

    def prepare(self, request: ChoiceRequest, budget: Budget | None = None) -> bool:
        """Evaluate a state's part of the prompt and its content-free pass ahead of the player's text
        (`budget.priority` PREPARE: it stops as soon as an interpretation waits). True when done."""
        self._hold(budget)
        try:
            tokens = self.prompt_tokens(request.prompt)
            self._evaluate_prompt(tokens, tokens.full)
            if request.content_free_prompt is not None:
                self._baseline(
                    request.content_free_prompt,
                    request.content_free_grammar or request.grammar,
                    request.grammar.options,
                )
        except (BudgetExceeded, Cancelled):
            return False
        except ModelError:
            raise
        except Exception as exc:  # llama.cpp errors surface as assorted exception types
            raise ModelError(f"model evaluation failed: {exc}") from exc
        finally:
            self._let_go()
        return True

    def _p_yes(self, tokens: PromptTokens) -> float:
        logits, _ = self._evaluate_prompt(tokens, tokens.full)
        yes, no = (float(logits[t]) for t in self._yes_no)
        return 1.0 / (1.0 + math.exp(no - yes))

    def confirm(self, request: ConfirmRequest, budget: Budget | None = None) -> Confirmation:
        self._hold(budget)
        try:
            p_yes = self._p_yes(self.prompt_tokens(request.prompt))
            content_free = self.prompt_tokens(request.content_free_prompt)
            baseline = self._confirm_baselines.get(content_free.full)
            if baseline is None:
                baseline = self._confirm_baselines[content_free.full] = self._p_yes(content_free)
                if len(self._confirm_baselines) > 256:
                    self._confirm_baselines.popitem(last=False)
        except ModelError:
            raise
        except Exception as exc:  # llama.cpp errors surface as assorted exception types
            raise ModelError(f"model evaluation failed: {exc}") from exc
        finally:
            self._let_go()
        return Confirmation(p_yes, baseline)

    def choose_naive(self, request: ChoiceRequest, reset: bool = True) -> ChoiceResult:
        """The straightforward path: reset the KV cache (as a general constrained-decoding library does),
        compile the JSON-schema grammar, and generate the JSON token by token at temperature 0.
        reset=False keeps the cache: the same decoding, faster, for the equivalence test."""
        from llama_cpp import LlamaGrammar

        tokens = self.prompt_tokens(request.prompt)
        prompt = tokens.stable + tokens.variable
        self._hold(None)
        try:
            started = time.perf_counter()
            if reset:
                self._llm.reset()
            grammar = LlamaGrammar.from_string(request.grammar.gbnf, verbose=False)
            output: Any = self._llm.create_completion(
                prompt=list(prompt), grammar=grammar, temperature=0.0, max_tokens=24
            )
            elapsed = (time.perf_counter() - started) * 1000
        finally:
            self._let_go()
        text = output["choices"][0]["text"]
        choice = request.grammar.parse(text)
        return ChoiceResult(
            choice=choice,
            probabilities={choice: 1.0},
            prompt_tokens=len(prompt),
            cached_tokens=0,
            evaluated_tokens=len(prompt) + int(output["usage"]["completion_tokens"]),
            timings_ms={"naive": round(elapsed, 1)},
        )

    def floor_ms(self, request: ChoiceRequest, new_tokens: int) -> float:
        """Time to evaluate the last `new_tokens` of this request's prompt plus one token, everything
        before them cached: the least any path that reads the new input can take."""
        tokens = self.prompt_tokens(request.prompt)
        full = tokens.full
        new_tokens = max(1, min(new_tokens, len(full) - tokens.catalogue_end))
        self._hold(None)
        try:
            self._evaluate_prompt(tokens, full[: len(full) - new_tokens + 1])
            started = time.perf_counter()
            self._eval_from(len(full) - new_tokens, full)
            self._decode([full[-1]])
            return (time.perf_counter() - started) * 1000
        finally:
            self._let_go()

    def per_token_ms(self, n: int = 128) -> float:
        """The measured cost of one prompt token in a batch of `n` after a long prefix (for the floor)."""
        tokens = list(self._tokenize("ゲームのプレイヤーが入力した文章を読み、選択肢を一つ選ぶ。" * 8, False))[:n]
        self._hold(None)
        try:
            base = min(self._llm.n_tokens, self._n_ctx - 2 * n)
            self._llm.n_tokens = base
            started = time.perf_counter()
            self._decode(tokens)
            elapsed = (time.perf_counter() - started) * 1000
            self._llm._ctx.kv_cache_seq_rm(-1, base, -1)
            self._llm.n_tokens = base
            return elapsed / len(tokens)
        finally:
            self._let_go()

    def stats(self) -> dict[str, object]:
        return {
            "model_path": str(self.model_path),
            "requests": self.requests,
            "tokens_cached": self.tokens_cached,
            "tokens_evaluated": self.tokens_evaluated,
            "prefix_cache_entries": len(self._prefix_cache),
            "prefix_cache_bytes": self._prefix_cache.bytes_used,
            "prefix_cache_hits": self._prefix_cache.hits,
            "prefix_cache_misses": self._prefix_cache.misses,
            "scenario_states": len(self._states),
            "scenario_states_bytes": self._states.bytes_used,
            "scenario_states_loaded_from_disk": self._states.loaded_from_disk,
            "queue_depth": self._queue.depth(),
            "aborted": dict(self.aborted),
        }

    def close(self) -> None:
        if hasattr(self._llm, "close"):
            self._llm.close()


def load_llama_backend(settings: Settings) -> LlamaBackend:
    from app.model_files import default_model_path

    path = settings.model_path or default_model_path(settings.model_cache_dir)
    return LlamaBackend(
        path,
        n_ctx=settings.n_ctx,
        n_threads=settings.n_threads,
        reply_reserve_tokens=settings.reply_reserve_tokens,
        prefix_cache_entries=settings.prefix_cache_entries,
        prefix_cache_bytes=settings.prefix_cache_mb * 1024 * 1024,
        state_dir=settings.state_dir,
        state_dir_bytes=settings.state_dir_mb * 1024 * 1024,
        queue_bound=settings.queue_bound,
    )
