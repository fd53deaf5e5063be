"""A live game: rebuilt from its log (``replay.live.resume``), acted on by seat tokens,
answered by its agent.

Every operation runs under the game's append lock (``replay.live.store.locked``): the
log is re-read when it changed since this process last saw it (another process wrote
it, or the dashboard restarted), the game is rebuilt from its decisions, the one
decision is checked (the decision number it answers, the seat, the newest tab, the
option still legal) and appended with its thinking time, then the agent's replies and
the questions with one answer follow at once; every append is flushed. The log is the
only store: there is no second copy that could disagree with it.

A flag fall is noticed by whoever looks next: the seat on move whose bank ran out loses
(``FlagFall``), recorded like any decision; before both seats have made their first
decision after the mulligan the game is abandoned instead, not scored. Takebacks are
``replay.live.takeback``. The bank is derived from the log too: the
clock's bank, plus its increment per decision of the seat, minus the THINK times.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from stat import S_ISREG

from engine import (
    AGENT_NAMES,
    Agent,
    Catalog,
    Decision,
    FlagFall,
    InvalidTeam,
    Player,
    Recorder,
    Resign,
    check_spec,
    default_catalog,
    derive_seed,
    display_name,
    error_text,
    forced_decision,
    make_agent,
    observe,
    read_game,
    team_member_problem,
)
from replay.live import store
from replay.live.resume import _CACHE as _CACHE  # the loading half, re-exported: its
from replay.live.resume import CANCELLED as CANCELLED  # callers name it from here
from replay.live.resume import MULLIGAN as MULLIGAN
from replay.live.resume import Now as Now
from replay.live.resume import _Live as _Live
from replay.live.resume import _load as _load
from replay.live.searching import search_place
from replay.live.store import BOTH_SEATS, Clock, LiveError, Settings
from replay.live.timed import TimedSearch, is_search
from replay.seating import HUMAN, MAX_DECISIONS

PERSON = "person"
HOTSEAT = "hotseat"
OPPONENTS = (*AGENT_NAMES, PERSON, HOTSEAT)
"""Who may sit opposite: any engine agent, a person at another browser, or hotseat."""


def _agent_seats(live: _Live, budget_ms: int = 0) -> dict[Player, Agent]:
    """The agents of the game's agent seats, built afresh for each append: each draws
    from a stream of the game's seed and the number of decisions made so far, so the
    streams of two appends differ (one stream restarted at every append would repeat
    its draws). With ``budget_ms`` a search agent is held to that time per decision."""
    agents = live.log.header.agents
    made = len(live.game.decisions)
    seats: dict[Player, Agent] = {}
    for w, a in enumerate(agents):
        if a == HUMAN:
            continue
        agent = make_agent(a, derive_seed(live.log.header.seed, f"live{w}:{made}"),
                           Player(w), live.catalog)
        if budget_ms and is_search(agent):
            agent = TimedSearch(agent, budget_ms)  # type: ignore[arg-type]
        seats[Player(w)] = agent
    return seats


def _append(root: Path, game_id: str, live: _Live, decisions: list[tuple[Decision, int | None]],
            now: Now) -> None:
    """Append ``decisions`` (each with its thinking time), then the agents' replies and
    every question with one answer, until a person is asked or the game ends; seal it
    then. Everything is flushed before the lock is let go, and before the search agent's
    first search after the person's answer (it thinks up to its budget, a minute at most;
    once per call, so its own run of replies adds no BLOCK a reply): that answer was
    held until the reply came, so a dashboard stopped or killed meanwhile lost it without
    a word, their thinking time with it, and the page asked again. Whoever looks next
    then plays the agent's reply (``load``)."""
    path = store.log_path(root, game_id)
    try:
        _append_steps(root, game_id, live, decisions, path)
    except BaseException as error:
        # The game in memory may be ahead of its log (a step taken, not written) or stopped
        # inside a step: this process's copy is dropped, so the next look re-reads the log
        # (kept, it ended every recorded step whole). It was kept, and the next decisions
        # were appended after steps the log never had: the log was damaged for good.
        _CACHE.pop((str(root), game_id), None)
        if isinstance(error, OSError):
            raise LiveError(f"{path.name}: cannot be written ({error.strerror or error}); "
                            "the log keeps every step recorded before it, and the game goes "
                            "on from there") from None
        if isinstance(error, Exception) and not isinstance(error, LiveError) and not (
                os.environ.get("EXCEED_DEBUG")):
            raise LiveError(f"{path.name}: this engine failed while playing the decision "
                            f"({error_text(error)}; set EXCEED_DEBUG=1 for a traceback); "
                            "the log keeps every step recorded before it, and the game goes "
                            "on from there") from None
        raise
    stat = os.stat(path)
    live.size, live.since, live.inode = stat.st_size, stat.st_mtime_ns, stat.st_ino
    live.log = read_game(path) if live.game.over else live.log


