"""New live games: created (``create_live``), waiting for a friend who joins by link with
the name they type (``join_live``; the host may renew the friend's link or cancel the
game before, ``renew_friend_link``, ``cancel_waiting``), and rematched with the seats
swapped (``live_rematch``: against a person, an offer the other joins).

A game's log is written when it starts: at once against an agent or hotseat, when the
friend joins against a person (``store.Waiting`` holds what it will hold until then).
Playing a started game is ``replay.live.table``.
"""

from __future__ import annotations

import contextlib
import secrets
import time
import unicodedata
from pathlib import Path

import msgspec

from engine import (
    AGENT_FORMS,
    Catalog,
    GameSetup,
    InvalidTeam,
    Player,
    Recording,
    agent_problem,
    check_spec,
    default_catalog,
    new_game,
    player_name_problem,
)
from replay.live import store
from replay.live.store import (
    BOTH_SEATS,
    MAX_BANK_MS,
    MAX_INCREMENT_MS,
    Clock,
    LiveError,
    Settings,
    guest_name,
)
from replay.live.table import (
    CANCELLED,
    HOTSEAT,
    OPPONENTS,
    PERSON,
    LiveRefused,
    _append,
    _load,
    _refuse_abandoned,
)
from replay.live.timed import budget_problem
from replay.quoting import (
    as_written,
    integer_as_typed,
    marks_problem,
    not_an_integer,
    quoted,
    too_many_digits,
)
from replay.seating import HUMAN


class Created(msgspec.Struct, frozen=True, kw_only=True):
    """A new live game: its id, seed, and the token of each seat people hold."""

    game_id: str
    seed: int
    seat: str
    """The creator's seat (``p1`` or ``p2``; hotseat: ``both``)."""
    tokens: dict[str, str]
    """Seat (``p1``, ``p2``, or ``both`` for hotseat) -> its secret token."""


SEEDS = "0..2**64-1"


def seed_from_text(text: str) -> int | None:
    """The seed a person typed, read as ``exceed --seed`` reads it (a decimal, led by
    zeros too, or ``0x`` hex: ``integer_as_typed``; empty: None, a random one), or
    ``LiveError`` naming it and what is wrong: not an integer, or outside 0..2**64-1
    (also a decimal of more digits than Python converts: the range, not Python's limit,
    is the reason)."""
    if not text.strip():
        return None
    if too_many_digits(text):
        raise LiveError(f"seed {as_written(text)} is outside {SEEDS}")
    seed = integer_as_typed(text)
    if seed is None:
        raise LiveError(f"seed {quoted(text)} {not_an_integer(text)}")
    if not 0 <= seed < 2**64:
        raise LiveError(f"seed {as_written(text)} is outside {SEEDS}")
    return seed


