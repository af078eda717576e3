"""What every rule reads: the text, the state, the candidates left, the scenario's own phrases; and what
a rule answers (an Outcome)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from app.pipeline.actions import Action
from app.pipeline.addressee import HONORIFICS, character_names
from app.pipeline.candidates import Candidate
from app.pipeline.readings.farewell import CLOSING_WORDS, FAREWELL_END_PARTICLES, before_a_parting_wish
from app.pipeline.readings.movement import (
    MOVE_VERBS,
    has_movement_cue,
    not_now,
    phrase_on_another_day,
    without_what_is_put_off,
)
from app.pipeline.readings.replies import is_invitation
from app.pipeline.readings.stage import Staged, staged
from app.pipeline.readings.text import (
    INTERJECTIONS,
    SENTENCE_END_PARTICLES,
    kana_readings,
    mentioned_moves,
    opens_a_clause_at,
    trim,
)
from app.scenario import Phrases, Scenario
from app.schemas import GameState
from app.text import AnalyzedText, TextAnalyzer, normalize, strip_punctuation, whole_word_starts

# After a place name, these make it the topic of the sentence (ロビーについて, ロビーのこと).
ABOUT = ("について", "のこと", "の話", "の噂")


@dataclass(frozen=True)
class ScenarioPhrases:
    """A scenario's `phrases`, each without punctuation as texts are compared: what they add to the
    built-in lexicon for that scenario only. A farewell counts at the end of the text (after it, only a
    sentence-end particle, or a parting wish in a clause of its own); an agreement opening the text or a
    clause; a refusal where no noun comes right before it; the other kinds anywhere in it."""

    farewell: tuple[str, ...] = ()
    invitation: tuple[str, ...] = ()
    agreement: tuple[str, ...] = ()
    refusal: tuple[str, ...] = ()
    movement: tuple[str, ...] = ()
    # Each farewell listed with a closing particle, without it (けえるよ: けえる): the text may close on another
    # particle (けえるね); only then, for bare it may be a word of its own (したらね's したら opens a sentence).
    bare_farewells: tuple[str, ...] = ()

    @classmethod
    def of(cls, phrases: Phrases) -> ScenarioPhrases:
        def keys(values: list[str]) -> tuple[str, ...]:
            return tuple(dict.fromkeys(k for v in values if (k := strip_punctuation(v))))

        farewell, movement = keys(phrases.farewell), keys(phrases.movement)
        return cls(
            farewell,
            keys(phrases.invitation),
            keys(phrases.agreement),
            keys(phrases.refusal),
            tuple(dict.fromkeys((*movement, *(form for p in movement for form in _going_forms(p))))),
            _bare_forms(farewell),
        )

    def said(self, kind: str, text: AnalyzedText) -> str | None:
        """The first phrase of `kind` the text contains; an agreement only from a word that opens the text or
        a clause, as a built-in yes (なんだか雨降りそうだっぺな holds んだ and そうだっぺ, and agrees to nothing);
        a refusal only from a word that no noun comes right before (川風が気持ちええわ praises the breeze; わしは
        ええわ, もうええわ decline). Other kinds anywhere: the analyser cuts dialect at odd places (浜行こわい:
        浜行 + こわい)."""
        phrases: tuple[str, ...] = getattr(self, kind)
        if not phrases:  # (most scenarios list none: the rules ask on every request)
            return None
        if kind not in ("agreement", "refusal"):
            key = strip_punctuation(text.raw)
            return next((p for p in phrases if p in key), None)
        said_at = opens_a_clause_at if kind == "agreement" else _after_no_noun
        words = [strip_punctuation(surface) for surface, _, _ in text.tokens]
        return next(
            (
                phrase
                for phrase in phrases
                if any(
                    said_at(text, i) and not _opens_a_longer_opener(words[i:], normalize(phrase))
                    for i in whole_word_starts(normalize(phrase), words, to_a_word_end=False)
                )
            ),
            None,
        )

    def without_own_words(self, norm: str) -> str:
        """The normalised text with the phrases the scenario lists for inviting, agreeing and moving blanked
        out: a built-in no inside one is the dialect's own word (Oki's 行かいや, let's go, holds いや)."""
        for phrase in sorted((*self.invitation, *self.agreement, *self.movement), key=len, reverse=True):
            norm = norm.replace(normalize(phrase), "\0")
        return norm

    def farewell_at_end(self, text: AnalyzedText) -> str | None:
        """The scenario's farewell the text ends with, or closes on before a parting wish in a clause of its
        own (おれはこれでけえるね、とみばあも達者でな), unless the text asks something."""
        if not self.farewell or trim(text.norm).endswith("?"):
            return None
        keys = [strip_punctuation(said) for said in (text.raw, before_a_parting_wish(text.raw)) if said]
        bare = [key[: -len(p)] for key in keys for p in FAREWELL_END_PARTICLES if key.endswith(p)]
        listed = (p for p in self.farewell for ending in (*keys, *bare) if ending.endswith(p))
        return next(listed, None) or next(
            (p for p in self.bare_farewells for ending in bare if ending.endswith(p)), None
        )


