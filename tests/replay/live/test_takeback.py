"""Takebacks and hidden information (``replay.live.takeback``): against the AI a seat's
own, between people an offer the other accepts; never past a card shown since."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Player, default_catalog, make_agent, new_game, observe, read_game
from engine.recording.record import Recording
from replay.live import new_games, picture, store, table, takeback
from replay.live.table import LiveRefused


def _act(root: Path, game_id: str, token: str, seat: str) -> picture.SeatPicture:
    """``seat`` takes its first option; its picture before."""
    pic = picture.live_picture(root, game_id, seat)
    assert pic.request is not None
    table.live_act(root, game_id, token, "t", pic.decision, pic.groups[0].options[0].decision)
    return pic


def test_a_takeback_never_shows_the_ai_s_face_down_attack_before_the_choice(
        tmp_path: Path) -> None:
    """The AI strikes and sets its attack face down, the person sets theirs, the strike
    reveals both. A takeback forked the game before the person's set, and the person
    chose again knowing the AI's attack (the fork replays it). It is refused now, in
    one line, nothing recorded, and the page's button says why, naming the move in the
    page's words (what it answered, the option chosen), not "decision 2"."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=7)
    token = created.tokens["p1"]
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    _act(tmp_path, created.game_id, token, "p1")  # the mulligan
    pic = _act(tmp_path, created.game_id, token, "p1")
    assert pic.request is not None and pic.request.kind == "set_attack"  # the AI struck
    path = store.log_path(tmp_path, created.game_id)
    size = path.stat().st_size
    set_label = pic.groups[0].options[0].label  # the set _act chose: named in game words
    assert set_label.startswith("Set ")
    with pytest.raises(LiveRefused, match=re.escape(
            f"your last move (an attack to set: {set_label}) cannot be taken back: p2's "
            "face-down attack has been shown since, hidden when it was made")):
        takeback.live_takeback(tmp_path, created.game_id, token, "t")
    assert path.stat().st_size == size and not read_game(path).abandoned
    assert store.game_ids(tmp_path) == [created.game_id]  # no fork written
    barred = takeback.barred(tmp_path, created.game_id, "p1")
    assert "p2's face-down attack has been shown since" in barred


def test_a_takeback_before_anything_hidden_was_shown_still_forks(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    token = created.tokens["p1"]
    _act(tmp_path, created.game_id, token, "p1")  # the mulligan, kept: nothing drawn
    _act(tmp_path, created.game_id, token, "p1")  # a Strike: the set comes next
    assert takeback.barred(tmp_path, created.game_id, "p1") == ""
    new_id = takeback.live_takeback(tmp_path, created.game_id, token, "t")
    assert read_game(store.log_path(tmp_path, new_id)).header.fork_at == 2


def test_a_card_drawn_since_bars_the_takeback(tmp_path: Path) -> None:
    """Deck order is fixed by the seed: undoing a decision after which the seat drew
    would let it choose again knowing its next draw."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=4)
    token = created.tokens["p1"]
    for _ in range(3):  # the mulligan, a Strike, its set: the strike ends, p1 draws
        _act(tmp_path, created.game_id, token, "p1")
    with pytest.raises(LiveRefused, match="a card of your deck has been shown since"):
        takeback.live_takeback(tmp_path, created.game_id, token, "t")


def test_a_takeback_offer_is_the_other_person_s_to_accept_and_lapses_at_a_decision(
        tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=5)
    p1, p2 = created.tokens["p1"], created.tokens["p2"]
    for seat, token in (("p1", p1), ("p2", p2), ("p1", p1)):  # the mulligans, a Strike
        _act(tmp_path, created.game_id, token, seat)
    with pytest.raises(LiveRefused, match="no takeback is offered now"):
        takeback.answer_takeback(tmp_path, created.game_id, p2, "t", True)
    takeback.offer_takeback(tmp_path, created.game_id, p1, "t")
    takeback.offer_takeback(tmp_path, created.game_id, p1, "t")  # a second click: the same
    with pytest.raises(LiveRefused, match="the other player offers a takeback"):
        takeback.offer_takeback(tmp_path, created.game_id, p2, "t")
    with pytest.raises(LiveRefused, match="yours to offer"):
        takeback.answer_takeback(tmp_path, created.game_id, p1, "t", True)
    assert picture.live_picture(tmp_path, created.game_id, "p2").takeback_offer == "p1"
    _act(tmp_path, created.game_id, p1, "p1")  # p1 decides on: the offer lapses
    assert picture.live_picture(tmp_path, created.game_id, "p2").takeback_offer == ""
    with pytest.raises(LiveRefused, match="lapses at the next decision"):
        takeback.answer_takeback(tmp_path, created.game_id, p2, "t", True)
    assert not read_game(store.log_path(tmp_path, created.game_id)).abandoned
    _act(tmp_path, created.game_id, p2, "p2")  # p2 sets: the strike reveals both attacks
    with pytest.raises(LiveRefused, match=r": a card in p2's hand has been shown to p1 since, "
                       r"hidden when it was made .*; nothing was recorded$"):
        takeback.offer_takeback(tmp_path, created.game_id, p2, "t")
    against_ai = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    with pytest.raises(LiveRefused, match="only between people"):
        takeback.offer_takeback(tmp_path, against_ai.game_id, against_ai.tokens["p1"], "t")
    with pytest.raises(LiveRefused, match="only against the AI"):
        takeback.live_takeback(tmp_path, created.game_id, p1, "t")


def test_a_declined_takeback_is_not_offered_again_until_a_decision(tmp_path: Path) -> None:
    """p2 declines p1's offer: p1 could offer again at once, over and over (found by
    offering after a decline). Now the offer is barred, in one line, and the page's
    button says why, until a decision is made; then p1 may offer again."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=5)
    p1, p2 = created.tokens["p1"], created.tokens["p2"]
    for seat, token in (("p1", p1), ("p2", p2), ("p1", p1)):  # the mulligans, a Strike
        _act(tmp_path, created.game_id, token, seat)
    takeback.offer_takeback(tmp_path, created.game_id, p1, "t")
    assert takeback.answer_takeback(tmp_path, created.game_id, p2, "t", False) == ""
    assert picture.live_picture(tmp_path, created.game_id, "p2").takeback_offer == ""
    with pytest.raises(LiveRefused, match=r"^the other player declined your takeback; you "
                       r"may offer again once a decision has been made$"):
        takeback.offer_takeback(tmp_path, created.game_id, p1, "t")
    assert store.read_live_settings(tmp_path, created.game_id).takeback is not None
    barred = takeback.barred(tmp_path, created.game_id, "p1")
    assert barred.startswith("the other player declined your takeback")
    with pytest.raises(LiveRefused, match="no takeback is offered now"):
        takeback.answer_takeback(tmp_path, created.game_id, p2, "t", True)
    _act(tmp_path, created.game_id, p1, "p1")  # a decision: p1 may offer again
    assert takeback.barred(tmp_path, created.game_id, "p1") == ""
    takeback.offer_takeback(tmp_path, created.game_id, p1, "t")
    assert picture.live_picture(tmp_path, created.game_id, "p2").takeback_offer == "p1"


