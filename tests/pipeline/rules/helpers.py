"""What the rule tests share: a rule's context for a text in a scene, and the states they play."""

from __future__ import annotations

import pytest

from app.pipeline.actions import LEAVE, NONE, Action
from app.pipeline.addressee import filter_by_addressee, find_addressee
from app.pipeline.candidates import build_candidates
from app.pipeline.refine import (
    Rule,
    RuleContext,
    agreement_to_invitation,
    compliment_is_small_talk,
    explicit_move,
    farewell_leaves,
    people_and_places,
    refusal_to_invitation,
    tenure_is_small_talk,
)
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer

Scenes = dict[str, tuple[Scenario, GameState]]
# Each scenario with a reachable place of its usual state and one of that place's aliases.
each_place_and_alias = pytest.mark.parametrize(
    ("scene", "place", "alias"), [("hoshizora", "控え室", "楽屋"), ("amatsu", "管制室", "ブリッジ")]
)
# Topics that are themselves praise or encouragement keep the pick.
PRAISING = frozenset({"励ます", "ねぎらう"})


def context(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> RuleContext:
    candidates = build_candidates(state, scenario)
    after, _ = filter_by_addressee(candidates, find_addressee(text, state, scenario), state)
    characters, places = people_and_places(scenario)
    return RuleContext(
        analyzer.analyze(text), state, tuple(after), analyzer, character_names=characters, location_names=places
    )


def after_line(state: GameState, speaker: str, text: str) -> GameState:
    """`state` with another previous line (an invitation, or a line that only looks like one)."""
    return GameState.model_validate({**state.model_dump(), "last_line": {"speaker": speaker, "text": text}})


def move(to: str) -> Action:
    return Action("move", to)


def invited_to_a_reachable_place(state: GameState, scenario: Scenario, rest_of_line: str) -> tuple[Action, GameState]:
    """The state's first reachable place, and `state` after its responder's line inviting the player there
    (the place's name, then `rest_of_line`)."""
    place = next(c.action for c in build_candidates(state, scenario) if c.action.kind == "move")
    return place, after_line(state, state.responder or "", f"{place.target}{rest_of_line}")


def topic_verdicts(
    rule: Rule, text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer
) -> dict[Action, bool]:
    """For each topic candidate of `text`: whether `rule` turns it into なし (the small-talk rules leave
    moves and leaving alone)."""
    ctx = context(text, scenario, state, analyzer)
    topics = [c.action for c in ctx.candidates if c.action.kind == "intent"]
    return {topic: rule(topic, ctx) is not None for topic in topics}


def tenure_verdicts(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> dict[Action, bool]:
    return topic_verdicts(tenure_is_small_talk, text, scenario, state, analyzer)


def assert_tenure(
    asked: tuple[str, ...], not_asked: tuple[str, ...], scenario: Scenario, state: GameState, analyzer: TextAnalyzer
) -> None:
    """`tenure_is_small_talk` vetoes every topic of each of `asked` and no topic of any of `not_asked`."""
    for text in asked:
        verdicts = tenure_verdicts(text, scenario, state, analyzer)
        assert verdicts and all(verdicts.values()), (text, verdicts)
    for text in not_asked:
        assert not any(tenure_verdicts(text, scenario, state, analyzer).values()), text


def without_leave(state: GameState) -> GameState:
    """`state` where the player cannot leave."""
    return GameState.model_validate({**state.model_dump(), "can_leave": False})


def assert_farewells(
    leaving: tuple[str, ...], staying: tuple[str, ...], scenario: Scenario, state: GameState, analyzer: TextAnalyzer
) -> None:
    """`farewell_leaves` takes each of `leaving` as leaving and none of `staying`."""
    for text in leaving:
        outcome = farewell_leaves(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == LEAVE, text
    for text in staying:
        assert farewell_leaves(None, context(text, scenario, state, analyzer)) is None, text


def assert_explicit_moves(
    place: str,
    moving: tuple[str, ...],
    staying: tuple[str, ...],
    scenes: Scenes,
    scene: str,
    analyzer: TextAnalyzer,
    rule: Rule = explicit_move,
) -> None:
    """`rule` (`explicit_move` unless told) moves to `place` on each of `moving` and on none of `staying`."""
    scenario, state = scenes[scene]
    for text in moving:
        outcome = rule(None, context(text, scenario, state, analyzer))
        assert outcome is not None and outcome.action == move(place), text
    for text in staying:
        assert rule(None, context(text, scenario, state, analyzer)) is None, text


def assert_yeses(
    line: str, replies: tuple[str, ...], scenario: Scenario, state: GameState, analyzer: TextAnalyzer
) -> GameState:
    """After the responder invites the player to the state's first reachable place (its name, then
    `line`), `agreement_to_invitation` takes each of `replies` as going there. Returns that state."""
    place, invited = invited_to_a_reachable_place(state, scenario, line)
    for text in replies:
        outcome = agreement_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == place, (line, text)
    return invited


def assert_no_invitation(
    lines: tuple[str, ...], reply: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer
) -> None:
    """After each of `lines` (a place's name, then the line), which invites no one, `reply` goes nowhere."""
    for line in lines:
        _, told = invited_to_a_reachable_place(state, scenario, line)
        assert agreement_to_invitation(None, context(reply, scenario, told, analyzer)) is None, line


def assert_noes(texts: tuple[str, ...], scenario: Scenario, invited: GameState, analyzer: TextAnalyzer) -> None:
    """After the invitation in `invited`, each of `texts` goes nowhere and declines it."""
    for text in texts:
        assert agreement_to_invitation(None, context(text, scenario, invited, analyzer)) is None, text
        outcome = refusal_to_invitation(None, context(text, scenario, invited, analyzer))
        assert outcome is not None and outcome.action == NONE, text


def assert_praise_is_small_talk(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> None:
    """`compliment_is_small_talk` vetoes every topic of `text` but those that are themselves praise."""
    verdicts = compliment_verdicts(text, scenario, state, analyzer)
    praising = PRAISING
    assert verdicts and all(v != (topic in praising) for topic, v in verdicts.items()), (text, verdicts)


def with_every_intent(state: GameState, scenario: Scenario) -> GameState:
    """`state` with every intent of `scenario` available, spoken by its responder."""
    return GameState.model_validate(
        {
            **state.model_dump(),
            "available_intents": [{"id": i.id, "speaker": state.responder} for i in scenario.intents],
        }
    )


def compliment_verdicts(text: str, scenario: Scenario, state: GameState, analyzer: TextAnalyzer) -> dict[str, bool]:
    """For each topic candidate of `text`, by id: whether `compliment_is_small_talk` turns it into なし."""
    verdicts = topic_verdicts(compliment_is_small_talk, text, scenario, state, analyzer)
    return {topic.target or "": vetoed for topic, vetoed in verdicts.items()}
