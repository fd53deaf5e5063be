"""A person playing a seat at the terminal (``replay/prompt.py``, ``replay/seating.py``,
``replay/menu.py``, ``replay/seat_view.py``, ``replay/cli/seated.py``), driven by scripted
stdin: what happened is told between decisions (the opponent's boosts and strikes, the
reveal with both attacks and speeds, damage, the result), the defending prompt names the
incoming strike and its distance, payments are distinct card sets with the force needed,
``?``/``b``/``c`` answer, bad input is one line, the opponent's hidden cards are never
printed, and ``exceed play`` with a human seat records a log that verifies, keeping the
game so far when the person stops."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from engine import (
    HIDDEN,
    Catalog,
    Game,
    GameLog,
    GameSetup,
    Player,
    Scenario,
    State,
    Transcript,
    apply,
    default_catalog,
    initial_state,
    new_game,
    observe,
    read_game,
)
from replay.menu import distinct_options, needs
from replay.prompt import HELP, TerminalPerson
from replay.seating import Stopped, StopReason
from replay.verification.verify import verify

Cli = Callable[..., Any]
SEED = 2
"""Ryu (you, always option 0) vs a heuristic Ken: Ken boosts, strikes you, you pay force."""
ZEROS = "0\n" * 1000


def _play(cli: Cli, monkeypatch: pytest.MonkeyPatch, out: Path, typed: str | io.StringIO,
          *extra: str) -> Any:
    stdin = typed if isinstance(typed, io.StringIO) else io.StringIO(typed)
    monkeypatch.setattr("sys.stdin", stdin)
    return cli("play", "--p1", "ryu", "--p2", "ken", "--agents", "human,heuristic",
               "--seed", str(SEED), "--out", out, *extra)


@pytest.fixture(scope="module")
def whole(cli: Cli, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """One whole game, p1 played from stdin (always the first option)."""
    out = tmp_path_factory.mktemp("seated") / "game.exlog"
    with pytest.MonkeyPatch.context() as patch:
        result = _play(cli, patch, out, ZEROS)
    return result, out


def _transcript(log: GameLog, catalog: Catalog) -> list[str]:
    """Every line of the game's omniscient transcript."""
    t = Transcript(initial_state(log.header.setup, catalog), catalog)
    return [line for e in log.events() if (line := t.feed(e)) is not None]


def _in_order(wanted: list[str], lines: list[str]) -> bool:
    """``wanted`` are lines of ``lines`` (stripped), in that order."""
    it = iter(line.strip() for line in lines)
    return all(any(w == line or line.startswith(w + " (x") for line in it) for w in wanted)


# --- the whole game from the person's seat ------------------------------------------------


def test_a_human_seat_is_recorded_and_the_log_verifies(whole: tuple[Any, Path]) -> None:
    result, out = whole
    assert (result.code, result.err) == (0, ""), result.err
    lines = result.out.splitlines()
    # the fighters by name, as the transcript's lines name them
    assert lines[0] == (f"EXCEED p1 Ryu (human) vs p2 Ken Masters (heuristic), seed {SEED}; "
                        f"you play p1, recorded to {out}; type ? for help")
    log = read_game(out)
    assert log.sealed and log.header.agents == ("human", "heuristic")
    assert verify(log).identical
    assert lines[-1].startswith(f"wrote {out}: p{log.trailer.winner + 1} ")
    loser = 2 - log.trailer.winner  # named, as exceed info names the loser
    assert f" wins (p{loser} " in lines[-1]
    assert lines[-1].endswith(f"on turn {log.trailer.turns}, {log.trailer.decisions} decisions")


