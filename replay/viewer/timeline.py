"""One game's strike timeline as plain data: the read model the Game page draws.

A ``GameTimeline`` holds every layer of the chart from one source: the strike summaries
(the markers), each fighter's life line, the Tag Team tag-ins, the deck-out mark and the
replay position a click on a strike moves to. It is built once per game, either from the
log (``GameReplay.timeline``, ``replay.viewer.frames``) or, when the log cannot be read,
from the index's strike rows alone (``timeline_from_index``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple

import msgspec

from engine import Catalog, EndReason, Phase, apply, default_catalog, display_name
from engine import events as ev
from replay.strikes import StrikeSummary
from replay.viewer.board import end_words
from replay.viewer.cursor import Replay


class FighterLife(NamedTuple):
    """One fighter's life over the game: ``(position, life)`` at the start and each change.

    A seat has one fighter, or two in Tag Team; ``name`` is the fighter's display name."""

    seat: int
    fighter: str
    name: str
    points: tuple[tuple[int, int], ...]


class Switch(NamedTuple):
    """Tag Team: ``fighter`` (display name) came into play for ``seat`` at ``position``."""

    position: int
    seat: int
    fighter: str


class Moment(NamedTuple):
    """A season moment of ``seat`` at ``position``, a mark on the timeline: an Exceed,
    a Revert (BlazBlue: leaving Overdrive), a set-aside card joining the deck (BlazBlue:
    the Astral Heat's arrival after a manual reshuffle). ``kind`` is ``exceed``,
    ``revert`` or ``arrival``; ``words`` say it."""

    position: int
    seat: int
    kind: str
    words: str


class Ending(NamedTuple):
    """How the game ended: the winning seat, the rulebook reason and words for it."""

    position: int
    winner: int
    reason: str
    words: str


class DeckOut(NamedTuple):
    """Where a game was lost by decking out, and the words for it."""

    position: int
    words: str


class GameTimeline(msgspec.Struct, frozen=True, kw_only=True):
    """Every layer of one game's strike timeline, from one source (``"log"`` or ``"index"``).

    ``starts[i]`` is the replay position at the start of strike ``i + 1`` (just after its
    ``StrikeStarted``), where a click on that strike moves the viewer."""

    source: Literal["log", "index"]
    length: int
    strikes: tuple[StrikeSummary, ...]
    fighters: tuple[FighterLife, ...]
    switches: tuple[Switch, ...] = ()
    deck_out: DeckOut | None = None
    moments: tuple[Moment, ...] = ()

    @property
    def starts(self) -> tuple[int, ...]:
        return tuple(s.first_event + 1 for s in self.strikes)

    def start_of(self, strike: int) -> int | None:
        """The replay position at the start of ``strike`` (1-based), None if there is none."""
        return self.strikes[strike - 1].first_event + 1 if 1 <= strike <= len(self.strikes) else None


def timeline_from_log(strikes: Sequence[StrikeSummary], replay: Replay, catalog: Catalog,
                      ending: Ending | None) -> GameTimeline:
    """The timeline of an opened log: its summaries, every fighter's life, the tag-ins
    and, when the game was lost by decking out, where and how."""
    fighters, tag_ins = fighter_lives_of(replay, catalog)
    deck_out = (DeckOut(ending.position, ending.words.split(": ", 1)[-1])
                if ending is not None and ending.reason == "decked" else None)
    return GameTimeline(source="log", length=replay.length, strikes=tuple(strikes),
                        fighters=tuple(fighters), switches=tuple(tag_ins), deck_out=deck_out,
                        moments=tuple(moments_of(replay, catalog)))


def moments_of(replay: Replay, catalog: Catalog) -> list[Moment]:
    """The game's Exceeds, Reverts and set-aside cards joining the deck, in order (all
    open information: the same for every perspective)."""
    state = replay.log.initial_state(catalog)
    found: list[Moment] = []
    for position, event in enumerate(replay.events, 1):
        apply(state, event)
        t = type(event)
        if t is ev.Exceeded or t is ev.Reverted or t is ev.SetAsideCardAdded:
            seat = int(getattr(event, "player"))  # noqa: B009 (each has one)
            who = f"{'p1' if seat == 0 else 'p2'} {display_name(catalog, state.players[seat].character)}"
            if t is ev.SetAsideCardAdded:
                assert isinstance(event, ev.SetAsideCardAdded)
                card = catalog.card(state.card_defs[event.card]).name
                found.append(Moment(position, seat, "arrival", f"{who}: {card} joins the deck"))
            elif t is ev.Exceeded:
                found.append(Moment(position, seat, "exceed", f"{who} exceeds"))
            else:
                found.append(Moment(position, seat, "revert", f"{who} reverts"))
    return found


