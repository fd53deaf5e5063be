"""A person at the terminal playing one seat of a forked game (``exceed fork --agents
human,heuristic``).

Each time a decision is theirs, ``TerminalPerson`` prints the position as that player
sees it (``engine.observe``: their own hand, both players' life, spaces, gauge, boosts
and areas in play, the strike so far; never the opponent's hand, a face-down attack or
any deck order), then the numbered legal options (``replay.options``), and reads a
number (echoed when stdin is not a terminal, so a scripted game reads like a typed one).
Anything else gets one line saying what is allowed and the question again; the end of
input stops the game (``ForkStopped``: nothing is written).
"""

from __future__ import annotations

from typing import TextIO

from engine import HIDDEN, Catalog, Player, State, named_areas, space_objects
from replay.fork import ForkStopped
from replay.options import Listing, Option, asked, who


class TerminalPerson:
    """A seat played by whoever types at ``stdin`` (questions go to ``stdout``)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def choose(self, view: State, listing: Listing, decision: int, catalog: Catalog) -> Option:
        me = listing.request.player
        out = self.stdout
        print(f"-- decision {decision}, turn {view.turn}: "
              f"{asked(listing.request, view, catalog)} --", file=out)
        for line in position_lines(view, me, catalog):
            print(f"  {line}", file=out)
        for option in listing.options:
            print(f"  {option.number:>3}  {option.label}", file=out)
        if listing.capped:
            print(f"  (the first {len(listing.options)} options; more are not listed)", file=out)
        while True:
            print(f"choose {listing.range}: ", end="", file=out, flush=True)
            line = self.stdin.readline()
            if not line:
                print(file=out)
                raise ForkStopped(decision)
            text = line.strip()
            if not _is_terminal(self.stdin):
                print(text, file=out)  # echo scripted input, as a terminal would show it
            if text.isdigit() and int(text) < len(listing.options):
                return listing.options[int(text)]
            print(f"{text!r} is not an option: enter a number {listing.range}", file=out)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def position_lines(view: State, me: Player, catalog: Catalog) -> list[str]:
    """The table as ``me`` sees it, briefly: one line per player (you first), your hand,
    the objects on the arena and the strike in progress."""

    def name(ref: int) -> str:
        card_id = view.card_defs.get(ref)
        if ref == HIDDEN or card_id is None:
            return "a hidden card"
        return catalog.card(card_id).name

    def names(refs: list[int]) -> str:
        return ", ".join(name(r) for r in refs) if refs else "-"

    lines = []
    for seat, tag in ((me, "you "), (me.other, "them")):
        p = view.players[seat]
        parts = [f"{tag} {who(view, seat, catalog)}", f"life {p.life}", f"space {p.space}"]
        if p.partner is not None:
            parts.append(f"tagged out {catalog.character(p.partner).name} "
                         f"(life {p.partner_life})")
        if p.exceeded:
            parts.append("EXCEEDED")
        parts += [f"hand {len(p.hand)}", f"deck {len(p.deck)}",
                  f"gauge {len(p.gauge)} [{names(p.gauge)}]", f"boosts [{names(p.boosts)}]"]
        for area, cards in named_areas(view, seat).items():
            parts.append(f"{area.replace('_', ' ')} [{names(list(cards))}]")
        lines.append(" | ".join(parts))
    lines.append(f"your hand: {names(view.players[me].hand)}")
    objects = space_objects(view)
    if objects:
        lines.append("arena: " + ", ".join(
            f"{o.kind.replace('_', ' ')} "
            f"{o.name or (name(o.card) if o.card is not None else '')} "
            f"({o.owner.label}) on {o.space}"
            for o in objects))
    if view.strike is not None:
        sides = []
        for seat in (Player.P1, Player.P2):
            side = view.strike.sides[seat]
            set_ = ("wild swing" if side.wild and side.revealed else
                    names(side.cards) if side.cards else "nothing yet")
            sides.append(f"{seat.label} {set_}")
        lines.append("strike: " + " vs ".join(sides))
    return lines