def _append_steps(root: Path, game_id: str, live: _Live,
                  decisions: list[tuple[Decision, int | None]], path: Path) -> None:
    """``_append``'s steps, written to ``path``."""
    game = live.game
    with open(path, "ab") as stream:
        recorder = Recorder.resumed(stream, game, live.log.header.format)
        agents = _agent_seats(live, store.read_live_settings(root, game_id).budget_ms)

        def take(decision: Decision, ms: int | None) -> None:
            request = game.pending
            assert request is not None
            caused = game.step(decision)
            recorder.on_step(game, request, decision, caused)
            if request.kind == MULLIGAN:
                live.mulligans.add(len(live.deciders))
            live.deciders.append(request.player)
            live.step_sizes.append(len(caused))
            if ms is not None:
                recorder.think(recorder.count - 1, ms)
                live.thinking[recorder.count - 1] = ms

        for decision, ms in decisions:
            take(decision, ms)
        flushed = not decisions  # nothing of a person's held yet
        while (request := game.pending) is not None and len(game.decisions) < MAX_DECISIONS:
            forced = forced_decision(request)
            agent = agents.get(request.player)
            if forced is not None:
                take(forced, None)
            elif agent is not None:
                searches = ((isinstance(agent, TimedSearch) or is_search(agent))
                            and agent.would_search(request))  # type: ignore[attr-defined]
                if searches and not flushed:  # up to a minute's thinking: the person's
                    recorder.writer.flush()  # answer on disk first, or a kill lost it
                    flushed = True
                with search_place() if searches else contextlib.nullcontext():
                    started = time.perf_counter_ns()  # a wait for a place is no thinking
                    follow = getattr(agent, "follow", None)  # the search agent learns its
                    if follow is not None:                    # seat's knowledge so far
                        follow(game)
                    chosen = agent.decide(observe(game.state, request.player), request)
                    ms = (time.perf_counter_ns() - started) // 1_000_000
                take(chosen, ms)
            else:
                break
        if game.over:
            recorder.seal(game)
        recorder.close()


# --- clocks -----------------------------------------------------------------------------

"""The kind of the opening request each seat answers before the first turn."""


def own_decisions(live: _Live, who: Player) -> list[int]:
    """The decisions ``who`` chose after its mulligan: each with a THINK time (a
    person's or an agent's; a forced answer, a resignation, a flag fall has none), the
    mulligan left out. The clock counts these; the game can be abandoned until both seats
    have one (``opened``)."""
    return [i for i, d in enumerate(live.deciders)
            if d is who and i in live.thinking and i not in live.mulligans]


def opened(live: _Live) -> bool:
    """Whether both seats have made their first decision after the mulligan: from then
    on the game is resigned, no longer abandoned (as lichess offers Abort only before
    each side's first move)."""
    return all(own_decisions(live, who) for who in (Player.P1, Player.P2))


