"""The mechanic seam (``engine.mechanics``): a toy mechanic registered from a test, with
no change to the rules, changes what happens at its hook points; hooks run only for the
mechanics attached to a game; Critical attaches by season and Tag Team by seat."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import CATALOG, P1, P2, Driver, position

from engine import events as ev
from engine.core.context import Flow, Table
from engine.core.decisions import ActionRequest, Decision, Prepare, _Decision
from engine.core.hooks.mechanic import Mechanic, TurnRules
from engine.core.hooks.registry import MECHANICS, hooks_for, register, seat, unregister
from engine.core.ids import Player, Zone
from engine.core.state import Stat, State
from engine.mechanics.builtin import CRITICAL, TAG_TEAM
from engine.play.api import GameSetup, initial_state


class ExtraDraw(Mechanic):
    """Toy: the turn player draws one more card at the end of every turn."""

    name = "toy_extra_draw"

    def attached(self, state: State, catalog: object) -> bool:
        return True

    def end_of_turn(self, table: Table, who: Player) -> Flow[None]:
        table.draw(who, 1)
        yield from ()


class Focus(_Decision, frozen=True, tag="toy_focus"):
    """Toy action: draw 2 cards. Not one of the engine's ``Decision`` union, which is
    closed for its types: passing one where a ``Decision`` is typed is ignored below."""


class Focusing(Mechanic):
    """Toy: a new action, Focus (draw 2), offered while the hand holds under 3 cards."""

    name = "toy_focus"

    def attached(self, state: State, catalog: object) -> bool:
        return True

    def action_options(self, table: Table, who: Player) -> list[Decision]:
        return [Focus()] if len(table.p(who).hand) < 3 else []  # type: ignore[list-item]

    def perform(
        self, table: Table, who: Player, decision: Decision, rules: TurnRules
    ) -> Flow[bool] | None:
        if not isinstance(decision, Focus):
            return None
        return self._focus(table, who)

    def _focus(self, table: Table, who: Player) -> Flow[bool]:
        table.draw(who, 2)
        yield from ()
        return False


class Overcharge(Mechanic):
    """Toy strike rules: an EX attack gets another +2 power (``ex``), and Sweep can never
    be paid for (``attack_valid``), so it is an invalid attack."""

    name = "toy_overcharge"

    def attached(self, state: State, catalog: object) -> bool:
        return True

    def ex(self, table: Table, who: Player, copies: int) -> None:
        table.emit(ev.StatModified(player=who, stat=Stat.POWER, amount=2))

    def attack_valid(self, table: Table, who: Player, card: int) -> bool:
        return table.card(card).name != "Sweep"


@pytest.fixture
def toy() -> Iterator[type[Mechanic]]:
    """Registers the toy mechanic given by the test's parameter, and removes it after."""
    added: list[Mechanic] = []

    def add(kind: type[Mechanic]) -> Mechanic:
        added.append(register(kind()))
        return added[-1]

    yield add  # type: ignore[misc]
    for mechanic in added:
        unregister(mechanic)


def _hand(d: Driver, who: Player) -> int:
    return len(d.zone(who, Zone.HAND))


def test_a_toy_end_of_turn_hook_draws_an_extra_card(toy) -> None:  # type: ignore[no-untyped-def]
    """Core rulebook, end of turn: Prepare draws 1 and the end of turn draws 1 (2 more
    cards); the toy mechanic's ``end_of_turn`` hook draws a third, and the turn still
    passes to the opponent."""
    plain = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=7))
    plain.act(Prepare())
    assert _hand(plain, P1) == 3

    toy(ExtraDraw)
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=7))
    d.act(Prepare())
    assert _hand(d, P1) == 4
    assert d.expect(ActionRequest).player == P2
    d.act(Prepare())  # the opponent's turn gets the extra draw too
    assert _hand(d, P2) == 3


