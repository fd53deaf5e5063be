"""A person at the terminal playing a seat (``exceed play --agents human,heuristic``,
``exceed fork … --agents human,heuristic``).

Between their decisions the person is told what happened, from their seat
(``replay.seating.Witness``: the opponent's actions, the strike reveal with both attacks
and speeds, hits, damage, the result; never a hidden card). At each decision the prompt
says what is asked and what it needs (``pay 2 force``; ``p2 Ken Masters strikes you:
distance 4``), the position in brief (``replay.seat_view``) and the distinct options
(``replay.menu``), and reads a line: an option's number, a set of cards by name
(``menu.by_names``), or a command (``?`` lists them: the board, a card's stats, the
options or the last events again, quit). A payment names the action it pays for, as
on the Play page (``action_payments.paid_for``: ``spend 2 gauge to Exceed (...)``, ``pay 2 force for
the Move to space 5 (...)``). Input is echoed when stdin is not a terminal, so a scripted game reads like a typed one. Anything
else gets one line and the question again; the end of input or ``q`` stops the game
(``Stopped``: the game so far stays in the log).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from engine import Catalog, Decision, Player, Request, State
from replay.action_payments import paid_for
from replay.asking_words import asked
from replay.menu import CARD_SETS, by_names, distinct_options, example, needs
from replay.options import Listing, Option
from replay.quoting import quoted
from replay.seat_view import board_lines, card_lines, position_lines, strike_line
from replay.seating import Stopped, StopReason

MAX_LINE = 1000
"""A longer input line is refused whole (one line), not read in pieces."""

HELP = (
    "commands:",
    "  N        take option N (one of the numbers listed)",
    "  A, B     for a set of cards (a payment, a discard, a mulligan): the cards by name,",
    "           copies named again (spike, assault, assault); the start of a name will do",
    "  b        the board: the arena, both players' zones as you see them, the strike",
    "  c NAME   a card's stats, effects and boost (any card of this game: c hadoken),",
    "           or a fighter's character card (c ryu)",
    "  o        the question and its options again (o all: every set of cards, when",
    "           a long list of sets was shortened)",
    "  r        what happened since your previous decision, again",
    "  q        stop here: the game so far stays in the log, unfinished",
    "  ?        this help",
)

__all__ = ["HELP", "TerminalPerson", "position_lines"]


class TerminalPerson:
    """A seat played by whoever types at ``stdin`` (everything goes to ``stdout``)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, hotseat: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.hotseat = hotseat
        """Both seats are people at this terminal: every block of what happened says
        whose view it is, the first one too."""
        self.told: dict[Player, list[str]] = {}
        self.last: Player | None = None

    def _say(self, *lines: str) -> None:
        for line in lines:  # one line each, inert: names may come from a log
            print(_printable(line), file=self.stdout)

    def tell(self, seat: Player, lines: Sequence[str]) -> None:
        """Print what ``seat`` saw happen (turn headers flush left, the rest indented)."""
        if not lines:
            return
        shared = self.hotseat or (self.told and seat not in self.told) or (
            len(self.told) > 1 and seat != self.last)
        if shared:  # two people at one terminal: whose view this is
            self._say(f"-- what {seat.label} saw --")
        self.told[seat] = list(lines)
        self.last = seat
        self._say(*(line if line.startswith("==") else f"  {line}" for line in lines))

    def choose(self, view: State, request: Request, decision: int,
               catalog: Catalog, *, previous: Decision | None = None,
               last_event: object | None = None) -> Decision:
        """Ask until a line names an option; commands are answered in between.
        ``previous`` (the game's last decision) and ``last_event`` (its last event) let
        a payment name the action it pays for, as on the Play page (``action_payments.paid_for``)."""
        listing = distinct_options(request, view, catalog)
        need = paid_for(needs(request, view, catalog), request, previous, last_event,
                        view, catalog)
        question = _Question(view, listing, decision, catalog, need)
        self._say(*question.lines())
        while True:
            text = self._read(decision, f"choose {listing.range} (? for help): ")
            signed = text[:1] in "+-" and text[1:].isascii() and text[1:].isdigit()
            if text and (signed or (text.isascii() and text.isdigit())):
                # a number of 7 digits or more is no option either (at most 1000 listed)
                if not signed and len(text) <= 6 and int(text) < len(listing.options):
                    return listing.options[int(text)].decision
                self._say(f"{quoted(text)} is not an option: enter a number "
                          f"{listing.range} (? for help)")
                continue
            word, _, arg = text.partition(" ")
            if word.lower() in ("q", "quit"):
                raise Stopped(decision, StopReason.QUIT)
            answer = self._command(word.lower(), arg.strip(), question)
            if answer is not None:
                self._say(*answer)
                continue
            named = by_names(listing, view, catalog, text) if text else ""
            if isinstance(named, Option):
                return named.decision
            self._say(named or f"{quoted(text)} is not an option or a command: enter a "
                      f"number {listing.range}, or ? for help")

    def _command(self, word: str, arg: str, question: _Question) -> list[str] | None:
        """What a command prints (None: ``word`` is not a command)."""
        view, catalog, me = question.view, question.catalog, question.listing.request.player
        if word in ("?", "h", "help"):
            return list(HELP)
        if word in ("b", "board"):
            return board_lines(view, me, catalog)
        if word in ("c", "card"):
            return card_lines(view, catalog, arg) if arg else [f"name a card: {word} NAME "
                                                               f"({word} grasp)"]
        if word in ("o", "options"):
            return question.lines(every=arg.lower() == "all")
        if word in ("r", "recent"):
            return self.told.get(me) or ["nothing new since your previous decision"]
        return None

    def _read(self, decision: int, prompt: str) -> str:
        """One line typed (stripped); ``Stopped`` at the end of input."""
        while True:
            print(prompt, end="", file=self.stdout, flush=True)
            line = self.stdin.readline(MAX_LINE + 1)
            if not line:
                print(file=self.stdout)
                raise Stopped(decision, StopReason.END_OF_INPUT)
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while line and not line.endswith("\n"):  # drop the rest of the line
                    line = self.stdin.readline(MAX_LINE + 1)
                self._say("", f"that line is longer than {MAX_LINE} characters; enter a "
                          "number or a command")
                continue
            text = line.strip()
            if not _is_terminal(self.stdin):
                print(_printable(text), file=self.stdout)  # as a terminal would show it
            return text


