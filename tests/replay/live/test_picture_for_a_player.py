"""What a seat's picture tells a player (found by playing in a browser): a card picker
that can pick every card the question takes, and a clock that reads 0:00 once lost on
time."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine import GameSetup, Player, default_catalog, initial_state, read_game
from replay.live import new_games, picture, store, table
from replay.live.store import Clock


def test_copies_of_a_card_in_the_picker_are_told_apart(tmp_path: Path) -> None:
    """Seed 1 deals Ryu two Shoryukens. Both were labelled "Shoryuken (hand)": the
    page's multiselect takes one option per label, so picking one copy took the other
    out of the list and a mulligan of both could not be picked."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    labels = [label for _, label in pic.cards]
    assert len(set(labels)) == len(labels), labels
    copies = [(ref, label) for ref, label in pic.cards if label.startswith("Shoryuken (")]
    assert [label for _, label in copies] == ["Shoryuken (hand, copy 1)",
                                              "Shoryuken (hand, copy 2)"]
    assert "Spike (hand)" in labels  # a single card keeps its plain label
    assert pic.request is not None
    both = tuple(ref for ref, _ in copies)
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                   picture.cards_decision(pic.request, both))
    taken = read_game(store.log_path(tmp_path, created.game_id)).decisions[pic.decision]
    assert sorted(getattr(taken, "cards", ())) == sorted(both)


def test_a_seat_that_lost_on_time_has_no_time_left(tmp_path: Path) -> None:
    """The flag fall is recorded with no thinking time, and the bank derived from the
    log showed what was left before it: "clock 0:15" beside "p1 Ryu lost on time"."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=4,
                                clock=Clock(bank_ms=15_000))
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "mulligan"  # costs no time
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "", pic.decision,
                   pic.groups[0].options[0].decision)
    while not table.opened(table.load(tmp_path, created.game_id)[0]):  # both decided
        pic = picture.live_picture(tmp_path, created.game_id, "p1")  # (no time taken):
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "", pic.decision,
                       pic.groups[0].options[0].decision, now=lambda: 0)  # a flag loses
    since = store.log_path(tmp_path, created.game_id).stat().st_mtime_ns
    late = picture.live_picture(tmp_path, created.game_id, "p1",
                                now=lambda: since + 20 * 10**9)
    assert late.over and late.result.endswith("p1 Ryu lost on time")
    assert late.clocks == (0, None)
    again = picture.live_picture(tmp_path, created.game_id, "p1",
                                 now=lambda: since + 30 * 10**9)
    assert again.clocks == (0, None)


def test_what_just_happened_tells_the_strike_your_attack_ended(tmp_path: Path) -> None:
    """Ken struck, Ryu set his attack second: the strike was revealed and resolved as
    the effect of Ryu's set attack, and "What just happened" began after it. At Ryu's
    next turn it was empty: the reveal, the hits and the damage were nowhere to read.
    It now begins at the seat's last decision (what that decision caused, then the rest)."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="heuristic",
                                seed=3)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    while pic.request is None or pic.request.kind != "action" or pic.decision < 14:
        assert not pic.over and pic.request is not None, "the game ended too soon"
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[-1].options[0].decision)  # prepare, a first answer
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
    log = read_game(store.log_path(tmp_path, created.game_id))
    assert type(log.decisions[-1]).__name__ == "SetAttack"  # Ryu's attack ended a strike
    assert any(line.startswith("revealed: ") for line in pic.lines), pic.lines
    assert any("damage" in line for line in pic.lines), pic.lines



def test_character_actions_say_what_they_do() -> None:
    """A newcomer offered "Character action: Ken's rush" could not tell what it does
    without opening the card texts. The picture carries each action's text (Ken's
    character card: "Ken's rush: close 1, then draw 1"; exceeded, "Ken's rush and
    strike", which adds the strike)."""
    catalog = default_catalog()
    view = initial_state(GameSetup(p1="ken", p2="ryu"), catalog)
    assert picture.action_texts(view, Player.P1, catalog) == ("close 1, then draw 1",)
    ken = view.players[Player.P1]
    exceeded = msgspec.structs.replace(
        view, players=(msgspec.structs.replace(ken, exceeded=True), view.players[1]))
    assert picture.action_texts(exceeded, Player.P1, catalog) == (
        "close 1, then draw 1, then choose: strike / nothing",)