def remaining_ms(live: _Live, clock: Clock | None, who: Player, now: int) -> int | None:
    """``who``'s time left (None without a clock, or for an agent's seat). The clock
    starts at the seat's first decision after the mulligan: the mulligan's thinking, and
    the wait while it is asked, cost nothing (lichess starts a clock with the first move;
    a person who had not yet looked at the hand lost time before the game began). An
    abandoned game's clocks stand still: its log's last write is the abandon, and the
    seat's time ran again from it, from where it stood before that decision."""
    if clock is None or live.log.header.agents[who] != HUMAN:
        return None
    own = own_decisions(live, who)
    left = clock.bank_ms + clock.increment_ms * len(own) - sum(live.thinking[i] for i in own)
    pending = live.game.pending
    if pending is not None and pending.player is who and pending.kind != MULLIGAN \
            and not live.log.abandoned:
        left -= max(0, now - live.since) // 1_000_000
    return left


def _flag(root: Path, game_id: str, live: _Live, settings: Settings, now: Now) -> _Live:
    """End the game on time if the seat on move has no time left; the game then.

    A flag that falls before both seats have made their first decision after the
    mulligan (``opened``) abandons the game instead (``Settings.aborted`` says why), as
    lichess aborts a game a side never began: it scored a loss for a person who never
    played a move, which Abandon, still offered then, would have left unscored."""
    pending = live.game.pending
    if pending is None or settings.clock is None or live.log.abandoned:
        return live
    left = remaining_ms(live, settings.clock, pending.player, now())
    if left is None or left > 0:
        return live
    if opened(live):
        _append(root, game_id, live, [(FlagFall(player=pending.player), None)], now)
        return live
    with open(store.log_path(root, game_id), "ab") as stream:
        Recorder.resumed(stream, live.game, live.log.header.format).abandon()
    _CACHE.pop((str(root), game_id), None)
    store.update_settings(root, game_id, aborted=(
        f"{pending.player.label}'s time ran out before both players had made their first "
        "decision, so the game was abandoned, not scored"))
    return _load(root, game_id)


# --- a seat's decision ------------------------------------------------------------------


class LiveRefused(Exception):
    """A decision not taken (stale, not yours, not legal, another tab); one line."""


def live_act(root: Path, game_id: str, token: str, tab: str, number: int,
        decision: Decision, now: Now = time.time_ns) -> None:
    """Take ``decision`` for the seat ``token`` opens, as its answer to decision
    ``number``. ``LiveRefused`` (nothing recorded) if that number was already answered, the
    seat does not owe it, another tab of the seat is newer, or it is not legal."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        live = _acting(root, game_id, seat, tab, settings, now)
        game = live.game
        request = game.pending
        if request is None:
            raise LiveRefused("the game is over; nothing was recorded")
        if number != len(game.decisions):
            raise LiveRefused(f"decision {number} was already answered; the game is at decision "
                          f"{len(game.decisions)} (nothing recorded twice)")
        if seat != BOTH_SEATS and request.player.label != seat:
            raise LiveRefused("the game waits for the other seat, not for you")
        why = request.check(decision)
        if why is not None:
            raise LiveRefused(f"that option is not legal now: {why}")
        think = max(0, now() - live.since) // 1_000_000
        _append(root, game_id, live, [(decision, think)], now)


def live_resign(root: Path, game_id: str, token: str, tab: str, now: Now = time.time_ns) -> None:
    """The seat ``token`` opens resigns (hotseat: the seat on move), at any request. A
    flag that fell before is recorded first (``_acting``), and the resignation then
    refused: it was recorded after the flag, and a seat that resigned once the other's
    time had run out lost the game the other had lost on time."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        live = _acting(root, game_id, seat, tab, settings, now)
        pending = live.game.pending
        if pending is None:
            raise LiveRefused("the game is over; nothing was recorded")
        who = pending.player if seat == BOTH_SEATS else Player.P1 if seat == "p1" else Player.P2
        _append(root, game_id, live, [(Resign(player=who), None)], now)


def _acting(root: Path, game_id: str, seat: str, tab: str, settings: Settings,
            now: Now) -> _Live:
    """The game as ``seat``'s newest tab ``tab`` acts on it, under its lock: reloaded,
    a flag that fell recorded first; ``LiveRefused`` from an older tab or once the game
    is abandoned (``live_act``, ``live_resign``, ``presence.live_claim`` and the
    takebacks, ``takeback.live_takeback`` and ``answer_takeback``; ``abandon_live``
    checks the tab and records the flag the same way)."""
    _check_tab(root, game_id, seat, tab)
    live = _load(root, game_id)
    _refuse_abandoned(live)
    live = _flag(root, game_id, live, settings, now)
    _refuse_abandoned(live)
    return live