class _Question:
    """One decision's question: what is asked, what it needs, the position and the
    options, printed when asked and again with ``o``."""

    def __init__(self, view: State, listing: Listing, decision: int, catalog: Catalog,
                 need: str | None = None) -> None:
        self.view = view
        self.listing = listing
        self.decision = decision
        self.catalog = catalog
        self.need = needs(listing.request, view, catalog) if need is None else need
        """What the question needs (``menu.needs``; the payment of an action named)."""

    def lines(self, *, every: bool = False) -> list[str]:
        """The question; a long list of card sets is shortened (``shown``) unless
        ``every``."""
        view, listing, me = self.view, self.listing, self.listing.request.player
        lines = [f"-- decision {self.decision}, turn {view.turn}: "
                 f"{asked(listing.request, view, self.catalog)} --"]
        strike = strike_line(view, me, self.catalog)
        if strike is not None:
            lines.append(f"  {strike}")
        lines += [f"  {line}" for line in position_lines(view, me, self.catalog)]
        if self.need:
            lines.append(f"  {self.need}:")
        options = listing.options if every else shown(listing)
        lines += [f"  {option.number:>3}  {option.label}" for option in options]
        rest = listing.options[len(options):]
        if rest:
            sizes = sorted({len(getattr(o.decision, "cards", ())) for o in rest})
            cards = (f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}")
            numbers = (f"{rest[0].number:>3}" if len(rest) == 1
                       else f"{rest[0].number:>3}-{rest[-1].number}")
            sets = "1 more set" if len(rest) == 1 else f"{len(rest)} more sets"
            typed = example(listing, view, self.catalog, rest)
            noun = "card" if sizes == [1] else "cards"
            lines.append(f"  {numbers}  {sets} of {cards} {noun}: type the cards ({typed}), "
                         "or o all to list them")
        if listing.capped:
            lines.append(f"  (the first {len(listing.options)} options; more are not listed)")
        if not rest and listing.request.kind in CARD_SETS and len(listing.options) > 2:
            lines.append(f"  (or type the cards: {example(listing, view, self.catalog)})")
        return lines


SHOWN = 12
"""A card-set question with more distinct sets lists only its smallest sets, whole
sizes at a time (at least this many if the smallest size has more), and says how to
name or list the rest: a 5-card mulligan has 32 sets, a 6-card one up to 64."""


def shown(listing: Listing) -> tuple[Option, ...]:
    """The options of ``listing`` listed at first: all of them unless it is a card-set
    question with more than ``SHOWN``; then the sets of the smallest sizes, one whole size
    at a time while they fit in ``SHOWN`` (the first ``SHOWN`` if even the smallest size
    has more). Options stay numbered as in the whole list."""
    options = listing.options
    if listing.request.kind not in CARD_SETS or len(options) <= SHOWN:
        return options
    count = 0
    for index, option in enumerate(options):
        size = len(getattr(option.decision, "cards", ()))
        if index and size != len(getattr(options[index - 1].decision, "cards", ())):
            if index > SHOWN:
                break
            count = index
    return options[:count or SHOWN]


def _printable(text: str) -> str:
    """``text`` with control characters and undecodable bytes escaped (``\x1b``), so an
    echoed line cannot drive the terminal."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
