"""Shared test builders: positions from the scenario builder and a driver for decisions.

    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]),
                 p2=dict(space=7, hand=["hadoken"]))
    d.strike("tatsumakisenpukyaku", "hadoken")
    assert d.life(P2) == 25

``Driver`` answers requests by card *names* so tests read like the rulebook. A step that
does not fit the pending request (``set_attack`` while a choice is pending, ``pay`` with
nothing to pay) fails the test there, naming the pending request and whose it is, rather
than later with a life total.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import UnionType
from typing import Any, TypeVar, overload

import pytest

from engine import events as ev
from engine.cards.catalog import default_catalog
from engine.core.decisions import (
    ActionRequest,
    ChoiceRequest,
    ChooseOption,
    Decision,
    Discard,
    DiscardRequest,
    EffectOrderRequest,
    MoveTo,
    NameCard,
    NameCardRequest,
    OrderEffects,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Request,
    SelectCards,
    SelectCardsRequest,
    SetAttack,
    SetAttackRequest,
    SpaceRequest,
    Strike,
    WildSwing,
    forced_decision,
)
from engine.core.ids import Player, Zone
from engine.core.state import AttackSide, PlayerState, Stat, State
from engine.knowledge.views import named_areas, redact
from engine.play.api import Game
from engine.play.scenario import Scenario

pytest_plugins = ["handler_coverage"]  # every handler and condition runs in a rule test

P1, P2 = Player.P1, Player.P2
CATALOG = default_catalog()

E = TypeVar("E")
V = TypeVar("V", bound=ev.Event)
R = TypeVar("R", bound=Request)
D = TypeVar("D", bound=Decision)


class Driver:
    """A game plus helpers that speak in card names."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.log: list[ev.Event] = []
        self.forced: list[Request] = []
        """The one-option requests ``act`` answered, in order."""
        self.printed_order = True
        """``act`` answers an ``EffectOrderRequest`` (issue 28: the order of a player's
        effects that share a trigger) with the printed order, as the engine resolved
        them before it asked, and keeps it in ``ordered``: a card's rule test reads the
        card, not the order. The rule's own tests set this False and answer it
        (``tests/engine/rules/test_effect_order.py``)."""
        self.ordered: list[Request] = []
        self._claimed = 0
        """How much of ``log`` ``set_attack`` has accounted for."""

    # --- inspection -------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def pending(self) -> Request | None:
        return self.game.pending

    def p(self, who: Player) -> PlayerState:
        return self.game.state.players[who]

    def life(self, who: Player) -> int:
        return self.p(who).life

    def space(self, who: Player) -> int:
        return self.p(who).space

    def name(self, ref: int) -> str:
        return self.game.table.catalog.card(self.game.state.card_defs[ref]).name

    def names(self, refs: Iterable[int]) -> list[str]:
        return [self.name(r) for r in refs]

    def zone(self, who: Player, zone: Zone) -> list[str]:
        p = self.p(who)
        lists = {
            Zone.DECK: p.deck,
            Zone.HAND: p.hand,
            Zone.DISCARD: p.discard,
            Zone.GAUGE: p.gauge,
            Zone.BOOSTS: p.boosts,
            Zone.SEALED: p.sealed,
        }
        return self.names(lists[zone])

    def area(self, who: Player, name: str) -> list[str]:
        """The card names in ``who``'s area ``name`` beyond the core zones
        (``"overdrive"``, ``"set_aside"``, a character area), oldest first."""
        return self.names(named_areas(self.game.state, who).get(name, []))

    def side(self, who: Player) -> AttackSide:
        assert self.state.strike is not None, "no strike in progress"
        side: AttackSide = self.state.strike.sides[who]
        return side

    def ref(self, who: Player, name: str, zone: Zone = Zone.HAND) -> int:
        """The first card called ``name`` (card name or id suffix) in ``who``'s zone."""
        p = self.p(who)
        lists = {Zone.HAND: p.hand, Zone.GAUGE: p.gauge, Zone.BOOSTS: p.boosts,
                 Zone.DISCARD: p.discard, Zone.DECK: p.deck}
        for card in lists[zone]:
            if _matches(self.game.state.card_defs[card], self.name(card), name):
                return card
        raise AssertionError(f"{who.label} has no {name!r} in {zone.name}: {self.zone(who, zone)}")

    def events(self, kind: type[E]) -> list[E]:
        """The events of class ``kind`` in ``log``, in order."""
        return [e for e in self.log if isinstance(e, kind)]

    def stat_mods(self, who: Player, stat: Stat) -> list[int]:
        """The amounts of ``who``'s ``stat`` modifications so far (``StatModified``)."""
        return [e.amount for e in self.events(ev.StatModified)
                if e.stat is stat and e.player == who]

    # --- acting -----------------------------------------------------------------

    def act(self, decision: Decision) -> list[ev.Event]:
        """Step ``decision``, then take any one-option choice the engine asks next (as
        the match driver does), keeping those requests in ``forced``."""
        caused = list(self.game.step(decision))
        while (request := self.pending) is not None:
            if self.printed_order and isinstance(request, EffectOrderRequest):
                self.ordered.append(request)
                caused += self.game.step(OrderEffects(order=tuple(range(len(request.effects)))))
                continue
            only = forced_decision(request)
            if only is None:
                break
            self.forced.append(request)
            caused += self.game.step(only)
        self.log.extend(caused)
        return caused

    @overload
    def expect(self, kind: type[R], who: Player | None = None) -> R: ...

    @overload
    def expect(self, kind: UnionType, who: Player | None = None) -> Request: ...

    def expect(self, kind: Any, who: Player | None = None) -> Any:
        """The pending request, which must be a ``kind`` (a request type or a union of
        them; for ``who``, if given)."""
        request = self.pending
        wanted = " or ".join(t.__name__ for t in getattr(kind, "__args__", (kind,)))
        wanted += f" for {who.label}" if who is not None else ""
        if not isinstance(request, kind) or (who is not None and request.player != who):
            raise AssertionError(f"expected {wanted}, pending is {describe(request)}")
        return request

    def choose(self, text: str) -> None:
        """Answer a ChoiceRequest with the first option whose label contains ``text``."""
        request = self.expect(ChoiceRequest)
        for i, label in enumerate(request.labels):
            if text in label:
                self.act(ChooseOption(index=i))
                return
        raise AssertionError(f"no option {text!r} in {request.labels}")

    def pay(self, *names: str) -> None:
        """Answer a force or gauge payment with the named cards (hand first, then gauge)."""
        request = self.expect(PayForceRequest | PayGaugeRequest)
        assert isinstance(request, PayForceRequest | PayGaugeRequest)
        chosen = self.pick(request.player, request.candidates, names, "pay with")
        self.act(PayCards(cards=chosen))

    def decline(self) -> None:
        self.act(PayCards(cards=()))

    def pick(
        self, who: Player, candidates: Sequence[int], names: Sequence[str], verb: str
    ) -> tuple[int, ...]:
        """The first distinct candidate matching each name, in the order named."""
        chosen: list[int] = []
        for name in names:
            for card in candidates:
                if card not in chosen and _matches(
                    self.state.card_defs[card], self.name(card), name
                ):
                    chosen.append(card)
                    break
            else:
                raise AssertionError(f"{who.label} cannot {verb} {name!r}")
        return tuple(chosen)

    def select(self, who: Player, *names: str) -> None:
        """Answer ``who``'s SelectCardsRequest with the named candidates (none: pick none)."""
        request = self.expect(SelectCardsRequest, who)
        self.act(SelectCards(cards=self.pick(who, request.candidates, names, "select")))

    def move_to(self, who: Player, space: int) -> None:
        """Answer ``who``'s SpaceRequest with ``space``."""
        self.expect(SpaceRequest, who)
        self.act(MoveTo(space=space))

    def name_card(self, name: str) -> None:
        self.expect(NameCardRequest)
        self.act(NameCard(name=name))

    def discard(self, who: Player, *names: str) -> None:
        """Answer ``who``'s DiscardRequest with the named cards from its candidates."""
        request = self.expect(DiscardRequest, who)
        self.act(Discard(cards=self.pick(who, request.candidates, names, "discard")))

    def set_attack(self, who: Player, attack: str | Sequence[str]) -> None:
        """Set ``attack``: a card name, a pair of names for EX, or ``"wild"``."""
        if not isinstance(self.pending, SetAttackRequest) and self._set_automatically(who):
            return  # a single legal option (e.g. empty hand) was taken by ``act``
        self.expect(SetAttackRequest, who)
        if attack == "wild":
            self._set(who, WildSwing())
            return
        names = [attack] if isinstance(attack, str) else list(attack)
        refs: list[int] = []
        for name in names:
            for card in self.p(who).hand:
                if card not in refs and _matches(self.state.card_defs[card], self.name(card), name):
                    refs.append(card)
                    break
            else:
                raise AssertionError(f"{who.label} holds no {name!r}: {self.zone(who, Zone.HAND)}")
        self._set(who, SetAttack(cards=tuple(refs)))

    def _set(self, who: Player, decision: Decision) -> None:
        """Step ``who``'s set ``decision``, accounting for its AttackSet (not for any the
        steps forced after it)."""
        start = len(self.log)
        self.act(decision)
        self._claimed = next((index + 1 for index in range(start, len(self.log))
                              if isinstance(event := self.log[index], ev.AttackSet)
                              and event.player == who), self._claimed)

    def _set_automatically(self, who: Player) -> bool:
        """Whether ``who``'s attack in the latest strike was set with no step naming it
        (the engine or ``act`` took a single legal option, e.g. a wild swing from an
        empty hand), or the strike ended the game first (a wild swing from an empty
        deck); if so, that set is now accounted for."""
        for index in range(len(self.log) - 1, self._claimed - 1, -1):
            event = self.log[index]
            if isinstance(event, ev.StrikeStarted):
                break
            if isinstance(event, ev.GameEnded) or (
                    isinstance(event, ev.AttackSet | ev.AttackSetFromGauge
                               | ev.WildSwingDelayed)
                    and event.player == who):
                self._claimed = index + 1
                return True
        return False

    def critical(self, who: Player, pay: bool) -> None:
        """Answer the Critical prompt (1 optional gauge) if it is pending for ``who``."""
        request = self.pending
        if isinstance(request, PayGaugeRequest) and request.player == who and request.optional:
            if pay:
                self.act(PayCards(cards=(request.candidates[0],)))
            else:
                self.decline()
        else:
            assert not pay, f"{who.label} was not offered Critical; pending is {describe(request)}"

    def strike(
        self,
        attack: str | Sequence[str],
        response: str | Sequence[str],
        crit: tuple[bool, bool] = (False, False),
    ) -> None:
        """The active player takes the Strike action; both set, Criticals answered."""
        request = self.expect(ActionRequest)
        attacker = request.player
        self.act(Strike())
        self.respond(attacker, attack, response, crit)

    def respond(
        self,
        attacker: Player,
        attack: str | Sequence[str],
        response: str | Sequence[str],
        crit: tuple[bool, bool] = (False, False),
    ) -> None:
        """Set both attacks of a strike that has just started."""
        self.set_attack(attacker, attack)
        self.critical(attacker, crit[attacker])
        self.set_attack(attacker.other, response)
        self.critical(attacker.other, crit[attacker.other])