def _refuse_abandoned(live: _Live) -> None:
    if live.log.abandoned:
        raise LiveRefused("the game was abandoned; nothing was recorded")


def _check_tab(root: Path, game_id: str, seat: str, tab: str) -> None:
    newest = store.newest_tab(root, game_id, seat)
    if newest and tab != newest:
        raise LiveRefused("this seat is open in a newer tab; only the newest tab acts "
                      "(reload here to act from this tab)")


def abandon_live(root: Path, game_id: str, token: str, tab: str,
                 now: Now = time.time_ns) -> None:
    """Seal an unfinished live game as abandoned (it stays unfinished for good). Only a
    seat of the game may: ``token`` must open one (``LiveError`` otherwise), from its
    newest tab ``tab`` (``LiveRefused`` from an older one, as a decision or a
    resignation is: an older tab's Abandon left a game the newer tab was playing), and
    only until both seats have made their first decision after the mulligan (``opened``;
    ``LiveRefused`` after: the game is resigned then, so a losing player cannot leave
    it unrecorded). A game abandoned before stays as it is. A flag that fell is
    recorded first (``_flag``): the game was recorded as left by whoever pressed
    Abandon, where the seat on move had run out of time before."""
    settings = store.read_live_settings(root, game_id)
    seat = store.seat_of_token(settings, token)
    with store.locked(root, game_id):
        _check_tab(root, game_id, seat, tab)
        live = _flag(root, game_id, _load(root, game_id), settings, now)
        if live.game.over:
            raise LiveError("the game is over; it cannot be abandoned")
        if live.log.abandoned:
            return
        if opened(live):
            raise LiveRefused("both seats have made their first decision: the game can no "
                              "longer be abandoned, only resigned; nothing was recorded")
        with open(store.log_path(root, game_id), "ab") as stream:
            Recorder.resumed(stream, live.game, live.log.header.format).abandon()
        _CACHE.pop((str(root), game_id), None)
        store.update_settings(root, game_id, aborted=_who_left(live, seat))


def _who_left(live: _Live, seat: str) -> str:
    """Why the game was abandoned, naming who pressed Abandon: ``p2 (Ann) left it ...``
    (a seat's name as typed, or none), or the hotseat."""
    before = "before both players had made their first decision"
    if seat not in ("p1", "p2"):
        return f"it was left at the hotseat {before}"
    return f"{store.seat_named(seat, live.log.header.players)} left it {before}"


def game_digest(root: Path, game_id: str) -> str:
    """The game id the index gives the log: the SHA-256 of its bytes. ``LiveError`` (one
    line naming it) when the log is not a regular file now (a pipe put in its place is
    opened without waiting, and refused) or cannot be read."""
    path = store.log_path(root, game_id)
    digest = hashlib.sha256()
    try:
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            if not S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise LiveError(f"{path.name}: not a regular file; the game's log cannot "
                                "be read")
            while chunk := stream.read(1 << 20):
                digest.update(chunk)
    except OSError as error:
        raise LiveError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    return digest.hexdigest()


def load(root: Path, game_id: str, now: Now = time.time_ns) -> tuple[_Live, Settings]:
    """The game now (a flag that fell is recorded first), with its settings."""
    store.read_live_settings(root, game_id)  # no such game: no lock file made for it
    with store.locked(root, game_id):
        live = _load(root, game_id)
        settings = store.read_live_settings(root, game_id)  # with what _load noted
        flagged = _flag(root, game_id, live, settings, now)
        if flagged is not live:
            live, settings = flagged, store.read_live_settings(root, game_id)
        if _agent_owes(live):
            _append(root, game_id, live, [], now)
    return live, settings


