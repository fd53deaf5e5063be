"""``exceed verify`` says where a divergence is in the game's event numbers, and what card.

A developer handed a diverging log goes from the report to the table: the report used to
number the first differing event only within its step ("event 9 of this step"), a number
no other tool takes, and left out the card and the cause it had found (only ``--jobs``
triage printed them). Now a ``where:`` line names the event as every surface numbers it
(docs/log-format.md, "Event numbers") with the ``exceed replay --event`` command that
shows the table before it, and an ``involved:`` line the card and cause.

The logs are recorded here on a changed engine, as a developer's would be: a rule changed
(a hand limit of 5) or a card changed (Ken's Tatsumaki Senpukyaku with 1 more power).
"""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import msgspec
import pytest

import engine.rules.turn as turn_rules
from engine.cards.catalog import Catalog, default_catalog
from engine.play.api import GameSetup
from engine.recording.record import read_game, record_to_file
from replay.cli import main
from replay.verification.verify import verify
from replay.viewer.cursor import Replay


def stronger_tatsu() -> Catalog:
    cat = default_catalog()
    cards = dict(cat.cards)
    tatsu = cards["ken_tatsumakisenpukyaku"]
    cards["ken_tatsumakisenpukyaku"] = msgspec.structs.replace(tatsu, power=tatsu.power + 1)
    return Catalog(cards=cards, characters=cat.characters)


def _report(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["verify", str(path)]) == 1
    return capsys.readouterr().out.splitlines()


def _where(lines: list[str]) -> str:
    return next(line for line in lines if line.startswith("  where: "))


def test_a_changed_card_names_the_games_event_and_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ken hits harder.exlog"  # a name the shell must quote
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 2, ("random", "random"),
                   stronger_tatsu())
    d = verify(read_game(path)).divergence
    assert d is not None and d.decision == 83
    replay = Replay(read_game(path))
    replay.seek(d.event + 1)
    assert replay.recent(1)[0] == read_game(path).steps[84].events[d.step_event]
    assert type(replay.recent(1)[0]).__name__ == "DamageDealt"
    lines = _report(capsys, path)
    assert _where(lines) == (
        f"  where: event {d.event + 1} of the game is the first that differs; exceed replay "
        f"{shlex.quote(str(path))} --event {d.event} shows the table before it")
    assert ("  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku); cause the "
            "rule: damage") in lines
    # the command runs as printed and shows the table just before the damage
    command = _where(lines).split("; ", 1)[1].removesuffix(" shows the table before it")
    assert main([*shlex.split(command)[1:], "--recent", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.splitlines()[0].startswith(f"== turn {d.turn} · strike {d.strike} · "
                                            f"event {d.event}/")


def test_a_changed_rule_names_the_event_where_the_engine_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "hand5.exlog"
    with monkeypatch.context() as patch:
        patch.setattr(turn_rules, "MAX_HAND", 5)
        record_to_file(path, GameSetup(p1="ryu", p2="ken"), 1, ("heuristic", "heuristic"))
    log = read_game(path)
    d = verify(log).divergence
    assert d is not None and (d.decision, d.turn) == (27, 9)
    before = sum(len(step.events) for step in log.steps[:d.decision + 1])
    assert d.event == before + d.step_event  # the engine ends the turn where the log did not
    lines = _report(capsys, path)
    assert _where(lines) == (f"  where: event {d.event + 1} of the game is the first that "
                             f"differs; exceed replay {path} --event {d.event} shows the "
                             "table before it")
    assert "  involved: cause the rule: end of turn" in lines



def test_where_the_log_stopped_to_ask_the_report_says_what(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Core rulebook, End of Turn: discard down to 7. Recorded with a limit of 5, the log
    stops at the end of turn 9 to ask p1 to discard; this engine ends the turn instead.
    The report used to give only the counts ("the log records 3, the engine makes 5");
    it now says what the log asked there."""
    path = tmp_path / "hand5.exlog"
    with monkeypatch.context() as patch:
        patch.setattr(turn_rules, "MAX_HAND", 5)
        record_to_file(path, GameSetup(p1="ryu", p2="ken"), 1, ("heuristic", "heuristic"))
    log = read_game(path)
    d = verify(log).divergence
    assert d is not None and d.decision == 27
    asked = next(s for s in log.steps if s.index == d.decision + 1).request
    assert asked is not None and asked.kind == "discard"
    assert d.what == ("different events: the log records 3, the engine makes 5; there the "
                      f"log stops to ask p1 for discard: {asked.describe()}, where this "
                      "engine goes on")
    assert _report(capsys, path)[0].endswith(d.what)


def test_where_this_engine_stops_to_ask_the_report_says_what(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other way: recorded with a limit of 8, the log ends p2's turn with 8 cards in
    hand where this engine (limit 7) stops to ask p2 to discard one."""
    path = tmp_path / "hand8.exlog"
    with monkeypatch.context() as patch:
        patch.setattr(turn_rules, "MAX_HAND", 8)
        record_to_file(path, GameSetup(p1="ryu", p2="ken"), 5, ("heuristic", "heuristic"))
    d = verify(read_game(path)).divergence
    assert d is not None
    assert d.what.startswith("different events: the log records 7, the engine makes 5; "
                             "there this engine stops to ask p2 for discard: 1 of [")
    assert d.what.endswith("], where the log goes on")
    hand = d.what.split("[")[1].split("]")[0].split(", ")
    assert len(hand) == 8  # the 8 cards of p2's hand, one to discard


def test_the_command_for_a_file_name_with_a_control_character_runs_as_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack 4: a file name holding a bidi override (U+202E) or an escape was quoted with
    ``shlex.quote`` and then escaped for the terminal, so the report printed
    ``exceed replay '.../x\\u202egol.exlog'``: pasted into a shell, that names a file
    that is not there. The word is now bash's ``$'...'`` (``replay.quoting.shell_word``,
    as ``exceed insights`` quotes one), inert on screen and the same file when run."""
    path = tmp_path / "x\u202egol\x1b[2J.exlog"
    record_to_file(path, GameSetup(p1="ryu", p2="ken"), 2, ("random", "random"),
                   stronger_tatsu())
    lines = _report(capsys, path)
    where = _where(lines)
    assert "\u202e" not in where and "\x1b" not in where
    word = where.split("exceed replay ", 1)[1].split(" --event ", 1)[0]
    assert word.startswith("$'") and "\\u202e" in word and "\\x1b" in word
    said = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True,
                          check=True).stdout
    assert said == os.fsencode(path)