def describe(request: Request | None) -> str:
    """The pending request by name and player, for a failure message."""
    if request is None:
        return "nothing (no request: the game is over)"
    return f"{type(request).__name__} for {request.player.label}: {request!r}"


def offered(request: ActionRequest | SetAttackRequest | SpaceRequest, kind: type[D]) -> list[D]:
    """``request``'s options, in order, each of which must be a ``kind`` (a
    ``SpaceRequest``'s are ``MoveTo``)."""
    options: list[D] = [choice for choice in request.choices if isinstance(choice, kind)]
    assert len(options) == len(request.choices), f"not all {kind.__name__}: {request.choices}"
    return options


def redacted(event: V, viewer: Player | None) -> V:
    """``redact(event, viewer)``, which is an event of the same class (typed so)."""
    seen = redact(event, viewer)
    assert isinstance(seen, type(event)), seen
    return seen


def _matches(card_id: str, card_name: str, wanted: str) -> bool:
    return wanted in (card_id, card_name) or card_id.endswith("_" + wanted)


def position(
    p1: dict[str, Any] | None = None,
    p2: dict[str, Any] | None = None,
    chars: tuple[str, str] = ("ryu", "ken"),
    active: Player = P1,
    seed: int = 0,
) -> Driver:
    """A Driver on a position built with the scenario builder; ``active`` acts first."""
    builder = Scenario(chars[0], chars[1], CATALOG)
    builder.player(P1, **(p1 or {}))
    builder.player(P2, **(p2 or {}))
    builder.active(active)
    return Driver(builder.game(seed))


