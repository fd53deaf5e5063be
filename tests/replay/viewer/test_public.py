"""replay.viewer.public and the ``"public"`` perspective of ``frames.frame``: the table a
spectator of a game in progress is shown (the Play page), both hands and decks hidden
and counted, a face-down attack hidden, every face-up card named, as the live game's
spectator picture folds it (``replay.live.picture``: observe for p1, then for p2)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from replay import query as q
from replay.viewer import frames
from tests import live_kit

PUBLIC_FACTS = ("seat", "character", "life", "space", "gauge", "boosts", "discard",
                "discard_top", "deck", "hand_count", "exceeded", "turn_player", "notes",
                "areas", "counters")
"""What a spectator reads of a seat exactly as the omniscient frame says it."""


def _frames(root: Path, game_id: str) -> tuple[q.Frame, q.Frame]:
    """The live game's table now: the spectator's (public) and the omniscient one."""
    game = q.open_game(root / f"{game_id}.exlog")
    return q.frame(game, game.length, "public"), q.frame(game, game.length, "all")


def _hand_names(shown: q.Frame) -> set[str]:
    return {name for p in shown.players for name in p.hand or ()}


def test_the_public_frame_hides_both_hands_and_a_face_down_attack(tmp_path: Path) -> None:
    """Both mulligans, then p1 strikes and sets its attack face down: a spectator sees
    both hands counted, face down, and p1's attack face down, none of them named
    (in the table nor in its recent lines), while the omniscient frame names them."""
    created = live_kit.people(tmp_path)
    for _ in range(4):
        live_kit.step(tmp_path, created)
    public, every = _frames(tmp_path, created.game_id)
    assert public.perspective == "public" and public.header.endswith("· as spectator")
    for seen, whole in zip(public.players, every.players, strict=True):
        assert seen.hand is None and seen.hand_stats is None
        assert whole.hand is not None and seen.hand_count == len(whole.hand) > 0
    strike = public.strike_in_progress
    assert strike is not None and every.strike_in_progress is not None
    assert strike.attack.cards == "face-down" and strike.attack.stats == ""
    set_card = every.strike_in_progress.attack.cards
    assert set_card not in ("face-down", "not set yet")
    said = " ".join([*public.recent, *(str(f) for f in msgspec.structs.astuple(public))])
    unseen = _hand_names(every) | {set_card}
    assert not [name for name in unseen if name in said], unseen
    picture = q.live_picture(tmp_path, created.game_id, q.SPECTATOR).view
    assert [len(p.hand) for p in picture.players] == [p.hand_count for p in public.players]


def test_the_public_frame_says_every_public_fact_as_the_omniscient_one(
        tmp_path: Path) -> None:
    """A game between people played until a gauge card and a boost are in play; at
    every position of its log, the spectator's frame says life, spaces, gauge and
    boosts by name, discard and its top, deck counts, Exceed... as the omniscient frame
    does; hands hidden; an attack named once it is revealed, face down (or not set)
    before."""
    created = live_kit.people(tmp_path)
    for _ in range(80):
        public, _every = _frames(tmp_path, created.game_id)
        if any(p.gauge for p in public.players) and any(p.boosts for p in public.players):
            break
        live_kit.step(tmp_path, created, "boost")
    else:
        raise AssertionError("no gauge card and no boost in play")
    game = q.open_game(tmp_path / f"{created.game_id}.exlog")
    revealed = hidden = 0
    for position in range(game.length + 1):
        public, every = (q.frame(game, position, p) for p in ("public", "all"))
        for seen, whole in zip(public.players, every.players, strict=True):
            for fact in PUBLIC_FACTS:
                assert getattr(seen, fact) == getattr(whole, fact), (fact, position)
            assert seen.hand is None if seen.hand_count else seen.hand in (None, ())
        assert public.objects == every.objects and public.result == every.result
        assert (public.turn, public.strike) == (every.turn, every.strike)
        strike, whole_strike = public.strike_in_progress, every.strike_in_progress
        assert (strike is None) == (whole_strike is None), position
        if strike is not None and whole_strike is not None:
            for side, whole_side in ((strike.attack, whole_strike.attack),
                                     (strike.defence, whole_strike.defence)):
                if side.revealed:
                    assert side == whole_side, position
                    revealed += 1
                else:
                    assert side.cards in ("face-down", "not set yet"), (side, position)
                    hidden += side.cards == "face-down"
    assert revealed and hidden, (revealed, hidden)


def test_public_is_the_fourth_perspective_of_frames_and_of_the_game_page() -> None:
    """``PERSPECTIVES`` are all, p1 and p2 (the omniscient view and the seats'); frame
    and why also take ``public`` (``FRAME_PERSPECTIVES``, the Game page's choices), and
    nothing else."""
    assert "public" not in frames.PERSPECTIVES
    assert frames.FRAME_PERSPECTIVES == (*frames.PERSPECTIVES, "public")
    with pytest.raises(ValueError, match="all, p1, p2, public"):
        frames._viewer("spectator")  # type: ignore[arg-type]


def test_why_in_public_words_names_no_face_down_attack(tmp_path: Path) -> None:
    """``why`` for ``public``: the set attack's event reads as a spectator reads it, its
    decision by kind only (``p1 ...``), never the card."""
    created = live_kit.people(tmp_path)
    for _ in range(4):
        live_kit.step(tmp_path, created)
    game = q.open_game(tmp_path / f"{created.game_id}.exlog")
    every = q.frame(game, game.length, "all")
    assert every.strike_in_progress is not None
    set_card = every.strike_in_progress.attack.cards
    lines = q.why(game, game.length, "public")
    assert lines and not [line for line in lines if set_card in line], lines
    assert any(set_card in line for line in q.why(game, game.length, "p1"))