def test_a_toy_action_is_offered_and_performed_without_touching_the_rules(toy) -> None:  # type: ignore[no-untyped-def]
    """The toy Focus action is offered by ``action_options`` and carried out by
    ``perform``: draw 2, then the end-of-turn draw (no strike): 1 + 2 + 1 cards, and the
    opponent acts next. Once the hand holds 3 cards or more it is not offered."""
    toy(Focusing)
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=7, hand=["spike", "grasp", "dive"]))
    assert Focus() in d.expect(ActionRequest, P1).choices  # type: ignore[comparison-overlap]
    d.act(Focus())  # type: ignore[arg-type]
    assert _hand(d, P1) == 4
    request = d.expect(ActionRequest, P2)
    assert Focus() not in request.choices  # type: ignore[comparison-overlap]


def test_toy_strike_hooks_change_ex_power_and_attack_validity(toy) -> None:  # type: ignore[no-untyped-def]
    """Core rulebook, "Resolving Strikes": EX Grasp is 3 + 1 power; the toy ``ex`` hook
    adds 2 more, so it deals 6. The toy ``attack_valid`` hook makes the defender's Sweep
    invalid: it is discarded and the top card of the deck (Dive) is wild swung."""
    toy(Overcharge)
    d = position(p1=dict(space=3, hand=["grasp", "grasp"]),
                 p2=dict(space=4, hand=["sweep"], deck=["dive", "cross"]))
    d.strike(("grasp", "grasp"), "sweep")
    [invalid] = d.events(ev.AttackInvalid)
    assert invalid.player == P2 and d.name(invalid.card) == "Sweep"
    [swing] = d.events(ev.WildSwingRevealed)
    assert d.name(swing.card) == "Dive"
    d.choose("push 1")
    assert d.events(ev.DamageDealt)[0].amount == 6
    assert d.life(P2) == 24


def test_hooks_hold_only_the_attached_mechanics_that_override_them(toy) -> None:  # type: ignore[no-untyped-def]
    """A game of two Street Fighter fighters has Critical (attached by season), not Tag
    Team; a team seat attaches Tag Team. A hook lists only the mechanics overriding it:
    Critical has none, so a single-fighter game calls no mechanic hook."""
    single = hooks_for(initial_state(GameSetup(p1="ryu", p2="ken"), CATALOG), CATALOG)
    assert CRITICAL in single.mechanics and TAG_TEAM not in single.mechanics
    assert single.action_options == () and single.attack_valid == ()
    team = hooks_for(initial_state(GameSetup(p1="ryu+ken", p2="sagat"), CATALOG), CATALOG)
    assert team.mechanics == (CRITICAL, TAG_TEAM)
    assert len(team.action_options) == 1 and team.end_of_turn == ()
    extra = toy(ExtraDraw)
    with_toy = hooks_for(initial_state(GameSetup(p1="ryu", p2="ken"), CATALOG), CATALOG)
    assert with_toy.mechanics[-1] is extra and len(with_toy.end_of_turn) == 1
    assert MECHANICS[-1] is extra


def test_a_team_spec_is_seated_by_tag_team_and_a_single_one_by_the_core() -> None:
    """SF rulebook, Tag Team: "ryu+ken" seats Ryu in play with 20 life and the 52-card
    team deck; "ryu" seats Ryu with his printed 30 life and 30-card deck."""
    team = seat(CATALOG, "ryu+ken")
    assert (team.character, team.life, len(team.deck)) == ("ryu", 20, 52)
    assert team.prepare is not None
    single = seat(CATALOG, "ryu")
    assert (single.character, single.life, len(single.deck), single.prepare) == (
        "ryu", 30, 30, None)


def test_each_mechanic_words_its_own_events() -> None:
    """One ``register`` call gives a mechanic its events: each built-in mechanic's event
    is worded by that mechanic (``speaker``), and the core's notation has no entry for
    it."""
    from engine.core.events import blazblue, buddies, critical, tag_team, under_night
    from engine.core.hooks.registry import event_types, speaker
    from engine.mechanics.builtin import BLAZBLUE, BUDDIES, UNDER_NIGHT
    from engine.text import notation

    owners = {critical: CRITICAL, tag_team: TAG_TEAM, blazblue: BLAZBLUE,
              under_night: UNDER_NIGHT, buddies: BUDDIES}
    for module, mechanic in owners.items():
        for event_type in event_types(module):
            assert speaker(event_type) is mechanic
            assert event_type not in notation._FORMATS
    assert speaker(ev.AttackHit) is None
