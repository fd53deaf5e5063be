"""A text board of a replay at its cursor, for one perspective.

``render`` draws the header (turn, strike, event, perspective), the 9-space arena with
what the season mechanics keep on its spaces (Trap boosts, buddies: ``t1`` is a trap of
p1's, ``b2`` a buddy of p2's, named on the line below), each player's open zones (with a
season's areas: set-aside, character areas) and hand (names only where the perspective may see them), the strike
in progress and the last few events as transcript lines; ``table_lines`` draws the same
board from an observed state without a replay (a seated person's ``b``). Everything hidden comes from
``engine.knowledge.views.observe`` and ``engine.knowledge.views.redact``, so a player's board never shows the
opponent's hand, a face-down attack or any deck order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine import (
    ARENA_MAX,
    ARENA_MIN,
    HIDDEN,
    AttackFlag,
    AttackSide,
    Catalog,
    EndReason,
    Phase,
    Player,
    SpaceObject,
    Stat,
    State,
    Transcript,
    apply,
    counters,
    describe_effect,
    named_areas,
    space_objects,
)
from engine import events as ev
from replay.quoting import printable
from replay.viewer.cursor import Replay
from replay.viewer.public import Viewer, redacted, transcript

CELL = 4


def perspective_label(perspective: Player | None) -> str:
    """``all`` for the omniscient view, else ``p1`` or ``p2``."""
    return "all" if perspective is None else perspective.label


def render(replay: Replay, perspective: Player | None, recent: int = 8) -> str:
    """The board at the replay's cursor as ``perspective`` sees it (None: omniscient)."""
    view = replay.view(perspective)
    at_setup = starting_spaces(replay) if replay.position == 0 else None
    lines = [header(replay, perspective),
             *_Board(replay.catalog, view, perspective, at_setup).table()]
    if recent > 0:
        lines.append("recent:")
        shown = recent_lines(replay, perspective, recent) or ["(nothing yet: the table before setup)"]
        lines.extend(f"  {line}" for line in shown)
    # one line each: a log may name a card "x\n  p2 resigns", which would read as a line
    return "\n".join(printable(line) for line in lines)


def table_lines(view: State, catalog: Catalog, perspective: Player | None) -> list[str]:
    """The arena, each player's zones, the strike and any result of ``view`` (a state
    already observed for ``perspective``): the board without a replay, as a seated
    person asks for it."""
    return _Board(catalog, view, perspective).table()


def header(replay: Replay, perspective: Player | None) -> str:
    """``== turn N · strike K · event E/TOTAL · as all|p1|p2 ==``."""
    return (f"== turn {replay.turn_at()} · strike {replay.strike_at()} · "
            f"event {replay.position}/{replay.length} · as {perspective_label(perspective)} ==")


def starting_spaces(replay: Replay) -> tuple[int, int] | None:
    """Where the fighters start (core rulebook, Area Setup: the first player on space 3,
    the other on 7), known once ``GameStarted`` names the first player; None without it.
    At event 0 the boards draw them there rather than on the table's placeholder spaces."""
    first = replay.events[0] if replay.events else None
    if type(first) is not ev.GameStarted:
        return None
    state = replay.log.initial_state(replay.catalog)
    apply(state, first)
    return state.players[0].space, state.players[1].space


