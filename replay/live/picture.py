"""What one seat of a live game may be shown: its view, its options grouped by kind, what
just happened in rulebook words, the clocks and the result.

Everything here is built from the seat's view alone (``engine.observe``) and the
transcript redacted for that seat (``engine.Transcript``), so the other seat's hand,
deck order and face-down attack never enter it: a page drawn from a ``SeatPicture``
cannot leak them. A spectator sees the table with both hands hidden, until the game
ends, and the last ``SPECTATOR_LINES`` lines of the game in public words (every event
redacted for both seats: ``replay.viewer.public.PublicTranscript``). Option labels and
grouping reuse the terminal's (``replay.menu``).
"""

from __future__ import annotations

import time
from pathlib import Path

import msgspec

from engine import (
    Catalog,
    Decision,
    EndReason,
    FlagFall,
    LeftGame,
    Player,
    Request,
    Resign,
    State,
    Transcript,
    catalog_names,
    display_name,
    observe,
    possessive,
    read_effects,
)
from replay.action_payments import paid_for
from replay.asking_words import asked
from replay.live import store
from replay.live.presence import away_ms
from replay.live.table import Now, _Live, load, opened, remaining_ms
from replay.live.takeback import current_offer, last_own
from replay.menu import distinct_options, needs
from replay.options import Option, card_name
from replay.seating import _squeezed as squeezed
from replay.summary import ending
from replay.viewer.public import PUBLIC, PublicTranscript, observed

SPECTATOR = "spectator"
RECENT = 40
"""At most this many "what just happened" lines are kept."""
SPECTATOR_LINES = 14
"""A spectator's "what just happened": the game's last this many lines."""

GROUPS = ("strike", "boost", "move", "change cards", "prepare", "exceed", "reshuffle",
          "character actions", "tag team actions", "prompt")
"""The kinds a decision's options are grouped by, in the order a page shows them."""
_GROUP_OF_TAG = {
    "strike": "strike", "set_attack": "strike", "wild_swing": "strike",
    "cross_strike": "strike", "boost": "boost", "cross_boost": "boost",
    "boost_action": "boost", "move": "move", "change_cards": "change cards",
    "prepare": "prepare", "exceed": "exceed", "cross_exceed": "exceed",
    "reshuffle": "reshuffle", "character_action": "character actions",
    "switch": "tag team actions",  # Street Fighter rulebook: "Tag Team actions"
}


class Group(msgspec.Struct, frozen=True):
    """One kind of option (``strike``, ``boost``, ..., ``prompt``) and its options."""

    kind: str
    options: tuple[Option, ...]


def action_texts(view: State, player: Player, catalog: Catalog) -> tuple[str, ...]:
    """What each character action of ``player``'s fighter does now (its Exceed side's
    once exceeded), by index: ``gauge cost 1: close 1, then draw 1``."""
    p = view.players[player]
    char = catalog.characters.get(p.character)
    if char is None:
        return ()
    names = catalog_names(catalog)
    texts = []
    for action in char.exceed_actions if p.exceeded else char.actions:
        costs = ", ".join(f"{name} {value}" for name, value in
                          (("gauge cost", action.gauge_cost), ("force cost", action.force_cost))
                          if value)
        words = read_effects(action.effects, names)
        texts.append(f"{costs}: {words}" if costs else words)
    return tuple(texts)


def group_options(request: Request, options: tuple[Option, ...]) -> tuple[Group, ...]:
    """``options`` grouped by kind, in ``GROUPS`` order. A turn's action and an attack
    to set are grouped by the decision's kind; any other request (a choice, a payment,
    a discard, a space, a mulligan...) is one ``prompt`` group."""
    found: dict[str, list[Option]] = {}
    for option in options:
        tag = option.decision.__struct_config__.tag
        kind = ("prompt" if request.kind not in ("action", "set_attack")
                else _GROUP_OF_TAG.get(tag if isinstance(tag, str) else "", "prompt"))
        found.setdefault(kind, []).append(option)
    return tuple(Group(kind, tuple(found[kind])) for kind in GROUPS if kind in found)


_ANSWER_TAG = {"mulligan": "mulligan", "pay_force": "pay", "pay_gauge": "pay",
               "discard": "discard", "select_cards": "select_cards"}