def create_live(root: Path, p1: str, p2: str, *, seat: str = "p1", opponent: str = "heuristic",
           seed: int | None = None, clock: Clock | None = None, name: str = "",
           other_name: str = "", catalog: Catalog | None = None, budget_ms: int = 0,
           other_joins: bool = False) -> Created:
    """Start a live game under ``root``: ``seat`` is ``p1``, ``p2`` or ``random``;
    ``budget_ms`` (a search opponent only) holds its decisions to that wall time
    (``replay.live.timed``). With ``other_joins`` (a person opponent only: the Play
    page's game against a friend) the game waits for the friend, who names themselves
    when they join (``join_live``): its log is written then, with the default catalog,
    and nothing is played before. A ``LiveError`` (one line) names a bad fighter, seat,
    opponent, name, clock or budget."""
    cat = catalog if catalog is not None else default_catalog()
    for label, spec in (("p1", p1), ("p2", p2)):
        try:
            check_spec(cat, spec)
        except (InvalidTeam, LookupError, ValueError) as error:
            why = str(error).split(';')[0]
            raise LiveError(f"{label} fighter {quoted(spec)}: {why}") from None
    is_agent = opponent not in (PERSON, HOTSEAT) and agent_problem(opponent) is None
    if opponent not in OPPONENTS and not is_agent:
        raise LiveError(f"opponent {quoted(opponent)} is not one of "
                        f"{', '.join((*AGENT_FORMS, PERSON, HOTSEAT))}")
    if seat == "random":
        seat = secrets.choice(("p1", "p2"))
    if seat not in ("p1", "p2"):
        raise LiveError(f"seat {quoted(seat)} is not p1, p2 or random")
    name, other_name = (n.strip() or n for n in (name, other_name))  # only spaces: refused
    for typed in (name, other_name):
        problem = person_name_problem(typed)
        if problem is not None:
            raise LiveError(f"the name {problem}")
    if clock is not None and not (0 < clock.bank_ms <= MAX_BANK_MS
                                  and 0 <= clock.increment_ms <= MAX_INCREMENT_MS):
        raise LiveError("the clock needs a bank of up to 24 hours and an increment of up "
                        "to 1 hour")
    if budget_ms:
        if not (is_agent and opponent.split(":")[0] == "search"):
            raise LiveError(f"a time budget is for the search agent, not for {quoted(opponent)}")
        problem = budget_problem(budget_ms)
        if problem is not None:
            raise LiveError(problem)
    if seed is not None and not 0 <= seed < 2**64:
        raise LiveError(f"seed {as_written(str(seed))} is outside {SEEDS}")
    seed = secrets.randbelow(2**63) if seed is None else seed
    mine = Player.P1 if seat == "p1" else Player.P2
    other = opponent if is_agent else HUMAN
    agents = (HUMAN, other) if mine is Player.P1 else (other, HUMAN)
    names = [name, other_name if other == HUMAN else ""]
    players = (names[0], names[1]) if mine is Player.P1 else (names[1], names[0])
    tokens = ({BOTH_SEATS: store.new_token()} if opponent == HOTSEAT else
              {"p1": store.new_token(), "p2": store.new_token()} if opponent == PERSON else
              {seat: store.new_token()})
    settings = Settings(opponent=opponent, clock=clock, budget_ms=budget_ms,
                        tokens={s: store.digest(t) for s, t in tokens.items()})
    if other_joins and opponent == PERSON:
        game_id = _wait_for_friend(root, settings, store.Waiting(
            p1=p1, p2=p2, seed=seed, players=players, seat=_SWAPPED[seat]))
    else:
        game_id = _record(root, GameSetup(p1=p1, p2=p2), seed, cat, agents, players,
                          settings)
    return Created(game_id=game_id, seed=seed, seat=BOTH_SEATS if opponent == HOTSEAT else seat,
                   tokens=tokens)


def person_name_problem(name: str, other: str = "") -> str | None:
    """Why a person cannot take ``name`` for a seat (None when they can):
    ``player_name_problem``'s reasons; more than ``MAX_MARKS`` combining marks on one
    character (``replay.quoting.marks_problem``, whose ``quoted`` escapes such a name's
    marks); an agent's name (``heuristic``, ``search:64``, ``human``) or a guest name (``P1 (guest)``), since the index counts a seat by its
    player's name, else its agent's (``exceed query players``, the Insights page): a
    person's games under such a name would be counted as that agent's or that unnamed
    seat's; or ``other``, the name of the game's other person (the friend who types the
    host's name would make one player of two, who played both seats)."""
    problem = player_name_problem(name) or marks_problem(name)
    if problem is not None or not name:
        return problem
    if agent_problem(name, also=(HUMAN,)) is None:
        return (f"{quoted(name)} is an agent's name; a person's games under it would be "
                "counted as the agent's")
    lookalike = _agent_lookalike(name)
    if lookalike is not None:
        return (f"{quoted(name)} reads as an agent's name ({lookalike}); a person's games "
                "under it would be taken for the agent's")
    folded = _folded(name)  # "Ann  Lee" is drawn as "Ann Lee": HTML joins the spaces
    if folded in (_folded(guest_name(Player.P1)), _folded(guest_name(Player.P2))):
        return f"{quoted(name)} is the name a seat nobody named gets; choose another"
    if folded == _folded(other):
        return (f"{quoted(name)} is the other player's; choose another, so that the two "
                "seats are told apart")
    return None


def _folded(name: str) -> str:
    """``name`` as it reads: its case and its runs of spaces aside (a page draws "Ann  Lee"
    as "Ann Lee", and the friend who typed the host's name with two spaces was taken for
    another player, shown under the same name on both pages), and its compatibility
    forms too (NFKC: the fullwidth ``ｈｅｕｒｉｓｔｉｃ``, the mathematical sans-serif
    ``𝗁𝖾𝗎𝗋𝗂𝗌𝗍𝗂𝖼``, a ligature ``ﬁ``, each drawn as the plain letters it stands for,
    were taken as a person's names beside the agent or the host they read as)."""
    plain = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(plain.split())