class _Board:
    """Formats one observed state; every card name goes through ``name``."""

    def __init__(self, catalog: Catalog, view: State, perspective: Player | None,
                 spaces: tuple[int, int] | None = None) -> None:
        self.catalog = catalog
        self.view = view
        self.perspective = perspective
        self.spaces = spaces or (view.players[0].space, view.players[1].space)

    def table(self) -> list[str]:
        lines = self.arena()
        for who in (Player.P1, Player.P2):
            lines.extend(self.player(who))
        return lines + self.strike() + self.result()

    def name(self, ref: int) -> str:
        if ref == HIDDEN:
            return "face-down"
        return self.catalog.card(self.view.card_defs[ref]).name

    def who(self, player: Player) -> str:
        char = self.catalog.character(self.view.players[player].character)
        return f"{player.label} {char.name}"

    def arena(self) -> list[str]:
        numbers = "".join(f"{space:^{CELL + 2}}" for space in range(ARENA_MIN, ARENA_MAX + 1))
        cells = []
        spaces = self.spaces
        for space in range(ARENA_MIN, ARENA_MAX + 1):
            here = [p.label for p in (Player.P1, Player.P2) if spaces[p] == space]
            cells.append(f"[{'+'.join(here):^{CELL}}]")
        lines = [f"      {numbers}".rstrip(), f"arena {''.join(cells)}"]
        objects = space_objects(self.view)
        if objects:
            marks = []
            for space in range(ARENA_MIN, ARENA_MAX + 1):
                here = [object_mark(obj) for obj in objects if obj.space == space]
                marks.append(f" {''.join(here):^{CELL}} ")
            lines.append(f"      {''.join(marks)}".rstrip())
            lines.append("on spaces: " + "; ".join(
                f"{obj.space}: {obj.owner.label}'s {self.object_name(obj)}" for obj in objects))
        return lines

    def object_name(self, obj: SpaceObject) -> str:
        """A trap by its boost's name (its card in brackets), a buddy by its own name."""
        name, card = object_names(self.catalog, self.view, obj)
        return f"{name} ({obj.kind}, {card})" if card else f"{name} ({obj.kind})"

    def player(self, who: Player) -> list[str]:
        p = self.view.players[who]
        head = [f"{self.who(who)}: life {p.life}"]
        if self.view.phase is Phase.PLAYING and self.view.active == who:
            head.append("turn player")
        if p.exceeded:
            head.append("EXCEEDED")
        if p.partner is not None:
            out = self.catalog.character(p.partner).name
            flags = " (EXCEEDED)" if p.partner_exceeded else ""  # the partner is
            until = p.switch_locked_until
            locked = f", no switch until strike {until} ends" if until else ""
            head.append(f"tagged out: {out}{flags}{locked}")  # its life: a counter
        if p.reshuffled:
            head.append("reshuffle used")
        if p.reading is not None:
            head.append(f"must strike with {p.reading} (Reading)")
        gauge = f"gauge {len(p.gauge)}" + (f": {self.names(p.gauge)}" if p.gauge else "")
        boosts = ", ".join(self.boost(ref, who) for ref in p.boosts) or "none"
        discard = f"discard {len(p.discard)}" + (
            f", top {self.name(p.discard[-1])}" if p.discard else "")
        lines = [" · ".join(head), f"  {gauge}", f"  boosts: {boosts}", f"  {self.hand(p.hand)}",
                 f"  {discard} · deck {len(p.deck)}"]
        if p.sealed:
            lines.append(f"  sealed {len(p.sealed)}: {self.names(p.sealed)}")
        for area, cards in named_areas(self.view, who).items():
            lines.append(f"  {area_label(area)} {len(cards)}: {self.names(cards)}")
        numbers = counters(self.view, self.catalog, who)
        if numbers:
            lines.append("  " + counter_words(numbers))
        return lines

    def names(self, refs: list[int]) -> str:
        return ", ".join(self.name(ref) for ref in refs)

    def boost(self, ref: int, owner: Player) -> str:
        card = self.catalog.card(self.view.card_defs[ref])
        sustained = " [sustained]" if ref in self.view.players[owner].sustained else ""
        return f"{card.boost.name} ({card.name}){sustained}"

    def hand(self, hand: list[int]) -> str:
        if any(ref == HIDDEN for ref in hand):
            return f"hand {len(hand)} (hidden)"
        return f"hand {len(hand)}" + (f": {self.names(hand)}" if hand else "")

    def strike(self) -> list[str]:
        strike = self.view.strike
        if strike is None:
            return []
        first = "" if strike.first is None else f", {strike.first.label} acts first"
        lines = [f"strike: {self.who(strike.attacker)} attacks{first}"]
        for who in (strike.attacker, strike.defender):
            lines.append(f"  {who.label}: {self.side(strike.sides[who])}")
        return lines

    def side(self, side: AttackSide) -> str:
        shown = attack_cards(side)
        if not shown:
            return "not set yet"
        if all(ref == HIDDEN for ref in shown):
            parts = ["face-down"]
        else:
            parts = [" + ".join(self.name(ref) for ref in shown)]
        flags = [("EX", side.ex), ("wild swing", side.wild), ("critical", side.critical),
                 ("activated", side.activated), ("hit", side.hit), ("stunned", side.stunned)]
        parts.extend(label for label, on in flags if on)
        if side.damage_taken:
            parts.append(f"took {side.damage_taken} damage")
        return " · ".join(parts)

    def result(self) -> list[str]:
        if self.view.phase is not Phase.OVER or self.view.winner is None:
            return []
        loser = self.view.winner.other
        why = (f"{self.who(loser)} reached 0 life" if self.view.end_reason is EndReason.LIFE
               else end_words(loser, self.view.end_reason,
                              self.view.players[loser].reshuffled))
        return [f"GAME OVER: {self.who(self.view.winner)} wins: {why}"]