def versus(chars: tuple[str, str], p1: dict[str, Any], p2: dict[str, Any],
           active: Player = P1) -> Driver:
    """``position`` with the two fighters first: ``versus(("hyde", "ryu"), {...}, {...})``."""
    return position(p1=p1, p2=p2, chars=chars, active=active)


def vega_claw_against_blizzard() -> Driver:
    """Vega (p1, space 3) strikes with Bloody High Claw (ultra, ``hit: move_to_any_space``)
    against Zangief's Siberian Blizzard (p2, space 4, ``opponent_cant_move_past``), each
    paying its 3 gauge (Grasp, Cross, Dive): the Driver at Vega's hit, where p1 is asked
    the space to move to (the card audit checks the wall, the space questions its words)."""
    gauge = ["grasp", "cross", "dive"]
    d = position(p1=dict(space=3, hand=["bloodyhighclaw"], gauge=gauge),
                 p2=dict(space=4, hand=["siberianblizzard"], gauge=gauge),
                 chars=("vega", "zangief"))
    d.strike("bloodyhighclaw", "siberianblizzard")
    d.pay(*gauge)
    d.pay(*gauge)
    return d


@pytest.fixture
def catalog() -> Any:
    return CATALOG


# --- helpers for the rule tests (appended) -------------------------------------------