def _agent_lookalike(name: str) -> str | None:
    """The agent ``name`` reads as, None if none: its case and spacing aside, and with
    the Play page's words for an agent ("the search agent") dropped. ``Heuristic``,
    ``the Search agent`` and ``SEARCH:64`` were taken as a person's names, listed on the
    Players page beside the agents they read as."""
    folded = _folded(name)
    for bare in (folded, folded.removeprefix("the ").removesuffix(" agent")):
        if agent_problem(bare, also=(HUMAN,)) is None:
            return bare
    return None


def _named(agents: tuple[str, str], players: tuple[str, str]) -> tuple[str, str]:
    """``players`` with each person's seat that has no name given its guest name."""
    named = [typed if typed or agent != HUMAN else guest_name(Player(w))
             for w, (agent, typed) in enumerate(zip(agents, players, strict=True))]
    return named[0], named[1]


def _record(root: Path, setup: GameSetup, seed: int, cat: Catalog, agents: tuple[str, str],
            players: tuple[str, str], settings: Settings) -> str:
    """Write a new game's log (an unnamed person's seat named ``guest_name``) and
    seats file, play its opening questions and agents' replies; its id."""
    game_id = store.new_id()
    try:
        root.mkdir(parents=True, exist_ok=True)
        store.sweep_parts(root)
        store.write_settings(root, game_id, settings)
        with store.locked(root, game_id):
            _write_log(root, game_id, setup, seed, cat, agents, players)
    except OSError as error:
        raise LiveError(f"cannot record a new game in {root}: "
                        f"{error.strerror or error}") from None
    return game_id


def _write_log(root: Path, game_id: str, setup: GameSetup, seed: int, cat: Catalog,
               agents: tuple[str, str], players: tuple[str, str]) -> None:
    """Under the game's lock: write its log (an unnamed person's seat named
    ``guest_name``), then play its opening questions and agents' replies."""
    game = new_game(setup, seed, cat)
    with open(store.log_path(root, game_id), "xb") as stream:
        Recording(game, seed, stream, agents, cat, players=_named(agents, players)).close()
    live = _load(root, game_id, cat)
    _append(root, game_id, live, [], time.time_ns)


MAX_WAITING = 200
"""At most this many games under a live folder wait for a friend (or a rematch offer for
an answer) that were made or changed within ``WAITING_WINDOW_S``: anyone with the
dashboard's address can start one, and each is a file that stays (cancelled ones too,
so that the friend's link can say so)."""
WAITING_WINDOW_S = 24 * 3600


def _wait_for_friend(root: Path, settings: Settings, waiting: store.Waiting) -> str:
    """A new game against a friend that waits for them (its seats file only); its id.
    ``LiveError`` when ``MAX_WAITING`` games made within the last day wait already."""
    since = time.time_ns() - WAITING_WINDOW_S * 1_000_000_000
    recent = sum(seen.st_mtime_ns >= since for seen, _ in store.waiting_ids(root))
    if recent >= MAX_WAITING:
        raise LiveError(f"{recent} games made or cancelled within the last day already "
                        "wait for a friend here (a cancelled one counts until a day "
                        "after it was cancelled); try again later")
    game_id = store.new_id()
    settings.waiting = waiting
    try:
        root.mkdir(parents=True, exist_ok=True)
        store.sweep_parts(root)
        store.write_settings(root, game_id, settings)
    except OSError as error:
        raise LiveError(f"cannot record a new game in {root}: "
                        f"{error.strerror or error}") from None
    return game_id


