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

import shlex
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

