"""The heuristic agent: a rules-based player and the rollout policy behind every win
probability (``docs/agents.md``).

``HeuristicAgent`` answers each request by a rule of thumb: it strikes when an attack's
expected clash is good enough, never sets an attack it cannot pay for while it has
another choice, saves gauge for an Ultra in hand and plays each fighter's kit (its rules
in ``engine.play.kit``, ``kit_options`` and the ``heuristic_*`` modules). The agent
protocol and ``make_agent`` are ``engine.play.agents``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards.catalog import Catalog
from engine.cards.schema import (
    CardDef,
    CardKind,
    FlipBuddyMissGetGauge,
    ForceForEffect,
    InvalidateAttack,
    PlaceBuddyInAnySpace,
    ReturnAttackToTopOfDeck,
    SetFromBoost,
    SwapBuddy,
    Timing,
    effect_tag,
)
from engine.core.decisions import (
    ActionRequest,
    Boost,
    CardPurpose,
    ChangeCards,
    ChoiceRequest,
    ChooseOption,
    CrossStrike,
    Decision,
    Discard,
    DiscardRequest,
    EffectOrderRequest,
    Exceed,
    MoveTo,
    Mulligan,
    MulliganRequest,
    NameCard,
    NameCardRequest,
    PayCards,
    PayForceRequest,
    PayGaugeRequest,
    Prepare,
    Request,
    Reshuffle,
    RuleOption,
    SelectCards,
    SelectCardsRequest,
    SetAttack,
    SetAttackRequest,
    SpaceRequest,
    Strike,
    WildSwing,
)
from engine.core.ids import Player
from engine.core.rng import Rng, derive_seed
from engine.core.state import State, set_aside_cards
from engine.mechanics.blazblue.state import invalid_names
from engine.mechanics.tag_team.fighters import CROSS_STRIKE_GAUGE
from engine.play import heuristic_buddy as buddy
from engine.play import heuristic_cache as cache
from engine.play import heuristic_clash as clash
from engine.play import heuristic_cost as payment
from engine.play import heuristic_reach as reach
from engine.play import kit
from engine.play import kit_options as options_kit

RESHUFFLE_DECK = 4
"""The heuristic agent takes the Reshuffle action to bring in a set-aside card (an Astral
Heat) once its deck is down to this many cards (a Manual Reshuffle uses up the one
reshuffle: what would reach the discard pile before the deck ran out is lost; at 8,
Nu-13 lost 7 of her 16 games in 40 against random Ryu by running out of cards; at 2 no
heuristic Ragna game of seeds 0-199 strikes with it, which the samples' search needs)..."""
RESHUFFLE_DISCARD = 8
"""...and its discard pile holds at least this many."""

STRIKE_EDGE = 2.5
"""The heuristic agent strikes when an attack it could set is expected to deal this much
more damage than it takes (``heuristic_clash.value``: the faster attack hits first and a
hit beyond the guard stuns, core rulebook, Resolving Strikes). Against random Ryu, 51
fighters x 300 games (seeds 20000-20299), with round 6's clash (moves, stat ups, shown
cards): 2.0 97.65% (2 fighters under 95%), 2.5 97.80% (none); before it, 1.5 97.14%, 2.0
97.36%, 2.5 97.51%. Earlier clashes: 2.0 and 2.5 within 0.1 point (docs/agents.md); 3.0
and 1.5 worse; striking whenever a card of strength 7 reached, 94.7% (100 games each)."""

EX_COPY = 0.5
"""What setting an attack as EX costs beyond its +1 to each stat: the extra card."""


_ALWAYS_CHOSEN = frozenset(
    {effect_tag(ReturnAttackToTopOfDeck), RuleOption.EJECT, RuleOption.USE_FOR_FREE,
     effect_tag(PlaceBuddyInAnySpace), RuleOption.STRIKE_LIGHTNING_ROD, effect_tag(SwapBuddy)}
)
"""The options the heuristic agent always takes when offered (unconditioned): a
lightning rod under the opponent always strikes (2 damage, the rod back in hand)."""
_NEVER_CHOSEN = frozenset({effect_tag(InvalidateAttack)})
"""The options the heuristic agent never takes while another is offered (its own attack
made invalid: Waldstein's Verderben not revealed)."""
_FORCE_FOR_EFFECT = effect_tag(ForceForEffect)
_FLIP = effect_tag(FlipBuddyMissGetGauge)


class HeuristicAgent:
    """A simple rules-based player: strike when an attack reaches, defend with armor,
    keep gauge for criticals and ultras, and otherwise get into range or draw.

    It never sets an attack it cannot pay for at the cost step while it has another
    choice (an Ultra's gauge, a special's force, after a Cross Strike's 2 gauge), never
    pays for Critical (or an optional force payment made as it sets, Hazama's
    Ouroboros) when that would leave its set attack unpaid, and neither pays for
    Critical nor Exceeds when that would put an Ultra in hand out of reach.
    """

    needs_view = True

    def __init__(self, seed: int, player: Player, catalog: Catalog, name: str = "heuristic"):
        self.name = name
        self.player = player
        self.catalog = catalog
        self.rng = Rng(derive_seed(seed, f"agent:{name}:{player.label}"))
        self._moving_buddy = False
        """This turn's character action moves a buddy: its space request is the buddy's."""
        self.viewing: State | None = None
        self.read: dict[str, tuple[float, ...]] = {}
        """The view of the decision in progress and what it has read of it
        (``heuristic_cache.decide``)."""
        self._handlers: dict[type, Callable[[State, Request], Decision]] = {
            MulliganRequest: self._mulligan,
            ActionRequest: self._action,
            SetAttackRequest: self._attack,
            PayForceRequest: self._pay_force,
            PayGaugeRequest: self._pay_gauge,
            ChoiceRequest: self._choice,
            NameCardRequest: self._name,
            DiscardRequest: self._discard,
            SelectCardsRequest: self._select,
            SpaceRequest: self._space,
            EffectOrderRequest: options_kit.resets_first,
        }

    def decide(self, view: State, request: Request) -> Decision:
        """The decision for ``request`` from ``view``, which it only reads."""
        return cache.decide(self, view, self._handlers[type(request)], request)

    # --- helpers ----------------------------------------------------------------

    def _card(self, view: State, ref: int) -> CardDef:
        return self.catalog.card(view.card_defs[ref])

    def _distance(self, view: State) -> int:
        return abs(view.players[0].space - view.players[1].space)

    def _valid_for(self, view: State, ref: int, fighter: str | None) -> bool:
        """Tag Team: only Normals and ``fighter``'s own specials and ultras are valid; a
        card named by Arakune's ``zero_vector`` this turn is valid for neither player."""
        if self._card(view, ref).name in invalid_names(view):
            return False
        me = view.players[self.player]
        if me.partner is None or fighter is None:
            return True
        return cache.owners(self.catalog).get(view.card_defs[ref], fighter) == fighter

    def _score(
        self, view: State, cards: Sequence[int], attacking: bool, cross: bool = False,
        bonuses: Sequence[reach.Bonus] | None = None, gone: Sequence[int] = (),
    ) -> float:
        """How good setting ``cards`` (an attack and its EX copies) is now (``cross``:
        after a Cross Strike tags the other fighter in for 2 gauge; ``gone``: gauge cards
        that leave before the cost is paid, ``kit.sealed_at_set``). An attack that could
        not be paid for scores -10, below a wild swing."""
        if self._blocked(view, cards, cross, gone):
            return -10.0
        return self._unblocked_score(view, cards[0], attacking, bonuses)

    def _unblocked_score(self, view: State, ref: int, attacking: bool,
                         bonuses: Sequence[reach.Bonus] | None = None) -> float:
        """``_score`` of setting card ``ref`` when that is valid and paid for: its
        strength if it reaches (half if it may miss), else its defence less 3 (or 1)."""
        card = self._card(view, ref)
        me = view.players[self.player]
        if bonuses is None:
            bonuses = reach.range_bonuses(self, view)
        if reach.hits_from(self, view, card, me.space, bonuses):
            if reach.may_miss(self, view, ref):  # Caught You!, Burst Time
                return 0.5 * reach.strength(card, self._distance(view))
            return reach.strength(card, self._distance(view))
        defensive = 0.5 * card.armor + 0.3 * card.guard
        return defensive - (3.0 if attacking else 1.0)

    def _blocked(self, view: State, cards: Sequence[int], cross: bool = False,
                 gone: Sequence[int] = ()) -> bool:
        """Setting ``cards`` now is invalid or could not be paid for: ``_score``'s -10
        (``_valid_for``, then ``heuristic_cost.payable``, each card read once here)."""
        ref = cards[0]
        card = self._card(view, ref)
        me = view.players[self.player]
        names = invalid_names(view)
        if names and card.name in names:
            return True
        if me.partner is not None:
            fighter = me.partner if cross else me.character
            if fighter is not None and cache.owners(self.catalog).get(
                    view.card_defs[ref], fighter) != fighter:
                return True
        if card.set_from_boost is SetFromBoost.MUST and ref not in me.boosts:
            return True  # invalid when set from hand (Wagner's ultras)
        if card.kind is not CardKind.ULTRA and not card.force_cost and not cross:
            return False  # nothing to pay (payable would find the same)
        return not payment.payable(self, view, cards, CROSS_STRIKE_GAUGE if cross else 0, gone)

    # --- requests ---------------------------------------------------------------

    def _mulligan(self, view: State, request: Request) -> Decision:
        assert isinstance(request, MulliganRequest)
        ultras = [c for c in request.hand if self._card(view, c).kind is CardKind.ULTRA]
        return Mulligan(cards=tuple(ultras))

    def _action(self, view: State, request: Request) -> Decision:
        assert isinstance(request, ActionRequest)
        me = view.players[self.player]
        options = request.choices
        self._moving_buddy = False
        if len(options) == 1:  # a forced action (Waldstein's start-of-turn strike)
            return options[0]
        distance = self._distance(view)
        settable = (*me.hand, *(r for r in me.boosts if self._card(view, r).set_from_boost))
        bonuses = reach.range_bonuses(self, view)
        blocked = [self._blocked(view, (c,)) for c in settable]
        valid = [c for c, out in zip(settable, blocked, strict=True) if not out]
        # strike when the best attack's value (clash.edge) is STRIKE_EDGE or more; the
        # value itself is read only if a wild swing is weighed against it
        if Strike() in options and clash.edge_reaches(self, view, valid, bonuses,
                                                      STRIKE_EDGE):
            return kit.strike_action(self, view, options) or Strike()
        # the best _score: -10 for a blocked card, _unblocked_score for the others
        best = max((*(-10.0 for out in blocked if out),
                    *(self._unblocked_score(view, c, True, bonuses) for c in valid)),
                   default=-10.0)
        boost_action = options_kit.boost_action(self, view, options)
        if boost_action is not None:
            return boost_action
        if me.partner is not None:
            tagged = kit.tag_action(self, view, options, best)
            if tagged is not None:
                return tagged
        if kit.exceed_wanted(self, view, options):
            return Exceed()
        if (Reshuffle() in options and len(me.deck) <= RESHUFFLE_DECK
                and len(me.discard) >= RESHUFFLE_DISCARD and self._reshuffle_brings(view)):
            return Reshuffle()
        chosen = kit.card_action(self, view, options, best)
        if chosen is not None:
            self._moving_buddy = kit.moves_buddy(self, view, chosen)
            return chosen
        here = me.space
        near = [o for o in options if isinstance(o, MoveTo) and abs(o.space - here) <= 1]
        wanted = reach.strong_spaces(self, view, [m.space for m in near]) if len(
            me.hand) >= 4 else []
        if wanted:
            return next(m for m in near if m.space in wanted)
        wild = options_kit.wild_wanted(self, view, options,
                                       lambda: clash.edge(self, view, valid, bonuses), bonuses)
        if wild is not None:  # nothing in hand as good as the deck: swing with it
            return wild
        if len(me.hand) < 6:
            return Prepare()
        wanted = reach.strong_spaces(self, view, [m.space for m in near], least=0.0)
        if wanted and best <= 0:  # a full hand: any attack in range beats a blind strike
            return next(m for m in near if m.space in wanted)
        if best > 0 and Strike() in options:
            return kit.strike_action(self, view, options) or Strike()
        boosts = [o for o in options if isinstance(o, Boost)]
        if boosts and distance > 3:
            return boosts[0]
        if options_kit.change_cards_wanted(self, view, options, best):
            return ChangeCards()
        if ChangeCards() in options and len(me.hand) >= 7:
            return Prepare()
        return Strike() if Strike() in options else Prepare()  # no Strike: Wagner's bonus

    def _reshuffle_brings(self, view: State) -> bool:
        """The Reshuffle action would bring a set-aside card into this player's deck
        (a BlazBlue fighter's Astral Heat: an ``on_reshuffle`` effect and a card still
        set aside)."""
        me = view.players[self.player]
        char = self.catalog.character(me.character)
        ability = char.exceed_ability if me.exceeded else char.ability
        return bool(set_aside_cards(view, self.player)) and any(
            e.timing is Timing.ON_RESHUFFLE for e in ability)

    def _attack(self, view: State, request: Request) -> Decision:
        assert isinstance(request, SetAttackRequest)
        strike = view.strike
        attacking = strike is not None and strike.attacker == self.player
        bonuses = reach.range_bonuses(self, view)
        gone = kit.sealed_at_set(self, view)
        scored: list[tuple[float, int, Decision]] = []
        wilds: list[tuple[int, Decision]] = []
        likely: tuple[float, ...] | None = None  # the opponent's shares, read once
        for i, option in enumerate(request.choices):
            if isinstance(option, SetAttack | CrossStrike):
                cross = isinstance(option, CrossStrike)
                card = self._card(view, option.cards[0])
                if card.power < 0 or card.speed < 0 or card.guard < 0 or card.armor < 0:
                    score = self._score(view, option.cards, attacking, cross, bonuses, gone)
                else:  # _score is -10 only when blocked (its other scores are -3 or more)
                    score = -10.0 if self._blocked(view, option.cards, cross, gone) else 0.0
                if score > -10.0:  # valid and paid for: judged against their attack
                    if likely is None:
                        likely = clash.shares(self, view)
                    score = clash.attack_value(self, view, option.cards[0],
                                                 len(option.cards), attacking, bonuses, likely)
                score -= EX_COPY * (len(option.cards) - 1) + (1.0 if cross else 0.0)
                scored.append((score, -i, option))
            elif isinstance(option, WildSwing):
                wilds.append((i, option))
        if wilds and not (scored and clash.wild_below(
                self, view, attacking, bonuses, max(score for score, _, _ in scored))):
            wild = clash.wild_value(self, view, attacking, bonuses)
            scored.extend((wild, -i, option) for i, option in wilds)
        # a wild swing surely below the best set attack is never first: left out
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return scored[0][2]

    def _cheapest(self, view: State, candidates: tuple[int, ...]) -> list[int]:
        me = view.players[self.player]
        distance = self._distance(view)

        def keep_value(ref: int) -> float:
            card = self._card(view, ref)
            in_gauge = 5.0 if ref in me.gauge else 0.0
            reaching = 3.0 if reach.reaches(card, distance) else 0.0
            return in_gauge + reaching + reach.printed_power(card, distance) * 0.2

        return sorted(candidates, key=keep_value)

    def _pay_force(self, view: State, request: Request) -> Decision:
        assert isinstance(request, PayForceRequest)
        if request.optional and reach.pull_wasted(self, view):  # Kokonoe's Gravitron
            return PayCards(cards=())
        if request.amount is None:
            if request.optional and request.source is not None:  # force for armor
                spare = self._cheapest(view, request.candidates)[:1]
                return PayCards(cards=tuple(spare))
            changed = options_kit.change_payment(self, view, request.candidates)  # Change Cards
            return PayCards(cards=tuple(changed or self._cheapest(view, request.candidates)[:2]))
        chosen: list[int] = []
        force = 0
        for card in self._cheapest(view, request.candidates):
            if force >= request.amount:
                break
            chosen.append(card)
            force += 2 if card in request.ultras else 1
        attack = payment.own_unpaid_attack(self, view)
        if request.optional and attack is not None and (not payment.still_payable(self,
                view, attack, chosen) or reach.buy_range(self, view, attack) is False):
            return PayCards(cards=())  # an optional spend at set time (Hazama's Ouroboros,
            # Nu-13's +3~4 range only when it makes the attack reach)
        return PayCards(cards=tuple(chosen))

    def _pay_gauge(self, view: State, request: Request) -> Decision:
        """Spend 1-force gauge first. An optional payment (Critical, any "spend gauge
        for an effect") is declined when gauge is short, when it would leave this
        player's set attack unpaid for at the cost step (an Ultra after Critical), or
        when it would put an Ultra in hand out of reach (unless it pays for a wild-swung
        Ultra)."""
        assert isinstance(request, PayGaugeRequest)
        if request.optional and reach.pull_wasted(self, view):  # Iron Tager's pull 2
            return PayCards(cards=())
        if request.optional:
            if request.amount == 1 and len(request.candidates) < 3:
                return PayCards(cards=())
            attack = payment.own_unpaid_attack(self, view)
            if attack is not None and not payment.payable(self, view, attack, request.amount):
                return PayCards(cards=())
            if payment.saving(self, view, request.amount) and not payment.paying_own_wild_ultra(self, view):
                return PayCards(cards=())
        return PayCards(cards=tuple(payment.gauge_order(self, view, request.candidates)[: request.amount]))

    def _choice(self, view: State, request: Request) -> Decision:
        """Return the attack to the deck, eject, use a free ultra (matched on the options'
        descriptions, not their words); otherwise any option, but never a force spend
        that would leave this player's set attack unpaid for (Vincent's ability)."""
        assert isinstance(request, ChoiceRequest)
        for i, option in enumerate(request.descriptions):
            if option.tag in _ALWAYS_CHOSEN and not option.condition:
                return ChooseOption(index=i)
        tags = [option.tag for option in request.descriptions]
        by_kit = kit.choose(self, view, request)
        if by_kit is not None:
            return by_kit
        if _FLIP in tags:  # Carl Clover's Nirvana: flip it only when the attack misses anyway
            flip = not reach.attack_reaches(self, view)
            return ChooseOption(index=tags.index(_FLIP) if flip else 1 - tags.index(_FLIP))
        index = self.rng.randbelow(len(request.labels))
        while index > 0 and not self._may_spend(view, request, index):
            index -= 1
        if request.descriptions[index].tag in _NEVER_CHOSEN:
            index = next((i for i, option in enumerate(request.descriptions)
                          if option.tag not in _NEVER_CHOSEN), index)
        return ChooseOption(index=index)

    def _may_spend(self, view: State, request: ChoiceRequest, index: int) -> bool:
        """Whether option ``index`` is not a ``force_for_effect`` spend that would take
        the gauge this player's set, unpaid attack needs (its force is paid cheapest
        first, as ``_pay_force`` does: hand before gauge)."""
        options = request.descriptions
        if index >= len(options) or options[index].tag != _FORCE_FOR_EFFECT:
            return True
        attack = payment.own_unpaid_attack(self, view)
        if attack is None or not options[index].amounts:
            return True
        me = view.players[self.player]
        candidates = tuple(r for r in me.hand if r not in attack) + tuple(me.gauge)
        force, gauge_spent = 0, 0
        for ref in self._cheapest(view, candidates):
            if force >= (options[index].amounts[0] or 0):
                break
            force += payment.force_value(self, view, ref)
            gauge_spent += ref in me.gauge
        return payment.payable(self, view, attack, gauge_spent)

    def _name(self, view: State, request: Request) -> Decision:
        assert isinstance(request, NameCardRequest)
        return NameCard(name=request.names[self.rng.randbelow(len(request.names))])

    def _discard(self, view: State, request: Request) -> Decision:
        assert isinstance(request, DiscardRequest)
        return Discard(cards=tuple(self._cheapest(view, request.candidates)[: request.count]))

    def _select(self, view: State, request: Request) -> Decision:
        """Cards to gauge or as an extra attack: the most useful; cards to discard or
        to the deck: the least; cards to seal: the least, as many as allowed; a card from
        the deck to hand or to boost: the best."""
        assert isinstance(request, SelectCardsRequest)
        by_value = self._cheapest(view, request.candidates)
        purpose = request.purpose
        if purpose is CardPurpose.TO_GAUGE:
            return SelectCards(cards=tuple(by_value[: request.max_count]))
        if purpose in (CardPurpose.DISCARD, CardPurpose.TO_TOP_OF_DECK,
                       CardPurpose.OVERDRIVE_DISCARD):
            return SelectCards(cards=tuple(by_value[: request.min_count]))
        if purpose is CardPurpose.REVEAL:
            return SelectCards(cards=tuple(request.candidates[: request.max_count]))
        if purpose is CardPurpose.TO_SEALED:  # the least useful, as many as allowed:
            # Nine's sealed Normals power her gems, and each seal hands back a gem; but
            # not gauge a set Ultra still needs (a required seal: ``kit.sealed_at_set``)
            attack = payment.own_unpaid_attack(self, view)
            sealed = by_value[: request.max_count]
            if attack is not None and not payment.still_payable(self, view, attack, sealed):
                sealed = by_value[: request.min_count]
            return SelectCards(cards=tuple(sealed))
        if purpose is CardPurpose.EXTRA_ATTACK:
            distance = self._distance(view)
            reaching = [c for c in by_value if reach.reaches(self._card(view, c), distance)]
            picked = reaching[-1:] or (by_value[-1:] if request.min_count else [])
            return SelectCards(cards=tuple(picked))
        count = max(request.min_count, min(1, request.max_count))
        return SelectCards(cards=tuple(by_value[len(by_value) - count :]))

    def _space(self, view: State, request: Request) -> Decision:
        """Move next to the opponent when possible (most attacks reach range 1). A space
        the opponent stands on is offered only for a buddy, not a move: during a strike
        whose attack of this player's reaches range 0 (Merkava's I, Persistently
        Cling, measured from where it is placed), put it on the opponent."""
        assert isinstance(request, SpaceRequest)
        them = view.players[self.player.other].space
        moves = [m for m in request.choices if isinstance(m, MoveTo)]
        if self._moving_buddy and view.strike is None:  # this player's Move Nirvana
            return MoveTo(space=kit.buddy_space(view, self, [m.space for m in moves]))
        spot = buddy.buddy_spot(self, view, [m.space for m in moves]) if any(
            m.space == them for m in moves) else None
        if spot is not None:  # Chaos's Azhi, his specials' range measured from it
            return MoveTo(space=spot)
        if any(m.space == them for m in moves) and reach.range_zero_attack(self, view):
            return MoveTo(space=them)
        return min(moves, key=lambda m: (abs(abs(m.space - them) - 1), m.space))