"""For a request answered with a set of cards: the tag of its decision."""
VERBS = {"mulligan": "Mulligan these", "pay_force": "Pay with these",
         "pay_gauge": "Spend these", "discard": "Discard these",
         "select_cards": "Select these"}
"""The button under a card picker, in rulebook words."""
NONE_VERBS = {"mulligan": "Keep the opening hand"}
"""That button with no card picked, where it is not "VERB (none)": a mulligan of no card
keeps the hand, as the options list words it (a newcomer read "Mulligan these (none)"
as a mulligan)."""


def cards_decision(request: Request, refs: tuple[int, ...]) -> Decision:
    """The decision that answers ``request`` (a mulligan, payment, discard or selection)
    with the cards ``refs`` picked; its legality is checked when it is taken."""
    decision: Decision = msgspec.convert([_ANSWER_TAG[request.kind], list(refs)], Decision)
    return decision


def _card_choices(request: Request, view: State, catalog: Catalog
                  ) -> tuple[tuple[int, str], ...]:
    if request.kind not in _ANSWER_TAG:
        return ()
    found = getattr(request, "candidates", None)
    refs: tuple[int, ...] = found if found is not None else getattr(request, "hand", ())
    me = view.players[request.player]
    zones = (("hand", me.hand), ("gauge", me.gauge), ("discard", me.discard),
             ("boosts", me.boosts))
    named = []
    for ref in refs:
        name = card_name(view, catalog, ref)  # a team's special: its fighter's
        named.append((ref, name, next((zone for zone, cards in zones if ref in cards), "")))
    return _told_apart(named)


def _told_apart(named: list[tuple[int, str, str]]) -> tuple[tuple[int, str], ...]:
    """Each card (ref, name, zone) labelled ``Name (zone)``; copies of one card in one
    zone numbered, ``Shoryuken (hand, copy 2)``: the page's card picker (a multiselect)
    takes one option per label, so with two equal labels picking one copy took the
    other out of the list, and a mulligan or payment of both copies could not be
    picked."""
    counts: dict[tuple[str, str], int] = {}
    for _, name, where in named:
        counts[(name, where)] = counts.get((name, where), 0) + 1
    seen: dict[tuple[str, str], int] = {}
    labelled = []
    for ref, name, where in named:
        nth = seen[(name, where)] = seen.get((name, where), 0) + 1
        parts = [where] if where else []
        if counts[(name, where)] > 1:
            parts.append(f"copy {nth}")
        labelled.append((ref, f"{name} ({', '.join(parts)})" if parts else name))
    return tuple(labelled)


class SeatPicture(msgspec.Struct, kw_only=True):
    """What the seat's page is drawn from."""

    game_id: str
    seat: str
    """``p1``, ``p2``, ``both`` (hotseat) or ``spectator``."""
    viewer: Player | None
    """Whose view is shown (hotseat: the seat on move); None for a spectator."""
    view: State
    decision: int
    """The number of the decision the game waits for (every answer names it)."""
    asked: str
    """What the game waits for, in words (for anyone)."""
    request: Request | None
    """The request, only when this seat owes it."""
    needs: str
    groups: tuple[Group, ...]
    cards: tuple[tuple[int, str], ...] = ()
    """For a request answered with a set of cards: each card it may take, named (the
    page's card picker; ``cards_decision`` turns the picked cards into the answer)."""
    actions: tuple[str, ...] = ()
    """When character actions are offered: what each of the seat's character actions
    does now (its index the ``CharacterAction``'s), in the card reader's words with its
    costs (``engine.read_effects``): a button's hover help and the page's list."""
    lines: tuple[str, ...]
    """What happened since this seat last decided, in rulebook words, from its view."""
    names: tuple[str, str]
    """Each seat's player: the typed name, else the agent's name (plain text)."""
    fighters: tuple[str, str]
    specs: tuple[str, str]
    """Each seat's fighter id (a Tag Team: two joined by ``+``)."""
    typed: tuple[str, str]
    """The names people typed for the seats (``""``: an agent's or nobody's)."""
    clocks: tuple[int | None, int | None]
    """Each seat's time left in ms (None: no clock for it)."""
    result: str
    """"" while the game goes on, else who won and why."""
    over: bool
    abandoned: bool
    replaced_by: str
    opponent: str
    clock: store.Clock | None = None
    """The game's clock (a rematch is played with it too)."""
    budget_ms: int = 0
    """The search opponent's time budget per decision in ms (0: its own iterations); a
    rematch is played with it too."""
    rematch: str = ""
    """The rematch's game id once a seat started one (the same token opens it)."""
    seed: int | None = None
    """The game's seed once it is over (None before: it decides every shuffle, so it
    would show every hidden card; a game taken back goes on from it in its fork)."""
    cut: str = ""
    """The file holding the bytes last cut off the log where a frame was cut short
    (``store.Settings.cut``; ``""``: none)."""
    abandonable: bool = False
    """Whether the game may still be abandoned: it goes on and not both seats have made
    their first decision after the mulligan (``table.opened``); then only resigned."""
    takeback_offer: str = ""
    """The seat (``p1``, ``p2``) whose takeback offer is open, between people; ``""``."""
    decided: bool = False
    """Whether the seat has made a decision of its own (one with a THINK time) that a
    takeback could undo; before it, the page offers no takeback (the button was there
    from the first look, its click saying "you have made no decision to take back")."""
    takeback_declined: str = ""
    """The seat whose takeback offer the other declined, until a decision is made (it
    may not offer again meanwhile); ``""``."""
    aborted: str = ""
    """Why the game was abandoned: a flag fell before both seats had decided, or who
    pressed Abandon (``store.Settings.aborted``)."""
    away_s: int | None = None
    """How long (s) the other person's page has not been seen, where this seat could
    claim the win once it reaches ``presence.AWAY_S`` (the game waits on them); None
    where no claim can be made (``presence.away_ms``)."""

    def seat_named(self, seat: str) -> str:
        """``seat`` (``p1``, ``p2``) as the other person reads it: with the name its
        person typed (``p1 (Ann)``), or alone for a guest's seat and an agent's."""
        return store.seat_named(seat, self.typed)


