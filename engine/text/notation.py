"""Human-readable notation: event transcripts, and the effect phrases of choice labels
(``engine.text.phrases``, re-exported here).

Used by the engine (to label the options of a choice), by the CLI transcript and by
the replayer. A season mechanic's events are worded by the mechanic itself
(``Mechanic.describe``, found through ``engine.core.hooks.registry.speaker``); this module
words the core's. Nothing here changes a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from engine.cards.catalog import Catalog
from engine.cards.schema import CardKind
from engine.core import events as ev
from engine.core.apply import apply
from engine.core.causes import possessive as possessive
from engine.core.hooks.registry import speaker
from engine.core.ids import Player, Zone
from engine.core.state import EndReason, Passive, State
from engine.knowledge.views import HIDDEN, redact
from engine.text.phrases import describe_chain as describe_chain
from engine.text.phrases import describe_effect as describe_effect
from engine.text.phrases import option_of_chain as option_of_chain
from engine.text.phrases import option_of_effect as option_of_effect

# --- transcripts ----------------------------------------------------------------------


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

    def cards(self, refs: Sequence[int]) -> str:
        """Cards' names joined by `` + ``."""
        return " + ".join(self.name(r) for r in refs)

    def _line(self, e: ev.Event) -> str | None:
        fmt = _FORMATS.get(type(e))
        if fmt is not None:
            return fmt(self, e)
        mechanic = speaker(type(e))
        return mechanic.describe(self, e) if mechanic is not None else None

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
    return t.cards(refs)


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
    why = _MOVE_WHY.get(e.reason, "")
    src = ("" if e.src is Zone.STRIKE and why else " from the strike" if e.src is Zone.STRIKE
           else f" from {_ZONE_WORDS[e.src]}")
    return f"{t.who(e.player)}: {card} goes{src} to {_ZONE_WORDS[e.dst]}{why}"


_MOVE_WHY = {ev.MoveReason.CLEANUP: " after the strike",
             ev.MoveReason.BOOST_DONE: " (its boost is done)",
             ev.MoveReason.INVALID: " (invalid attack)",
             ev.MoveReason.SETUP: " at setup"}
"""Why a card moved, after its move's line (``p2 Ken Masters: Block goes to gauge after
the strike``; it read ``Block strike -> gauge``)."""


def _boost_name(t: Transcript, ref: int) -> str:
    if ref == HIDDEN:
        return "?"
    return t.catalog.card(t.state.card_defs[ref]).boost.name


def _damage(t: Transcript, e: ev.DamageDealt) -> str:
    """``p1 Ryu takes 2 damage (all the life left), life 0``: a hit deals at most the
    life left (``engine.rules.strike.damage``), so a power 6 hit on 2 life deals 2. The
    event holds the damage dealt, not the attack's power, so the cap is told as the life
    being gone, which is true whenever life reaches 0."""
    life = t.state.players[e.target].life - e.amount
    why = [f"{e.absorbed} absorbed by armor"] if e.absorbed else []
    if e.amount > 0 and life <= 0:
        why.append("all the life left")
    said = f" ({'; '.join(why)})" if why else ""
    return f"{t.who(e.target)} takes {e.amount} damage{said}, life {life}"


def _revealed(t: Transcript, e: ev.AttacksRevealed) -> str:
    return f"revealed: p1 {_cards(t, e.p1)} vs p2 {_cards(t, e.p2)}"


def _action(t: Transcript, e: ev.ActionTaken) -> str:
    """``p1 Ryu: move to space 6``; a character action by its name, as the options
    name it (``p2 Ryu: character action: Ryu's step``; it said only "character
    action")."""
    what = e.action.name.lower().replace("_", " ")
    if e.space is not None:
        what += f" to space {e.space}"
    if e.action is ev.ActionKind.CHARACTER_ACTION and e.index is not None:
        p = t.state.players[e.player]
        char = t.catalog.characters.get(p.character)
        actions = () if char is None else char.exceed_actions if p.exceeded else char.actions
        if 0 <= e.index < len(actions):
            what += f": {actions[e.index].name}"
    return f"{t.who(e.player)}: {what}"


_FORMATS: dict[type, Callable[[Transcript, ev.Event], str | None]] = {}
E = TypeVar("E")


def _fmt(event_type: type[E], fn: Callable[[Transcript, E], str | None]) -> None:
    _FORMATS[event_type] = cast(Callable[[Transcript, ev.Event], str | None], fn)


