"""Causes (log format v2, ``engine/core/causes.py``): every event records what produced it
(a card's effect, a named rule, or the decision) and the event it follows from.

Ryu (P1) and Ken (P2) from the scenario builder; standard Normals: Assault (range 1,
power 4, speed 5, ``before: close 2``), Spike (range 2-3, power 5, speed 3)."""

from __future__ import annotations

import io

from conftest import CATALOG, P1, P2, position

from engine import events as ev
from engine.core.causes import DECIDED, UNKNOWN, Cause, CauseKind, describe
from engine.core.decisions import MoveTo, Prepare
from engine.play.scenario import Scenario
from engine.recording.log import FORMAT_VERSION
from engine.recording.record import Recording, read_game_bytes


def test_every_event_has_a_cause_and_causes_follow_from_earlier_events() -> None:
    """A whole game: one cause per event, each ``after`` an earlier event or -1."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=5, hand=["spike"]))
    d.strike("assault", "spike")
    table = d.game.table
    assert len(table.causes) == len(table.events)
    assert all(-1 <= c.after < i for i, c in enumerate(table.causes))


def test_a_before_effect_is_the_cards_and_follows_from_the_reveal() -> None:
    """Assault's ``before: close 2``: Ryu's move from 3 to 4 is caused by Assault's
    ``close`` (the card reference of the Assault set), following from an event of the
    strike; the damage is the rule ``damage``; the attack set is the strike rule's."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=6, hand=["spike"]))
    d.strike("assault", "spike")
    table = d.game.table
    moved = next(i for i, e in enumerate(table.events)
                 if isinstance(e, ev.PlayerMoved) and e.player == P1)
    cause = table.causes[moved]
    assaults = [r for r in table.state.players[P1].gauge + table.state.players[P1].discard
                if table.state.card_defs[r] == "standard_normal_assault"]
    assert cause.kind is CauseKind.EFFECT and cause.what == "close"
    assert cause.card in assaults and cause.player == P1 and 0 <= cause.after < moved
    damage = [i for i, e in enumerate(table.events) if isinstance(e, ev.DamageDealt)]
    assert damage and all(table.causes[i].kind is CauseKind.RULE
                          and table.causes[i].what == "damage" for i in damage)
    sets = [i for i, e in enumerate(table.events) if isinstance(e, ev.AttackSet)]
    assert all(table.causes[i].what == "strike" for i in sets)
    assert describe(cause, lambda r: table.card(r).name) == "Assault's close"


def test_a_move_is_the_decision_and_the_end_of_turn_draw_is_a_rule() -> None:
    """Ryu moves (the Move action): the move and its force are the decision's
    (``after`` -1); the end-of-turn draw is the rule ``end_of_turn_draw``, following
    from the move; the next turn starts under ``start_of_turn``."""
    d = position(p1=dict(space=3, hand=["assault", "spike"]), p2=dict(space=7))
    start = len(d.game.table.events)
    d.act(MoveTo(space=4))
    d.pay("spike")
    table = d.game.table
    events, causes = table.events[start:], table.causes[start:]
    moved = next(i for i, e in enumerate(events) if isinstance(e, ev.PlayerMoved))
    assert causes[moved] == DECIDED
    drawn = next(i for i, e in enumerate(events) if isinstance(e, ev.CardMoved)
                 and e.reason is ev.MoveReason.DRAW)
    assert causes[drawn].kind is CauseKind.RULE and causes[drawn].what == "end_of_turn_draw"
    assert causes[drawn].after >= start
    started = next(i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted))
    assert causes[started].what == "start_of_turn"


def test_causes_are_recorded_in_each_step_and_read_back() -> None:
    """The recorder writes one cause per event in every STEP (format 2) and
    ``GameLog.causes`` reads them back in stream order."""
    game = Scenario("ryu", "ken").player(P1, space=3).player(P2, space=7).game(1)
    stream = io.BytesIO()
    recording = Recording(game, 1, stream, ("heuristic", "heuristic"), CATALOG)
    recording.step(Prepare())
    recording.play_out()
    recording.seal()
    log = read_game_bytes(stream.getvalue(), "g.exlog")
    assert log.header.format == FORMAT_VERSION >= 2
    assert log.causes() == game.table.causes
    assert all(len(s.causes) == len(s.events) for s in log.steps)
    assert UNKNOWN not in log.causes()
    assert Cause(kind=CauseKind.DECISION) == DECIDED


def test_a_card_name_ending_in_s_takes_an_apostrophe_alone() -> None:
    """``Hadoken's powerup`` but ``Shoryuken Gears' powerup``, as the transcripts write
    possessives (``Ken Masters' life``); the character card is ``the character card's``."""
    names = {1: "Hadoken", 2: "Shoryuken Gears"}
    effect = Cause(kind=CauseKind.EFFECT, what="powerup", card=1)
    assert describe(effect, names.__getitem__) == "Hadoken's powerup"
    assert describe(Cause(kind=CauseKind.EFFECT, what="powerup", card=2),
                    names.__getitem__) == "Shoryuken Gears' powerup"
    assert describe(Cause(kind=CauseKind.EFFECT, what="draw"), names.__getitem__) == \
        "the character card's draw"
