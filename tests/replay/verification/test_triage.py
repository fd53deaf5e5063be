"""Triage of a corpus (``replay/verification/triage.py``): a changed card definition
groups exactly the games it changes under a group naming that card.

The corpus is the replay tests' recorded one (Ryu and Ken in both orders and both
mirrors, 60 games). The engine's catalog is copied with Ken's Tatsumaki Senpukyaku at 1
more power (``stronger_tatsu``): a game changes exactly when a Tatsumaki Senpukyaku hit
a fighter that survived the hit (a hit that takes the last life points deals the same
damage either way), and its first divergence is that hit's damage.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.recording.record import read_game
from replay.strikes import strike_summaries
from replay.verification.triage import GroupKey, corpus_files, group, group_key, triage
from replay.verification.verify import Kind, verify

from .test_verify import DAMAGE, KEN_TATSU, SAMPLE, STEP, Steps, altered_copy, stronger_tatsu

DAMAGE_BY_TATSU = f"the rule: damage; card {KEN_TATSU}"
"""The cause (log format v2) of the first damage that differs, and the card behind it."""


def changed_by_tatsu(path: str) -> bool:
    """Did a Tatsumaki Senpukyaku hit a fighter who survived it in this game?"""
    for s in strike_summaries(read_game(path)):
        if s.a_card == KEN_TATSU and s.a_hit and s.d_life_after > 0:
            return True
        if s.d_card == KEN_TATSU and s.d_hit and s.a_life_after > 0:
            return True
    return False


def test_a_stronger_card_groups_exactly_the_games_it_changes(corpus: Path) -> None:
    files, problems, refused, notes, _ = corpus_files([corpus])
    assert problems == [] and refused == {} and notes == [] and len(files) == 60
    result = triage(files, jobs=2, catalog=stronger_tatsu())
    changed = [f for f in files if changed_by_tatsu(f)]
    assert len(changed) >= 5  # the corpus exercises the card
    assert len(result.groups) == 1
    (only,) = result.groups
    assert only.key == GroupKey(str(Kind.EVENTS), "damage", "damage", "cause", DAMAGE_BY_TATSU)
    assert "Tatsumaki Senpukyaku" in only.description
    assert list(only.files) == changed  # in corpus order
    assert only.count == len(changed) and only.example == changed[0]
    assert only.where.startswith("decision ")
    assert result.counts == {"identical": 60 - len(changed), "diverged": len(changed),
                             "damaged": 0, "skipped": 0}
    assert not any("ryu-ryu" in f for f in only.files)
    identical = [o.path for o in result.outcomes if o.status == "identical"]
    assert sorted(identical + changed) == sorted(files)


def test_jobs_do_not_change_the_result(corpus: Path) -> None:
    files = corpus_files([corpus]).files[::3]
    assert triage(files, 1, stronger_tatsu()) == triage(files, 2, stronger_tatsu())


def test_the_key_takes_the_cause_when_the_log_states_one() -> None:
    verdict = verify(read_game(SAMPLE), stronger_tatsu())
    assert verdict.divergence is not None
    by_card = group_key(verdict)
    assert by_card == GroupKey(str(Kind.EVENTS), "damage", "damage", "cause", DAMAGE_BY_TATSU)
    caused = verdict.divergence.__class__(
        **{f: getattr(verdict.divergence, f) for f in verdict.divergence.__struct_fields__
           if f != "cause"}, cause="ken_tatsumakisenpukyaku: power")
    with_cause = verdict.__class__(
        **{f: getattr(verdict, f) for f in verdict.__struct_fields__ if f != "divergence"},
        divergence=caused)
    assert group_key(with_cause) == GroupKey(str(Kind.EVENTS), "damage", "damage", "cause",
                                             "ken_tatsumakisenpukyaku: power; card "
                                             f"{KEN_TATSU}")
    assert group_key(verify(read_game(SAMPLE))) is None


def test_an_illegal_decision_is_keyed_by_the_card_it_names(tmp_path: Path) -> None:
    """Ryu "sets" Ken's Tatsumaki Senpukyaku (card 125), which is not in his hand."""

    def illegal(steps: Steps) -> None:
        steps[STEP]["decision"] = ["set_attack", [125]]

    def more_damage(steps: Steps) -> None:
        events = steps[STEP]["events"]
        assert isinstance(events, list) and events[DAMAGE] == ["damage", 0, 6, 1]
        events[DAMAGE] = ["damage", 0, 7, 1]

    files = [str(altered_copy(tmp_path, "illegal.exlog", illegal)),
             str(altered_copy(tmp_path, "damage.exlog", more_damage))]
    result = triage(files, jobs=2)
    assert [(g.key, g.files) for g in result.groups] == [
        (GroupKey(str(Kind.ILLEGAL), "set_attack", "set_attack", "card", KEN_TATSU),
         (files[0],)),
        (GroupKey(str(Kind.EVENTS), "damage", "damage", "cause", DAMAGE_BY_TATSU), (files[1],)),
    ]
    assert result.groups[0].description == (
        "an illegal decision: set_attack vs set_attack; card Tatsumaki Senpukyaku "
        f"({KEN_TATSU})")


def test_unreadable_entries_are_skipped_and_counted(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "game.exlog").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "foreign.exlog").write_bytes(b"PK\x03\x04 not a log")
    files, problems, refused, notes, _ = corpus_files([tmp_path, tmp_path / "gone.exlog"])
    assert problems == [] and refused == {} and notes == []
    assert files == [str(tmp_path / "a" / "game.exlog"), str(tmp_path / "foreign.exlog"),
                     str(tmp_path / "gone.exlog")]
    result = triage(files)
    assert [o.status for o in result.outcomes] == ["identical", "skipped", "skipped"]
    assert result.outcomes[1].problem.startswith(f"{tmp_path / 'foreign.exlog'}: ")
    assert result.outcomes[2].problem == (
        f"{tmp_path / 'gone.exlog'}: cannot read: No such file or directory")
    assert group(result.outcomes).counts["skipped"] == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_a_folder_it_cannot_read_is_one_problem(tmp_path: Path) -> None:
    (tmp_path / "ok.exlog").write_bytes(SAMPLE.read_bytes())
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        files, problems, _, _, unreadable = corpus_files([tmp_path])
    finally:
        locked.chmod(0o755)
    assert files == [str(tmp_path / "ok.exlog")]
    assert problems == [f"{locked}: cannot read folder: Permission denied"]
    assert unreadable == 1