def live_picture(root: Path, game_id: str, seat: str, now: Now = time.time_ns) -> SeatPicture:
    """The picture of ``seat`` (already opened by its token: ``store.seat_of_token``),
    or ``SPECTATOR``. Why a takeback is refused is not part of it (``takeback.barred``):
    it replays the game, which only the seat's own takeback control needs; worked out
    in every picture, every run of every page, it left clicks untaken in the browser
    (CI of stop 55, before ``play_table.pressed`` kept clicks and ``hidden_seen`` was
    cached per decision). The control asks it when it is drawn."""
    live, settings = load(root, game_id, now)
    game, catalog = live.game, live.catalog
    state = game.state
    pending = game.pending
    viewer: Player | None
    if seat == SPECTATOR:
        viewer = None
    elif seat == store.BOTH_SEATS:
        viewer = pending.player if pending is not None else Player.P1
    else:
        viewer = Player.P1 if seat == "p1" else Player.P2
    view = _view(state, viewer, game.over)
    mine = pending if pending is not None and viewer is not None and (
        seat == store.BOTH_SEATS or pending.player is viewer) and not live.log.abandoned \
        else None  # an abandoned game asks nobody: it stays unfinished for good
    groups: tuple[Group, ...] = ()
    cards: tuple[tuple[int, str], ...] = ()
    actions: tuple[str, ...] = ()
    if mine is not None:
        listing = distinct_options(mine, view, catalog)
        groups = group_options(mine, listing.options)
        cards = _card_choices(mine, view, catalog)
        if any(g.kind == "character actions" for g in groups):
            actions = action_texts(view, mine.player, catalog)
    header = live.log.header
    names = tuple(header.players[w] or header.agents[w] for w in (0, 1))
    fighters = tuple(display_name(catalog, spec) for spec in (header.p1, header.p2))
    at = now()
    return SeatPicture(
        game_id=game_id, seat=seat, viewer=viewer, view=view,
        decision=len(game.decisions),
        asked=asked(pending, view, catalog) if pending is not None else "",
        request=mine, groups=groups, cards=cards,
        needs="" if mine is None else paid_for(
            needs(mine, view, catalog), mine, game.decisions[-1] if game.decisions else None,
            game.events[-1] if game.events else None, view, catalog),
        actions=actions,
        lines=tuple(_lines(live, viewer, catalog, seat, (fighters[0], fighters[1]))
                    if viewer is not None else _public_lines(live, catalog)),
        names=(names[0], names[1]), fighters=(fighters[0], fighters[1]),
        specs=(header.p1, header.p2), typed=header.players,
        clocks=_clocks(live, settings.clock, at, bool(settings.aborted)),
        result=_result(live, fighters), over=game.over, abandoned=live.log.abandoned,
        replaced_by=settings.replaced_by, opponent=settings.opponent, clock=settings.clock,
        budget_ms=settings.budget_ms, rematch=settings.rematch,
        seed=header.seed if game.over else None,
        cut=settings.cut,
        abandonable=not game.over and not live.log.abandoned and not opened(live),
        takeback_offer=offer.by if (offer := current_offer(live, settings)) else "",
        takeback_declined=_declined(live, settings),
        decided=seat in ("p1", "p2") and viewer is not None
        and last_own(live, viewer) is not None,
        aborted=settings.aborted,
        away_s=None if (away := away_ms(root, game_id, live, settings, seat, at)) is None
        else away // 1000)


def _declined(live: _Live, settings: store.Settings) -> str:
    """The seat whose takeback offer was declined at the present decision, or ``""``."""
    offer = settings.takeback
    if (offer is None or not offer.declined or live.game.over or live.log.abandoned
            or offer.at != len(live.game.decisions)):
        return ""
    return offer.by


def _clocks(live: _Live, clock: store.Clock | None, at: int, aborted: bool = False
            ) -> tuple[int | None, int | None]:
    """Each seat's time left at ``at``. A seat that lost on time has none left: its
    flag fall is recorded with no thinking time, so the bank derived from the log
    would still show what was left before that move (a game lost on time read
    ``clock 0:15`` beside "lost on time"). So has the seat whose flag fell before both
    seats had decided (``aborted``: the game was abandoned, its clocks stand still;
    the seat's clock ran again from its whole time left before that decision)."""
    left = [remaining_ms(live, clock, who, at) for who in (Player.P1, Player.P2)]
    state = live.game.state
    pending = live.game.pending
    if state.end_reason is EndReason.TIME and state.winner is not None:
        loser: Player | None = state.winner.other
    else:
        loser = pending.player if aborted and pending is not None else None
    if loser is not None and left[loser] is not None:
        left[loser] = 0
    return left[0], left[1]


def _view(state: State, viewer: Player | None, over: bool) -> State:
    """``viewer``'s view; a spectator's: everything once the game is over, else the
    public view (``replay.viewer.public``: both hands hidden, as the spectator's arena)."""
    if viewer is not None:
        return observe(state, viewer)
    if over:
        return observe(state, None)
    return observed(state, PUBLIC)  # both hands hidden


def _lines(live: _Live, viewer: Player, catalog: Catalog, seat: str,
           fighters: tuple[str, str]) -> list[str]:
    """The transcript lines, for ``viewer``, of the events from its last decision on:
    what that decision caused, then everything after it (all of them before it first
    decided), the last ``RECENT``; at the end of a game a seat (not hotseat's) reads how
    it ended, in its own words (``_told_end``). The lines began after the events the
    decision caused, and a strike the seat's attack was the last to set is revealed
    and resolved by that decision: the seat's next turn read nothing of the hits and
    damage.

    A resignation, a flag fall or a claimed win is nobody's decision here: it is
    recorded at the request then pending, as the decision of the seat asked. Counted as
    the loser's last decision, it left the loser's "What just happened" empty (the game's end
    was the one thing to read); counted as the asked seat's, the winner's, when the
    other seat resigned out of turn."""
    ended = bool(live.game.decisions) and isinstance(live.game.decisions[-1],
                                                     (Resign, FlagFall, LeftGame))
    last = len(live.deciders) - 1 if ended else len(live.deciders)
    own = [i for i, who in enumerate(live.deciders[:last]) if who is viewer]
    start = len(live.game.setup_events) + sum(live.step_sizes[: own[-1]]) if own else 0
    lines = _transcript_lines(live, viewer, catalog, start)
    told = _told_end(live.game.state, viewer, seat, fighters, catalog)
    return squeezed([*lines, *told])[-RECENT:]


def _transcript_lines(live: _Live, viewer: Player, catalog: Catalog, start: int,
                      stop: int | None = None) -> list[str]:
    """The lines, from ``viewer``'s view, of the game's events ``start`` to ``stop``."""
    transcript = Transcript(live.log.initial_state(catalog), catalog, viewer)
    lines: list[str] = []
    for number, event in enumerate(live.game.events):
        line = transcript.feed(event)
        if line is not None and number >= start and (stop is None or number < stop):
            lines.append(line)
    return lines


def _told_end(state: State, viewer: Player, seat: str, fighters: tuple[str, str],
              catalog: Catalog) -> list[str]:
    """How the game ended, said to the seat ``viewer`` (none for hotseat, whose "you"
    is both, nor while the game goes on): "You resigned: p2 Ken Masters wins"."""
    if seat == store.BOTH_SEATS or state.winner is None or state.end_reason is None:
        return []
    winner, loser = state.winner, state.winner.other
    won = f"{winner.label} {fighters[winner]}"
    lost = f"{loser.label} {fighters[loser]}"
    mine = winner is viewer
    reason = state.end_reason
    if reason is EndReason.LIFE:
        lost = _fallen(state, loser, lost, catalog)
    if reason is EndReason.RESIGNED:
        return [f"{lost} resigned: you win" if mine else f"You resigned: {won} wins"]
    if reason is EndReason.TIME:
        return [f"{possessive(lost)} flag fell: you win on time" if mine
                else f"Your flag fell: {won} wins on time"]
    if reason is EndReason.LEFT:
        return [f"{lost} left the game: you claimed the win" if mine
                else f"You left the game: {won} claimed the win"]
    if reason is EndReason.LIFE:
        return [f"You win: {possessive(lost)} life reached 0" if mine
                else f"You lose: your life reached 0; {won} wins"]
    return [f"You win: {lost} decked out" if mine
            else f"You lose: you decked out; {won} wins"]


def taken_back(root: Path, game_id: str, seat: str) -> tuple[str, ...]:
    """What a takeback of the game ``game_id`` (now replaced by its fork) took back,
    from ``seat``'s view, in the words of "What just happened": the lines of the
    seat's decision at the fork point and of every decision after it (the AI's
    replies). Empty when the game was not taken back."""
    live, settings = load(root, game_id)
    if not settings.replaced_by or seat not in ("p1", "p2"):
        return ()
    fork = load(root, settings.replaced_by)[0].log.header.fork_at
    if not 0 <= fork < len(live.step_sizes):
        return ()
    start = len(live.game.setup_events) + sum(live.step_sizes[:fork])
    viewer = Player.P1 if seat == "p1" else Player.P2
    return tuple(squeezed(_transcript_lines(live, viewer, live.catalog, start)))


def taken_back_by(root: Path, game_id: str) -> str:
    """The seat (``p1``, ``p2``) whose decision the takeback of ``game_id`` undid (the
    one at the fork point); ``""`` when the game was not taken back."""
    live, settings = load(root, game_id)
    if not settings.replaced_by:
        return ""
    fork = load(root, settings.replaced_by)[0].log.header.fork_at
    if not 0 <= fork < len(live.deciders):
        return ""
    return "p1" if live.deciders[fork] is Player.P1 else "p2"


def _public_lines(live: _Live, catalog: Catalog) -> list[str]:
    """The game's last ``SPECTATOR_LINES`` lines, in public words (each event redacted
    for p1, then for p2: ``replay.viewer.public.PublicTranscript``)."""
    transcript = PublicTranscript(live.log.initial_state(catalog), catalog)
    lines = [line for e in live.game.events if (line := transcript.feed(e)) is not None]
    return squeezed(lines)[-SPECTATOR_LINES:]


def _result(live: _Live, fighters: tuple[str, ...]) -> str:
    state = live.game.state
    if state.winner is None or state.end_reason is None:
        return "unfinished (abandoned)" if live.log.abandoned else ""
    winner, loser = state.winner, state.winner.other
    lost = f"{loser.label} {fighters[loser]}"
    if state.end_reason is EndReason.LIFE:
        lost = _fallen(state, loser, lost, live.catalog)
    return f"{winner.label} {fighters[winner]} wins: {ending(lost, state.end_reason)}"


def _fallen(state: State, loser: Player, seat: str, catalog: Catalog) -> str:
    """Who reached 0 life: of a Tag Team seat, its fighter in play (``p2 Guile``), not
    the team (the other fighter keeps its life); else ``seat``, the seat's words."""
    p = state.players[loser]
    if p.partner is None:
        return seat
    return f"{loser.label} {catalog.character(p.character).name}"