def attack_cards(side: AttackSide) -> list[int]:
    """The cards to show for one attack of the strike in progress: those in its attack
    area, or once they have left it (the cleanup sends them to gauge or discard one at a
    time; Hadoken returns to hand) the card that still defines the attack, so a strike
    that was revealed never reads "not set yet" again before it ends."""
    if side.cards or side.attack is None:
        return list(side.cards)
    return [side.attack]


def object_names(catalog: Catalog, view: State, obj: SpaceObject) -> tuple[str, str | None]:
    """A space object's display name and, for one that is a card, its card's name: a
    trap is named by its boost, a card object with a name of its own (a lightning rod)
    by that name, a buddy token by the name its owner's character declares for it."""
    if obj.card is not None:
        card = catalog.card(view.card_defs[obj.card])
        return obj.name or card.boost.name, card.name
    p = view.players[obj.owner]
    return catalog.buddy_name((p.character, p.partner), obj.name), None


def object_mark(obj: SpaceObject) -> str:
    """``t1``: a trap of p1's; ``b2``: a buddy of p2's; ``l1``: a lightning rod of p1's
    (the arena's object row)."""
    return f"{obj.kind[0]}{obj.owner + 1}"


def counter_words(numbers: dict[str, int]) -> str:
    """A seat's counters as a board shows them (``overdrive 2 · partner life 14``)."""
    return " · ".join(f"{area_label(name)} {value}" for name, value in numbers.items())


def area_label(name: str) -> str:
    """An area's name as a board shows it (``set_aside`` -> ``set aside``)."""
    return name.replace("_", " ")


def end_words(loser: Player, reason: EndReason | None, reshuffled: bool) -> str:
    """Why a game not lost on life ended, naming the loser: ``p2 resigned``, ``p1 lost on
    time`` (format 5), ``p2 left the game`` (format 7), or the deck-out (``deck_out_words``)."""
    if reason is EndReason.RESIGNED:
        return f"{loser.label} resigned"
    if reason is EndReason.TIME:
        return f"{loser.label} lost on time"
    if reason is EndReason.LEFT:
        return f"{loser.label} left the game"
    return deck_out_words(loser, reshuffled)


def deck_out_words(loser: Player, reshuffled: bool) -> str:
    """Why a deck-out lost: the loser had to draw (or wild swing) from an empty deck and
    could not reshuffle (its one reshuffle used, or nothing in its discard pile)."""
    if reshuffled:
        return f"{loser.label} drew from an empty deck with no reshuffle left"
    return f"{loser.label} drew from an empty deck with an empty discard pile to reshuffle"


# --- recent events ---------------------------------------------------------------------