def test_a_card_known_though_hidden_does_not_bar_the_takeback(tmp_path: Path) -> None:
    """p2's Ken attack (card 118), revealed in the strike, returns to the top of p2's
    deck (decision 43); p2 draws it (45), p1 seeing the draw from the known top, and p2
    boosts it after decision 48. It was in p2's hand, hidden from p1, when p2 chose,
    but p1 knew it was there. The rule barred this takeback ("a card in p2's hand has
    been shown to p1", found by comparing the rule with ``engine.Knowledge`` over random
    games); now only cards a seat did not know then count, so p2 may offer it."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=7)
    tokens = created.tokens
    path = store.log_path(tmp_path, created.game_id)
    game = new_game(read_game(path).header.setup, 7)
    agents = {who: make_agent("random", 7 * 7 + int(who), who, default_catalog())
              for who in Player}
    for number in range(49):
        request = game.pending
        assert request is not None
        decision = agents[request.player].decide(observe(game.state, request.player),
                                                 request)
        game.step(decision)
        if sum(s.decision is not None for s in read_game(path).steps) == number:
            table.live_act(tmp_path, created.game_id, tokens[request.player.label], "t",
                           number, decision)
    assert takeback.last_own(table._load(tmp_path, created.game_id), Player.P2) == 48
    assert takeback.barred(tmp_path, created.game_id, "p2") == ""
    takeback.offer_takeback(tmp_path, created.game_id, tokens["p2"], "t")
    new_id = takeback.answer_takeback(tmp_path, created.game_id, tokens["p1"], "t", True)
    assert read_game(store.log_path(tmp_path, new_id)).header.fork_at == 48


@pytest.mark.parametrize("failure", ["disk", "engine"])
def test_a_takeback_that_cannot_be_made_is_one_line_and_leaves_nothing_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    """A full disk (or an engine failure) while the takeback's new game was written left
    its half-made log, with no seats file: listed among the unfinished games, opened by
    no link; and the ``OSError`` reached the page as a traceback. It is one line now, the
    new game's files are removed, and this game goes on (a takeback later is made)."""
    import errno

    from replay.live.store import LiveError

    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="heuristic",
                                    seed=3)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    for _ in range(4):
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    before = sorted(p.name for p in tmp_path.iterdir())
    log = store.log_path(tmp_path, created.game_id).read_bytes()
    real = Recording.step  # the class the takeback records with
    calls = [0]

    def failing(self: object, *args: object) -> object:
        calls[0] += 1
        if calls[0] > 2:
            if failure == "disk":
                raise OSError(errno.ENOSPC, "No space left on device")
            raise RuntimeError("an engine bug")
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Recording, "step", failing)
    with pytest.raises(LiveError) as raised:
        takeback.live_takeback(tmp_path, created.game_id, created.tokens["p1"], "t")
    assert str(raised.value) == (
        f"the takeback's new game cannot be written in {tmp_path} (No space left on "
        "device); this game goes on as it was" if failure == "disk" else
        "this engine failed replaying the game for the takeback (RuntimeError: an engine "
        "bug; set EXCEED_DEBUG=1 for a traceback); this game goes on as it was")
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert store.log_path(tmp_path, created.game_id).read_bytes() == log
    monkeypatch.setattr(Recording, "step", real)
    new_id = takeback.live_takeback(tmp_path, created.game_id, created.tokens["p1"], "t")
    assert store.log_path(tmp_path, new_id).is_file()