def _agent_owes(live: _Live) -> bool:
    """Whether the game waits on an agent's seat: its replies are played right after a
    person's decision, so only a process stopped in between (killed while the agent
    thought, or an engine failure, ``_append``) leaves a log there; whoever looks next
    plays them, or the game waited on the agent for good."""
    request = live.game.pending
    return (request is not None and not live.log.abandoned
            and live.log.header.agents[request.player] != HUMAN
            and len(live.game.decisions) < MAX_DECISIONS)


# --- indexing, fighters -----------------------------------------------------------------


def index_live(root: Path, game_id: str, db: Path,
                   say: Callable[[str], None] = lambda _: None, wait: float | None = None) -> str:
    """Index the finished game into ``db`` with the indexer (the index's only writer),
    waiting up to ``wait`` seconds (the indexer's own wait when None) for another writer;
    returns its game id in the index. ``LiveError`` (one line) if it is not finished or
    was not indexed: an index that is busy, not an index, or cannot be written (the
    game stays in its log, and a later call indexes it)."""
    # the writer pulls in duckdb: only here
    from replay.index.locks import IndexBusy, NotAnIndex
    from replay.index.writer import DEFAULT_WAIT, Indexer

    path = store.log_path(root, game_id)
    with store.locked(root, game_id):
        settings = store.read_live_settings(root, game_id)
        if settings.indexed:
            return settings.indexed
        live = _load(root, game_id)
        if not live.game.over:
            raise LiveError("the game is not over yet")
        problems: list[str] = []
        try:
            report = Indexer(db, jobs=1, say=problems.append,
                             wait=DEFAULT_WAIT if wait is None else wait).run([path])
        except (IndexBusy, NotAnIndex, OSError) as error:
            raise LiveError(f"the game was recorded but not indexed: {error}") from None
        if report.skipped:
            raise LiveError(f"the game was recorded but not indexed: {'; '.join(problems)}")
        for line in problems:
            say(line)
        return store.update_settings(root, game_id, indexed=game_digest(root, game_id)).indexed


def live_fighters(catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """Every playable fighter as (id, name), by name: what a seat may pick (a Tag Team
    is two of them joined by ``+``, checked when the game is created)."""
    cat = catalog if catalog is not None else default_catalog()
    return sorted(((c, display_name(cat, c)) for c in cat.character_ids()),
                  key=lambda pair: pair[1])


def live_partners(catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """The fighters that may be a Tag Team's partner, as ``live_fighters`` lists them:
    not those that start with cards out of their deck (``team_member_problem``), which no
    team may hold; a pair must still share its Normals (checked when the game is made)."""
    cat = catalog if catalog is not None else default_catalog()
    return [(c, name) for c, name in live_fighters(cat) if team_member_problem(cat, c) is None]


def team_refusal(seat: str, fighter: str, partner: str,
                 catalog: Catalog | None = None) -> str | None:
    """Why ``fighter`` and ``partner`` (ids from ``live_fighters``) make no Tag Team for
    ``seat``, in the Play form's words, by the fighters' names: the same one twice, one
    that starts with cards out of its deck (``team_member_problem``), or a pair that
    does not share its Normals (``check_spec``); None when they make one. The form named
    them by id ("p1 fighter 'ryu+hyde': ryu and hyde do not share the same Normals")."""
    cat = catalog if catalog is not None else default_catalog()
    try:
        check_spec(cat, f"{fighter}+{partner}")
    except InvalidTeam:
        pass
    else:
        return None
    first, second = display_name(cat, fighter), display_name(cat, partner)
    if fighter == partner:
        return f"{seat}'s Tag Team: {first} twice; choose a partner other than the fighter"
    for char_id, name in ((fighter, first), (partner, second)):
        if team_member_problem(cat, char_id) is not None:
            return (f"{seat}'s Tag Team: {name} cannot be in a Tag Team (the team deck has "
                    "no place for its cards dealt out of the deck at setup, set aside or "
                    "sealed); choose another fighter")
    return (f"{seat}'s Tag Team: {first} and {second} do not share the same Normals, as a "
            "team's two fighters must (Street Fighter rulebook, Variant: Tag Team); choose "
            "another partner")


def live_root(db: Path) -> Path:
    """Where the dashboard keeps the live games of the index at ``db``."""
    return db.parent / "live"