def join_live(root: Path, game_id: str, token: str, name: str = "") -> str:
    """The friend the game waits for joins it as ``name`` (empty: the seat's guest
    name), checked as the host's name is: the log is written now, with both names, and
    the game starts (its clock with it); ``""``. Joining a game already joined records
    nothing: the link is the seat's, whoever holds it, and the page plays that seat.
    Under the same name or none (a second tab, a reload) it says nothing (``""``); under
    another (the link opened in two browsers, each typing a name: the second was
    silently dropped, and that page played the seat as the first) it returns one line
    saying under which name the seat was joined (``joined_as``); under a name that
    would be refused, one line saying why it was not taken and under which name the seat
    plays (that page played the seat and said nothing). ``LiveError`` (one line) for a
    bad name while the game waits, or a bad link, ``LiveRefused`` for the host's own
    seat. Spaces around a name are dropped (a
    phone's keyboard adds one after a word it completed: "Ann " counted as another
    player than "Ann", and passed for the host's name)."""
    name = name.strip() or name  # only spaces: refused, as before
    problem = person_name_problem(name)
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        settings = store.read_live_settings(root, game_id)
        waiting = settings.waiting
        if waiting is None:
            return joined_as(root, game_id, seat, name, problem)
        if problem is not None:
            raise LiveError(f"the name {problem}")
        if waiting.cancelled:
            raise LiveError(CANCELLED)
        if seat != waiting.seat:
            raise LiveRefused("the game waits for your friend: they join with the link of "
                              f"seat {waiting.seat}")
        players = list(waiting.players)
        host = _named((HUMAN, HUMAN), waiting.players)[1 if seat == "p1" else 0]
        problem = person_name_problem(name, host)
        if problem is not None:
            raise LiveError(f"the name {problem}")
        players[0 if seat == "p1" else 1] = name
        said = ""
        try:
            if not store.log_path(root, game_id).exists():
                _write_log(root, game_id, GameSetup(p1=waiting.p1, p2=waiting.p2),
                           waiting.seed, default_catalog(), (HUMAN, HUMAN),
                           (players[0], players[1]))
            else:  # a join cut short wrote it, with the name typed then
                said = joined_as(root, game_id, seat, name)
            store.update_settings(root, game_id, waiting=None)
        except OSError as error:
            raise LiveError(f"cannot record the game in {root}: "
                            f"{error.strerror or error}") from None
    return said


def joined_as(root: Path, game_id: str, seat: str, name: str,
              problem: str | None = None) -> str:
    """One line when ``seat`` of the started game is recorded under another name than
    the ``name`` just typed (``""`` when the same, or none was typed), or ``name`` would
    be refused (``problem``, ``person_name_problem``'s): the page plays the seat under
    the recorded one. The names are quoted (data, never markup)."""
    if not name or seat not in ("p1", "p2"):
        return ""
    joined = _load(root, game_id).log.header.players[0 if seat == "p1" else 1]
    if problem is not None:
        return (f"the name typed here was not taken (the name {problem}): this page "
                f"plays the seat as {quoted(joined)}, the name it was joined under (the "
                "link opens the seat, whoever holds it)")
    if joined == name:
        return ""
    return (f"this seat was already joined as {quoted(joined)}, not as {quoted(name)}: "
            f"this page plays it as {quoted(joined)} (the link opens the seat, whoever "
            "holds it)")


_SWAPPED = {"p1": "p2", "p2": "p1", BOTH_SEATS: BOTH_SEATS}


def cancel_waiting(root: Path, game_id: str, token: str) -> None:
    """The host (``token`` opens the seat that is not the friend's) cancels the game
    that waits for the friend: its seats file is marked (``Waiting.cancelled``), so the
    friend's link says so in one line and the game is no longer listed. Nothing was
    played, so nothing is lost. Cancelling twice does nothing; ``LiveRefused`` once the
    friend joined (the game is on: resign it) or for the friend's own link."""
    seat = store.seat_of_token(store.read_live_settings(root, game_id), token)
    with store.locked(root, game_id):
        settings = store.read_live_settings(root, game_id)
        waiting = settings.waiting
        if waiting is None:
            raise LiveRefused("your friend has joined; the game is on (resign it, or abandon "
                              "it before both of you have decided)")
        if waiting.cancelled:
            return
        if seat == waiting.seat:
            raise LiveRefused("the game is the host's to cancel; you may simply not join")
        if waiting.rematch:  # the game before names it: the offer stays, unanswered
            raise LiveRefused("a rematch offer stays open; the other player may simply "
                              "not accept it")
        settings.waiting = msgspec.structs.replace(waiting, cancelled=True)
        try:
            store.write_settings(root, game_id, settings)
        except OSError as error:
            raise LiveError(f"cannot cancel the game in {root}: "
                            f"{error.strerror or error}") from None