def deck_cards(char: str, *minus: str) -> list[str]:
    """The card ids of ``char``'s 30-card deck, less one copy for each name in ``minus``.

    Placing these in, say, the discard pile leaves the deck empty (out-of-cards tests).
    """
    cards = list(CATALOG.deck_list(char))
    for wanted in minus:
        for card_id in cards:
            if _matches(card_id, CATALOG.card(card_id).name, wanted):
                cards.remove(card_id)
                break
        else:
            raise AssertionError(f"{char}'s deck has no (more) {wanted!r}")
    return cards


def kinds(events: Iterable[ev.Event], *only: type) -> list[str]:
    """Event class names in order; with ``only``, just the events of those types."""
    return [type(e).__name__ for e in events if not only or isinstance(e, only)]


def boost(d: Driver, name: str, *force: str) -> None:
    """The pending player boosts ``name`` from hand, paying ``force`` if asked."""
    from engine.core.decisions import Boost

    who = d.expect(ActionRequest).player
    d.act(Boost(card=d.ref(who, name)))
    if force:
        d.pay(*force)


def heuristic_decision(game: Game, who: Player = P1) -> tuple[Any, Decision]:
    """``who``'s pending request in ``game`` answered by the heuristic agent from its own
    view (``observe``): the view and the decision (the agent tests' one way to ask)."""
    from engine.knowledge.views import observe
    from engine.play.heuristic import HeuristicAgent

    request = game.pending
    assert request is not None and request.player is who, request
    view = observe(game.state, who)
    return view, HeuristicAgent(0, who, CATALOG).decide(view, request)


def set_card_name(view: Any, decision: Decision) -> str:
    """The name of the attack a ``SetAttack`` decision sets (its first card)."""
    from engine.core.decisions import SetAttack

    assert isinstance(decision, SetAttack), decision
    return CATALOG.card(view.card_defs[decision.cards[0]]).name


def plant_engine_bug(monkeypatch: pytest.MonkeyPatch, fails_at: int) -> None:
    """A bug planted in the engine: ``Game`` raises ``RuntimeError("planted bug")`` as it
    applies decision ``fails_at`` (counted from 0, as ``exceed verify`` counts them), with
    ``EXCEED_DEBUG`` unset so commands report it as a user would see it."""
    advance = Game._advance

    def failing(self: Game, decision: Decision) -> None:
        if len(self.decisions) == fails_at + 1:  # appended before it is advanced
            raise RuntimeError("planted bug")
        advance(self, decision)

    monkeypatch.setattr(Game, "_advance", failing)
    monkeypatch.delenv("EXCEED_DEBUG", raising=False)