_fmt(ev.GameStarted, lambda t, e: f"game starts; {t.who(e.first)} goes first")
_fmt(ev.MulliganTaken, lambda t, e: (
    f"{t.who(e.player)} keeps the opening hand" if e.count == 0 else
    f"{t.who(e.player)} sets {e.count} card{'s' if e.count > 1 else ''} aside (mulligan)"))
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
_fmt(ev.AttacksRevealed, _revealed)
def _invalid(t: Transcript, e: ev.AttackInvalid) -> str:
    """``p1 Carl Clover's Laetabilis Cantata is invalid (its cost is 2 gauge; p1 has 0)``:
    an Ultra whose printed gauge cost is more than the gauge held says so (the usual
    reason, core rulebook, Reveal Step: "If you can't, the attack is invalid"); another
    invalid attack (a declined cost, a Tag Team's tagged-out card) reads without one."""
    line = f"{t.whose(e.player)} {t.name(e.card)} is invalid"
    card_id = t.state.card_defs.get(e.card)
    card = t.catalog.cards.get(card_id) if card_id is not None else None
    held = len(t.state.players[e.player].gauge)
    if card is not None and card.kind is CardKind.ULTRA and card.gauge_cost > held:
        line += f" (its cost is {card.gauge_cost} gauge; {e.player.label} has {held})"
    return line


_fmt(ev.AttackInvalid, _invalid)
_fmt(ev.WildSwingRevealed, lambda t, e: f"{t.who(e.player)} wild swings {t.name(e.card)}")
def _priority(t: Transcript, e: ev.PriorityDetermined) -> str:
    """The speeds and who acts first; a tie says it is one, and, when the attacker acts
    first, that the attacker wins it (core rulebook, Strikes): "speeds p1 4 / p2 4: p2
    Ken Masters acts first" left a newcomer asking why p2. Now "speeds p1 4 / p2 4, a
    tie: p2 Ken Masters acts first (the attacker wins a tie)"."""
    speeds = f"speeds p1 {e.speed_p1} / p2 {e.speed_p2}"
    if e.speed_p1 != e.speed_p2:
        return f"{speeds}: {t.who(e.first)} acts first"
    strike = t.state.strike
    won = " (the attacker wins a tie)" if strike is not None and strike.attacker == e.first \
        else ""
    return f"{speeds}, a tie: {t.who(e.first)} acts first{won}"


_fmt(ev.PriorityDetermined, _priority)
_fmt(ev.AttackSkipped, lambda t, e: f"{t.who(e.player)} is stunned and does not attack")
_fmt(ev.AttackHit, lambda t, e: f"{t.who(e.player)} hits at range {e.distance}")
_MISSED = {
    ev.MissReason.OUT_OF_RANGE: "out of range (the opponent is at range {d})",
    ev.MissReason.NO_RANGE: "the attack has no range (the opponent is at range {d})",
    ev.MissReason.DOES_NOT_HIT: "an effect makes it not hit (the opponent is at range {d})",
    ev.MissReason.DODGED: "the opponent dodges it (range {d})",
    ev.MissReason.DODGED_AT_RANGE: "the opponent dodges attacks at range {d}",
}
"""Why an attack missed, in words (it read "misses (does not hit, range 1)")."""
_fmt(ev.AttackMissed, lambda t, e: f"{t.who(e.player)} misses: "
     + _MISSED.get(e.reason, "{d}").format(d=e.distance))
