"""Takebacks of a live game: against the AI a seat's own, between people an offer the
other seat accepts; and the rule both keep, that a takeback never lets a seat choose
again knowing a card that was hidden from it when it chose.

A takeback forks the game at the taker's last decision (a new log naming this one as
``parent`` and the decision as ``fork_at``, the decisions before it replayed with their
THINK times, so the clocks are as they were then) and abandons this one intact; both
logs are kept as they are, none is rewritten.

The rule (``hidden_seen``): in a card game a decision undone may have shown a card
hidden when it was made. After the AI sets its attack face down and the person sets
theirs, the strike reveals both; a takeback to before the person's set would let them
choose again knowing the AI's attack, which the AI would play again (the fork replays
the decisions before the person's). So a takeback is refused (``LiveRefused``, one
line) once a card hidden from the taker at the decision taken back has been shown to
them since: the other seat's face-down attack revealed, a card of its hand or deck
shown, a card the taker drew (deck order is fixed by the game's seed: they would know
their next draw). A card the seat knew then, though hidden, does not count
(``unknown_to``, from ``engine.Knowledge``): their own card they put on top of their
deck, drawn since; a card of the other's hand they saw go there, played since. A deck
card counts unless its place was known too (after a shuffle, drawing it tells them it
was next). Between people it holds for both seats, as the one who accepts chooses
again too. The page disables Take back with the same reason.

Between people a declined offer bars a new one from the same seat until a decision is
made (as lichess: an offer is not repeated over a no while the game stands still).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from engine import (
    HIDDEN,
    Game,
    Knowledge,
    Player,
    Recorder,
    Recording,
    apply,
    error_text,
    initial_state,
    new_game,
    redact,
    sight,
)
from engine import events as ev
from replay.asking_words import asked_what
from replay.live import store
from replay.live.store import BOTH_SEATS, LiveError, Settings, TakebackOffer
from replay.live.table import (
    _CACHE,
    HOTSEAT,
    PERSON,
    LiveRefused,
    Now,
    _acting,
    _check_tab,
    _Live,
    _load,
    game_digest,
    load,
)
from replay.options import label_of

_CARD_FIELDS = ("card", "cards", "hand", "order")
"""The event fields that hold card references (the log format's naming)."""
_WHERE = {"STRIKE": "{} face-down attack", "HAND": "a card in {} hand",
          "DECK": "a card of {} deck", "SEALED": "a card {} sealed face down"}
"""Where a card shown since was hidden, in words (``{}``: whose, ``your``/``p2's``)."""


def last_own(live: _Live, who: Player) -> int | None:
    """The number of ``who``'s last decision with a THINK time (their own choice, not a
    forced answer), the one a takeback undoes; None when they made none."""
    own = [i for i, d in enumerate(live.deciders) if d is who and i in live.thinking]
    return own[-1] if own else None


def _refs(event: ev.Event) -> set[int]:
    """The card references ``event`` names (as a seat sees it: ``HIDDEN`` left out)."""
    found: set[int] = set()
    for name in _CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            found.add(value)
        elif isinstance(value, tuple):
            found.update(ref for ref in value if isinstance(ref, int))
    found.discard(HIDDEN)
    return found


def unknown_to(live: _Live, events: list[ev.Event],
               who: Player) -> dict[int, tuple[Player, Any]]:
    """The cards hidden from ``who`` after ``events`` (a dealt game's events from the
    start) that ``who`` did not know then, with where they lie: a hidden card they saw
    and followed (``Knowledge.tracked``: their own card put back on their deck, a card
    of the other's hand revealed, then hidden again) is known, a deck card only while
    its position is known too (``Knowledge.placed``: after a shuffle, drawing it tells
    them it is next, which they could not have known)."""
    state = initial_state(live.log.header.setup, live.catalog)
    knowledge = Knowledge.at_deal(state, who)
    seen = sight(state, who)
    for event in events:
        apply(state, event)
        seen = knowledge.fold(seen, event, state)
    return {ref: slot for ref, slot in seen[0].items()
            if not (ref in knowledge.tracked
                    and (slot[1].name != "DECK" or ref in knowledge.placed))}


_SEEN: OrderedDict[tuple[str, str, int, int, int, int, tuple[Player, ...]], str | None] = \
    OrderedDict()
"""(root, game id, the log's size, mtime and inode, fork point, seats) -> ``hidden_seen``'s
answer, kept while the log is unchanged as the live copy is (``resume._unchanged``): a
takeback and an offer ask it (accepting asks it again), and it replays the game (about 25 ms for 100 decisions; the
``Knowledge`` fold of ``unknown_to``, about 65 ms per seat for 100 decisions, only once a
card hidden at the decision has been shown)."""
_SEEN_LOCK = threading.Lock()  # the page's sessions draw from several threads


def hidden_seen(root: Path, game_id: str, live: _Live, at: int,
                seats: tuple[Player, ...]) -> str | None:
    """What one of ``seats`` has been shown since decision ``at`` was asked that was
    hidden from it then, in words (``"p2's face-down attack has been shown"``, between
    people ``"... has been shown to p1"``); None when nothing."""
    key = (str(root), game_id, live.size, live.since, live.inode, at, seats)
    with _SEEN_LOCK:
        if key in _SEEN:
            return _SEEN[key]
    game = _position(live, at)
    decisions = live.game.decisions
    hidden = {who: sight(game.state, who)[0] for who in seats}
    then = list(game.events)
    unknown: dict[Player, set[int]] = {}  # folded only once a hidden card is shown

    def unknown_shown(who: Player, shown: set[int]) -> list[int]:
        candidates = shown & hidden[who].keys()
        if candidates and who not in unknown:
            unknown[who] = set(unknown_to(live, then, who))
        return sorted(candidates & unknown.get(who, set()))

    found: str | None = None
    for decision in decisions[at:]:
        caused = game.step(decision)
        for who in seats:
            shown = set(sight(game.state, who)[1])
            for event in caused:
                shown |= _refs(redact(event, who))
            for ref in unknown_shown(who, shown):
                owner, zone = hidden[who][ref]
                whose = "your" if len(seats) == 1 and owner is who else f"{owner.label}'s"
                found = _WHERE.get(zone.name, "a card hidden in {}").format(whose) + (
                    " has been shown" if len(seats) == 1 else f" has been shown to {who.label}")
                break
            if found:
                break
        if found:
            break
    with _SEEN_LOCK:
        _SEEN[key] = found
        while len(_SEEN) > 64:
            _SEEN.popitem(last=False)
    return found


def takeback_problem(root: Path, game_id: str, live: _Live, settings: Settings,
                     seat: str) -> str | None:
    """Why ``seat`` may not take back (against the AI) or offer a takeback (between
    people) now, in one line; None when it may."""
    if settings.opponent == HOTSEAT or seat == BOTH_SEATS:
        return "a takeback is not offered in a hotseat game"
    if seat not in ("p1", "p2"):
        return "a spectator takes nothing back"
    if live.log.abandoned:
        return "the game was abandoned; nothing was recorded"
    if live.game.over:
        return "the game is over; review it instead"
    who = Player.P1 if seat == "p1" else Player.P2
    at = last_own(live, who)
    if at is None:
        return "you have made no decision to take back"
    offer = settings.takeback
    if (settings.opponent == PERSON and offer is not None and offer.declined
            and offer.by == seat and offer.at == len(live.game.decisions)):
        return ("the other player declined your takeback; you may offer again once a "
                "decision has been made")
    seats = (Player.P1, Player.P2) if settings.opponent == PERSON else (who,)
    seen = hidden_seen(root, game_id, live, at, seats)
    if seen is None:
        return None
    return (f"your last move ({move_words(root, game_id, live, at)}) cannot be taken "
            f"back: {seen} since, hidden when it was made (it would be chosen again "
            f"knowing it){UNRECORDED}")


def _position(live: _Live, at: int) -> Game:
    """The game replayed from its setup to where decision ``at`` was asked."""
    game = new_game(live.log.header.setup, live.log.header.seed, live.catalog)
    for decision in live.game.decisions[:at]:
        game.step(decision)
    return game


_MOVES: OrderedDict[tuple[str, str, int, int, int, int], str] = OrderedDict()
"""(root, game id, the log's size, mtime and inode, decision) -> ``move_words``' answer,
kept as ``_SEEN`` is: the page asks it at every draw of a barred Take back."""


def move_words(root: Path, game_id: str, live: _Live, at: int) -> str:
    """Decision ``at`` in the Play page's words: what it answered (``asked_what``) and
    the option chosen (``label_of``), ``an attack to set: Set Hadoken``. The refusal
    named "decision 3", a number the page shows nowhere beside the move. Worded from
    the full position: the decision is the taker's own, whose cards they know."""
    key = (str(root), game_id, live.size, live.since, live.inode, at)
    with _SEEN_LOCK:
        if key in _MOVES:
            return _MOVES[key]
    game = _position(live, at)
    request = game.pending
    words = (f"decision {at}" if request is None else
             f"{asked_what(request, game.state, live.catalog)}: "
             f"{label_of(live.game.decisions[at], request, game.state, live.catalog)}")
    with _SEEN_LOCK:
        _MOVES[key] = words
        while len(_MOVES) > 64:
            _MOVES.popitem(last=False)
    return words


UNRECORDED = "; nothing was recorded"
"""How a refused takeback's line ends; ``barred`` says the reason without it."""


def barred(root: Path, game_id: str, seat: str) -> str:
    """Why ``seat`` may not take back or offer a takeback now (``takeback_problem``), in
    one line; ``""`` when it may. What ``live_takeback`` and ``offer_takeback`` refuse
    with, asked without acting (so without "nothing was recorded"): the Play page shows
    it beside a disabled button instead of a button that says no when pressed."""
    live, settings = load(root, game_id)  # under the lock: a load may cut a torn frame
    return (takeback_problem(root, game_id, live, settings, seat) or "").removesuffix(
        UNRECORDED)


takeback_barred = barred
"""``barred``, by the name ``replay.query`` gives it."""


def fork(root: Path, game_id: str, live: _Live, settings: Settings, at: int,
         tabs: dict[str, str]) -> str:
    """Under the game's lock: fork the game at decision ``at`` (the seats' tokens open
    the fork too, ``tabs`` its newest tab of each seat), abandon this one intact, name
    the fork in its settings (``replaced_by``); the fork's id."""
    header = live.log.header
    parent = game_digest(root, game_id)
    new_id = store.new_id()
    made = [store.log_path(root, new_id), store.settings_path(root, new_id),
            *(store.tab_path(root, new_id, seat) for seat in tabs)]
    try:
        game = new_game(header.setup, header.seed, live.catalog)
        with open(made[0], "xb") as stream:
            recording = Recording(game, header.seed, stream, header.agents, live.catalog,
                                  parent=parent, fork_at=at, players=header.players)
            for index, decision in enumerate(live.game.decisions[:at]):
                recording.step(decision, live.thinking.get(index))
            recording.close()
        store.write_settings(root, new_id, Settings(
            opponent=settings.opponent, tokens=settings.tokens, clock=settings.clock,
            budget_ms=settings.budget_ms))
        for seat, tab in tabs.items():
            store.claim_tab(root, new_id, seat, tab)
    except BaseException as error:
        # The fork half made (a full disk, an engine failure) was left: a log without its
        # seats file, listed among the unfinished games, that no link opens; and the
        # error reached the page as a traceback. This game is untouched until here.
        for leftover in made:
            with contextlib.suppress(OSError):
                os.unlink(leftover)
        if isinstance(error, OSError):
            raise LiveError(f"the takeback's new game cannot be written in {root} "
                            f"({error.strerror or error}); this game goes on as it was"
                            ) from None
        if isinstance(error, Exception) and not isinstance(error, LiveError) and not (
                os.environ.get("EXCEED_DEBUG")):
            raise LiveError(f"this engine failed replaying the game for the takeback "
                            f"({error_text(error)}; set EXCEED_DEBUG=1 for a traceback); "
                            "this game goes on as it was") from None
        raise
    with open(store.log_path(root, game_id), "ab") as stream:
        Recorder.resumed(stream, live.game, live.log.header.format).abandon()
    _CACHE.pop((str(root), game_id), None)
    store.update_settings(root, game_id, replaced_by=new_id, takeback=None)
    return new_id


def live_takeback(root: Path, game_id: str, token: str, tab: str,
                  now: Now = time.time_ns) -> str:
    """Against the AI: take back this seat's last decision (``fork``); the new game's id,
    which the seat's token opens too. ``LiveRefused`` (one line, nothing recorded) in a
    game against a person or hotseat, for a seat that made no decision, once a card
    hidden from the seat at that decision was shown to it (``hidden_seen``), and once
    its flag fell (recorded first, ``_acting``: the fork gave back the time of a game
    lost on time)."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    if settings.opponent in (PERSON, HOTSEAT) or seat == BOTH_SEATS:
        raise LiveRefused("a takeback is taken only against the AI (between people it is "
                          "an offer the other accepts)")
    with store.locked(root, game_id):
        live = _acting(root, game_id, seat, tab, settings, now)
        problem = takeback_problem(root, game_id, live, settings, seat)
        if problem is not None:
            raise LiveRefused(problem)
        at = last_own(live, Player.P1 if seat == "p1" else Player.P2)
        assert at is not None
        return fork(root, game_id, live, settings, at, {seat: tab})


# --- between people: an offer the other seat accepts ------------------------------------


def current_offer(live: _Live, settings: Settings) -> TakebackOffer | None:
    """The takeback offer still open: made at the game's present decision (a decision
    since, and it lapsed), not declined, in a game going on."""
    offer = settings.takeback
    if offer is None or offer.declined or live.game.over or live.log.abandoned:
        return None
    return offer if offer.at == len(live.game.decisions) else None


def _person_seat(root: Path, game_id: str, token: str) -> tuple[Settings, str]:
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    if settings.opponent != PERSON or seat not in ("p1", "p2"):
        raise LiveRefused("a takeback is offered only between people (against the AI, "
                          "Take back takes it)")
    return settings, seat


def offer_takeback(root: Path, game_id: str, token: str, tab: str) -> None:
    """Between people: the seat ``token`` opens offers to take back its last decision
    (``Settings.takeback``); the other seat accepts it (``answer_takeback``) or not. The
    offer lapses at the next decision. ``LiveRefused`` (one line, nothing recorded) as
    ``takeback_problem`` says (among others: the other seat declined this seat's offer
    and no decision was made since), or when the other seat's offer is open (answer
    it)."""
    settings, seat = _person_seat(root, game_id, token)
    with store.locked(root, game_id):
        _check_tab(root, game_id, seat, tab)
        live = _load(root, game_id)
        settings = store.read_live_settings(root, game_id)
        offer = current_offer(live, settings)
        if offer is not None:
            if offer.by == seat:
                return  # offered already (a second click)
            raise LiveRefused("the other player offers a takeback: accept or decline it")
        problem = takeback_problem(root, game_id, live, settings, seat)
        if problem is not None:
            raise LiveRefused(problem)
        store.update_settings(root, game_id, takeback=TakebackOffer(
            by=seat, at=len(live.game.decisions)))


def answer_takeback(root: Path, game_id: str, token: str, tab: str, accept: bool,
                    now: Now = time.time_ns) -> str:
    """The other seat answers the open takeback offer: accepted, the game is forked at
    the offering seat's last decision (``fork``; both tokens open the fork) and its id
    returned; declined, the offer is kept marked declined (the offering seat may not
    offer again until a decision is made: ``takeback_problem``) and ``""`` returned. ``LiveRefused`` (one
    line, nothing recorded) when no offer is open (it lapsed at a decision), for the
    offering seat itself, when ``hidden_seen`` bars it (checked again), and once the
    flag of the seat on move fell (recorded first, ``_acting``: the offer lapses with
    the game, and accepted it forked a game lost on time, its time given back)."""
    settings, seat = _person_seat(root, game_id, token)
    with store.locked(root, game_id):
        live = _acting(root, game_id, seat, tab, settings, now)
        settings = store.read_live_settings(root, game_id)
        offer = current_offer(live, settings)
        if offer is None:
            raise LiveRefused("no takeback is offered now (an offer lapses at the next "
                              "decision); nothing was recorded")
        if offer.by == seat:
            raise LiveRefused("the takeback is yours to offer and the other player's to "
                              "accept")
        if not accept:  # kept, declined: no offering again until a decision is made
            store.update_settings(root, game_id, takeback=TakebackOffer(
                by=offer.by, at=offer.at, declined=True))
            return ""
        problem = takeback_problem(root, game_id, live, settings, offer.by)
        if problem is not None:
            store.update_settings(root, game_id, takeback=None)
            raise LiveRefused(problem)
        at = last_own(live, Player.P1 if offer.by == "p1" else Player.P2)
        assert at is not None
        tabs = {s: t for s in ("p1", "p2") if (t := store.newest_tab(root, game_id, s))}
        return fork(root, game_id, live, settings, at, tabs)