def recent_lines(replay: Replay, perspective: Viewer, count: int) -> list[str]:
    """The last ``count`` events before the cursor as numbered transcript lines.

    The transcript starts from the state ``count`` events back (the cursor is moved there
    and restored), and its ``feed`` redacts every event for ``perspective`` (a seat,
    None, or ``replay.viewer.public.PUBLIC``: for both seats at once).
    """
    end = replay.position
    start = max(0, end - count)
    replay.seek(start)
    try:
        told = transcript(replay.state, replay.catalog, perspective)
    finally:
        replay.seek(end)
    lines = []
    for number, event in enumerate(replay.events[start:end], start + 1):
        shown = redacted(event, perspective)
        fallback = bookkeeping_line(told, shown)
        line = told.feed(event)
        lines.append(f"#{number} {line if line is not None else fallback}")
    return lines


def bookkeeping_line(t: Transcript, e: ev.Event) -> str:
    """A line for the events the engine's transcript treats as bookkeeping (every event
    type has one in ``_FALLBACK``; a test holds it): a type added without one reads as
    words, never as its class name (``(StrikeTurnNoted)`` was shown)."""
    fmt = _FALLBACK.get(type(e))
    if fmt is not None:
        return str(fmt(t, e))
    return "(" + re.sub(r"(?<!^)(?=[A-Z])", " ", type(e).__name__).lower() + ")"


def _stat(t: Transcript, e: ev.StatModified) -> str:
    return f"{t.who(e.player)}: {Stat(e.stat).name.lower().replace('_', ' ')} {e.amount:+d}"


def _flag(t: Transcript, e: ev.AttackFlagged | ev.AttackFlagCleared) -> str:
    name = AttackFlag(e.flag).name or str(int(e.flag))
    return f"{t.whose(e.player)} attack: {name.lower().replace('_', ' ')}"


def _boost_card(t: Transcript, ref: int) -> str:
    return t.catalog.card(t.state.card_defs[ref]).boost.name if ref != HIDDEN else "a boost"