def test_the_opponents_moves_the_reveals_and_the_result_are_told(
        whole: tuple[Any, Path]) -> None:
    result, out = whole
    lines = result.out.splitlines()
    told = _transcript(read_game(out), default_catalog())
    moves = [line for line in told if line.startswith(tuple(  # every action he took
        f"p2 Ken Masters {verb}" for verb in ("boosts", "moves", "prepares", "strikes",
                                              "changes", "exceeds")))]
    strikes = [line for line in told if line.startswith("p2 Ken Masters strikes")]
    reveals = [line for line in told if line.startswith(("revealed: ", "speeds p1 "))]
    damage = [line for line in told if " damage" in line]
    assert len(moves) > len(strikes) > 0 and len(reveals) >= 4 and damage
    for shown in (moves, strikes, reveals, damage):  # each in the game's order
        assert _in_order(shown, lines), shown
    assert all(re.fullmatch(r"revealed: p1 \S.* vs p2 \S.*|speeds p1 \d+ / p2 \d+(, a tie)?: .*", line)
               for line in reveals)  # both attacks named, both speeds given
    over = next(at for at, line in enumerate(lines) if line.startswith("  GAME OVER: "))
    assert lines[over] == f"  {told[-1]}"
    assert lines[over + 1].startswith("final: p1 life ")


def test_the_defending_prompt_names_the_incoming_strike_and_distance(
        whole: tuple[Any, Path]) -> None:
    result, out = whole
    log = read_game(out)
    lines = result.out.splitlines()
    asked = [(int(line.split()[2].rstrip(",")), lines[at + 1]) for at, line in enumerate(lines)
             if line.startswith("-- decision ") and "chooses an attack to set" in line
             and "strikes you" in lines[at + 1]]
    assert asked
    for decision, said in asked:
        game = new_game(log.header.setup, log.header.seed)
        for recorded in log.decisions[:decision]:
            game.step(recorded)
        state = game.state
        assert state.strike is not None and state.strike.attacker is Player.P2
        me, them = state.players[0].space, state.players[1].space
        # a wild swing is set openly ("sets a wild swing"); a card is set face-down
        side = state.strike.sides[1]
        wild = (" (a wild swing)" if side.wild else
                f" (EX: {len(side.cards)} cards)" if len(side.cards) > 1 else "")
        assert said == (f"  p2 Ken Masters strikes you: distance {abs(me - them)} (you on "
                        f"{me}, them on {them}); their attack: set face-down{wild}")


def _known_to_p1(log: GameLog, catalog: Catalog) -> set[int]:
    """Every card of p2's that p1's view ever showed (engine.observe), by reference."""
    state = initial_state(log.header.setup, catalog)
    seen: set[int] = set()
    for event in log.events():
        apply(state, event)
        view = observe(state, Player.P1)
        p2 = view.players[1]
        for zone in (p2.hand, p2.discard, p2.gauge, p2.boosts, p2.sealed):
            seen.update(ref for ref in zone if ref != HIDDEN)
        if view.strike is not None:
            seen.update(ref for ref in view.strike.sides[1].cards if ref != HIDDEN)
    return seen