NO_PHRASES = ScenarioPhrases()


def _opens_a_longer_opener(words: list[str], phrase: str) -> bool:
    """Whether the words from the phrase's start open with a longer opener that starts as the phrase does: a
    then (んだら, んだば) is not the yes (んだ) it begins with, nor is a well-then a no."""
    said = "".join(words)
    return any(len(o) > len(phrase) and o.startswith(phrase) and said.startswith(o) for o in INTERJECTIONS)


def _after_no_noun(text: AnalyzedText, index: int) -> bool:
    """Whether the text's word at `index` starts it or follows a word that is no noun: a noun right before a
    refusal phrase is what it says is good or unneeded (川風が気持ちええわ), not a no."""
    return index == 0 or text.tokens[index - 1][2] != "名詞"


def _bare_forms(farewells: tuple[str, ...]) -> tuple[str, ...]:
    """Each farewell that ends on a sentence-end particle, without it (けえるよ: けえる), as a writer lists one
    with the particle they heard and the player ends it with another. Not when what is left is under three
    characters (いぬわ's いぬ is a dog) or a well-then (ほんならね's ほんなら)."""
    bare = (
        rest
        for phrase in farewells
        for particle in SENTENCE_END_PARTICLES
        if phrase.endswith(particle)
        and len(rest := phrase[: -len(particle)]) >= 3
        and normalize(rest) not in CLOSING_WORDS
    )
    return tuple(dict.fromkeys(bare))


# A verb's last kana in its dictionary form: its て form, its stem before ます, its let's (さるく: さるいて,
# さるきま…, さるこう); る also as a verb of one stem (のぼせる: のぼせて…). No past: さるいた walked. A stem of two
# kana or more, so that a short phrase does not match inside other words.
_GODAN_FORMS = {
    "く": ("いて", "きま", "こう"),
    "ぐ": ("いで", "ぎま", "ごう"),
    "す": ("して", "しま", "そう"),
    "つ": ("って", "ちま", "とう"),
    "ぬ": ("んで", "にま", "のう"),
    "ぶ": ("んで", "びま", "ぼう"),
    "む": ("んで", "みま", "もう"),
    "る": ("って", "りま", "ろう", "て", "ま", "よう"),
    "う": ("って", "いま", "おう"),
}


def _going_forms(phrase: str) -> tuple[str, ...]:
    """A movement phrase that ends on a verb in its dictionary form (さるく, Nagasaki's walking about),
    as the player conjugates it going now (眼鏡橋のほうばさるいてみようかね)."""
    stem, last = phrase[:-1], phrase[-1:]
    return tuple(f"{stem}{form}" for form in _GODAN_FORMS.get(last, ())) if len(stem) >= 2 else ()


Names = tuple[tuple[str, tuple[str, ...]], ...]  # (id, normalised id and aliases) per character or place


def people_and_places(scenario: Scenario) -> tuple[Names, Names]:
    """The scenario's characters' and places' names, as RuleContext takes them."""
    characters = tuple((c.id, tuple(character_names(scenario, c.id))) for c in scenario.characters)
    places = tuple((p.id, tuple(dict.fromkeys(normalize(n) for n in (p.id, *p.aliases)))) for p in scenario.locations)
    return characters, places