def timeline_from_index(strikes: Sequence[StrikeSummary], length: int, winner: int | None,
                        reason: str | None, catalog: Catalog | None = None) -> GameTimeline:
    """The timeline from the index's rows alone (the log is gone): the strike rows, life
    lines from their life before and after, the deck-out mark at the game's end."""
    cat = catalog if catalog is not None else default_catalog()
    chars = sorted({c for s in strikes for c in (s.a_fighter or s.a_char, s.d_fighter or s.d_char)})
    names = {c: display_name(cat, c) for c in chars}
    deck_out = (DeckOut(length, f"{'p2' if winner == 0 else 'p1'} decked out")
                if reason == "decked" else None)
    return GameTimeline(source="index", length=length, strikes=tuple(strikes),
                        fighters=tuple(fighters_from_strikes(strikes, names, length)),
                        deck_out=deck_out)


def fighters_from_strikes(strikes: Sequence[StrikeSummary], names: Mapping[str, str],
                          length: int) -> list[FighterLife]:
    """Life lines from strike rows alone (no log): each fighter's life before its first
    strike from the start, then its life after each strike. A strike's life is its
    fighter's in play (``a_fighter``; a row without one, from a bare fold, keeps
    ``a_char``), so each fighter of a Tag Team has its own line, as from the log."""
    points: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for row in strikes:
        for seat, char, before, after in ((row.attacker, row.a_fighter or row.a_char,
                                           row.a_life_before, row.a_life_after),
                                          (row.defender, row.d_fighter or row.d_char,
                                           row.d_life_before, row.d_life_after)):
            series = points.setdefault((seat, char), [(0, before)])
            if series[-1][1] != after:
                series.append((row.last_event + 1, after))
    lines = []
    for (seat, char), series in sorted(points.items()):
        if series[-1][0] < length:
            series.append((length, series[-1][1]))
        lines.append(FighterLife(seat, char, names.get(char, char), tuple(series)))
    return lines


def fighter_lives_of(replay: Replay, catalog: Catalog) -> tuple[
        list[FighterLife], list[Switch]]:
    """Every fighter's life series (both of a Tag Team) and each tag-in."""
    state = replay.log.initial_state(catalog)
    points: dict[tuple[int, str], list[tuple[int, int]]] = {}

    def note(position: int) -> None:
        for seat, p in enumerate(state.players):
            lives = {p.character: p.life}
            if p.partner is not None:
                lives[p.partner] = p.partner_life
            for fighter, life in lives.items():
                series = points.setdefault((seat, fighter), [])
                if not series or series[-1][1] != life:
                    series.append((position, life))

    note(0)
    switches: list[Switch] = []
    for position, event in enumerate(replay.events, 1):
        apply(state, event)
        if type(event) is ev.FighterSwitched:
            assert isinstance(event, ev.FighterSwitched)
            seat = int(event.player)
            fighter = display_name(catalog, state.players[seat].character)
            if switches and switches[-1].seat == seat and switches[-1].position == position - 1:
                switches.pop()  # Cross Exceed swaps in and straight back out: no tag-in
            else:
                switches.append(Switch(position, seat, fighter))
        note(position)
    first = replay.log.initial_state(catalog).players
    order = [[p.character, p.partner] for p in first]  # the spec's order: the one in play first
    lines = []
    for (seat, fighter), series in sorted(points.items(), key=lambda item: (
            item[0][0], order[item[0][0]].index(item[0][1]) if item[0][1] in order[item[0][0]]
            else 2, item[0][1])):
        if series[-1][0] != replay.length:
            series.append((replay.length, series[-1][1]))
        lines.append(FighterLife(seat, fighter, display_name(catalog, fighter), tuple(series)))
    return lines, switches


def ending_of(replay: Replay, catalog: Catalog) -> Ending | None:
    state = replay.final_state
    if state.phase is not Phase.OVER or state.winner is None:
        return None
    winner = state.winner
    winner_name = display_name(catalog, state.players[winner].character)
    if state.end_reason is EndReason.LIFE:
        loser = winner.other
        words = (f"{loser.label} {display_name(catalog, state.players[loser].character)} "
                 "reached 0 life")
        reason = "life"
    else:
        loser = winner.other
        words = end_words(loser, state.end_reason, state.players[loser].reshuffled)
        reason = ("decked" if state.end_reason in (None, EndReason.DECKED)
                  else state.end_reason.name.lower())
    return Ending(replay.length, int(winner), reason,
                  f"{winner.label} {winner_name} wins: {words}")