def test_the_opponents_hidden_cards_never_appear(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    out = tmp_path / "part.exlog"
    typed = "0\n" * 8 + "b\nr\no\n?\n" + "0\n" * 8  # stop after 16 decisions (end of input)
    result = _play(cli, monkeypatch, out, typed)
    assert result.code == 1
    log = read_game(out)
    catalog = default_catalog()
    state = initial_state(log.header.setup, catalog)
    for event in log.events():
        apply(state, event)
    ryu = {catalog.card(e.card).name for e in catalog.character("ryu").deck}
    known = {catalog.card(state.card_defs[ref]).name for ref in _known_to_p1(log, catalog)}
    hand = {catalog.card(state.card_defs[ref]).name for ref in state.players[1].hand}
    secret = hand - ryu - known  # Ken's cards in hand that p1 never saw and could not name
    assert secret, "the test needs a Ken card p1 never saw in Ken's hand"
    for name in secret:
        assert name not in result.out, name
    ken_only = {catalog.card(e.card).name for e in catalog.character("ken").deck} - ryu
    shown = {name for name in ken_only if name in result.out}
    assert shown <= known, shown - known


# --- payments, help and bad input at one question -------------------------------------------


def _at_action() -> tuple[Game, Catalog]:
    """p1 to act on space 3 with two Assaults, two Spikes and a Focus in hand, two Grasps
    in gauge; Ken on 7 holding Shoryuken, Grasp and Dive."""
    catalog = default_catalog()
    recipe = {"p1": {"space": 3, "hand": ["assault", "assault", "spike", "spike", "focus"],
                     "gauge": ["grasp", "grasp"]},
              "p2": {"space": 7, "hand": ["ken_shoryuken", "grasp", "dive"]},
              "active": "p1"}
    return Scenario.from_recipe("ryu", "ken", recipe, catalog).game(5), catalog


def _paying_two(game: Game) -> None:
    request = game.pending
    assert request is not None and request.kind == "action"
    game.step(next(c for c in request.options() if getattr(c, "space", None) == 1))


def _zone(state: State, ref: int) -> str:
    return "hand" if ref in state.players[0].hand else "gauge"


def test_a_force_payment_lists_distinct_card_sets_with_the_amount() -> None:
    # core rulebook, Move: moving 2 spaces (3 -> 1) costs 2 force
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None and request.kind == "pay_force"
    view = observe(game.state, Player.P1)
    listing = distinct_options(request, view, catalog)
    engine_sets = list(request.options())

    def card_set(decision: Any) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((view.card_defs[r], _zone(game.state, r)) for r in decision.cards))

    assert len(engine_sets) == 21  # C(7, 2): every pair of the 7 cards
    assert len(listing.options) == 9  # 3 pairs of copies + C(4, 2) of different cards
    assert {card_set(o.decision) for o in listing.options} == {card_set(d) for d in engine_sets}
    labels = [o.label for o in listing.options]
    assert len(set(labels)) == len(labels)
    assert all(request.check(o.decision) is None for o in listing.options)
    assert "Assault, Assault (from hand)" in labels
    assert "Assault (from hand); Grasp (from gauge)" in labels
    assert needs(request).startswith("pay 2 force (")

    out = io.StringIO()
    person = TerminalPerson(io.StringIO("1\n"), out)
    chosen = person.choose(view, request, 3, catalog)
    assert chosen == listing.options[1].decision
    printed = out.getvalue().splitlines()
    assert ("  pay 2 force (each card from your hand or gauge is 1 force, an ultra 1 or 2); "
            "the cards go to your discard pile in the order you pick them, the last on "
            "top:") in printed
    options = [re.match(r"^ +\d+  (.*)$", line) for line in printed]
    assert [m.group(1) for m in options if m] == labels


def test_a_mulligan_lists_each_set_of_cards_once() -> None:
    game = new_game(GameSetup(p1="ryu", p2="ken"), 0)
    request = game.pending
    assert request is not None and request.kind == "mulligan"
    catalog = default_catalog()
    view = observe(game.state, request.player)
    names = [catalog.card(view.card_defs[r]).name for r in view.players[request.player].hand]
    listing = distinct_options(request, view, catalog)
    expected = {tuple(sorted(c)) for n in range(len(names) + 1) for c in combinations(names, n)}
    assert len(listing.options) == len(expected)
    assert len({o.label for o in listing.options}) == len(expected)


def _ask(typed: str) -> tuple[list[str], Any, Game]:
    game, catalog = _at_action()
    request = game.pending
    assert request is not None
    out = io.StringIO()
    chosen = TerminalPerson(io.StringIO(typed), out).choose(
        observe(game.state, Player.P1), request, 7, catalog)
    return out.getvalue().splitlines(), chosen, game


def _answers(lines: list[str]) -> dict[str, list[str]]:
    """What was printed after each typed line (the prompt shows it echoed)."""
    answers: dict[str, list[str]] = {}
    typed = None
    for line in lines:
        if line.startswith("choose 0-"):
            typed = line.split("(? for help): ", 1)[1]
            answers[typed] = []
        elif typed is not None:
            answers[typed].append(line)
    return answers