@dataclass(frozen=True)
class RuleContext:
    text: AnalyzedText
    state: GameState
    candidates: tuple[Candidate, ...]  # after the addressee step: the final answer must be one of these
    analyzer: TextAnalyzer
    phrases: ScenarioPhrases = NO_PHRASES  # the scenario's own additions to the lexicon
    character_names: Names = ()  # every character's (people_and_places)
    location_names: Names = ()  # every place's, reachable or not

    def moves_in_text(self, verbs: frozenset[str] = MOVE_VERBS) -> bool:
        """A movement verb (has_movement_cue) or one of the scenario's own movement phrases, not set on
        another day (としょしつ は あとで いきます, with いきます the scenario's)."""
        if has_movement_cue(self.text, verbs, self.place_names):
            return True
        phrase = self.phrases.said("movement", self.text)
        return phrase is not None and not not_now(self.text) and not phrase_on_another_day(self.text, phrase)

    @cached_property
    def place_names(self) -> tuple[str, ...]:
        """The reachable places' ids and aliases, normalised, and how those written with kanji read when
        that is three kana or more (かわら for 川原: a player typing kana; mentioned_moves reads them so)."""
        names = tuple(normalize(n) for c in self.candidates if c.action.kind == "move" for n in c.names)
        return names + tuple(dict.fromkeys(r for r in kana_readings(names, self.analyzer) if r not in names))

    @cached_property
    def names_as_typed(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """character_names, a name written with kanji also as it reads when that is three kana or more
        (げんさん for 源さん: a player typing kana), read once for every rule and candidate."""
        return tuple(
            (c, (*names, *(r for r in kana_readings(names, self.analyzer) if r not in names)))
            for c, names in self.character_names
        )

    @cached_property
    def names_beside_places(self) -> tuple[str, ...]:
        """What the scenario names that is no reachable place: the characters whose whereabouts the state
        gives (present, or `elsewhere`), the place the player is in, the places out of reach (normalised); a
        reachable place's name inside one of these is not that place (ひまわりのママ, ひまわり通り for the café
        ひまわり). Where a character is, the state not saying, the place in their name may be it (駐在さん)."""
        located = {*self.state.present, *(self.state.elsewhere or {})}
        people = (names for character, names in self.character_names if character in located)
        places = (names for _, names in self.places_out_of_reach)
        return tuple(dict.fromkeys(name for names in (*people, *places) for name in names))

    @cached_property
    def places_out_of_reach(self) -> Names:
        """The scenario's places that no move left leads to now, the player's own among them."""
        reachable = {c.action.target for c in self.candidates if c.action.kind == "move"}
        return tuple((place, names) for place, names in self.location_names if place not in reachable)

    def moves_named(
        self, text: AnalyzedText | None = None, candidates: tuple[Candidate, ...] | None = None, *, read: bool = True
    ) -> list[Candidate]:
        """mentioned_moves of `text` (the player's, by default) among `candidates` (all left, by default),
        names read as kana too unless `read` is false; a place named only inside another name of the
        scenario's is not named."""
        return mentioned_moves(
            self.text if text is None else text,
            self.candidates if candidates is None else candidates,
            self.analyzer if read else None,
            self.names_beside_places,
        )

    def candidate_for(self, action: Action) -> Candidate | None:
        return next((c for c in self.candidates if c.action == action), None)

    @cached_property
    def line_before(self) -> AnalyzedText | None:
        """The game's last line, analysed once for every rule that reads it."""
        last = self.state.last_line
        return self.analyzer.analyze(last.text) if last is not None and last.text else None

    @cached_property
    def staging(self) -> Staged:
        """The line's stage directions and speech (readings/stage.py), read once for every rule and candidate."""
        return staged(self.text.raw)

    @cached_property
    def spoken(self) -> RuleContext:
        """The context with the line's stage directions read as sentences of their own, and a speech wholly
        in 「」 as said (「では、また伺います」（一礼して暖簾をくぐる） as では、また伺います。一礼して暖簾を
        くぐる。: a farewell, then a parting gesture); itself for a line of speech only."""
        line = self.staging
        return self if line.plain else replace(self, text=self.analyzer.analyze(line.as_sentences()))

    @cached_property
    def decided_text(self) -> AnalyzedText:
        """The text without its sentences, before the last, that put something off or leave it undecided
        (without_what_is_put_off), read once for every rule and every candidate that asks."""
        return without_what_is_put_off(self.text, self.analyzer)

    def invites(self, line: AnalyzedText) -> bool:
        """The line invites (行ってみない？, 一緒に見に行くか) by the built-in data or the scenario's own."""
        return is_invitation(line) or self.phrases.said("invitation", line) is not None


@dataclass(frozen=True)
class Outcome:
    action: Action
    rule: str
    detail: str


Rule = Callable[[Action | None, RuleContext], Outcome | None]


def topic_texts(candidate: Candidate | None) -> tuple[str, ...]:
    """What the scenario writes about a topic: its description, examples and what the characters know
    of it (none for a pick that is no candidate)."""
    return (candidate.description, *candidate.examples, *candidate.notes) if candidate else ()


HONORIFIC_FORMS = tuple(normalize(h) for h in HONORIFICS)  # normalised, as texts are


def as_called(names: tuple[str, ...]) -> tuple[str, ...]:
    """A character's names (normalised) as a text may call them: alone or with an honorific (真壁, 真壁さん)."""
    return tuple(f"{name}{h}" for name in names for h in ("", *HONORIFIC_FORMS))