_FALLBACK: dict[type, Callable[[Transcript, Any], str]] = {
    ev.DeckShuffled: lambda t, e: f"{t.who(e.player)} shuffles the deck",
    ev.BonusActionGranted: lambda t, e: f"{t.who(e.player)} gains a bonus action",
    ev.BoostSustained: lambda t, e: f"{t.who(e.player)} sustains {_boost_card(t, e.card)}",
    ev.BoostMarkedForGauge: lambda t, e: f"{t.whose(e.player)} {_boost_card(t, e.card)} "
    "will go to gauge",
    ev.StatModified: _stat,
    ev.PowerSet: lambda t, e: f"{t.who(e.player)}: power set to {e.value}",
    ev.AttackFlagged: _flag,
    ev.StatBonusEnded: lambda t, e: f"{t.who(e.player)}: {Stat(e.stat).name.lower()} "
    f"{e.amount:+d} ends (its boost left play)",
    ev.AttackFlagCleared: lambda t, e: f"{_flag(t, e)} ends (its boost left play)",
    ev.DodgeAtRangeEnded: lambda t, e: f"{t.who(e.player)} no longer dodges from range "
    f"{e.low}-{e.high}",
    ev.PowerSpeedSwapEnded: lambda t, e: f"{t.whose(e.player)} power and speed are no "
    "longer swapped (its boost left play)",
    ev.PrintedPowerEnded: lambda t, e: f"{t.whose(e.player)} attack's printed power is "
    "its own again (its boost left play)",
    ev.IncludedRangeEnded: lambda t, e: f"{t.whose(e.player)} attack no longer reaches "
    f"range {e.distance} (its boost left play)",
    ev.AttackEffectAdded: lambda t, e: f"{t.whose(e.player)} attack gains: "
    f"{describe_effect(e.effect)}",
    ev.AttackActivated: lambda t, e: f"{t.whose(e.player)} attack activates",
    ev.StrikeEnded: lambda t, e: "the strike ends",
    ev.TurnEnded: lambda t, e: f"{t.who(e.player)} ends the turn; next {e.next_player.label}",
    # the strike's standing effects and notes, which the transcript leaves out
    ev.AttackDiscardedAtCleanup: lambda t, e: f"{t.whose(e.player)} attack will be "
    "discarded at cleanup, even if it hits",
    ev.AttackGaugeSpentNoted: lambda t, e: f"{t.who(e.player)} spent {t.cards(e.cards)} "
    "from gauge on the attack",
    ev.BonusStrikeForbidden: lambda t, e: f"{t.whose(e.player)} bonus actions this turn "
    "cannot be Strike",
    ev.BoostDelayEnded: lambda t, e: f"{t.whose(e.player)} {_boost_card(t, e.card)} "
    "skipped an end of turn",
    ev.BoostDelayed: lambda t, e: f"{t.whose(e.player)} {_boost_card(t, e.card)} will skip "
    "the next end of turn",
    ev.CharacterActionRecorded: lambda t, e: f"{t.who(e.player)} used a character action "
    "this turn",
    ev.DrawEffectsIncreased: lambda t, e: f"{t.whose(e.player)} draw effects draw "
    f"{e.amount} more this strike",
    ev.ExtraAttackEnded: lambda t, e: f"{t.whose(e.player)} extra attack is over",
    ev.GaugeCostsPaidWithForce: lambda t, e: f"{t.who(e.player)} pays gauge costs with "
    "force this strike",
    ev.HigherSpeedMissesGained: lambda t, e: f"attacks on {t.who(e.player)} of speed "
    + (f"{e.at_least} or more" if e.at_least is not None else "above theirs")
    + " miss this strike",
    ev.MoveNoted: lambda t, e: f"{t.who(e.player)} moved this strike",
    ev.MoveOpponentEffectsIncreased: lambda t, e: f"{t.whose(e.player)} pushes and pulls "
    f"move {e.amount} more this strike",
    ev.MovementEffectsIncreased: lambda t, e: f"{t.whose(e.player)} advances, closes and "
    f"retreats move {e.amount} more this strike",
    ev.PrintedPowerSet: lambda t, e: f"{t.whose(e.player)} attack's printed power is "
    f"{e.value} this strike",
    ev.SelfMoveNoted: lambda t, e: f"{t.who(e.player)} moved themselves this strike",
    ev.UltrasMayBeInvalidated: lambda t, e: f"{t.who(e.player)} may decline to pay for "
    "an Ultra this strike",
    # Under Night In-Birth's (its mechanic's words leave these out)
    ev.AfterSetEffectsDue: lambda t, e: f"{t.whose(e.player)} after-set effects run",
    ev.AfterSetEffectsPending: lambda t, e: f"{t.whose(e.player)} effects wait for the "
    "attacks to be set",
    ev.AttackInvalidated: lambda t, e: f"{t.whose(e.player)} attack {t.name(e.card)} is "
    "invalid",
    ev.AttackMadeEx: lambda t, e: f"{t.whose(e.player)} attack counts as EX",
    ev.AttackExEnded: lambda t, e: f"{t.whose(e.player)} attack no longer counts as EX "
    "(its boost left play)",
    ev.BoostNamedCard: lambda t, e: f"{t.who(e.player)} names {e.name} for "
    f"{_boost_card(t, e.card)}",
    ev.CardEnteredArea: lambda t, e: f"{t.name(e.card)} goes to {t.whose(e.player)} "
    f"{area_label(e.area)}",
    ev.StartOfTurnStrikeForced: lambda t, e: f"{t.who(e.player)} must strike this turn",
    ev.StrikeTurnNoted: lambda t, e: f"turn {e.turn} had a strike",
    ev.TrapPlaced: lambda t, e: f"{t.who(e.player)} places the Trap "
    f"{_boost_card(t, e.card)} on space {e.space}",
    ev.TrapSprung: lambda t, e: f"{t.whose(e.player)} Trap {_boost_card(t, e.card)} springs",
    ev.TrapStopsMovement: lambda t, e: f"{t.whose(e.player)} Trap "
    f"{_boost_card(t, e.card)} stops the opponent",
}