def test_help_the_board_and_a_card_on_request() -> None:
    lines, chosen, game = _ask("?\nb\nc grasp\nc ken masters\n0\n")
    answers = _answers(lines)
    assert answers["?"] == list(HELP)
    board = answers["b"]
    assert board[1].startswith("arena [") and "[ p1 ]" in board[1] and "[ p2 ]" in board[1]
    assert "  hand 3 (hidden)" in board  # Ken's hand: a count only
    assert "  hand 5: Assault, Assault, Spike, Spike, Focus" in board
    assert answers["c grasp"][0] == ("Grasp (normal): power 3 · speed 7 · range 1 · armor 0 · "
                                     "guard 0")
    assert answers["c grasp"][1] == "  hit: choose: push 1 / push 2 / pull 1 / pull 2"
    assert answers["c grasp"][2].startswith("  boost ")
    ken = default_catalog().character("ken")  # the character card, from the card data
    assert answers["c ken masters"][0] == (f"Ken Masters (fighter): life {ken.life} · exceed "
                                           f"cost {ken.exceed_cost}")
    assert any(line.startswith("  action Ken's rush: ") for line in answers["c ken masters"])
    assert game.pending is not None and chosen == next(iter(game.pending.options()))


@pytest.mark.parametrize(("typed", "says"), [
    ("99", "'99' is not an option: enter a number 0-"),
    ("-1", "'-1' is not an option: enter a number 0-"),
    ("+2", "'+2' is not an option: enter a number 0-"),
    # walking the terminal: a number of 7 digits or more read "is not an option or a
    # command", as if it were not a number
    ("1234567", "'1234567' is not an option: enter a number 0-"),
    ("9" * 20, f"'{'9' * 20}' is not an option: enter a number 0-"),
    ("-" + "9" * 20, f"'-{'9' * 20}' is not an option: enter a number 0-"),
    ("7x", "'7x' is not an option or a command: enter a number 0-"),
    ("", "'' is not an option or a command: enter a number 0-"),
    ("c", "name a card: c NAME (c grasp)"),
    ("c zz", "no card of this game is called 'zz' (c NAME, e.g. c "),
    ("c s", "'s' matches "),
    ("x" * 5000, "that line is longer than 1000 characters; enter a number or a command"),
])
def test_bad_input_is_one_line_and_the_question_again(typed: str, says: str) -> None:
    lines, _, _ = _ask(f"{typed}\n0\n")
    prompts = [at for at, line in enumerate(lines) if line.startswith("choose 0-")]
    assert len(prompts) == 2  # asked again after the bad line
    between = [line for line in lines[prompts[0] + 1:prompts[1]] if line]
    assert len(between) == 1 and between[0].startswith(says), between


def test_end_of_input_and_quit_stop_the_game() -> None:
    for typed, reason in (("", StopReason.END_OF_INPUT), ("q\n", StopReason.QUIT)):
        with pytest.raises(Stopped) as stop:
            _ask(typed)
        assert (stop.value.decision, stop.value.reason) == (7, reason)


# --- exceed play: stops and refusals ------------------------------------------------------------


