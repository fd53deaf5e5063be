"""Folds of the game and turn flow: the start and end of the game and of each turn,
actions and bonus actions, advantage, and the once-per-turn marks (character bonus and
actions, the end-of-turn draw, readings)."""

from __future__ import annotations

from engine.core import events as ev
from engine.core.folds.base import Fold, registrar
from engine.core.ids import FIRST_PLAYER_SPACE, SECOND_PLAYER_SPACE
from engine.core.state import (
    CHARACTER_ACTIONS,
    NO_STRIKE_BONUS,
    CharacterActionState,
    EndReason,
    NoStrikeBonusState,
    Phase,
    State,
)

FOLDS: dict[type, Fold] = {}
on = registrar(FOLDS)


@on(ev.GameStarted)
def _game_started(state: State, e: ev.GameStarted) -> None:
    state.phase = Phase.PLAYING
    state.first_player = e.first
    state.active = e.first
    state.players[e.first].space = FIRST_PLAYER_SPACE
    state.players[e.first.other].space = SECOND_PLAYER_SPACE


@on(ev.TurnStarted)
def _turn_started(state: State, e: ev.TurnStarted) -> None:
    state.turn = e.turn
    state.active = e.player
    state.next_player = None
    state.bonus_actions = 0
    for p in state.players:
        p.used_character_bonus = False
        p.skip_end_of_turn_draw = False


@on(ev.ActionTaken)
def _action(state: State, e: ev.ActionTaken) -> None:
    if state.bonus_actions > 0 and e.player == state.active:
        state.bonus_actions -= 1


@on(ev.BonusActionGranted)
def _bonus(state: State, e: ev.BonusActionGranted) -> None:
    """One more bonus action. It may be the Strike action, whatever a strikeless one
    granted earlier this turn (effects.md, take_bonus_actions: ``disable_strike_action``
    restricts only the actions it grants; Hilda's Revert after her strikeless exceeded
    action): this turn's strikeless record ends, and ``BonusStrikeForbidden`` right after
    this event sets it again for a strikeless grant."""
    state.bonus_actions += 1
    found = state.mechanics.get(NO_STRIKE_BONUS)
    if isinstance(found, NoStrikeBonusState) and found.turn == state.turn:
        state.mechanics[NO_STRIKE_BONUS] = NoStrikeBonusState(turn=0)


@on(ev.AdvantageGained)
def _advantage(state: State, e: ev.AdvantageGained) -> None:
    state.next_player = e.player


@on(ev.TurnEnded)
def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    state.active = e.next_player
    state.next_player = None


@on(ev.GameEnded)
def _game_ended(state: State, e: ev.GameEnded) -> None:
    state.phase = Phase.OVER
    state.winner = e.winner
    state.end_reason = EndReason(e.reason)


@on(ev.CharacterBonusUsed)
def _character_bonus(state: State, e: ev.CharacterBonusUsed) -> None:
    state.players[e.player].used_character_bonus = True


@on(ev.EndOfTurnDrawSkipped)
def _draw_skipped(state: State, e: ev.EndOfTurnDrawSkipped) -> None:
    state.players[e.player].skip_end_of_turn_draw = True


@on(ev.DrawChoiceGranted)
def _draw_choice(state: State, e: ev.DrawChoiceGranted) -> None:
    state.players[e.player].draw_from_bottom = True


@on(ev.CharacterActionRecorded)
def _character_action_recorded(state: State, e: ev.CharacterActionRecorded) -> None:
    record = state.mechanics.get(CHARACTER_ACTIONS)
    if not isinstance(record, CharacterActionState) or record.turn != state.turn:
        record = state.mechanics[CHARACTER_ACTIONS] = CharacterActionState(turn=state.turn)
    record.used[e.player] = [int(e.exceeded), e.index]


@on(ev.BonusStrikeForbidden)
def _bonus_strike_forbidden(state: State, e: ev.BonusStrikeForbidden) -> None:
    state.mechanics[NO_STRIKE_BONUS] = NoStrikeBonusState(turn=state.turn)


@on(ev.RangeNamed)
def _range_named(state: State, e: ev.RangeNamed) -> None:
    pass


@on(ev.CardNamed)
def _card_named(state: State, e: ev.CardNamed) -> None:
    if e.reading:
        state.players[e.player.other].reading = e.name


@on(ev.PassingBlocked)
def _passing_blocked(state: State, e: ev.PassingBlocked) -> None:
    state.players[e.player].blocks_passing = e.blocked
