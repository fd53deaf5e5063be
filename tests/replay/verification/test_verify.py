"""The first-divergence report of ``exceed verify``, exercised on altered copies of a sample.

Each test copies one committed random-vs-random sample (Ryu vs Ken, seed 0), changes one
thing (an event, a decision, a step's state hash, the end of the game, or a card definition
of the engine) and re-encodes every frame with a valid length and CRC, so the reader
accepts the file and only the verifier can tell. The report is checked line by line through
the CLI and field by field through ``replay.verification.verify.verify``.

The altered step: decision 23, in turn 13 during the game's second strike, p1 Ryu sets
Hadoken against p2 Ken's Tatsumaki Senpukyaku, which hits Ryu for 6 (1 absorbed by armor).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.recording.definitions import game_catalog
from engine.recording.log import FrameKind, expanded, read_log_bytes
from engine.recording.log_writer import encode_frame, encode_preamble
from engine.recording.record import read_game
from replay.cli import main
from replay.verification import verify as verify_module
from replay.verification.verify import verify
from tests.frozen_games import ASTRAL_HEAT

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "sample_games" / "ryu-vs-ken_random-vs-random_seed0.exlog"
STEP = 24  # the STEP frame of decision 23 (frame 0 holds the setup events)
DAMAGE = 13  # its 14th event: damage(target=p1, amount=6, absorbed=1)
KEN_TATSU = "ken_tatsumakisenpukyaku"

Steps = list[dict[str, object]]


def altered_copy(
    tmp_path: Path, name: str, alter: Callable[[Steps], object], *, sealed: bool = True
) -> Path:
    """A copy of the sample with ``alter`` applied to its decoded STEP payloads."""
    scan = read_log_bytes(SAMPLE.read_bytes())
    steps = copy.deepcopy(scan.steps)
    alter(steps)
    assert scan.trailer is not None
    frames = [encode_frame(FrameKind.STEP, step) for step in steps]
    if sealed:
        frames.append(encode_frame(FrameKind.TRAILER, scan.trailer))
    path = tmp_path / name
    path.write_bytes(encode_preamble() + encode_frame(FrameKind.HEADER, scan.header)
                     + b"".join(frames))
    return path


def _events(steps: Steps) -> list[object]:
    events = steps[STEP]["events"]
    assert isinstance(events, list)
    return events


def more_damage(steps: Steps) -> None:
    """The recorded Tatsumaki Senpukyaku deals 7 instead of 6."""
    assert _events(steps)[DAMAGE] == ["damage", 0, 6, 1]
    _events(steps)[DAMAGE] = ["damage", 0, 7, 1]


def assault_instead(steps: Steps) -> None:
    """Ryu's recorded decision becomes Assault (card 4), another legal option."""
    assert steps[STEP]["decision"] == ["set_attack", [19]]
    steps[STEP]["decision"] = ["set_attack", [4]]


def stronger_tatsu() -> Catalog:
    """This engine's catalog with Ken's Tatsumaki Senpukyaku at 1 more power."""
    cat = default_catalog()
    cards = dict(cat.cards)
    tatsu = cards[KEN_TATSU]
    cards[KEN_TATSU] = msgspec.structs.replace(tatsu, power=tatsu.power + 1)
    return Catalog(cards=cards, characters=cat.characters)


def game_hash(catalog: Catalog) -> str:
    """The card-data fingerprint of SAMPLE's game (Ryu against Ken) with ``catalog``."""
    h = read_game(SAMPLE).header
    return game_catalog(catalog, (h.p1, h.p2), {*h.decks[0], *h.decks[1]}).content_hash