class _CtrlC(io.StringIO):
    """stdin that types ``lines`` and then Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


@pytest.mark.parametrize(("typed", "code", "why"), [
    (io.StringIO("0\n" * 5), 1, "end of input"),
    (io.StringIO("0\n" * 5 + "q\n"), 1, "you quit"),
    (_CtrlC("0\n" * 5), 130, "interrupted"),
])
def test_a_stop_keeps_the_game_so_far(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path, typed: io.StringIO, code: int,
                                      why: str) -> None:
    out = tmp_path / "stopped.exlog"
    result = _play(cli, monkeypatch, out, typed)
    assert result.code == code
    log = read_game(out)
    assert not log.sealed and len(log.decisions) >= 5
    assert result.err == (f"exceed play: stopped at decision {len(log.decisions)} ({why}); "
                          f"the game so far is kept, unfinished, in {out}\n")
    report = verify(log)
    assert (report.divergence, report.damage, report.checked) == (None, None, len(log.decisions))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stopped.exlog"]


@pytest.mark.parametrize(("args", "says"), [
    (("--agents", "human"), "--agents takes two seats P1,P2 (each one of random, heuristic, "
                            "search, search:N, human), got 'human'"),
    (("--agents", "mcts,human"), "unknown agent 'mcts'; known: random, heuristic, search, "
                                 "search:N, human (search:N searches N iterations, 1..100000; "
                                 "search is search:128)"),
    (("--agents", "human,heuristic", "--as", "all"),
     "--as all: a human seat sees the game as itself (p1); leave --as out"),
    (("--agents", "human,heuristic", "--as", "p2"),
     "--as p2: a human seat sees the game as itself (p1); leave --as out"),
])
def test_a_bad_seat_is_one_line(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                args: tuple[str, ...], says: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(ZEROS))
    result = cli("play", "--p1", "ryu", "--p2", "ken", *args)
    assert (result.code, result.out, result.err) == (2, "", f"exceed play: {says}\n")


def test_an_existing_log_is_never_overwritten(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    out = tmp_path / "mine.exlog"
    out.write_bytes(b"keep me")
    result = _play(cli, monkeypatch, out, ZEROS)
    assert result.code == 2
    assert result.err.splitlines()[-1] == (f"exceed play: {out} already exists; name another "
                                           "file with --out")
    assert out.read_bytes() == b"keep me"


def test_an_out_that_is_a_folder_is_one_line_naming_it(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With a human seat ``--out DIR`` said ``DIR already exists; name another file with
    --out``; now as without one (and as ``fork --out DIR``): the folder, and what --out
    takes."""
    result = _play(cli, monkeypatch, tmp_path, ZEROS)
    assert result.code == 2
    assert result.err.splitlines()[-1] == (f"exceed play: {tmp_path} is a folder; --out takes "
                                           "the log file to write")
    assert list(tmp_path.iterdir()) == []


def test_a_dangling_symlink_out_is_refused_before_playing(
        cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With a human seat too, a symlink at ``--out`` to a file not there yet is an
    existing name: refused at once (it was played, then kept as ``.part``)."""
    out, pointed = tmp_path / "link.exlog", tmp_path / "elsewhere.exlog"
    out.symlink_to(pointed)
    result = _play(cli, monkeypatch, out, ZEROS)
    assert result.code == 2
    assert result.err.splitlines()[-1] == (f"exceed play: {out} already exists; name another "
                                           "file with --out")
    assert not pointed.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.exlog"]


def test_agent2_human_plays_p2_into_the_default_file(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 3))
    result = cli("play", "--p1", "ryu", "--p2", "ken", "--agent2", "human", "--seed", "4")
    assert result.code == 1
    name = "ryu-vs-ken_heuristic-vs-human_seed4.exlog"
    assert "you play p2" in result.out.splitlines()[0]
    assert read_game(tmp_path / name).header.agents == ("heuristic", "human")
    assert "-- decision " in result.out and ": p2 Ken Masters chooses " in result.out


def test_two_people_at_one_terminal_are_told_apart(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 4))
    out = tmp_path / "hot.exlog"
    result = cli("play", "--p1", "ryu", "--p2", "ken", "--agents", "human,human", "--seed", "1",
                 "--out", out)
    assert result.code == 1
    lines = result.out.splitlines()
    assert "you play p1 and p2" in lines[0]
    asked = [line.split(": ")[1].split(" chooses")[0] for line in lines
             if line.startswith("-- decision ")]
    assert {"p1 Ryu", "p2 Ken Masters"} <= set(asked)
    heads = [line for line in lines if line.startswith("-- what ")]
    assert heads and set(heads) <= {"-- what p1 saw --", "-- what p2 saw --"}
    # the first block too says whose view it is: p2 goes first and saw its own draws
    # (a reader took "p2 Ken Masters draws Shinryuken" under "you play p1 and p2" for a leak)
    first = next(i for i, line in enumerate(lines) if line.startswith("  p2 Ken Masters draws"))
    assert lines[1] == "-- what p2 saw --" and first > 1
    assert "-- what p2 saw --" in lines[:first]


def test_two_people_at_one_terminal_take_no_as(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    """``--as p1`` with both seats human was accepted and ignored (p2 still saw as p2)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(ZEROS))
    result = cli("play", "--p1", "ryu", "--p2", "ken", "--agents", "human,human", "--as", "p1",
                 "--out", tmp_path / "x.exlog")
    assert (result.code, result.out) == (2, "")
    assert result.err == ("exceed play: --as p1: a human seat sees the game as itself "
                          "(p1 and p2); leave --as out\n")
    assert not (tmp_path / "x.exlog").exists()


