"""Stage 0: Latin letters in a Japanese line, read as the Japanese they stand for.

Players mix English into their lines (thanks! また来るね, OK、書斎いこう, let's go 倉庫) or type romaji without
converting it (kagi no koto oshiete, mata ne). The analyser reads neither, so the rules would see nothing and
the model a foreign word. Before the other stages, an English word or phrase becomes the Japanese it stands
for, and a run of words that all spell Japanese syllables becomes kana. An English word that happens to
spell syllables (go, time) stays as typed when it stands alone. The words are data (app/lexicon/latin.json)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache

from app import lexicon

_LETTER = "A-Za-zＡ-Ｚａ-ｚ"
_WORD = f"[{_LETTER}]+(?:['’-][{_LETTER}]+)*"
# A run of Latin words set apart by spaces (see you later, bye-bye).
_RUN = re.compile(f"{_WORD}(?:[ \u3000]+{_WORD})*")
# A capital after a word's first letter names something (DVD, iPhone, K-POP, Wi-Fi): no romaji.
_NAMED = re.compile("^.+[A-Z]")
_LONGEST_PHRASE = 4  # words
_PAUSE_MARKS = "、,，。.!?！？…‥"
# What follows a going, up to a pause: Japanese words, no Latin letter (let's go 倉庫、…).
_PLACE_AFTER = re.compile(f"[ \u3000]*([^{_LETTER}{_PAUSE_MARKS}\\s]+)(?=[{_PAUSE_MARKS}\\s]|$)")


@dataclass(frozen=True)
class Latin:
    """What the later stages read: `text` with each run of Latin letters in `read` replaced by what it stands for."""

    text: str
    read: tuple[tuple[str, str], ...] = ()

    def trace(self) -> list[dict[str, str]] | None:
        return [{"typed": typed, "read": meant} for typed, meant in self.read] or None


@cache
def _english() -> dict[tuple[str, ...], str]:
    """Each English word or phrase, as its lower-case words, with the Japanese it stands for."""
    table = lexicon.load("latin")["english"]
    return {tuple(phrase.lower().split()): group["means"] for group in table["groups"] for phrase in group["phrases"]}


@cache
def _before_a_place() -> dict[str, str]:
    """What a going stands for when a place follows it (行こう → に行こう), by what it stands for alone."""
    groups = lexicon.load("latin")["english"]["groups"]
    return {group["means"]: group["before_a_place"] for group in groups if "before_a_place" in group}


@cache
def _syllables() -> tuple[tuple[str, str], ...]:
    """Romaji syllables and their kana, longest first (shi before si, before s alone fails)."""
    spelled: dict[str, str] = lexicon.load("latin")["kana"]["syllables"]
    return tuple(sorted(spelled.items(), key=lambda item: len(item[0]), reverse=True))


@cache
def _titles() -> frozenset[str]:
    """Titles a hyphen may join to a name (minato-san), where - is otherwise ー (ko-hi-)."""
    return frozenset(lexicon.load("latin")["kana"]["titles"])


@cache
def _particles() -> dict[str, str]:
    groups = lexicon.load("latin")["romaji_particles"]["groups"]
    return {word: group["means"] for group in groups for word in group["words"]}


@cache
def _english_alone() -> frozenset[str]:
    groups = lexicon.load("latin")["english_not_romaji"]["groups"]
    return frozenset(word for group in groups for word in group["words"])


def _words(run: str) -> list[str]:
    """The run's words as typed, width aside."""
    return unicodedata.normalize("NFKC", run).replace("’", "'").split()


def as_kana(word: str) -> str | None:
    """The kana a romaji word spells, or None when it spells none (ok, bye, DVD)."""
    kana, at = [], 0
    while at < len(word):
        rest = word[at:]
        if len(rest) > 1 and rest[0] == rest[1] and rest[0] not in "aiueon-'":
            kana.append("っ")  # (itta, gakkou)
            at += 1
            continue
        if rest.startswith("tch"):
            kana.append("っ")
            at += 1
            continue
        if rest[0] == "-" and rest[1:] in _titles():
            at += 1  # (minato-san: a hyphen before a title only joins it)
            continue
        if rest.startswith("nn"):
            kana.append("ん")  # (honn; sonna, konnichiwa: the second n starts the next syllable)
            at += 2 if len(rest) == 2 or rest[2] not in "aiueoy" else 1
            continue
        spelled = next(((r, k) for r, k in _syllables() if rest.startswith(r)), None)
        if spelled is not None:
            kana.append(spelled[1])
            at += len(spelled[0])
        elif (rest[0] == "n" and (len(rest) == 1 or rest[1] not in "aiueoy'")) or rest[:2] in ("mb", "mm", "mp"):
            kana.append("ん")  # (konban, shinbun; Hepburn's m before b, m, p: shimbun)
            at += 1
        else:
            return None
    return "".join(kana)


def _covered(words: list[str], kept: frozenset[str]) -> bool:
    """Every word of the run is the scenario's own or in an English phrase of the data."""
    english, at = _english(), 0
    while at < len(words):
        if words[at] in kept:
            at += 1
            continue
        phrase = next(
            (n for n in range(min(_LONGEST_PHRASE, len(words) - at), 0, -1) if tuple(words[at : at + n]) in english), 0
        )
        if not phrase:
            return False
        at += phrase
    return True


