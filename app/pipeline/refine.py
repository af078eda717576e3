"""Stage 5: named rules that decide before the model (when they are certain) or correct it after.

Each rule is a function (action, context) -> Outcome | None whose docstring names the failure it
prevents. Rules use only general Japanese (movement verbs, farewells, agreement) and the scenario's
own data (location names, examples) — never the words of one story."""

from __future__ import annotations

from app.pipeline.actions import Action
from app.pipeline.rules.context import NO_PHRASES, Outcome, Rule, RuleContext, ScenarioPhrases, people_and_places
from app.pipeline.rules.going import (
    doing_something_at_a_place,
    explicit_move,
    going_by_description,
    going_left_undecided,
    going_out_of_reach,
    going_to_a_person,
    going_where_pointed,
    move_asked_leave_for,
    move_given_up,
    move_needs_destination_or_cue,
    move_needs_movement,
    move_set_on_another_day,
    place_is_the_subject,
    place_is_where_it_comes_from,
    place_put_off,
    place_question_is_not_move,
    searching_a_place,
    seeing_someone_where_they_are,
    waiting_at_place,
)
from app.pipeline.rules.leaving import (
    farewell_leaves,
    farewell_without_leave,
    leave_needs_cue,
)
from app.pipeline.rules.replies import (
    agreement_to_invitation,
    agreement_to_offer,
    choosing_an_offered_place,
    choosing_by_position,
    put_off_for_now,
    refusal_to_invitation,
    refusal_to_offer,
    yes_to_leaving,
)
from app.pipeline.rules.topics import (
    bare_reply_is_small_talk,
    compliment_is_small_talk,
    knowledge_echo,
    more_of_the_last_line,
    near_verbatim_example,
    person_whereabouts_is_no_topic,
    personal_question_is_small_talk,
    place_whereabouts_is_no_topic,
    remark_on_a_thing_is_small_talk,
    steering_attempt,
    tenure_is_small_talk,
    topic_already_heard,
    topic_needs_speech,
    topic_set_aside,
)

# The rules are imported from here (tests, the trials, interpret.py): one place that orders them.
__all__ = [
    "AFTER_MODEL",
    "BEFORE_MODEL",
    "NOT_A_READING",
    "NO_PHRASES",
    "Outcome",
    "Rule",
    "RuleContext",
    "ScenarioPhrases",
    "agreement_to_invitation",
    "agreement_to_offer",
    "bare_reply_is_small_talk",
    "choosing_an_offered_place",
    "choosing_by_position",
    "compliment_is_small_talk",
    "doing_something_at_a_place",
    "explicit_move",
    "farewell_leaves",
    "farewell_without_leave",
    "first_outcome",
    "going_by_description",
    "going_left_undecided",
    "going_out_of_reach",
    "going_to_a_person",
    "going_where_pointed",
    "knowledge_echo",
    "leave_needs_cue",
    "more_of_the_last_line",
    "move_asked_leave_for",
    "move_given_up",
    "move_needs_destination_or_cue",
    "move_needs_movement",
    "move_set_on_another_day",
    "near_verbatim_example",
    "people_and_places",
    "person_whereabouts_is_no_topic",
    "personal_question_is_small_talk",
    "place_is_the_subject",
    "place_is_where_it_comes_from",
    "place_put_off",
    "place_question_is_not_move",
    "place_whereabouts_is_no_topic",
    "put_off_for_now",
    "refusal_to_invitation",
    "refusal_to_offer",
    "remark_on_a_thing_is_small_talk",
    "searching_a_place",
    "seeing_someone_where_they_are",
    "steering_attempt",
    "tenure_is_small_talk",
    "topic_already_heard",
    "topic_needs_speech",
    "topic_set_aside",
    "waiting_at_place",
    "yes_to_leaving",
]

BEFORE_MODEL: tuple[Rule, ...] = (
    steering_attempt,
    near_verbatim_example,
    explicit_move,
    going_left_undecided,
    place_put_off,
    waiting_at_place,
    searching_a_place,
    doing_something_at_a_place,
    going_to_a_person,
    going_where_pointed,
    seeing_someone_where_they_are,
    going_out_of_reach,
    farewell_leaves,
    agreement_to_invitation,
    choosing_an_offered_place,
    choosing_by_position,
    refusal_to_invitation,
    refusal_to_offer,
    put_off_for_now,
    yes_to_leaving,
    agreement_to_offer,
    farewell_without_leave,
    knowledge_echo,
    more_of_the_last_line,
    going_by_description,
)

# Vetoes that say the text does not mean a move at all (no movement in it): such a move is no reading
# of the text, so it drops out of the decision instead of turning it into なし (measured on the public
# sets: the next reading is then usually the topic about that place, 「楽屋の扉のカギ…」 → 鍵の管理); so
# does a topic the text names only to set it aside (彗星じゃなくて、…), for the one it asks about instead.
NOT_A_READING = frozenset(
    {
        "move_needs_destination_or_cue",
        "move_needs_movement",
        "move_set_on_another_day",
        "move_given_up",
        "place_question_is_not_move",
        "topic_set_aside",
    }
)
AFTER_MODEL: tuple[Rule, ...] = (
    place_is_the_subject,
    place_is_where_it_comes_from,
    move_needs_destination_or_cue,
    move_needs_movement,
    move_set_on_another_day,
    move_given_up,
    place_question_is_not_move,
    topic_set_aside,
    person_whereabouts_is_no_topic,
    place_whereabouts_is_no_topic,
    topic_already_heard,
    topic_needs_speech,
    leave_needs_cue,
    move_asked_leave_for,
    tenure_is_small_talk,
    personal_question_is_small_talk,
    compliment_is_small_talk,
    remark_on_a_thing_is_small_talk,
    bare_reply_is_small_talk,
)


def first_outcome(rules: tuple[Rule, ...], action: Action | None, ctx: RuleContext) -> Outcome | None:
    for rule in rules:
        outcome = rule(action, ctx)
        if outcome is not None:
            return outcome
    return None
