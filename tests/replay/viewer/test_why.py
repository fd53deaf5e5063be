"""Why an event happened (``replay/viewer/why.py``, ``exceed replay --why``) and a v2 log
showing its game with its own card definitions after the engine's changed."""

from __future__ import annotations

import io

import msgspec
import pytest

from engine import Catalog, GameSetup, default_catalog, read_game_bytes
from engine.recording.record import record_game
from replay.cli import main
from replay.viewer.cursor import Replay
from replay.viewer.frames import GameReplay
from replay.viewer.why import why_lines


def _recorded(seed: int = 1) -> bytes:
    stream = io.BytesIO()
    record_game(GameSetup(p1="ryu", p2="ken"), seed, stream, ("heuristic", "heuristic"))
    return stream.getvalue()


def test_the_chain_ends_at_the_decision_that_started_it() -> None:
    """Every event's chain ends at a decision, the deal, or a cut after 8 links; each
    link names an earlier event."""
    replay = Replay(read_game_bytes(_recorded(), "g.exlog"))
    for number in range(1, replay.length + 1):
        lines = why_lines(replay, number)
        assert lines[0].startswith(f"#{number} ")
        last = lines[-1]
        assert (last.startswith("  <- decision ") or last == "  <- the deal (setup)"
                or last == "  <- ..." or "-- the decision" in lines[0]), lines
        numbers = [int(line.split("#")[1].split()[0]) for line in lines if "#" in line]
        assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)


def test_the_decision_is_named_as_the_game_page_names_it_to_whoever_saw_it() -> None:
    """The chain's last link names the decision's choice in the Game page's words for
    all and for the decider ("p2 Set Spike", it read "p2 set attack"); for the other
    player only its kind: a face-down attack is not theirs to read."""
    from engine import Player
    from replay.options import label_of

    replay = Replay(read_game_bytes(_recorded(), "g.exlog"))
    sets = [i for i, c in enumerate(replay.causes) if c.after < 0
            and replay.decision_of_event[i] >= 0
            and (made := replay.log.steps[replay.decision_of_event[i] + 1].decision) is not None
            and made.__struct_config__.tag == "set_attack"]
    assert sets
    index = sets[0]
    decision = replay.decision_of_event[index]
    step = replay.log.steps[decision + 1]
    assert step.request is not None and step.decision is not None
    first = replay.decision_of_event.index(decision)
    replay.seek(first)
    label = label_of(step.decision, step.request, replay.state, replay.catalog)
    replay.seek(replay.length)
    decider = step.request.player
    other = Player(1 - decider)
    assert label.startswith("Set ")
    for perspective, words in ((None, label), (decider, label), (other, "set attack")):
        last = why_lines(replay, index + 1, perspective)[-1]
        assert last == f"  <- decision {decision}: {decider.label} {words}", perspective


def test_exceed_replay_why_prints_the_chain(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "g.exlog"
    path.write_bytes(_recorded())
    replay = Replay(read_game_bytes(path.read_bytes(), str(path)))
    effect = next(i + 1 for i, c in enumerate(replay.causes) if c.kind.name == "EFFECT")
    assert main(["replay", str(path), "--why", str(effect)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == why_lines(replay, effect) and "'s " in out[0]
    assert main(["replay", str(path), "--why", "0"]) == 2
    assert "--why: event #0 is outside #1..#" in capsys.readouterr().err


def test_a_v2_log_shows_its_game_with_its_own_definitions() -> None:
    """The engine's Ken no longer exists and its Hadoken changed: the v2 log still reads
    (checked against its own definitions), replays and shows the recorded card."""
    data = _recorded()
    engine = default_catalog()
    chars = {k: v for k, v in engine.characters.items() if k != "ken"}
    cards = dict(engine.cards)
    cards["ryu_hadoken"] = msgspec.structs.replace(cards["ryu_hadoken"], power=99)
    changed = Catalog(cards=cards, characters=chars)
    log = read_game_bytes(data, "g.exlog", changed)
    own = log.catalog(changed)
    assert "ken" in own.characters and own.card("ryu_hadoken").power == engine.card(
        "ryu_hadoken").power
    game = GameReplay(log, "0" * 64)
    assert game.characters == ("Ryu", "Ken Masters")
    assert game.replay.length == log.event_count


def test_a_choice_names_what_asked_it_unless_the_log_did_not_record_it() -> None:
    """The chain's decision link of a choice names the card or ability that asked it
    (``ChoiceRequest.source``): Ryu's step, his character action, asks advance 1 or
    retreat 1 (sample ryu-vs-ken seed 1, decision 22; it read "p1 retreat 1"). A game
    recorded before choices named their source (``tests/fixtures/v5``, decision 49: the
    same question) reads as before."""
    from pathlib import Path

    from engine import read_game
    from engine.core.decisions import ChoiceRequest

    root = Path(__file__).resolve().parents[3]
    name = "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"
    for path, decision, source, said in (
            (root / "sample_games" / name, 22, -1,
             "p1 retreat 1 (an option of Ryu's step and draw (character action))"),
            (root / "tests" / "fixtures" / "v5" / name, 49, None, "p1 advance 1")):
        replay = Replay(read_game(path))
        step = replay.log.steps[decision + 1]
        assert isinstance(step.request, ChoiceRequest)
        assert step.request.labels == ("advance 1", "retreat 1")
        assert step.request.source == source
        moved = replay.decision_of_event.index(decision)
        assert why_lines(replay, moved + 1)[-1] == f"  <- decision {decision}: {said}"