def _read_run(words: list[str], kept: frozenset[str]) -> str | None:
    """What a run of Latin words stands for, or None when it is none of the data's (a name, DVD); a word
    in `kept` (the scenario's own: kenta, key) stays as typed."""
    english, alone = _english(), _english_alone()
    spelled = [None if _NAMED.match(word) else as_kana(word.lower()) for word in words]
    words = [word.lower() for word in words]
    # romaji when every word spells syllables and one at least is no English word (mata ne; not see you)
    own = [(w, s) for w, s in zip(words, spelled, strict=True) if w not in kept]
    romaji = all(s is not None for _, s in own) and any(w not in alone and (w,) not in english for w, _ in own)
    if not romaji and len(words) > 1 and not _covered(words, kept):
        return None  # (English the data does not cover whole: can I go home now? is the model's to read)
    out: list[str] = []
    at = 0
    changed = False
    while at < len(words):
        phrase = next(
            (
                n
                for n in range(min(_LONGEST_PHRASE, len(words) - at), 0, -1)
                if tuple(words[at : at + n]) in english
                and (n > 1 or not romaji)
                and not kept.intersection(words[at : at + n])
            ),
            0,
        )
        if phrase:
            out.append(english[tuple(words[at : at + phrase])])
            at += phrase
            changed = True
            continue
        word, kana = words[at], spelled[at]
        if word in kept:
            out.append(f" {word} ")
        elif romaji and len(words) > 1 and word in _particles():
            out.append(_particles()[word])
            changed = True
        elif kana is not None and (romaji or word not in alone):
            out.append(kana)
            changed = True
        else:
            out.append(f" {word} ")
        at += 1
    return re.sub(" +", " ", "".join(out)).strip() if changed else None


def latin_words(names: tuple[str, ...]) -> frozenset[str]:
    """The Latin words of a scenario's names (kenta, key, pc): a line that types them means them."""
    return frozenset(word.lower() for name in names for word in re.findall(_WORD, unicodedata.normalize("NFKC", name)))


# One consonant a kana input method left unconverted between two kana (かえりまsう, いkこう, みnな).
_LEFT_OVER = re.compile("(?<=[ぁ-ゖ])([bcdfghjkmnprstvwyz])(?=([ぁ-ゖ]))")
_VOWELS = {"あ": "a", "い": "i", "う": "u", "え": "e", "お": "o"}


def _left_over(match: re.Match[str]) -> str:
    """The letter with the kana after it: a vowel, the syllable they spell (sう: す, so the vowel's kana is
    dropped with it by the caller); n before any other kana, ん (みnな); a letter doubled by the next kana's
    own (kこ), nothing. Any other is left as typed: which vowel was lost cannot be known (しつれいしmす)."""
    letter, after = match.group(1), match.group(2)
    if after in _VOWELS:
        return as_kana(letter + _VOWELS[after]) or match.group(0)
    if letter == "n":
        return "ん"
    spelled = next((r for r, k in _syllables() if k == after), "")
    return "" if spelled.startswith(letter) else letter


def _without_left_overs(raw: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """`raw` with its left-over consonants read, and each (as typed, as read)."""
    out, read, at = [], [], 0
    for match in _LEFT_OVER.finditer(raw):
        if match.start() < at:
            continue
        meant = _left_over(match)
        # (the vowel's kana went into the syllable: it is read too)
        end = match.end() + (1 if match.group(2) in _VOWELS and meant != match.group(0) else 0)
        out.append(raw[at : match.start()] + meant)
        if meant != match.group(0):
            read.append((raw[match.start() : end], meant))
        at = end
    return "".join(out) + raw[at:], tuple(read)


def read_latin(raw: str, kept: frozenset[str] = frozenset()) -> Latin:
    """`raw` with each run of Latin words read as the Japanese it stands for; as typed when it has none.
    Words in `kept` (latin_words of the scenario's names) stay as typed. A going that closes its run is
    said after the Japanese words that follow it, up to a pause (let's go 倉庫、… → 倉庫に行こう、…).
    First, a consonant the input method left between two kana is read with them (かえりまsう)."""
    cleaned, left_overs = _without_left_overs(raw)
    if left_overs:
        inner = read_latin(cleaned, kept)
        return replace(inner, read=(*left_overs, *inner.read))
    read: list[tuple[str, str]] = []
    out: list[str] = []
    at = 0
    for run in _RUN.finditer(raw):
        meant = _read_run(_words(run.group(0)), kept)
        out.append(raw[at : run.start()])
        at = run.end()
        if meant is None:
            out.append(run.group(0))
            continue
        read.append((run.group(0), meant))
        going = next((g for g in _before_a_place() if meant.endswith(g)), None)
        place = _PLACE_AFTER.match(raw, at) if going is not None else None
        if going is not None and place is not None:
            meant = f"{meant[: -len(going)]}{place.group(1)}{_before_a_place()[going]}"
            at = place.end()
        out.append(meant)
    out.append(raw[at:])
    return Latin("".join(out), tuple(read)) if read else Latin(raw)
