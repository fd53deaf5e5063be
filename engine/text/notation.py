"""Human-readable notation: effect summaries for choice labels and event transcripts.

Used by the engine (to label the options of a choice), by the CLI transcript and by
the replayer. Nothing here changes a game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from engine.cards import schema as c
from engine.cards.catalog import Catalog
from engine.core import events as ev
from engine.core.apply import apply
from engine.core.decisions import ChoiceOption
from engine.core.ids import Player, Zone
from engine.core.state import EndReason, Passive, State
from engine.knowledge.views import HIDDEN, redact

_AMOUNT_EFFECTS = (
    c.Advance,
    c.Retreat,
    c.Close,
    c.Push,
    c.Pull,
    c.Powerup,
    c.Speedup,
    c.Armorup,
    c.Guardup,
    c.Draw,
    c.OpponentDiscardRandom,
    c.SpendLife,
    c.OpponentDiscardChoose,
    c.PowerupBothPlayers,
    c.MultiplyPositivePowerBonuses,
    c.PowerupOpponent,
    c.DiscardRandom,
    c.GainLife,
    c.PushToRange,
    c.AttackIncludesRange,
)


def describe_effect(effect: c.Effect) -> str:
    """A short phrase for one effect and its chain, e.g. ``"advance 2, then draw 1"``."""
    tag = c.effect_tag(type(effect)).replace("_", " ")
    if isinstance(effect, _AMOUNT_EFFECTS):
        text = f"{tag} {_amount(effect.amount)}"
    elif isinstance(effect, c.MoveTopCards):
        text = _top_cards(effect)
    elif isinstance(effect, c.SetMode):
        text = _mode(effect)
    elif isinstance(effect, c.CardsFromHand):
        text = _from_hand(effect)
    elif isinstance(effect, c.Choice):
        text = "choose: " + " / ".join(describe_chain(o) for o in effect.options)
    elif isinstance(effect, c.ForceForEffect) and effect.combined:
        # named by what the force buys (Rachel's choice among four such spends); no
        # recorded choice offers a combined spend, so no recorded label changes
        text = f"{describe_chain(effect.per_force_effect)} per force, up to {effect.force_max}"
    elif isinstance(effect, c.PlaceBuddyAtRange):
        text = f"{tag} {effect.buddy} {effect.range_min}-{effect.range_max}"
        if effect.other_buddy is not None:
            text += f" and {effect.other_buddy}"
    else:
        text = tag
    if effect.condition is not None:
        amount = effect.condition.amount
        arg = "" if amount is None else f" {amount}"
        text = f"[if {effect.condition.kind.value}{arg}] {text}"
    if effect.then:
        text += ", then " + describe_chain(effect.then)
    return text


def _top_cards(effect: c.MoveTopCards) -> str:
    """The phrase of the effect a ``move_top_cards`` replaced: recorded logs carry these
    words in their choice labels, so they must not change."""
    route = (effect.source, effect.destination)
    if effect.opponent:
        return f"opponent's top {effect.source} {effect.amount} to {effect.destination}"
    if route == (c.Pile.DISCARD, c.PileDestination.GAUGE):
        return "add top discard to gauge"
    if route == (c.Pile.DECK, c.PileDestination.GAUGE):
        return f"add top deck to gauge {effect.amount}"
    if route == (c.Pile.DECK, c.PileDestination.DISCARD):
        return "discard topdeck"
    return f"move top cards {effect.amount} from {effect.source} to {effect.destination}"


def _mode(effect: c.SetMode) -> str:
    """A mode switch, in the words of the effects ``set_mode`` replaced that choices
    recorded logs carry (C. Viper's and Dan's) offer; ``"set mode ..."`` otherwise."""
    if effect.on and effect.mode is c.Mode.USED_CHARACTER_BONUS:
        return "set used character bonus"
    if effect.on and effect.mode is c.Mode.SKIP_END_OF_TURN_DRAW:
        return "skip end of turn draw"
    state = "on" if effect.on else "off"
    return f"set mode {effect.mode.value.replace('_', ' ')} {state}"


def _from_hand(effect: c.CardsFromHand) -> str:
    """The words of the effects ``cards_from_hand`` replaced (``gauge_from_hand``...),
    which recorded choice labels carry (M. Bison's and Dan's choices)."""
    return _FROM_HAND_PHRASES[effect.destination]


_FROM_HAND_PHRASES = {
    c.HandDestination.GAUGE: "gauge from hand",
    c.HandDestination.TOP_OF_DECK: "topdeck from hand",
    c.HandDestination.DISCARD: "self discard choose",
    c.HandDestination.SEALED: "self discard choose to sealed",
}


def _amount(amount: int | c.SymbolicAmount | c.Count) -> str:
    """A printed or symbolic amount as written, a count as ``"1 per gauge, at most 5"``."""
    if not isinstance(amount, c.Count):
        return str(amount)
    text = f"{amount.times} per {amount.count.value.replace('_', ' ')}"
    if amount.plus:
        text += f" {amount.plus:+d}"
    if amount.at_most is not None:
        text += f", at most {amount.at_most}"
    return text


def describe_chain(effects: Sequence[c.Effect]) -> str:
    if isinstance(effects, tuple):  # a printed chain: described once per process
        known = _DESCRIBED.get(id(effects))
        if known is not None and known[0] is effects:
            return known[1]
        text = ", ".join(describe_effect(e) for e in effects) or "nothing"
        if len(_DESCRIBED) >= 16_384:  # bounded: catalogs decoded from logs come and go
            _DESCRIBED.clear()
        _DESCRIBED[id(effects)] = (effects, text)
        return text
    return ", ".join(describe_effect(e) for e in effects) or "nothing"


_DESCRIBED: dict[int, tuple[tuple[c.Effect, ...], str]] = {}
"""id of a printed effects tuple -> (that tuple, ``describe_chain`` of it)."""
_OPTIONS: dict[int, tuple[tuple[c.Effect, ...], ChoiceOption]] = {}
"""id of a printed effects tuple -> (that tuple, ``option_of_chain`` of it)."""


_NOT_AMOUNTS = frozenset({"timing", "condition", "then", "otherwise", "options"})


def option_of_effect(effect: c.Effect, then: Sequence[ChoiceOption] = ()) -> ChoiceOption:
    """The data of one effect as a choice option: its tag, its integer parameters in
    declaration order, its closed-set word parameters and its condition kind."""
    amounts: list[int | None] = []
    words: list[str] = []
    for name in effect.__struct_fields__:
        if name in _NOT_AMOUNTS:
            continue
        value = getattr(effect, name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            amounts.append(value)
        elif isinstance(value, enum.Enum):
            words.append(str(value.value))
    condition = "" if effect.condition is None else effect.condition.kind.value
    return ChoiceOption(
        tag=c.effect_tag(type(effect)), amounts=tuple(amounts), word=" ".join(words),
        condition=condition, then=tuple(then),
    )


def option_of_chain(effects: Sequence[c.Effect]) -> ChoiceOption:
    """A chain of effects (a ``choice`` option) as data: its first effect, with every
    later effect (its own ``then`` chains included) flattened, in order, into ``then``.
    A printed chain (a tuple) is worked out once per process (options are immutable)."""
    if isinstance(effects, tuple):
        known = _OPTIONS.get(id(effects))
        if known is not None and known[0] is effects:
            return known[1]
        option = _option_of_chain(effects)
        if len(_OPTIONS) >= 16_384:
            _OPTIONS.clear()
        _OPTIONS[id(effects)] = (effects, option)
        return option
    return _option_of_chain(effects)


def _option_of_chain(effects: Sequence[c.Effect]) -> ChoiceOption:
    flat = [option_of_effect(e) for e in _flatten(effects)]
    if not flat:
        return ChoiceOption(tag=c.effect_tag(c.Pass))
    return ChoiceOption(
        tag=flat[0].tag, amounts=flat[0].amounts, word=flat[0].word,
        condition=flat[0].condition, then=tuple(flat[1:]),
    )


def _flatten(effects: Sequence[c.Effect]) -> list[c.Effect]:
    out: list[c.Effect] = []
    for effect in effects:
        out.append(effect)
        out.extend(_flatten(effect.then))
    return out


# --- transcripts ----------------------------------------------------------------------


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name ending in s (``Ken Masters' life``)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


class Transcript:
    """Turns events into readable lines while folding them into its own state copy.

    ``viewer`` redacts hidden cards for a player's perspective (None: omniscient).
    """

    def __init__(self, state: State, catalog: Catalog, viewer: Player | None = None) -> None:
        self.state = state.copy()
        self.catalog = catalog
        self.viewer = viewer

    def name(self, ref: int) -> str:
        if ref == HIDDEN:
            return "a hidden card"
        return self.catalog.card(self.state.card_defs[ref]).name

    def who(self, player: Player) -> str:
        char = self.catalog.character(self.state.players[player].character)
        return f"{player.label} {char.name}"

    def whose(self, player: Player) -> str:
        """``who`` as a possessive (``p2 Ken Masters'``)."""
        return possessive(self.who(player))

    def feed(self, event: ev.Event) -> str | None:
        """Fold ``event`` and return its line (None for bookkeeping events)."""
        shown = redact(event, self.viewer)
        line = self._line(shown)
        apply(self.state, event)
        return line

    def _line(self, e: ev.Event) -> str | None:
        fmt = _FORMATS.get(type(e))
        return fmt(self, e) if fmt is not None else None

    def status(self) -> str:
        parts = []
        for who in (Player.P1, Player.P2):
            p = self.state.players[who]
            partner = ""
            if p.partner is not None:
                out = self.catalog.character(p.partner).name
                partner = f" ({self.catalog.character(p.character).name} in, {out} {p.partner_life})"
            parts.append(
                f"{who.label} life {p.life}{partner} space {p.space} hand {len(p.hand)} "
                f"gauge {len(p.gauge)} deck {len(p.deck)}"
            )
        return " | ".join(parts)


def _cards(t: Transcript, refs: Sequence[int]) -> str:
    return " + ".join(t.name(r) for r in refs)


def _move_line(t: Transcript, e: ev.CardMoved) -> str | None:
    card = t.name(e.card)
    r = ev.MoveReason
    verbs = {
        r.DRAW: f"draws {card}",
        r.FORCE: f"spends {card} for force",
        r.GAUGE_SPENT: f"spends {card} from gauge",
        r.BOOST: f"boosts {card} ({_boost_name(t, e.card)})",
        r.EX_COPY: f"discards the EX copy of {card}",
        r.HAND_LIMIT: f"discards {card} to the hand limit",
        r.RANDOM_DISCARD: f"discards {card} at random",
        r.MULLIGAN: f"shuffles {card} back",
    }
    if e.reason in verbs:
        return f"{t.who(e.player)} {verbs[e.reason]}"
    return f"{t.who(e.player)}: {card} {e.src.name.lower()} -> {e.dst.name.lower()}"


def _boost_name(t: Transcript, ref: int) -> str:
    if ref == HIDDEN:
        return "?"
    return t.catalog.card(t.state.card_defs[ref]).boost.name


def _damage(t: Transcript, e: ev.DamageDealt) -> str:
    life = t.state.players[e.target].life - e.amount
    armor = f" ({e.absorbed} absorbed by armor)" if e.absorbed else ""
    return f"{t.who(e.target)} takes {e.amount} damage{armor}, life {life}"


def _revealed(t: Transcript, e: ev.AttacksRevealed) -> str:
    return f"revealed: p1 {_cards(t, e.p1)} vs p2 {_cards(t, e.p2)}"


def _switched(t: Transcript, e: ev.FighterSwitched) -> str | None:
    p = t.state.players[e.player]
    if e.reason is ev.SwitchReason.CROSS_EXCEED or p.partner is None:
        return None  # the action line and "EXCEEDS" say it
    partner = t.catalog.character(p.partner).name
    if e.reason is ev.SwitchReason.EJECTION:
        return (f"{t.who(e.player)} is EJECTED: {partner} tags in "
                f"(no switching until strike {e.locked_until} ends)")
    how = "cross strikes (2 gauge)" if e.reason is ev.SwitchReason.CROSS_STRIKE else "switches"
    return f"{t.who(e.player)} {how}: {partner} tags in"


def _action(t: Transcript, e: ev.ActionTaken) -> str:
    what = e.action.name.lower().replace("_", " ")
    if e.space is not None:
        what += f" to space {e.space}"
    return f"{t.who(e.player)}: {what}"


_FORMATS: dict[type, Callable[[Transcript, ev.Event], str | None]] = {}
E = TypeVar("E")


def _fmt(event_type: type[E], fn: Callable[[Transcript, E], str | None]) -> None:
    _FORMATS[event_type] = cast(Callable[[Transcript, ev.Event], str | None], fn)


_fmt(ev.GameStarted, lambda t, e: f"game starts; {t.who(e.first)} goes first")
_fmt(ev.MulliganTaken, lambda t, e: f"{t.who(e.player)} mulligans {e.count} card(s)")
_fmt(ev.TurnStarted, lambda t, e: f"== turn {e.turn}: {t.who(e.player)} ==")
_fmt(ev.ActionTaken, _action)
_fmt(ev.CardMoved, _move_line)
_fmt(ev.DeckReshuffled, lambda t, e: f"{t.who(e.player)} reshuffles the discard into the deck")
_fmt(ev.PlayerMoved, lambda t, e: f"{t.who(e.player)} moves {e.src} -> {e.dst}")
_fmt(ev.Exceeded, lambda t, e: f"{t.who(e.player)} EXCEEDS")
_fmt(ev.StrikeStarted, lambda t, e: f"{t.who(e.attacker)} strikes")
_fmt(
    ev.AttackSet,
    lambda t, e: (
        f"{t.who(e.player)} sets "
        + ("a wild swing" if e.wild else ("an EX attack" if len(e.cards) == 2 else "an attack"))
    ),
)
_fmt(ev.AttackMadeCritical, lambda t, e: f"{t.who(e.player)} pays 1 gauge: Critical")
_fmt(ev.AttacksRevealed, _revealed)
_fmt(ev.AttackInvalid, lambda t, e: f"{t.whose(e.player)} {t.name(e.card)} is invalid")
_fmt(ev.WildSwingRevealed, lambda t, e: f"{t.who(e.player)} wild swings {t.name(e.card)}")
_fmt(
    ev.PriorityDetermined,
    lambda t, e: f"speeds p1 {e.speed_p1} / p2 {e.speed_p2}: {t.who(e.first)} acts first",
)
_fmt(ev.AttackSkipped, lambda t, e: f"{t.who(e.player)} is stunned and does not attack")
_fmt(ev.AttackHit, lambda t, e: f"{t.who(e.player)} hits at range {e.distance}")
_fmt(
    ev.AttackMissed,
    lambda t, e: (
        f"{t.who(e.player)} misses ({e.reason.name.lower().replace('_', ' ')}, range {e.distance})"
    ),
)
_fmt(ev.DamageDealt, _damage)
_fmt(ev.PlayerStunned, lambda t, e: f"{t.who(e.player)} is STUNNED")
_fmt(ev.AdvantageGained, lambda t, e: f"{t.who(e.player)} gains advantage")
_fmt(ev.HandRevealed, lambda t, e: f"{t.who(e.player)} reveals hand: {_cards(t, e.cards)}")
_fmt(ev.CardNamed, lambda t, e: f"{t.who(e.player)} names {e.name}")
_fmt(
    ev.PowerBonusesMultiplied,
    lambda t, e: f"{t.whose(e.player)} positive power bonuses count {e.factor} times",
)
_fmt(
    ev.DodgeAtRangeGained,
    lambda t, e: f"{t.who(e.player)} dodges attacks from range {e.low}-{e.high}",
)
_fmt(
    ev.RangePerBoostGained,
    lambda t, e: f"{t.whose(e.player)} range +{e.amount}/+{e.amount2} per boost in play",
)
_fmt(ev.AttackTurnedFaceUp, lambda t, e: f"{t.who(e.player)} reveals the attack {_cards(t, e.cards)}")
_fmt(
    ev.PassingBlocked,
    lambda t, e: f"{t.who(e.player)} can{'not' if e.blocked else ' again'} be moved past",
)
_fmt(
    ev.LifeSpent,
    lambda t, e: f"{t.who(e.player)} spends {e.amount} life, life "
    f"{t.state.players[e.player].life - e.amount}",
)
_fmt(
    ev.RangeNamed,
    lambda t, e: f"{t.who(e.player)} names "
    + ("range X" if e.x else "no range" if e.value is None else f"range {e.value}"),
)
_fmt(ev.StrikeXSet, lambda t, e: f"{t.whose(e.player)} X is {e.value}")
_fmt(ev.CharacterBonusUsed, lambda t, e: f"{t.who(e.player)} uses the character bonus")
_fmt(ev.EndOfTurnDrawSkipped, lambda t, e: f"{t.who(e.player)} will skip the end-of-turn draw")
_fmt(
    ev.DrawChoiceGranted,
    lambda t, e: f"{t.who(e.player)} may draw from the bottom at the end of each turn",
)
_fmt(ev.FighterSwitched, _switched)
_fmt(ev.BoostSustained, lambda t, e: f"{t.who(e.player)} sustains {_boost_name(t, e.card)}")
_fmt(
    ev.ExtraAttackStarted,
    lambda t, e: f"{t.who(e.player)} makes an extra attack with {t.name(e.card)}",
)
_END_WORDS = {EndReason.LIFE: "life", EndReason.RESIGNED: "opponent resigned",
              EndReason.TIME: "opponent lost on time"}
_fmt(
    ev.GameEnded,
    lambda t, e: (
        f"GAME OVER: {t.who(e.winner)} wins "
        f"({_END_WORDS.get(EndReason(e.reason), 'opponent decked out')})"
    ),
)


# --- a built position (engine.core.events.position): referee facts ---------------------------


def _created(t: Transcript, e: ev.CardsCreated) -> str:
    names = [t.catalog.card(card_id).name if card_id else "a hidden card"
             for card_id in e.card_ids]
    return f"position: {t.who(e.player)} gets created card(s) beyond the deck: {', '.join(names)}"


_EDIT_WORDS: dict[ev.EditKind, str] = {
    ev.EditKind.SPACE: "space", ev.EditKind.LIFE: "life", ev.EditKind.EXCEEDED: "exceeded",
    ev.EditKind.RESHUFFLES_LEFT: "reshuffles left", ev.EditKind.PARTNER_LIFE: "partner life",
    ev.EditKind.PARTNER_EXCEEDED: "partner exceeded",
    ev.EditKind.SWITCH_LOCKED_UNTIL: "switch locked until turn",
}


def _edited(t: Transcript, e: ev.PositionEdited) -> str:
    if e.kind is ev.EditKind.NEXT_TURN:
        return f"position: {t.who(e.player)} takes the next turn (turn {e.value + 1})"
    if e.kind is ev.EditKind.ZONE:
        zone = e.zone.name.lower()
        if any(card == HIDDEN for card in e.cards):
            return f"position: {t.whose(e.player)} {zone} set to {len(e.cards)} card(s)"
        shown = _cards(t, e.cards) if e.cards else "nothing"
        if e.zone is Zone.DECK and len(e.cards) > 3:
            shown = f"{len(e.cards)} cards, top {_cards(t, e.cards[:3])}"
        return f"position: {t.whose(e.player)} {zone} set to {shown}"
    return f"position: {t.whose(e.player)} {_EDIT_WORDS[e.kind]} set to {e.value}"


_fmt(ev.CardsCreated, _created)
_fmt(ev.PositionEdited, _edited)
_fmt(
    ev.DamageTakenAsDiscards,
    lambda t, e: f"{t.who(e.target)} ignores {e.amount} damage and discards {e.discarded} "
    "from the top of the deck instead",
)
_fmt(
    ev.WildSwingDelayed,
    lambda t, e: f"{t.who(e.player)} will wild swing once their set effects are done",
)
_fmt(ev.DiscardsRecorded, lambda t, e: f"{t.who(e.player)} has discarded {e.amount} (recorded)")


# --- life gained and passive bonuses -------------------------------------------------------

_PASSIVE_WORDS: dict[Passive, tuple[str, str]] = {
    Passive.IGNORE_PUSH_AND_PULL: ("cannot be pushed or pulled", "can be pushed and pulled again"),
    Passive.BLOCKS_OPPONENT_MOVE: (
        "stops the opponent moving themselves", "lets the opponent move again"
    ),
}

_fmt(
    ev.LifeGained,
    lambda t, e: f"{t.who(e.player)} gains {e.amount} life, life "
    f"{t.state.players[e.player].life + e.amount}",
)
_fmt(ev.PassiveGained, lambda t, e: f"{t.who(e.player)} {_PASSIVE_WORDS[e.passive][0]}")
_fmt(ev.PassiveRemoved, lambda t, e: f"{t.who(e.player)} {_PASSIVE_WORDS[e.passive][1]}")
_fmt(
    ev.AttackSetFromGauge,
    lambda t, e: f"{t.who(e.player)} sets {_cards(t, (e.card,))} from gauge, face-up",
)
_fmt(
    ev.TopDeckRevealed,
    lambda t, e: f"{t.who(e.player)} reveals top of deck: {_cards(t, (e.card,))}",
)
_fmt(
    ev.AttackSetFromBoosts,
    lambda t, e: f"{t.who(e.player)} sets {_cards(t, (e.card,))} from their boosts, face-up",
)


# --- buddies ---------------------------------------------------------------------------


def _buddy(t: Transcript, who: Player, buddy: str) -> str:
    """A buddy's printed name (its id, or a placed boost's name, if it declares none)."""
    p = t.state.players[who]
    return t.catalog.buddy_name((p.character, p.partner), buddy)


_fmt(
    ev.BuddyPlaced,
    lambda t, e: f"{t.who(e.player)} places {_buddy(t, e.player, e.buddy)} on space {e.space}",
)
_fmt(
    ev.BuddyPlacedFaceDown,
    lambda t, e: f"{t.who(e.player)} places {_buddy(t, e.player, e.buddy)} face down on "
    f"space {e.space}",
)
_fmt(
    ev.BuddyRemoved,
    lambda t, e: f"{t.who(e.player)} removes {_buddy(t, e.player, e.buddy)} from the arena",
)
_fmt(
    ev.BuddyWallChanged,
    lambda t, e: f"{t.whose(e.player)} {_buddy(t, e.player, e.buddy)} "
    f"{'blocks' if e.blocks else 'no longer blocks'} the opponent's movement",
)
_fmt(
    ev.RangeFromBuddySet,
    lambda t, e: f"{t.whose(e.player)} range is measured from {_buddy(t, e.player, e.buddy)}",
)
_fmt(
    ev.BuddySwapped,
    lambda t, e: f"{t.whose(e.player)} {_buddy(t, e.player, e.removed)} becomes "
    f"{_buddy(t, e.player, e.placed)}",
)
_fmt(
    ev.BuddyImmuneToFlip,
    lambda t, e: f"{t.whose(e.player)} {_buddy(t, e.player, e.buddy)} cannot be flipped "
    "this strike",
)
_fmt(
    ev.PowerSaved,
    lambda t, e: f"{t.who(e.player)} reveals {_cards(t, (e.card,))} from hand, saving power "
    f"{e.value}" if e.card is not None else f"{t.who(e.player)} has no card to reveal",
)
_fmt(
    ev.RangeIncluded,
    lambda t, e: f"{t.whose(e.player)} attack also hits at range {e.distance}",
)
_fmt(
    ev.GaugeSpentSaved,
    lambda t, e: f"{t.who(e.player)} spent the whole gauge ({e.amount}), amount saved",
)


# --- stat trades -------------------------------------------------------------------------
_fmt(
    ev.PowerSpeedSwapped,
    lambda t, e: f"{t.whose(e.player)} attack swaps its power and speed",
)


# --- set-aside cards and the overdrive area ----------------------------------------------
_fmt(
    ev.CardsSetAside,
    lambda t, e: f"{t.who(e.player)} sets aside {_cards(t, e.cards)}",
)
_fmt(
    ev.SetAsideCardAdded,
    lambda t, e: f"{t.who(e.player)} puts the set-aside {t.name(e.card)} on top of the deck",
)
_fmt(
    ev.EnteredOverdrive,
    lambda t, e: f"{t.who(e.player)} puts {t.name(e.card)} into overdrive"
    + ("" if e.from_player == e.player else f" from {t.whose(e.from_player)} "
       f"{e.src.name.lower()}"),
)
_fmt(
    ev.LeftOverdrive,
    lambda t, e: f"{t.who(e.player)} "
    + ("discards" if e.reason is ev.OverdriveExit.TURN_START else "moves")
    + f" {t.name(e.card)} from overdrive"
    + ("" if e.dst is Zone.DISCARD else f" to {e.dst.name.lower()}"),
)
_fmt(ev.Reverted, lambda t, e: f"{t.who(e.player)} reverts to Basic Mode")


# --- lasting gauge-cost reductions, free reshuffles, life floors -----------------------------
_fmt(
    ev.GaugeCostsReduced,
    lambda t, e: f"{t.whose(e.player)} gauge costs are "
    + (f"{e.amount} lower from now on" if e.amount > 0 else f"{-e.amount} higher again"),
)
_fmt(
    ev.DiscardShuffledIntoDeck,
    lambda t, e: f"{t.who(e.player)} shuffles the discard pile into the deck "
    f"({len(e.order)} cards; the reshuffle is not used)",
)
_fmt(
    ev.LifeFloorSet,
    lambda t, e: f"{t.who(e.player)} cannot go below {e.amount} life this strike",
)


# --- lightning rods (BlazBlue, Rachel) ----------------------------------------------------
_fmt(
    ev.LightningRodPlaced,
    lambda t, e: f"{t.who(e.player)} places {t.name(e.card)} as a lightning rod on space "
    f"{e.space}",
)
_fmt(
    ev.LightningRodStruck,
    lambda t, e: f"{t.whose(e.player)} lightning rod {t.name(e.card)} strikes and returns "
    "to hand",
)
_fmt(
    ev.RangeIncludesLightningRods,
    lambda t, e: f"{t.whose(e.player)} attack reaches an opponent on a lightning rod",
)


# --- secret sealed area, Arakune's overdrive effects ---------------------------------
_fmt(
    ev.CardSealedFaceDown,
    lambda t, e: f"{t.who(e.player)} seals {t.name(e.card)} face down"
    f" from {e.src.name.lower()}",
)
_fmt(
    ev.AttackMarkedForOverdrive,
    lambda t, e: f"{t.whose(e.player)} attack will go into overdrive at cleanup",
)
_fmt(
    ev.AttacksNamedInvalid,
    lambda t, e: f"{t.who(e.player)} names {e.name}: invalid as an attack this turn",
)