def test_typed_control_characters_are_echoed_escaped() -> None:
    lines, _, _ = _ask("abc\x1b[31mred\udcff\n0\n")
    assert "\x1b" not in "\n".join(lines) and "\udcff" not in "\n".join(lines)
    assert "choose 0-14 (? for help): abc\\x1b[31mred\\udcff" in lines
    assert "'abc\\x1b[31mred\\udcff' is not an option or a command: enter a number 0-14, or ? " \
        "for help" in lines


@pytest.mark.parametrize(("typed", "cards"), [
    ("assault, assault", ("assault", "assault")),
    ("Spi, GRASP", ("spike", "grasp")),
    ("focus,grasp", ("focus", "grasp")),
])
def test_a_set_of_cards_can_be_typed_by_name(typed: str, cards: tuple[str, ...]) -> None:
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    out = io.StringIO()
    chosen = TerminalPerson(io.StringIO(f"{typed}\n"), out).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    names = sorted(catalog.card(game.state.card_defs[r]).name.lower()
                   for r in getattr(chosen, "cards", ()))
    assert names == sorted(cards)
    assert request.check(chosen) is None
    assert "  (or type the cards: assault, assault)" in out.getvalue().splitlines()


@pytest.mark.parametrize("typed", ["focus, grasp", "grasp, focus"])
def test_cards_typed_by_name_go_to_the_discard_pile_in_that_order(typed: str) -> None:
    """Core rulebook, Discard: "When you discard multiple cards simultaneously, you
    choose the order." Force paid with Focus and Grasp (moving 3 -> 1, 2 force): the
    decision lists them as typed, and the last typed lies on top of the discard pile."""
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    chosen = TerminalPerson(io.StringIO(f"{typed}\n"), io.StringIO()).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    game.step(chosen)
    discard = [catalog.card(game.state.card_defs[r]).name.lower()
               for r in game.state.players[Player.P1].discard]
    assert discard == [name.strip() for name in typed.split(",")]  # the last on top
    assert game.state.players[Player.P1].space == 1


@pytest.mark.parametrize(("typed", "says"), [
    ("focus", "no option takes exactly Focus: pick a number"),
    ("spike, s, focus", "no option takes exactly Spike, Spike, Focus: pick a number"),
    ("hadoken, focus", "'hadoken' names no card of this question: type more of the name or a "
                       "number"),
    ("focus,", "name the cards separated by commas, e.g. assault, assault"),
])
def test_cards_typed_that_make_no_option_are_one_line(typed: str, says: str) -> None:
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    out = io.StringIO()
    TerminalPerson(io.StringIO(f"{typed}\n0\n"), out).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    lines = out.getvalue().splitlines()
    asked = [at for at, line in enumerate(lines) if line.startswith("choose 0-")]
    assert lines[asked[0] + 1:asked[1]] == [says]