def live_rematch(root: Path, game_id: str, token: str) -> str:
    """The rematch of the finished game: the same fighters, opponent, clock and search
    time budget, the people's seats swapped (each keeps their name; a guest's is the
    new seat's), a new seed; its game id. Each seat's token opens the same person's seat
    in it, so the other seat's page offers it from the old game (``Settings.rematch``,
    shown to the spectators too). Once one seat started it, a second call returns that
    one. Against a person the rematch is an offer: it waits for the other person to join
    it (``join_live``), as a new game against a friend does, so their clock does not run
    before they accepted (it ran from the first click, and a person who had stepped away
    lost on time a game they never began). The other person's own Rematch click (both
    clicked at the same moment) accepts the offer: it joins it under the name they
    played under (``_accept``); it opened the offer's join form, as if they had not
    asked for a rematch themselves. ``LiveRefused`` while the game goes on."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        settings = store.read_live_settings(root, game_id)
        started = settings.rematch
        new_id = started or _start_rematch(root, game_id, settings, seat)
    if started:  # the other seat's offer, or this seat's own again (a second click)
        _accept(root, started, token)
    return new_id


def _accept(root: Path, new_id: str, token: str) -> None:
    """The rematch offer ``new_id`` accepted by the person it waits for, if ``token``
    opens that seat: joined under the name they played under (none: the seat's guest).
    Anything else (the offerer's own click again, a rematch already joined or against
    the AI) does nothing; a join refused leaves the offer open to its join form."""
    settings = store.read_live_settings(root, new_id)
    waiting = settings.waiting
    if waiting is None or not waiting.rematch or waiting.cancelled:
        return
    with contextlib.suppress(LiveError, LiveRefused):
        if store.seat_of_token(settings, token) == waiting.seat:
            join_live(root, new_id, token, waiting.players[0 if waiting.seat == "p1" else 1])


def _start_rematch(root: Path, game_id: str, settings: Settings, seat: str) -> str:
    """Under the finished game's lock: its rematch, started by ``seat``; its id."""
    live = _load(root, game_id)
    _refuse_abandoned(live)
    if not live.game.over:
        raise LiveRefused("the game is not over yet; a rematch follows its end")
    header = live.log.header
    guests = tuple(guest_name(Player(w)) for w in (0, 1))
    players = tuple("" if typed == guests[w] else typed
                    for w, typed in enumerate(header.players))
    seed = secrets.randbelow(2**63)
    swapped = Settings(opponent=settings.opponent, clock=settings.clock,
                       budget_ms=settings.budget_ms,
                       tokens={_SWAPPED[s]: held for s, held in settings.tokens.items()})
    if settings.opponent == PERSON:  # the other person's new seat is the clicker's old
        new_id = _wait_for_friend(root, swapped, store.Waiting(
            p1=header.setup.p1, p2=header.setup.p2, seed=seed, seat=seat,
            players=(players[1], players[0]), rematch=True))
    else:
        new_id = _record(root, header.setup, seed, default_catalog(),
                         (header.agents[1], header.agents[0]), (players[1], players[0]),
                         swapped)
    store.update_settings(root, game_id, rematch=new_id)
    return new_id


def renew_friend_link(root: Path, game_id: str, token: str) -> str:
    """While the game waits for the friend, the host (``token`` opens the other seat)
    gets a new token for the friend's seat, and the one given before opens nothing: the
    links are shown once, in the host's page session, and a host who reloaded the page
    before sending theirs could never start the game. ``LiveRefused`` once joined."""
    seat = store.seat_of_token(store.read_live_settings(root, game_id), token)
    with store.locked(root, game_id):
        settings = store.read_live_settings(root, game_id)
        waiting = settings.waiting
        if waiting is None:
            raise LiveRefused("your friend has joined; their link is theirs now")
        if waiting.cancelled:
            raise LiveRefused(CANCELLED)
        if seat == waiting.seat:
            raise LiveRefused("a new link for the friend's seat is the host's to make")
        if waiting.rematch:
            raise LiveRefused("your friend joins the rematch from the game before, with "
                              "the link they hold")
        fresh = store.new_token()
        settings.tokens[waiting.seat] = store.digest(fresh)
        store.write_settings(root, game_id, settings)
    return fresh
