"""Stage 2a: whom the player addressed, and the candidates that remain for that character."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from app import lexicon
from app.pipeline.candidates import Candidate
from app.pipeline.readings.text import kana_readings
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer, normalize

AddresseeReason = Literal["called", "asked_opinion", "selected", "responder", "none"]

# Kin words that follow a name as an honorific does in village speech (トメばあ, 源じい, 勇吉おじ)
KINSHIP_AFTER_A_NAME = ("じい", "ばあ", "おじ", "おば")
HONORIFICS = ("さん", "ちゃん", "くん", "君", "さま", "様", "先輩", "せんぱい", "殿", "氏", *KINSHIP_AFTER_A_NAME)
# Honorifics a player swaps for one another, politeness kept (奥様, 奥さま, 奥さん)
_POLITE_HONORIFICS = tuple(normalize(h) for h in ("さん", "さま", "様"))
_HONORIFICS_LONGEST_FIRST = tuple(sorted((normalize(h) for h in HONORIFICS), key=len, reverse=True))
# After a name at the start of the text: a comma or exclamation (灯ちゃん、… / 湊！), or nothing else;
# the old vocative や or よ may come first (ミサキや、… / 慈空よ、…).
_CALL_SEPARATOR = re.compile(r"^(?:[やよ]?[、,，!！?？…‥]|$)")
# A call may open with a word that only gets attention or moves the talk on (ねえ、灯ちゃん… / さあ森さん、… /
# おい湊！ / ところで湊さん、…), with a yes, a no or a filler (はい、はやしさん、… / はい局長、…), or with a
# stammered or startled first sound and a pause (さ、さくら先輩… / え、園長…): app/lexicon/speech.json.
_ATTENTION = re.compile(
    "^(?:(?:{})[、,，]?|[ぁ-ゖァ-ヺ][、,，])".format(
        "|".join(
            map(
                re.escape,
                sorted(
                    (*lexicon.phrases("speech", "call_openers"), *lexicon.phrases("speech", "replies_before_a_call")),
                    key=len,
                    reverse=True,
                ),
            )
        ),
    )
)
# A name and an honorific run into what follows, with no pause (森岡さんこの花って…): a call when what follows
# opens an utterance (speech.json's after_a_called_name, or a word in kanji not in not_after_a_called_name:
# 森岡さん家 talks about their home; katakana is folded to hiragana by then, and reads as a particle might).
_AFTER_A_CALLED_NAME = lexicon.phrases("speech", "after_a_called_name")
_NOT_AFTER_A_CALLED_NAME = lexicon.phrases("speech", "not_after_a_called_name")
_KANJI = re.compile(r"^[一-龯々]")
# Text typed without punctuation, or dictated, sets a call off with a space (所長 あしたの予約って…);
# normalize() drops white space, so the finder reads a run of it as the comma it stands for.
_SPACE_RUN = re.compile(r"\s+")
# <name>はどう思う？ / <name>の意見は？ / <name>に聞きたい: the player turns to that character.
_OPINION = re.compile(r"^(?:は|って|に|の)(?:.*)(?:どう思|どう考|どうです|どう\?|どう$|意見|聞きたい|聞いて|訊)")


@dataclass(frozen=True)
class Addressee:
    character: str | None
    reason: AddresseeReason
    name: str | None = None  # the name as written, when the text called someone


@dataclass(frozen=True)
class Removed:
    candidate: Candidate
    by: str
    detail: str


def character_names(scenario: Scenario, character_id: str) -> list[str]:
    """A character's id and aliases, normalised, longest first; one ending in a polite honorific also with
    the others (お嬢様: お嬢さん, お嬢さま)."""
    character = scenario.character(character_id)
    names = {normalize(n) for n in (character_id, *(character.aliases if character else [])) if n.strip()}
    # (a name written with one polite honorific is called with another too: お嬢さん for お嬢様)
    names |= {
        f"{name[: -len(written)]}{other}"
        for name in names
        for written in _POLITE_HONORIFICS
        if name.endswith(written) and len(name) > len(written)
        for other in _POLITE_HONORIFICS
    }
    return sorted(names, key=lambda name: (-len(name), name))


# The names a call may use, per present character: with the analyser, a name written with kanji also as it
# reads, three kana or more (せんせい、… for 先生; けんたくん for 健太), for a player typing kana or romaji.
CallNames = dict[str, list[str]]


def _call_names(state: GameState, scenario: Scenario, analyzer: TextAnalyzer | None) -> CallNames:
    names: CallNames = {}
    for character_id in state.present:
        written = character_names(scenario, character_id)
        readings = kana_readings(written, analyzer) if analyzer is not None else []
        names[character_id] = sorted({*written, *readings}, key=len, reverse=True)
    return names


# A stage direction opening the text (（水無瀬さんに）…, *駐在さんの方を向いて*): whom it turns to (speech.json's
# turning_to, after a present character's name) is the addressee; a call may follow it.
_STAGE_DIRECTION = re.compile(r"^[(*]([^()*]*)[)*]")
_TURNING_TO = tuple(sorted(lexicon.phrases("speech", "turning_to"), key=len, reverse=True))

# Where a later sentence starts: a player may answer first and then turn to someone (泊まります。誠さん、…).
_SENTENCE_START = re.compile(r"(?<=[。.!?！？])(?![。.!?！？」』)]|$)")


def find_addressee(text: str, state: GameState, scenario: Scenario, analyzer: TextAnalyzer | None = None) -> Addressee:
    """A present character called at the start of the text, or of a later sentence, wins, then one
    called at its end, then the on-screen selection, then the usual responder. With the analyser, a name
    may be called by how it reads."""
    norm = normalize(_SPACE_RUN.sub("、", text.strip()))
    names = _call_names(state, scenario, analyzer)
    starts = [0, *(m.start() for m in _SENTENCE_START.finditer(norm))]
    if (direction := _STAGE_DIRECTION.match(norm)) is not None:
        if (turned := _turned_to(direction.group(1), names)) is not None:
            return turned
        starts.insert(1, direction.end())
    for start in starts:
        sentence = norm[start:].lstrip()
        after_attention = _ATTENTION.sub("", sentence, count=1)
        # (a later sentence turns to someone only by calling them: わかった。湊の意見は関係ない asks no one)
        called = _called(sentence, names, opinion=start == 0)
        if called is None and after_attention != sentence:
            called = _called(after_attention, names, opinion=start == 0)
        if called is not None:
            return called
    if (called := _called_at_the_end(norm, names)) is not None:
        return called
    if state.selected is not None:
        return Addressee(state.selected, "selected")
    if state.responder is not None:
        return Addressee(state.responder, "responder")
    return Addressee(None, "none")


def _turned_to(direction: str, names: CallNames) -> Addressee | None:
    """The present character a stage direction turns to: their name, any honorific, then a word of
    turning (に, の方を向いて, に向き直って)."""
    for character_id, called_by in names.items():
        for name in called_by:
            if not direction.startswith(name):
                continue
            rest = direction[len(name) :]
            honorific = next((h for h in _HONORIFICS_LONGEST_FIRST if rest.startswith(h)), "")
            if rest[len(honorific) :].startswith(_TURNING_TO):
                return Addressee(character_id, "called", name)
    return None


def _called(norm: str, names: CallNames, opinion: bool = True) -> Addressee | None:
    """The present character whose name opens `norm` as a call or a request for their opinion."""
    for character_id, called_by in names.items():
        for name in called_by:
            if not norm.startswith(name):
                continue
            rest = norm[len(name) :]
            honorific = next((h for h in _HONORIFICS_LONGEST_FIRST if rest.startswith(h)), "")
            rest = rest[len(honorific) :]
            if _CALL_SEPARATOR.match(rest) or (honorific and _runs_into_a_call(rest)):
                return Addressee(character_id, "called", name)
            if opinion and _OPINION.match(rest):
                return Addressee(character_id, "asked_opinion", name)
    return None


# A call closing the text, after what the player says to them (記録残ってますか、堂本さん / へばな、勇作さん): the
# name set off by a comma, a question or an exclamation mark, with only closing marks after it; not with a
# question mark after it (それって、湊さん？ asks who).
_BEFORE_A_LAST_CALL = ("、", ",", "!", "?")
_PAUSE_MARKS = "".join(_BEFORE_A_LAST_CALL)
_AFTER_A_LAST_CALL = "。.!~〜"


def _called_at_the_end(norm: str, names: CallNames) -> Addressee | None:
    """The present character whose name, with any honorific, closes `norm` as a call."""
    body = norm.rstrip(_AFTER_A_LAST_CALL)
    for character_id, called_by in names.items():
        for name in called_by:
            for honorific in (*_HONORIFICS_LONGEST_FIRST, ""):
                before = body.removesuffix(f"{name}{honorific}")
                if before != body and before.endswith(_BEFORE_A_LAST_CALL) and before.rstrip(_PAUSE_MARKS):
                    return Addressee(character_id, "called", name)
    return None


def _runs_into_a_call(rest: str) -> bool:
    """What follows a name and an honorific with no pause opens what the player says to them."""
    if rest.startswith(_NOT_AFTER_A_CALLED_NAME):
        return False
    return rest.startswith(_AFTER_A_CALLED_NAME) or _KANJI.match(rest) is not None


def filter_by_addressee(
    candidates: list[Candidate], addressee: Addressee, state: GameState
) -> tuple[list[Candidate], list[Removed]]:
    """When the player turned to someone other than the usual responder (called them, or selected them
    on screen), topics whose scripted line another character speaks are not reachable through that
    character, whoever knows about them: the seed's filter exists so that a question put to one
    character never plays another's scripted line (the answer is なし, and the game handles it as free
    talk with the one addressed). A topic with no scripted line that only other present characters know
    (answered intents derived from `knowledge`) is out of reach the same way. The usual responder,
    called by name or not, stands for the whole scene, and nothing is removed (contract, section 2)."""
    who = addressee.character
    if who is None or who == state.responder:
        return list(candidates), []
    kept, removed = [], []
    for candidate in candidates:
        if candidate.source == "available" and candidate.speaker not in (None, who):
            removed.append(Removed(candidate, "addressee", f"{candidate.speaker} speaks this line, not {who}"))
        elif candidate.source == "answered" and candidate.known_by and who not in candidate.known_by:
            known_by = ", ".join(candidate.known_by)
            removed.append(Removed(candidate, "addressee", f"only {known_by} knows this topic, not {who}"))
        else:
            kept.append(candidate)
    return kept, removed