def test_the_critical_payment_says_it_is_for_critical() -> None:
    """A Street Fighter seat's attack set with gauge in hand asked "spend 1 gauge (cards
    from your gauge); or decline", naming no purpose: the player could not tell it was
    the Critical (Street Fighter rulebook: 1 gauge as the attack is set). It says so,
    on the Play page (``needs``) and at the terminal; another gauge payment does not."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), 3, catalog)
    critical = "spend 1 gauge to make your attack Critical (its Critical effects apply " \
        "this strike); or decline"
    seen = set()
    while game.pending is not None and len(game.decisions) < 400:
        request = game.pending
        view = observe(game.state, request.player)
        options = list(request.options())
        pick = next((o for o in options if o.__struct_config__.tag == "strike"), None)
        if request.kind == "pay_gauge":
            said = needs(request, view, catalog)
            out = io.StringIO()
            TerminalPerson(io.StringIO("0\n"), out).choose(view, request, 0, catalog)
            assert f"  {said}:" in out.getvalue().splitlines()
            pick = next(o for o in options if getattr(o, "cards", ()))
            before = len(game.events)
            game.step(pick)
            made = any(e.__struct_config__.tag == "critical" and e.player == request.player
                       for e in game.events[before:])  # "p1 Ryu pays 1 gauge: Critical"
            assert (said == critical) == made, (said, made)
            seen.add(made)
            continue
        game.step(pick if pick is not None else options[-1])
    assert True in seen


def test_a_choice_names_the_card_that_asks_it(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    """A choice's question names the card whose effect asks it, as the log records it
    (``ChoiceRequest.source``): seed 6, p1's wild swing turns up Grasp, whose hit asks
    push or pull. It read "p1 Ryu chooses an option"."""
    out = tmp_path / "game.exlog"
    monkeypatch.setattr("sys.stdin", io.StringIO(ZEROS))
    result = cli("play", "--p1", "ryu", "--p2", "ken", "--agents", "human,heuristic",
                 "--seed", "6", "--out", out)
    assert result.code == 0, result.err
    log = read_game(out)
    catalog = log.catalog()
    state = log.initial_state(catalog)
    for step in log.steps:
        request = step.request
        if request is not None and request.kind == "choice" and len(request.labels) > 1:
            break
        for event in step.events:
            apply(state, event)
    else:
        raise AssertionError("p1 was asked no choice")
    assert request.source is not None and request.source >= 0
    assert state.strike is not None and request.source in state.strike.sides[0].cards
    name = catalog.card(state.card_defs[request.source]).name
    assert name == "Grasp"
    assert (f"-- decision {step.index}, turn {state.turn}: p1 Ryu chooses an option of "
            f"Ryu's Grasp (attack) --") in result.out.splitlines()


def test_a_question_asked_by_a_card_named_across_lines_is_one_line(tmp_path: Path) -> None:
    """The question names what asks a choice (``replay.options.asker``): a card of a log's
    own definitions may be named ``x\\n  <- decision 0: p1 resigns``, and every line the
    prompt prints is now escaped as ``exceed replay`` prints a board (``\\n``, ``\\x1b``):
    the name stays inside its line and drives no terminal."""
    from replay.viewer.cursor import Replay
    from tests.forged_names import forged_log

    log = read_game(forged_log(tmp_path / "forged.exlog"))
    replay = Replay(log)
    replay.seek(replay.decision_starts[6])
    request = log.steps[7].request
    assert request is not None and request.kind == "choice"
    out = io.StringIO()
    TerminalPerson(io.StringIO("0\n"), out).choose(
        observe(replay.state, request.player), request, 6, replay.catalog)
    printed = out.getvalue().splitlines()
    assert printed[0] == (
        "-- decision 6, turn 2: p1 bang\\n  <- decision 0: p1 resigns chooses an option of "
        "bang\\n  <- decision 0: p1 resigns' bang_pulverizingblastjutsu\\n  <- decision 0: "
        "p1 resigns (attack) --")
    assert not any(line.lstrip().startswith("<- decision 0") for line in printed)
