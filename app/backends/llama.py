"""llama-cpp-python backend: the model holder, its lock, the prefix cache and the one-pass scorer.

One pass: the prompt (with the answer's JSON prefix already written) is evaluated once — only the part
not already in the KV cache — and the choice is read from the logits where the option starts; the model
continues only where two allowed options share a first token (A1/A2 share "A"). At each step the pick is
the most likely token the grammar allows, so the choice equals greedy grammar-constrained decoding."""

from __future__ import annotations

import ctypes
import logging
import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from app.backends.base import Backend
from app.backends.chat_template import ChatFrame
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


@dataclass(frozen=True)
class PromptTokens:
    """A prompt in model tokens, with the fixed boundaries evaluation starts from."""

    stable: tuple[int, ...]  # system message and the state's stable text: cached per state
    variable: tuple[int, ...]  # addressee line, player's text, the template's assistant opening
    answer: tuple[int, ...]  # the answer's JSON prefix
    system_end: int  # end of the system message's segment
    head_end: int  # end of the lines before the player's text

    @property
    def full(self) -> tuple[int, ...]:
        return self.stable + self.variable + self.answer

    @property
    def boundaries(self) -> tuple[int, int, int]:
        return self.system_end, len(self.stable), self.head_end


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
    ) -> None:
        from llama_cpp import Llama

        if not Path(model_path).is_file():
            raise ModelError(f"model file not found: {model_path}")
        try:
            self._llm = Llama(
                model_path=str(model_path),
                n_ctx=n_ctx,
                n_threads=n_threads,
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
        self._lock = threading.Lock()
        self._n_vocab = self._llm.n_vocab()
        bos = self._piece(self._llm.token_bos()) if self._llm.token_bos() >= 0 else ""
        self._add_bos = bool(getattr(self._llm._model, "add_bos_token", lambda: False)())
        self._frame = ChatFrame.from_template(self._llm.metadata.get("tokenizer.chat_template"), bos=bos)
        self._token_cache: OrderedDict[tuple[str, bool], tuple[int, ...]] = OrderedDict()
        self._prefix_cache = PrefixCache(prefix_cache_entries, prefix_cache_bytes)
        self._grammar_tokens = self._index_grammar_tokens()
        self._canonical: dict[str, tuple[int, ...]] = {}
        self._baselines: OrderedDict[tuple[tuple[int, ...], tuple[str, ...]], dict[str, float]] = OrderedDict()
        self._yes_no = (self._tokenize("yes", False)[0], self._tokenize("no", False)[0])
        self._confirm_baselines: OrderedDict[tuple[int, ...], float] = OrderedDict()
        self.requests = 0
        self.tokens_cached = 0
        self.tokens_evaluated = 0

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
        stable = system + self._tokenize(prompt.stable, False)
        head, text = prompt.variable_parts
        head_tokens = self._tokenize(head, False)
        return PromptTokens(
            stable=stable,
            variable=head_tokens + self._tokenize(text, False) + self._tokenize(frame.tail, True),
            answer=self._tokenize(prompt.answer_prefix, False),
            system_end=len(system),
            head_end=len(stable) + len(head_tokens),
        )

    @property
    def context_limit(self) -> int:
        return self._n_ctx - self._reserve

    def count_tokens(self, prompt: Prompt) -> int:
        return len(self.prompt_tokens(prompt).full)

    def warm_up(self) -> None:
        """One tiny decode so the first request pays for no buffer allocation or kernel set-up."""
        with self._lock:
            self._llm.reset()
            self._llm.eval(list(self._tokenize("warm up", False)))

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
        return bytes(buffer[:written])

    def _load_state(self, key: tuple[int, ...], data: bytes) -> None:
        from llama_cpp import llama_cpp

        self._llm._ctx.kv_cache_seq_rm(0, 0, -1)
        buffer = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
        if llama_cpp.llama_state_seq_set_data(self._llm._ctx.ctx, buffer, len(data), 0) != len(data):
            raise ModelError("failed to restore a cached prompt state")
        self._llm.input_ids[: len(key)] = key
        self._llm.n_tokens = len(key)

    def _common_prefix(self, tokens: tuple[int, ...]) -> int:
        live = self._llm.input_ids[: self._llm.n_tokens]
        limit = min(len(live), len(tokens))
        if limit == 0:
            return 0
        diff = np.nonzero(live[:limit] != np.asarray(tokens[:limit]))[0]
        return int(diff[0]) if len(diff) else limit

    def _eval_from(self, position: int, tokens: tuple[int, ...], stepwise_tail: int = 0) -> None:
        """Evaluate tokens[position:]; the last `stepwise_tail` one at a time (see exact_answer_prefix)."""
        self._llm.n_tokens = position
        split = max(position, len(tokens) - stepwise_tail)
        if split > position:
            self._llm.eval(list(tokens[position:split]))
        for token in tokens[split:]:
            self._llm.eval([token])

    def _evaluate_prompt(
        self,
        stable: tuple[int, ...],
        full: tuple[int, ...],
        boundaries: tuple[int, int, int],
        stepwise_tail: int = 0,
    ) -> tuple[np.ndarray, int]:
        """Bring the KV cache to `full`, evaluating only what is not cached. Returns (logits, reused).

        Evaluation always starts at a fixed boundary (the end of the system message, the end of the
        stable prefix) and never mid-segment, whatever is cached: llama.cpp's results depend in the last
        bits on how tokens are batched, so fixed batches make every answer repeatable (--repeat agrees)."""
        if len(full) > self._n_ctx:
            raise ModelError(f"prompt of {len(full)} tokens exceeds the context of {self._n_ctx}")
        system_end, stable_end, head_end = boundaries
        shared = self._common_prefix(full)
        reused = max(b for b in (0, system_end, stable_end, head_end) if b <= min(shared, len(full) - 1))
        position = reused
        if reused < stable_end:
            saved = self._prefix_cache.get(stable)
            if saved is not None:
                self._load_state(stable, saved)
                reused = position = stable_end
            else:
                for boundary in (system_end, stable_end):
                    if position < boundary:
                        self._eval_from(position, full[:boundary])
                        position = boundary
                self._prefix_cache.put(stable, self._save_state())
        if position < head_end:
            self._eval_from(position, full[:head_end])
        self._eval_from(max(position, head_end), full, stepwise_tail)
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
            self._llm.eval([token])
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
            self._llm.eval([token])
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
        logits, reused = self._evaluate_prompt(tokens.stable, full, tokens.boundaries, stepwise)
        prompt_ms = (time.perf_counter() - started) * 1000
        probabilities, choice = self._score_tree(len(full), 0, sequences, logits, True, "", list(completions.values()))
        assert choice is not None
        return probabilities, choice, len(full), reused, prompt_ms

    def _baseline(self, prompt: Prompt, grammar: ChoiceGrammar) -> dict[str, float]:
        tokens = self.prompt_tokens(prompt)
        key = (tokens.full, grammar.options)
        cached = self._baselines.get(key)
        if cached is None:
            cached = self._score(tokens, grammar)[0]
            self._baselines[key] = cached
            if len(self._baselines) > 256:
                self._baselines.popitem(last=False)
        return cached

    def choose(self, request: ChoiceRequest) -> ChoiceResult:
        with self._lock:
            try:
                started = time.perf_counter()
                evaluated_before = self.tokens_evaluated
                probabilities, choice, n_prompt, reused, prompt_ms = self._score(
                    self.prompt_tokens(request.prompt), request.grammar
                )
                choice_ms = (time.perf_counter() - started) * 1000 - prompt_ms
                evaluated = self.tokens_evaluated - evaluated_before
                baseline = None
                if request.content_free_prompt is not None:
                    baseline = self._baseline(request.content_free_prompt, request.grammar)
            except ModelError:
                raise
            except Exception as exc:  # llama.cpp errors surface as assorted exception types
                raise ModelError(f"model evaluation failed: {exc}") from exc
            self.requests += 1
        return ChoiceResult(
            choice=choice,
            probabilities=probabilities,
            baseline=baseline,
            prompt_tokens=n_prompt,
            cached_tokens=reused,
            evaluated_tokens=evaluated,
            timings_ms={"prompt_eval": round(prompt_ms, 1), "choice": round(choice_ms, 1)},
        )

    def _p_yes(self, tokens: PromptTokens) -> float:
        logits, _ = self._evaluate_prompt(tokens.stable, tokens.full, tokens.boundaries)
        yes, no = (float(logits[t]) for t in self._yes_no)
        return 1.0 / (1.0 + math.exp(no - yes))

    def confirm(self, request: ConfirmRequest) -> Confirmation:
        with self._lock:
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
        return Confirmation(p_yes, baseline)

    def choose_naive(self, request: ChoiceRequest, reset: bool = True) -> ChoiceResult:
        """The straightforward path: reset the KV cache (as a general constrained-decoding library does),
        compile the JSON-schema grammar, and generate the JSON token by token at temperature 0.
        reset=False keeps the cache: the same decoding, faster, for the equivalence test."""
        from llama_cpp import LlamaGrammar

        tokens = self.prompt_tokens(request.prompt)
        prompt = tokens.stable + tokens.variable
        with self._lock:
            started = time.perf_counter()
            if reset:
                self._llm.reset()
            grammar = LlamaGrammar.from_string(request.grammar.gbnf, verbose=False)
            output: Any = self._llm.create_completion(
                prompt=list(prompt), grammar=grammar, temperature=0.0, max_tokens=24
            )
            elapsed = (time.perf_counter() - started) * 1000
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
        new_tokens = max(1, min(new_tokens, len(full) - len(tokens.stable)))
        with self._lock:
            self._evaluate_prompt(tokens.stable, full[: len(full) - new_tokens + 1], tokens.boundaries)
            started = time.perf_counter()
            self._eval_from(len(full) - new_tokens, full)
            self._llm.eval([full[-1]])
            return (time.perf_counter() - started) * 1000

    def stats(self) -> dict[str, object]:
        return {
            "model_path": str(self.model_path),
            "requests": self.requests,
            "tokens_cached": self.tokens_cached,
            "tokens_evaluated": self.tokens_evaluated,
            "prefix_cache_entries": len(self._prefix_cache),
            "prefix_cache_bytes": self._prefix_cache.bytes_used,
            "prefix_cache_hits": self._prefix_cache.hits,
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
    )