_fmt(ev.DamageDealt, _damage)
_fmt(ev.DamageCounted, lambda t, e: f"{t.who(e.target)}: {e.amount} more nonlethal damage "
     "counts toward the stun")
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
_fmt(
    ev.SpeedPerSpaceGained,
    lambda t, e: f"{t.whose(e.player)} speed +{e.amount} per empty space between the fighters",
)
_fmt(
    ev.SpeedPerBoostGained,
    lambda t, e: f"{t.whose(e.player)} speed +{e.amount} per "
    + ("boost in play" if e.all_boosts else "own boost in play"),
)
_fmt(
    ev.RangePerAnyBoostGained,
    lambda t, e: f"{t.whose(e.player)} range +{e.amount}/+{e.amount2} per boost in play, "
    "both players'",
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
_fmt(ev.BoostSustained, lambda t, e: f"{t.who(e.player)} sustains {_boost_name(t, e.card)}")
_fmt(
    ev.ExtraAttackStarted,
    lambda t, e: f"{t.who(e.player)} makes an extra attack with {t.name(e.card)}",
)
_END_WORDS = {EndReason.RESIGNED: "resigned", EndReason.TIME: "lost on time",
              EndReason.DECKED: "decked out", EndReason.LEFT: "left the game"}


def _ended(t: Transcript, e: ev.GameEnded) -> str:
    """Who won and why, naming the loser: the loser read "p2 Ken Masters wins (opponent
    resigned)" after resigning, as if Ken had, and "(life)" said whose life ran out
    only from the board."""
    loser, reason = e.winner.other, EndReason(e.reason)
    why = (f"{t.whose(loser)} life reached 0" if reason is EndReason.LIFE
           else f"{t.who(loser)} {_END_WORDS[reason]}")
    return f"GAME OVER: {t.who(e.winner)} wins ({why})"


_fmt(ev.GameEnded, _ended)


# --- a built position (engine.core.events.position): referee facts ---------------------------


def _created(t: Transcript, e: ev.CardsCreated) -> str:
    names = [t.catalog.card(card_id).name if card_id else "a hidden card"
             for card_id in e.card_ids]
    return f"position: {t.who(e.player)} gets created card(s) beyond the deck: {', '.join(names)}"


_ZONE_WORDS: dict[Zone, str] = {
    Zone.DECK: "deck", Zone.HAND: "hand", Zone.DISCARD: "discard pile", Zone.GAUGE: "gauge",
    Zone.BOOSTS: "boosts", Zone.STRIKE: "attack", Zone.SEALED: "sealed area",
}


def _value_words(t: Transcript, e: ev.PositionEdited) -> str:
    """An edit of one value (``PositionEdited`` but a zone or the next turn) as a player
    says it: ``p1 Ryu is exceeded``, not ``exceeded set to 1``."""
    who, whose, value = t.who(e.player), t.whose(e.player), e.value
    if e.kind is ev.EditKind.SPACE:
        return f"{who} stands on space {value}"
    if e.kind is ev.EditKind.LIFE:
        return f"{whose} life is {value}"
    if e.kind is ev.EditKind.EXCEEDED:
        return f"{who} is exceeded" if value else f"{who} is not exceeded"
    if e.kind is ev.EditKind.RESHUFFLES_LEFT:
        return (f"{who} may still reshuffle their deck" if value else
                f"{who} has reshuffled their deck already (no reshuffle left)")
    if e.kind in (ev.EditKind.PARTNER_LIFE, ev.EditKind.PARTNER_EXCEEDED):
        tagged_out = t.state.players[e.player].partner  # named, as status() names it
        partner = (f"{whose} partner {t.catalog.character(tagged_out).name}"
                   if tagged_out is not None else f"{whose} partner")
        if e.kind is ev.EditKind.PARTNER_LIFE:
            return f"{partner} has life {value}"
        return f"{partner} is exceeded" if value else f"{partner} is not exceeded"
    if e.kind is ev.EditKind.SWITCH_LOCKED_UNTIL:
        return (f"{who} may not switch until strike {value} has ended" if value else
                f"{who} is free to switch")
    return f"{whose} {e.kind.name.lower().replace('_', ' ')} is {value}"  # a future kind


def _edited(t: Transcript, e: ev.PositionEdited) -> str:
    if e.kind is ev.EditKind.NEXT_TURN:
        return f"position: {t.who(e.player)} takes the next turn (turn {e.value + 1})"
    if e.kind is ev.EditKind.ZONE:
        zone = _ZONE_WORDS.get(e.zone, e.zone.name.lower())
        if any(card == HIDDEN for card in e.cards):
            return f"position: {t.whose(e.player)} {zone} holds {len(e.cards)} card(s)"
        if not e.cards:
            return f"position: {t.whose(e.player)} {zone} is empty"
        shown = _cards(t, e.cards)
        if e.zone is Zone.DECK and len(e.cards) > 3:
            shown = f"{len(e.cards)} cards, top {_cards(t, e.cards[:3])}"
        return f"position: {t.whose(e.player)} {zone} holds {shown}"
    return f"position: {_value_words(t, e)}"


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


# --- saved amounts and extra ranges -----------------------------------------------------
_fmt(
    ev.PowerSaved,
    lambda t, e: f"{t.who(e.player)} reveals {_cards(t, (e.card,))} from hand, saving power "
    f"{e.value}" if e.card is not None else f"{t.who(e.player)} has no card to reveal"
    + (f", saving power {e.value}" if e.value is not None else ""),
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


# --- set-aside cards ----------------------------------------------------------------------
_fmt(
    ev.CardsSetAside,
    lambda t, e: f"{t.who(e.player)} sets aside {_cards(t, e.cards)}",
)
_fmt(
    ev.SetAsideCardAdded,
    lambda t, e: f"{t.who(e.player)} puts the set-aside {t.name(e.card)} on top of the deck",
)
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


# --- secret sealed area (Arakune's) ----------------------------------------------------
_fmt(
    ev.CardSealedFaceDown,
    lambda t, e: f"{t.who(e.player)} seals {t.name(e.card)} face down"
    f" from {e.src.name.lower()}",
)
