"""The search agent (``search``, ``search:N``): ISMCTS at the decisions that matter,
the heuristic agent at the rest.

It decides a turn's action and the attack it sets by ``engine.play.search.tree.search``
from its own information set, with a budget of iterations, never of time, so a seed
and the agent's name reproduce its choices bit for bit. A request with one option is
answered at once, without searching; every other request (costs, choices, cards to
pick, spaces, effect order, the mulligan) goes to the heuristic agent.

Its information set is folded from the game's events as this seat saw them
(``Knowledge.fold``, as the analysis folds a log), onto its own copy of the table: a
loop that seats it calls ``follow(game)`` before each ``decide`` (``engine.play.match``
does), and the agent folds the events it has not seen yet. It starts from the dealt
table (``initial_state(game.setup)``); a game played on from a folded state (no setup)
is followed from that state, knowing only the seats' cards (what it saw before is
lost). An agent never followed answers as the heuristic agent.

Its worlds draw the opponent's face-down set attack by inference (``infer``, on by
default, ``INFER``): as it folds the opponent's ``AttackSet`` it keeps the table before
it (``seen``), and the search weighs each world by the heuristic agent's choice there
(``engine.play.search.inference``). With ``recall`` K above 0 it keeps the opponent's
last K turn actions the same way (``actions``: each ``ActionTaken`` with the table
before it), and a world must pass each action's test too: the heuristic agent, at that
table with the world's cards, takes the same action, or the floor lets it through.
With ``payments`` K above 0 it keeps the opponent's last K discards by choice (force
paid, the hand limit) the same way (``paid``; ``inference.PaySeen``). Both are off by
default: neither measured stronger (bench/notes.md).

Its ``method`` is ``Method.PUCT`` (the tree search above); ``Method.HALVING`` spends
the budget on the root's moves alone (``engine.play.search.halving``), measured weaker
and kept for ``bench.search_horizon``.

Its random numbers: the search of its *k*-th decision draws from
``derive_seed(seed, f"agent:<name>:<seat>")`` and ``decision/k``.

Anytime: a caller may set ``should_stop`` (``engine.play.search.tree.StopHook``, asked
before each iteration with the iterations played), and the search then answers with
the best so far when it says stop (the Play page's time budget,
``replay.live.timed``, gives it a clock; the engine reads none). Without it the budget
is ``iterations`` and nothing else; a search stopped before its first iteration is
answered by the heuristic agent.
"""

from __future__ import annotations

from enum import Enum

from engine.cards.catalog import Catalog
from engine.core import events as ev
from engine.core.apply import apply
from engine.core.decisions import ActionRequest, Decision, Request, SetAttackRequest
from engine.core.ids import Player
from engine.core.rng import derive_seed
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, Sight, sight
from engine.play.api import Game, initial_state
from engine.play.search.halving import halve
from engine.play.search.inference import FLOOR, ActionSeen, PaySeen, SetSeen, inferred
from engine.play.search.tree import (
    EXPLORATION,
    OPPONENT_SEARCHED,
    PRIOR,
    SHAPING,
    CutoffFactory,
    Determinizer,
    Policy,
    SearchResult,
    StopHook,
    search,
    searched,
)


class Method(Enum):
    """How a search agent spends its budget: ISMCTS with PUCT (``tree.search``), or
    sequential halving at the root with common random numbers (``halving.halve``)."""

    PUCT = "puct"
    HALVING = "halving"


INFER = True
"""Whether a search agent draws the opponent's face-down attack by inference
(``engine.play.search.inference``) unless told otherwise."""


RECALL = 0
"""How many of the opponent's last turn actions a search agent's worlds are tested
against unless told otherwise (``inference.inferred``'s ``actions``)."""
PAYMENTS = 0
"""How many of the opponent's last discards by choice a search agent's worlds are
tested against unless told otherwise (``inference.inferred``'s ``payments``)."""


