"""A person playing a seat at the terminal (``replay/prompt.py``, ``replay/seating.py``,
``replay/menu.py``, ``replay/seat_view.py``, ``replay/cli/seated.py``), driven by scripted
stdin: what happened is told between decisions (the opponent's boosts and strikes, the
reveal with both attacks and speeds, damage, the result), the defending prompt names the
incoming strike and its distance, a choice names the card that asks it, the opponent's
hidden cards are never printed, and ``exceed play`` with a human seat records a log that
verifies, keeping the game so far when the person stops. Answering one question (payments,
help, bad input) is ``test_terminal_prompt.py``."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import (
    HIDDEN,
    Catalog,
    GameLog,
    Player,
    Transcript,
    apply,
    default_catalog,
    initial_state,
    new_game,
    observe,
    read_game,
)
from engine.core.decisions import ChoiceRequest
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
    assert log.trailer is not None  # sealed
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


# --- exceed play: stops and refusals ------------------------------------------------------------


class _CtrlC(io.StringIO):
    """stdin that types ``lines`` and then Ctrl-C."""

    # typeshed ignores this override in StringIO too (its _IOBase base reads bytes)
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
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
        if isinstance(request, ChoiceRequest) and len(request.labels) > 1:  # kind "choice"
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