def run_verify(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[str], str]:
    code = main(["verify", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


# --- the control: re-encoding alone changes nothing ---------------------------------


def test_an_unaltered_reencoded_copy_is_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = altered_copy(tmp_path, "same.exlog", lambda steps: None)
    assert path.read_bytes() == expanded(SAMPLE.read_bytes())  # its records, as plain frames
    assert run_verify(capsys, path) == (0, [f"{path}: identical (87 decisions checked)"], "")


# --- (a) one event altered ----------------------------------------------------------


def event_report(name: str) -> list[str]:
    return [
        f'{name}: DIVERGES at decision 23 (turn 13, strike 2): different events from event 14 of this step on',
        '  decision: p1 set_attack(cards=(19,))  -- Hadoken',
        f'  where: event 138 of the game is the first that differs; exceed replay {name} --event 137 shows the table before it',
        '  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku); cause the rule: damage',
        '  expected (log):',
        '    ... 12 identical event(s)',
        '    flag(player=p2, flag=ignore_guard)',
        '    damage(target=p1, amount=7, absorbed=1)  -- p1 Ryu takes 7 damage (1 absorbed by armor), life 23',
        '    stunned(player=p1)  -- p1 Ryu is STUNNED',
        '    card_moved(player=p2, card=100, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p2 Ken Masters: Grasp goes from boosts to discard pile after the strike',
        '    card_moved(player=p2, card=125, src=strike, dst=gauge, reason=cleanup, bottom=False)  -- p2 Ken Masters: Tatsumaki Senpukyaku goes to gauge after the strike',
        '    card_moved(player=p1, card=8, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p1 Ryu: Spike goes from boosts to discard pile after the strike',
        '    ... 4 more',
        '  actual (engine):',
        '    ... 12 identical event(s)',
        '    flag(player=p2, flag=ignore_guard)',
        '    damage(target=p1, amount=6, absorbed=1)  -- p1 Ryu takes 6 damage (1 absorbed by armor), life 24',
        '    stunned(player=p1)  -- p1 Ryu is STUNNED',
        '    card_moved(player=p2, card=100, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p2 Ken Masters: Grasp goes from boosts to discard pile after the strike',
        '    card_moved(player=p2, card=125, src=strike, dst=gauge, reason=cleanup, bottom=False)  -- p2 Ken Masters: Tatsumaki Senpukyaku goes to gauge after the strike',
        '    card_moved(player=p1, card=8, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p1 Ryu: Spike goes from boosts to discard pile after the strike',
        '    ... 4 more',
        '  state differences (log vs engine):',
        '    players[0].life: 23 vs 24',
    ]


def test_cli_reports_an_altered_event_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = altered_copy(tmp_path, "event.exlog", more_damage)
    assert run_verify(capsys, path) == (1, event_report(str(path)), "")


def test_verify_finds_the_altered_event(tmp_path: Path) -> None:
    verdict = verify(read_game(altered_copy(tmp_path, "event.exlog", more_damage)))
    assert (verdict.identical, verdict.card_data_differs, verdict.checked) == (False, False, 23)
    d = verdict.divergence
    assert d is not None
    assert (d.decision, d.turn, d.strike, d.in_strike) == (23, 13, 2, True)
    assert d.what == "different events from event 14 of this step on"
    assert d.decided == "p1 set_attack(cards=(19,))  -- Hadoken"
    assert d.expected[2].startswith("damage(target=p1, amount=7, absorbed=1)  -- ")
    assert d.actual[2].startswith("damage(target=p1, amount=6, absorbed=1)  -- ")
    assert d.state_diff == ("players[0].life: 23 vs 24",)


# --- (b) one decision altered -------------------------------------------------------


def decision_report(name: str) -> list[str]:
    return [
        f'{name}: DIVERGES at decision 23 (turn 13, strike 2): different events from event 1 of this step on',
        '  decision: p1 set_attack(cards=(4,))  -- Assault',
        f'  where: event 125 of the game is the first that differs; exceed replay {name} --event 124 shows the table before it',
        '  involved: card Hadoken (ryu_hadoken); cause the rule: strike',
        '  expected (log):',
        '    attack_set(player=p1, cards=(19,), wild=False)  -- p1 Ryu sets an attack',
        '    revealed(p1=(19,), p2=(125,))  -- revealed: p1 Hadoken vs p2 Tatsumaki Senpukyaku',
        '    stat(player=p2, stat=power, amount=2)',
        '    stat(player=p1, stat=armor, amount=1)',
        '    stat(player=p1, stat=guard, amount=3)',
        '    priority(first=p1, speed_p1=4, speed_p2=3)  -- speeds p1 4 / p2 3: p1 Ryu acts first',
        '    ... 16 more',
        '  actual (engine):',
        '    attack_set(player=p1, cards=(4,), wild=False)  -- p1 Ryu sets an attack',
        '    revealed(p1=(4,), p2=(125,))  -- revealed: p1 Assault vs p2 Tatsumaki Senpukyaku',
        '    stat(player=p2, stat=power, amount=2)',
        '    stat(player=p1, stat=armor, amount=1)',
        '    stat(player=p1, stat=guard, amount=3)',
        '    priority(first=p1, speed_p1=5, speed_p2=3)  -- speeds p1 5 / p2 3: p1 Ryu acts first',
        '    ... 13 more',
        '  state differences (log vs engine):',
        '    players[0].discard: [8 (Spike), 19 (Hadoken)] vs [8 (Spike)]',
        '    players[0].gauge: [] vs [4 (Assault)]',
        '    players[0].hand: [4 (Assault)] vs [19 (Hadoken)]',
        '    players[0].life: 24 vs 30',
        '    players[1].discard: [117 (Axe Kick), 112 (Focus), 100 (Grasp)] vs [117 (Axe Kick), 112 (Focus), 100 (Grasp), 125 (Tatsumaki Senpukyaku)]',
        '    players[1].gauge: [125 (Tatsumaki Senpukyaku)] vs []',
        '    players[1].life: 30 vs 26',
        '    players[1].space: 8 vs 5',
    ]


def test_cli_reports_an_altered_decision_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = altered_copy(tmp_path, "decision.exlog", assault_instead)
    assert run_verify(capsys, path) == (1, decision_report(str(path)), "")


def test_verify_finds_the_altered_decision(tmp_path: Path) -> None:
    verdict = verify(read_game(altered_copy(tmp_path, "decision.exlog", assault_instead)))
    d = verdict.divergence
    assert d is not None and verdict.checked == 23
    assert (d.decision, d.turn, d.strike, d.in_strike) == (23, 13, 2, True)
    assert d.what == "different events from event 1 of this step on"
    assert d.decided == "p1 set_attack(cards=(4,))  -- Assault"
    assert d.expected[0] == "attack_set(player=p1, cards=(19,), wild=False)  -- p1 Ryu sets an attack"
    assert d.actual[0] == "attack_set(player=p1, cards=(4,), wild=False)  -- p1 Ryu sets an attack"
    assert "players[0].hand: [4 (Assault)] vs [19 (Hadoken)]" in d.state_diff


# --- (c) one card definition altered: the engine's catalog differs ---------------------


def card_report(name: str, log_hash: str, engine_hash: str) -> list[str]:
    return [
        f'{name}: note: recorded with different card data than this engine (log {log_hash}, engine {engine_hash}); a divergence below may come from a changed card',
        f'{name}: note: defined otherwise here (log vs engine): Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku): power 5 vs 6',
        f'{name}: DIVERGES at decision 23 (turn 13, strike 2): different events from event 14 of this step on',
        '  decision: p1 set_attack(cards=(19,))  -- Hadoken',
        f'  where: event 138 of the game is the first that differs; exceed replay {name} --event 137 shows the table before it',
        '  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku); cause the rule: damage',
        '  expected (log):',
        '    ... 12 identical event(s)',
        '    flag(player=p2, flag=ignore_guard)',
        '    damage(target=p1, amount=6, absorbed=1)  -- p1 Ryu takes 6 damage (1 absorbed by armor), life 24',
        '    stunned(player=p1)  -- p1 Ryu is STUNNED',
        '    card_moved(player=p2, card=100, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p2 Ken Masters: Grasp goes from boosts to discard pile after the strike',
        '    card_moved(player=p2, card=125, src=strike, dst=gauge, reason=cleanup, bottom=False)  -- p2 Ken Masters: Tatsumaki Senpukyaku goes to gauge after the strike',
        '    card_moved(player=p1, card=8, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p1 Ryu: Spike goes from boosts to discard pile after the strike',
        '    ... 4 more',
        '  actual (engine):',
        '    ... 12 identical event(s)',
        '    flag(player=p2, flag=ignore_guard)',
        '    damage(target=p1, amount=7, absorbed=1)  -- p1 Ryu takes 7 damage (1 absorbed by armor), life 23',
        '    stunned(player=p1)  -- p1 Ryu is STUNNED',
        '    card_moved(player=p2, card=100, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p2 Ken Masters: Grasp goes from boosts to discard pile after the strike',
        '    card_moved(player=p2, card=125, src=strike, dst=gauge, reason=cleanup, bottom=False)  -- p2 Ken Masters: Tatsumaki Senpukyaku goes to gauge after the strike',
        '    card_moved(player=p1, card=8, src=boosts, dst=discard, reason=cleanup, bottom=False)  -- p1 Ryu: Spike goes from boosts to discard pile after the strike',
        '    ... 4 more',
        '  state differences (log vs engine):',
        '    players[0].life: 24 vs 23',
    ]


def test_cli_reports_changed_card_data_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log is untouched; this engine's Tatsumaki Senpukyaku hits harder."""
    alt = stronger_tatsu()
    monkeypatch.setattr(verify_module, "default_catalog", lambda: alt)
    code, lines, err = run_verify(capsys, SAMPLE)
    log_hash = read_game(SAMPLE).header.card_data
    assert (code, err) == (1, "")
    assert lines == card_report(str(SAMPLE), log_hash[:12], game_hash(alt)[:12])


def test_verify_with_another_catalog_reports_the_hash_and_the_strike() -> None:
    alt = stronger_tatsu()
    verdict = verify(read_game(SAMPLE), alt)
    assert verdict.card_data_differs
    # per game (format 4): the log's definitions against alt's for the same cards
    assert verdict.log_card_data == game_hash(default_catalog())
    assert verdict.engine_card_data == game_hash(alt) != verdict.log_card_data
    d = verdict.divergence
    assert d is not None
    assert (d.decision, d.turn, d.strike) == (23, 13, 2)
    assert d.state_diff == ("players[0].life: 24 vs 23",)
    assert verdict.lines()[0].startswith(f"{SAMPLE}: note: recorded with different card data")


def test_same_card_data_has_no_note() -> None:
    verdict = verify(read_game(SAMPLE))
    assert verdict.identical and not verdict.card_data_differs
    assert verdict.lines() == [f"{SAMPLE}: identical (87 decisions checked)"]


# --- other divergences ----------------------------------------------------------------


def test_an_altered_state_hash_is_reported_as_a_faulty_recording(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def zero_hash(steps: Steps) -> None:
        steps[STEP]["hash"] = bytes(16)

    path = altered_copy(tmp_path, "hash.exlog", zero_hash)
    code, lines, err = run_verify(capsys, path)
    assert (code, err) == (1, "")
    assert lines[0] == (
        f"{path}: DIVERGES at decision 23 (turn 13, strike 2): the recorded state hash does "
        "not match the recorded events (the log was altered or written by a faulty recorder)"
    )
    assert lines[1] == "  decision: p1 set_attack(cards=(19,))  -- Hadoken"
    assert "state differences (log vs engine):" not in lines


def test_a_truncated_log_says_where_it_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The byte and frame where reading stopped, as ``info``, ``replay``, ``fork`` and
    ``capsule`` name them: verify gave the reason alone (``damaged log: truncated payload
    (needs 245 bytes, 3 left)``), so the damage could not be found in the file."""
    path = tmp_path / "cut.exlog"
    path.write_bytes(SAMPLE.read_bytes()[:1500])
    damage = read_game(path).damage
    assert damage is not None and damage.offset > 0 and damage.frame_index > 0
    code, lines, err = run_verify(capsys, path)
    assert (code, err) == (1, "")
    assert lines[0] == (f"{path}: damaged log: stopped at byte {damage.offset} (frame "
                        f"{damage.frame_index}): {damage.reason}; verifying the good prefix")


def test_a_sealed_log_missing_its_last_decision_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The reader's value checks (engine/recording/step_checks.py) catch the trailer that no longer
    # agrees with the steps before verify runs: the file is damaged, and only the good
    # prefix is verified, so it is never called identical.
    path = altered_copy(tmp_path, "short.exlog", lambda steps: steps.pop())
    damage = read_game(path).damage
    assert damage is not None
    assert run_verify(capsys, path) == (1, [
        f"{path}: damaged log: stopped at byte {damage.offset} (frame {damage.frame_index}): "
        "trailer: decisions 87 but the steps hold 86; verifying the good prefix",
        f"{path}: identical prefix (unfinished log) (86 decisions checked)",
    ], "")


def test_an_unsealed_prefix_is_not_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = altered_copy(tmp_path, "open.exlog", lambda steps: None, sealed=False)
    assert run_verify(capsys, path) == (
        1, [f"{path}: identical prefix (unfinished log) (87 decisions checked)"], "")


def test_an_illegal_recorded_decision_is_reported_with_what_was_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ryu "sets" Ken's Tatsumaki Senpukyaku (card 125), which is not in his hand."""

    def illegal(steps: Steps) -> None:
        steps[STEP]["decision"] = ["set_attack", [125]]

    path = altered_copy(tmp_path, "illegal.exlog", illegal)
    code, lines, err = run_verify(capsys, path)
    assert (code, err) == (1, "")
    assert lines[:5] == [
        f"{path}: DIVERGES at decision 23 (turn 13, strike 2): the recorded decision is "
        "illegal here: illegal decision set_attack(cards=(125,)) for p1: not one of the "
        "offered options; asked set_attack, allowed: set_attack(cards=(19,)), "
        "set_attack(cards=(4,)), wild_swing()",
        "  decision: p1 set_attack(cards=(125,))  -- Tatsumaki Senpukyaku",
        f"  where: after event 124 of the game; exceed replay {path} --event 124 shows that "
        "table",
        "  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku)",
        "  expected (log):",
    ]
    assert lines[-2:] == ["  actual (engine):", "    (nothing)"]


def test_a_different_request_shows_both_the_engines_and_the_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def fewer_options(steps: Steps) -> None:
        request = steps[STEP]["request"]
        assert isinstance(request, list) and isinstance(request[2], list)
        request[2] = request[2][:2]  # the recorded menu loses its wild swing

    path = altered_copy(tmp_path, "request.exlog", fewer_options)
    code, lines, err = run_verify(capsys, path)
    assert (code, err) == (1, "")
    assert lines[0] == (
        f"{path}: DIVERGES at decision 23 (turn 13, strike 2): this engine asks p1 for "
        "set_attack: set_attack(cards=(19,)), set_attack(cards=(4,)), wild_swing(); the log "
        "recorded p1 for set_attack: set_attack(cards=(19,)), set_attack(cards=(4,))"
    )
    assert lines[1] == "  decision: p1 set_attack(cards=(19,))  -- Hadoken"


def test_a_second_manual_reshuffle_is_reported_as_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BlazBlue rulebook, Manual Reshuffle (once per game): in the Astral Heat sample
    Ragna reshuffles once; a log whose next Ragna action is a second Reshuffle
    is refused by verify in one line naming the decision and what was allowed."""
    astral = ASTRAL_HEAT
    scan = read_log_bytes(astral.read_bytes())
    steps = copy.deepcopy(scan.steps)
    first = next(i for i, s in enumerate(steps) if s["decision"] == ["reshuffle"])
    again = next(i for i in range(first + 1, len(steps))
                 if steps[i]["request"][:2] == ["action", 0])  # type: ignore[index]
    steps[again]["decision"] = ["reshuffle"]
    path = tmp_path / "second-reshuffle.exlog"
    version = scan.header["format"]  # a frozen game keeps the format it was recorded in
    assert isinstance(version, int)
    path.write_bytes(encode_preamble(version) + encode_frame(FrameKind.HEADER, scan.header)
                     + b"".join(encode_frame(FrameKind.STEP, s) for s in steps))
    code, lines, err = run_verify(capsys, path)
    assert (code, err) == (1, "")
    assert lines[0].startswith(f"{path}: DIVERGES at decision {steps[again]['index']}")
    assert "the recorded decision is illegal here: illegal decision reshuffle() for p1: " \
        "not one of the offered options; asked action, allowed: " in lines[0]
    assert "reshuffle()" not in lines[0].split("allowed: ", 1)[1]