class SearchAgent:
    """ISMCTS with ``iterations`` iterations per searched decision (module docstring)."""

    needs_view = True

    def __init__(self, seed: int, player: Player, catalog: Catalog, iterations: int,
                 name: str, policy: Policy, infer: bool = INFER) -> None:
        self.name = name
        self.player = player
        self.catalog = catalog
        self.iterations = iterations
        self.seed = derive_seed(seed, f"agent:{name}:{player.label}")
        self.policy = policy
        """The rollout policy, which also answers every request not searched."""
        self.fallback = policy(seed, player, name)
        self.decisions = 0
        """Decisions asked of this agent so far (its searches are numbered by them)."""
        self.searches = 0
        """Searches run so far (a one-option request runs none)."""
        self.unsearchable = 0
        """Searched requests the rules could not play on from (the heuristic answered)."""
        self.should_stop: StopHook | None = None
        """Asked before each iteration (the iterations played so far): True answers with
        the best so far (module docstring); None: the ``iterations`` budget alone."""
        self.infer = infer
        """Draw the opponent's face-down attack by inference (``inference.inferred``)."""
        self.cutoff: CutoffFactory | None = None
        """Truncated rollouts (``search``'s ``cutoff``): None, the agent's own, plays every
        rollout to the end; ``bench.search_horizon`` measures the agent with one."""
        self.exploration = EXPLORATION
        """PUCT's exploration constant (``search``'s ``exploration``)."""
        self.prior = PRIOR
        """The heuristic choice's share of the prior (``search``'s ``prior``)."""
        self.determinizer: Determinizer | None = None
        """Draws the worlds instead of the agent's own draw (``infer``'s or
        ``determinize``'s) when set: ``bench.search_horizon``'s bound with the opponent's
        cards known. The agent never sets it."""
        self.shaping = SHAPING
        """The life margin's share of a finished rollout's reward (``search``'s
        ``shaping``)."""
        self.opponent = OPPONENT_SEARCHED
        """Whether the tree searches the opponent's turn actions (``search``'s
        ``opponent``)."""
        self.method = Method.PUCT
        """How the budget is spent (``Method``)."""
        self.floor = FLOOR
        """The likelihood inference gives a world whose face-down attack (or recalled
        action) the heuristic agent would not have chosen (``inference.FLOOR``)."""
        self.recall = RECALL
        """How many of the opponent's last turn actions its worlds are tested against
        (``inference.inferred``'s ``actions``; 0: none)."""
        self.payments = PAYMENTS
        """How many of the opponent's last discards by choice (force paid, the hand
        limit) its worlds are tested against (``inference.inferred``'s ``payments``)."""
        self.paid: list[PaySeen] = []
        """The opponent's last ``payments`` discards by choice, each with the table
        before it."""
        self._paying: tuple[State, Player, ev.MoveReason, list[int]] | None = None
        self._changing = False
        self.actions: list[ActionSeen] = []
        """The opponent's last ``recall`` turn actions, each with the table before it."""
        self.seen: SetSeen | None = None
        """The opponent's last attack set from their hand, with the table before it."""
        self.last: SearchResult | None = None
        """The last search's result (figures for a report, the tree for tests)."""
        self._table: State | None = None
        self._knowledge: Knowledge | None = None
        self._sight: Sight | None = None
        self._seen = 0

    @property
    def knowledge(self) -> Knowledge | None:
        """What this seat knows of the cards hidden from it (None before ``follow``)."""
        return self._knowledge

    @property
    def table(self) -> State | None:
        """This agent's copy of the table, folded from the events (None before ``follow``)."""
        return self._table

    def follow(self, game: Game) -> None:
        """Fold the events of ``game`` not yet seen into this seat's knowledge."""
        if self._table is None:
            if game.setup is not None:
                start, self._seen = initial_state(game.setup, self.catalog), 0
            else:
                start, self._seen = game.state.copy(), len(game.events)
            self._table = start
            self._knowledge = Knowledge.at_deal(start, self.player)
            self._sight = sight(start, self.player)
        assert self._knowledge is not None and self._sight is not None
        table, knowledge, seen = self._table, self._knowledge, self._sight
        for event in game.events[self._seen:]:
            if (self.infer and isinstance(event, ev.AttackSet) and not event.wild
                    and event.player != self.player):
                self.seen = SetSeen(before=table.copy(), setter=event.player)
            if (self.recall and isinstance(event, ev.ActionTaken)
                    and event.player != self.player):
                self.actions = [*self.actions, ActionSeen(table.copy(), event.player,
                                                          event)][-self.recall:]
            if self.payments:
                self._watch_payment(table, event)
            apply(table, event)
            seen = knowledge.fold(seen, event, table)
        self._sight = seen
        self._seen = len(game.events)

    def _watch_payment(self, table: State, event: ev.Event) -> None:
        """Gather the opponent's run of discards by choice (``CardMoved`` for force or
        the hand limit) with the table before its first card; close it at any other
        event. Force paid for Change Cards (any amount) is not kept."""
        paying = self._paying
        if (isinstance(event, ev.CardMoved) and event.player != self.player
                and event.reason in (ev.MoveReason.FORCE, ev.MoveReason.HAND_LIMIT)):
            if paying is not None and paying[1] == event.player and paying[2] == event.reason:
                paying[3].append(event.card)
                return
            self._close_payment()
            self._paying = (table.copy(), event.player, event.reason, [event.card])
            return
        if paying is not None:
            self._close_payment()
        if isinstance(event, ev.ActionTaken) and event.player != self.player:
            self._changing = event.action is ev.ActionKind.CHANGE_CARDS
        elif isinstance(event, ev.TurnStarted):
            self._changing = False

    def _close_payment(self) -> None:
        paying, self._paying = self._paying, None
        if paying is None:
            return
        before, payer, reason, cards = paying
        limit = reason is ev.MoveReason.HAND_LIMIT
        if not limit and self._changing and before.strike is None:
            return
        self.paid = [*self.paid, PaySeen(before, payer, tuple(cards), limit)][-self.payments:]

    def would_search(self, request: Request) -> bool:
        """Whether ``decide`` would search ``request``: one the tree searches (``searched``)
        with more than one option. The rest (a mulligan, a payment, a choice, a single
        legal option) are answered at once, without the CPU a search takes."""
        if not searched(request, self.player):
            return False
        assert isinstance(request, ActionRequest | SetAttackRequest)
        return len(request.choices) > 1

    def decide(self, view: State, request: Request) -> Decision:
        number = self.decisions
        self.decisions += 1
        if not searched(request, self.player) or self._table is None:
            return self.fallback.decide(view, request)
        assert isinstance(request, ActionRequest | SetAttackRequest)
        if len(request.choices) == 1:
            return request.choices[0]  # one legal option: at once, no search
        assert self._knowledge is not None
        self.searches += 1
        seed = derive_seed(self.seed, f"decision/{number}")
        draw = self.determinizer
        if draw is None and self.infer:
            draw = inferred(self.seen, self.policy, floor=self.floor,
                            actions=tuple(self.actions), payments=tuple(self.paid))
        if self.method is Method.HALVING:
            result = halve(self._table, self._knowledge, request, self.iterations, seed,
                           self.catalog, self.policy, should_stop=self.should_stop,
                           determinizer=draw)
        else:
            result = search(self._table, self._knowledge, request, self.iterations, seed,
                            self.catalog, self.policy, should_stop=self.should_stop,
                            determinizer=draw, cutoff=self.cutoff,
                            exploration=self.exploration, prior=self.prior,
                            shaping=self.shaping, opponent=self.opponent)
        if result is None:  # the rules cannot play on from here: the heuristic answers
            self.unsearchable += 1
            return self.fallback.decide(view, request)
        if not result.iterations:  # stopped before the first: the heuristic answers
            self.last = result
            return self.fallback.decide(view, request)
        self.last = result
        return result.decision
