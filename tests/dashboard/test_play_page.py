"""The Play page (issue 30), driven by Streamlit's AppTest: a seat link shows the seat's
table and its options as buttons, a click is recorded in the log, a wrong token shows
one line and no game, a spectator sees no options, and names are escaped."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.runtime.state.session_state import SessionState
from streamlit.testing.v1 import AppTest

from dashboard import play_table
from dashboard.literal import markdown as md
from engine import read_game
from replay import query as q
from replay.live import searching, store
from tests.dashboard.page_kit import ArenaZones, arena_markdown, at_action, play_to_action
from tests.dashboard.page_kit import open_play as _open


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "index.duckdb"




def _labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button]


def _hands_face_down(at: AppTest, root: Path, game_id: str) -> None:
    """The page's arena is the spectator's table: each hand face down with its count
    (the spectator's picture's), no card of it face up."""
    zones = ArenaZones(arena_markdown(at))
    assert "table as spectator" in zones.text, list(zones.text)
    watched = q.live_picture(root, game_id, q.SPECTATOR).view
    for seat, p in zip(("p1", "p2"), watched.players, strict=True):
        assert p.hand and zones.down.get(f"{seat} hand") == len(p.hand), (seat, zones.down)
        assert f"{seat} hand" not in zones.up, zones.up
        assert f"{len(p.hand)} face down" in zones.text[f"{seat} hand"]


def test_the_new_game_form_starts_a_game_and_opens_its_seat(
        app: Callable[..., AppTest], db: Path) -> None:
    at = _open(app, db)
    assert "Play" in [t.value for t in at.title]
    at.text_input[0].input("Ann")
    at.text_input[1].input("77")  # the seed
    at.button[0].click().run()  # Start (the form's submit button)
    assert not at.exception, [e.message for e in at.exception]
    game_id = at.query_params["g"][0] if isinstance(at.query_params["g"], list) \
        else at.query_params["g"]
    log = read_game(q.live_root(db) / f"{game_id}.exlog")
    assert log.header.seed == 77 and "Ann" in log.header.players
    settings = q.read_live_settings(q.live_root(db), game_id)
    assert settings.opponent == "search" and settings.budget_ms == 2000  # the form's default


def test_the_clock_fields_say_they_count_only_with_the_clock_ticked(
        app: Callable[..., AppTest], db: Path) -> None:
    """A form cannot hide the bank and increment while Clock is unticked, so they say
    it (they read "Bank (minutes)" and "Increment (seconds)" under an unticked box)."""
    at = _open(app, db)
    labels = [n.label for n in at.number_input]
    assert "Clock bank (minutes; only with Clock ticked)" in labels
    assert "Clock increment (seconds; only with Clock ticked)" in labels
    assert [c.label for c in at.checkbox] == ["Clock"] and not at.checkbox[0].value


def test_the_partner_boxes_list_only_fighters_a_tag_team_may_hold(
        app: Callable[..., AppTest], db: Path) -> None:
    """A partner that starts with cards out of its deck (Ragna's Astral Heat set aside)
    was listed, and refused only at Start; the partner boxes now list only fighters a
    team may hold (``q.live_partners``), the fighter boxes every fighter."""
    at = _open(app, db)
    boxes = {s.label: s for s in at.selectbox}
    ragna = dict(q.live_fighters())["ragna"]
    assert ragna in boxes["p1 fighter"].options
    for seat in ("p1", "p2"):
        partners = boxes[f"{seat} tag partner (Tag Team)"]
        assert partners.options == ["none", *(n for _, n in q.live_partners())]
        assert ragna not in partners.options and "Ken Masters" in partners.options


def test_a_seat_link_shows_the_options_and_a_click_is_recorded(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, name="Ann *x*")
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    texts = " ".join(m.value for m in at.markdown)
    assert "Ann \\*x\\*" in texts and "\\(you\\)" in texts  # the name, escaped
    assert "clock" not in texts  # a game without a clock says nothing of one
    labels = _labels(at)
    assert "Keep the opening hand" in labels and "Resign" in labels
    assert any(o.endswith("(hand)") for o in at.multiselect[0].options)
    next(b for b in at.button if b.label == "Keep the opening hand").click().run()
    assert not at.exception, [e.message for e in at.exception]
    log = read_game(root / f"{created.game_id}.exlog")
    assert len(log.decisions) >= 2  # the mulligan, then the agent's at once
    assert any(label == "Strike" for label in _labels(at))


def test_a_mulligan_reads_as_a_card_picker_then_a_whole_answer_not_a_prompt(
        app: Callable[..., AppTest], db: Path) -> None:
    """The mulligan's legal answers (32: p1 holds 5 cards) sit in a select box under the
    card picker, in a closed expander "Or choose a whole answer (32)" (a newcomer found
    them listed beside the picker, which answers the same question) and labelled "every
    legal answer" (they read "Prompt" and "prompt"); a choice's buttons, with no picker,
    are headed "Answer"."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    texts = [m.value for m in at.markdown]
    assert "**Or choose a whole answer**" not in texts
    assert [e.label for e in at.expander if "whole answer" in e.label] == [
        "Or choose a whole answer (32)"]
    assert not [x for x in texts if "Prompt" in x or "prompt" in x]
    assert [s.label for s in at.selectbox] == ["every legal answer"]
    assert "Keep the opening hand" in at.selectbox[0].options
    assert play_table.group_title("prompt", picker=False) == "Answer"
    assert play_table.group_title("character actions", picker=False) == "Character actions"
    # the rulebook's heading (Street Fighter, Tag Team): "Tag team actions" misspelt it
    assert play_table.group_title("tag team actions", picker=False) == "Tag Team actions"


@pytest.mark.parametrize("key", ["go-0-prompt", "pick-0"])
def test_a_click_is_answered_when_another_run_ends_before_the_button_is_reached(
        app: Callable[..., AppTest], db: Path, monkeypatch: pytest.MonkeyPatch,
        key: str) -> None:
    """The two-browser test once stood still after p2's first click (a full suite). A
    way it does: the poll tick that was on its way when p2's page turned to its decision
    runs right after that page's run, and its end (``SessionState.on_script_finished``:
    every button's value back to False) can come while the click's run draws the page,
    before it reaches the button; the click read False and no decision was taken (every
    time in a browser with that end held back). Here another run ends at that moment
    every time; the click is answered all the same, once (``play_table.pressed``)."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "carmine", opponent="person", seed=8)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    applied = SessionState.on_script_will_rerun

    def then_another_run_ends(self: SessionState, *args: object, **kwargs: object) -> None:
        applied(self, *args, **kwargs)  # type: ignore[arg-type]
        self.on_script_finished(frozenset(), remove_stale_widgets=False)

    monkeypatch.setattr(SessionState, "on_script_will_rerun", then_another_run_ends)
    at.button(key=key).click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert len(read_game(root / f"{created.game_id}.exlog").decisions) == 1
    assert not [b for b in at.button if b.key == key]  # the page moved on (p2's turn)
    at.run()  # and answers the click once
    assert len(read_game(root / f"{created.game_id}.exlog").decisions) == 1


@pytest.mark.parametrize("other", [True, False])
def test_a_token_of_another_game_says_so_and_shows_the_spectator_s_view(
        app: Callable[..., AppTest], db: Path, other: bool) -> None:
    """Found by walking the Play page: game A's page opened with game B's seat token
    (or a wrong one) showed one error line and nothing of the game. It says in one line
    that the link opens no seat of this game, and shows the game as a spectator sees
    it: no options, the hands face down, none of the seat's hidden cards named."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="person")
    elsewhere = q.create_live(root, "ryu", "ken", seat="p1", seed=6)
    token = elsewhere.tokens["p1"] if other else "not-the-token"
    at = _open(app, db, g=created.game_id, t=token)
    assert not at.error, [e.value for e in at.error]
    assert [w.value for w in at.warning] == [md(
        "This link does not open a seat of this game (its seat token is another game's, "
        "or no longer valid): you watch the game as a spectator does.")]
    assert not [b for b in at.button if b.label in ("Resign", "Keep the opening hand")]
    assert not [b for b in at.button if (b.key or "").startswith(("opt-", "pick-", "go-"))]
    texts = " ".join([*(m.value for m in at.markdown), *(c.value for c in at.code)])
    _hands_face_down(at, root, created.game_id)
    assert "\\(you\\)" not in texts
    hidden = [name.removesuffix(" (hand)")
              for _, name in q.live_picture(root, created.game_id, "p1").cards]
    assert hidden and not [name for name in hidden if name in texts], hidden
    assert not at.multiselect  # no card picker
    assert not store.tab_path(root, created.game_id, "p1").exists()  # no seat claimed


def test_a_spectator_sees_no_options_and_no_hand(app: Callable[..., AppTest], db: Path) -> None:
    created = q.create_live(q.live_root(db), "ryu", "ken", opponent="person", seed=5)
    at = _open(app, db, g=created.game_id)
    assert not [b for b in at.button if b.label in ("Resign", "Keep the opening hand")]
    _hands_face_down(at, q.live_root(db), created.game_id)


def test_abandon_seals_the_game_unfinished(app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    at.checkbox[0].check().run()
    next(b for b in at.button if b.label == "Abandon").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert read_game(root / f"{created.game_id}.exlog").abandoned
    assert "Resign" not in _labels(at)


def test_a_click_on_a_space_is_a_move_only_where_a_move_is_legal(db: Path) -> None:
    """Issue 30: a Move is chosen by clicking a space. A space the seat may move to is
    that Move (the same decision as its button); its own space and any other say why."""
    root = q.live_root(db)
    _, pic = at_action(root)
    targets = play_table.move_spaces(pic)
    assert targets, "no Move offered at the first action?"
    buttons = {o.label: o.decision for g in pic.groups if g.kind == "move" for o in g.options}
    mine = pic.view.players[0].space
    for space, decision in targets.items():
        assert play_table.move_for_space(pic, space) == (decision, "")
        # its button says the force it costs (the distance, no discount at the start)
        assert buttons[f"Move to space {space} ({abs(space - mine)} force)"] == decision
    decision, why = play_table.move_for_space(pic, mine)
    assert decision is None and why.startswith(f"space {mine}: you stand there (you may move to ")
    spectator = q.live_picture(root, pic.game_id, q.SPECTATOR)
    assert play_table.move_for_space(spectator, 3) == (None, "space 3: a spectator does not move")
    labels = play_table.space_labels(pic, sorted(targets))
    assert list(labels) == list(range(1, 10))
    assert labels[mine] == (f"{mine} p1", f"space {mine}: Ryu stands here")
    for space in targets:  # with the Move's force, as its button says it
        assert labels[space][1] == (f"space {space}: click to move here "
                                    f"({abs(space - mine)} force)")
    style = play_table.spaces_style(pic.decision, sorted(targets))
    outlined = re.findall(rf"\.st-key-space-{pic.decision}-(\d) button \{{border: 3px solid",
                          style)
    assert sorted(int(s) for s in outlined) == sorted(targets)


def test_a_click_on_a_space_on_the_page_says_why_or_is_the_move(
        app: Callable[..., AppTest], db: Path) -> None:
    """Issue 30: the player's own space says why it is no Move (and keeps saying it), a
    space outlined green is that Move."""
    root = q.live_root(db)
    created, pic = at_action(root)
    targets = play_table.move_spaces(pic)
    mine = pic.view.players[0].space
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    at.button(key=f"space-{pic.decision}-{mine}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    why = md(f"space {mine}: you stand there")
    said = [i.value for i in at.info]
    assert any(s.startswith(why) for s in said), said
    at.run()  # any later run of the page keeps the answer
    assert any(i.value.startswith(why) for i in at.info)
    space = min(targets)
    at.button(key=f"space-{pic.decision}-{space}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    log = read_game(root / f"{created.game_id}.exlog")
    assert log.decisions[pic.decision] == targets[space]
    assert not any(i.value.startswith(md("space ")) for i in at.info)  # a new decision


def test_the_page_draws_the_spaces_to_click_and_the_charts_one_toggle_away(
        app: Callable[..., AppTest], db: Path) -> None:
    root = q.live_root(db)
    created, pic = at_action(root, seed=9)
    while not pic.over and not q.live_charts(root, created.game_id, "p1").timeline.strikes:
        q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)
        pic = q.live_picture(root, created.game_id, "p1")
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    if pic.request is not None:  # the row of spaces: nine buttons, no chart
        for space in range(1, 10):
            assert at.button(key=f"space-{pic.decision}-{space}") is not None
    assert not at.get("plotly_chart")  # no chart built
    at.toggle(key="play.charts").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    keys = {f"play.timeline.{created.game_id}", f"play.lanes.{created.game_id}"}
    for key in keys:
        assert at.get_by_key(key) is not None, key
    assert len(at.get("plotly_chart")) == 2  # the timeline and the lanes


def test_the_charts_at_the_mulligan_draw_the_setup_band_and_no_lane(
        app: Callable[..., AppTest], db: Path) -> None:
    """At the mulligan no turn has started: the charts toggle draws the lanes figure as
    one band over the setup that says when the lanes begin, and no line (no empty hand,
    no 30-card deck); the timeline says no strike has ended."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=3)
    q.claim_tab(root, created.game_id, "p1", "t")
    pic = q.live_picture(root, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "mulligan"
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    at.toggle(key="play.charts").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert "No strike has ended yet." in [c.value for c in at.caption]
    spec = json.loads(at.get_by_key(f"play.lanes.{created.game_id}").proto.spec)
    assert spec["data"] == []
    assert [a["text"] for a in spec["layout"]["annotations"]] == [
        "setup: the lanes begin when turn 1 starts"]


def test_a_spectator_sees_what_just_happened(app: Callable[..., AppTest], db: Path) -> None:
    created = q.create_live(q.live_root(db), "ryu", "ken", opponent="person", seed=5)
    at = _open(app, db, g=created.game_id)
    texts = " ".join(m.value for m in at.markdown)
    assert "What just happened" in texts
    said = "\n".join(c.value for c in at.code)
    assert "p2 Ken Masters draws a hidden card" in said, said


def test_a_kept_name_is_checked_as_a_typed_one() -> None:
    assert q.kept_name(q.name_cookie("Ann <b>; é")) == "Ann <b>; é"
    assert q.kept_name(q.name_cookie("x" * 41)) == ""
    assert q.kept_name("%0Aevil") == ""  # a line break
    assert q.kept_name("%ff") == ""  # not UTF-8
    assert q.kept_name("a" * 500) == ""
    assert q.kept_name(None) == ""  # no cookie (or not text)
    assert set(q.name_cookie("Ann <b>; \"x\"")) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789%-._~")


def test_the_search_agent_gets_the_time_budget_set_on_the_page(
        app: Callable[..., AppTest], db: Path) -> None:
    at = _open(app, db)
    at.selectbox[4].select("search")  # the opponent
    at.number_input[0].set_value(1.5)  # seconds per decision
    at.text_input[1].input("3")
    at.button[0].click().run()
    assert not at.exception, [e.message for e in at.exception]
    game_id = at.query_params["g"][0] if isinstance(at.query_params["g"], list) \
        else at.query_params["g"]
    settings = q.read_live_settings(q.live_root(db), game_id)
    assert settings.opponent == "search" and settings.budget_ms == 1500
    assert read_game(q.live_root(db) / f"{game_id}.exlog").header.agents[1] == "search"


def test_a_rematch_keeps_the_search_agents_time_budget_and_the_clock(
        app: Callable[..., AppTest], db: Path) -> None:
    """The dashboard audit left: a rematch against the search agent got its default 128
    iterations a decision instead of the seconds per decision set on the Play page (and
    no clock); the rematch is the same game settings with the seats swapped."""
    root = q.live_root(db)
    clock = q.Clock(bank_ms=600_000, increment_ms=5_000)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="search",
                            budget_ms=300, clock=clock)
    q.live_resign(root, created.game_id, created.tokens["p1"], "")
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    next(b for b in at.button if b.label == "Rematch (seats swapped)").click().run()
    assert not at.exception, [e.message for e in at.exception]
    game_id = at.query_params["g"][0] if isinstance(at.query_params["g"], list) \
        else at.query_params["g"]
    assert game_id != created.game_id
    settings = q.read_live_settings(root, game_id)
    assert settings.opponent == "search" and settings.budget_ms == 300
    assert settings.clock == clock
    assert read_game(root / f"{game_id}.exlog").header.agents == ("search", "human")


def test_the_unfinished_list_says_how_many_older_games_it_did_not_look_at(
        app: Callable[..., AppTest], db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 3: the list read every log of the live folder (its cost grew with every
    game played); it looks at the newest ``LOOKED_AT`` only and says so."""
    from replay.live import listing

    root = q.live_root(db)
    games = [q.create_live(root, "ryu", "ken", seat="p1", seed=s) for s in (1, 2, 3)]
    monkeypatch.setattr(listing, "LOOKED_AT", 1, raising=False)
    monkeypatch.setattr(q, "LOOKED_AT", 1, raising=False)
    listing._LISTED.clear()
    at = _open(app, db)
    assert not at.exception, [e.message for e in at.exception]
    watched = [m.value for m in at.markdown if "[watch]" in m.value]
    assert len(watched) == 1
    captions = " ".join(c.value for c in at.caption)
    assert "looks at the 1 most recently played live games only, not at 2 older one(s)" \
        in captions
    assert len(games) == 3


def test_abandon_is_offered_only_until_both_seats_made_their_first_decision(
        app: Callable[..., AppTest], db: Path) -> None:
    """Abandon stood beside Resign to the end, and a losing person left the game
    unrecorded; once both seats have decided after the mulligan only Resign is left."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", opponent="person", seed=8)
    for seat in ("p1", "p2"):
        q.claim_tab(root, created.game_id, seat, "t")
    while q.live_picture(root, created.game_id, "p1").abandonable:
        pic = q.live_picture(root, created.game_id, "p1")
        seat = "p1" if pic.request is not None else "p2"
        pic = q.live_picture(root, created.game_id, seat)
        q.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                   pic.groups[0].options[0].decision)
    at = _open(app, db, g=created.game_id, t=created.tokens["p2"])
    assert not at.exception, [e.message for e in at.exception]
    assert "Resign" in _labels(at) and "Abandon" not in _labels(at)


def test_the_kept_seats_are_checked_and_capped() -> None:
    """The seat tokens a browser keeps (``exceed_seats``): each pair an id and a token,
    anything else left out; the newest ``MAX_SEATS_KEPT`` kept."""
    held = {f"{n:016x}": f"tok-{n}_A" for n in range(30)}
    value = q.seats_cookie(held)
    assert re.fullmatch(r"[A-Za-z0-9_:.-]+", value)
    kept = q.kept_seats(value)
    assert list(kept) == list(held)[-20:] and kept[f"{29:016x}"] == "tok-29_A"
    assert q.seats_cookie({"../x": "t", "0" * 16: "a;b=c"}) == ""  # never a bad pair
    assert q.kept_seats(f"{'a' * 16}:ok.<script>.{'b' * 16}:x;y") == {"a" * 16: "ok"}
    assert q.kept_seats("x" * 5000) == {} and q.kept_seats(None) == {}


def test_what_just_happened_keeps_the_reveal_of_a_long_strike(
        app: Callable[..., AppTest], db: Path) -> None:
    """A Critical strike resolved by a seat's own payment read, on the seat's next
    decision, from "speeds p1 1 / p2 5" on: the page kept the last 14 lines only, and
    the reveal (which attack the opponent set, "Shinryuken is invalid", the wild swing
    that replaced it) was cut off. Every line the picture keeps since the seat's last
    decision is shown."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu+ken", "carmine", seat="p1", seed=7)
    q.claim_tab(root, created.game_id, "p1", "walk")
    pic = q.live_picture(root, created.game_id, "p1")
    while len(pic.lines) <= 14:
        assert not pic.over and pic.request is not None, "no long turn before the end"
        q.live_act(root, created.game_id, created.tokens["p1"], "walk", pic.decision,
                   pic.groups[0].options[0].decision)
        pic = q.live_picture(root, created.game_id, "p1")
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    said = "\n".join(c.value for c in at.code)
    for line in pic.lines:
        assert line in said, (line, said)


def test_a_character_action_says_what_it_does(app: Callable[..., AppTest], db: Path) -> None:
    """Ryu's character card: "Ryu's step: choose: advance 1 / retreat 1". The button read
    only "Character action: Ryu's step"; its hover help and a line under the group (read
    on a phone too) now say what it does."""
    created, pic = at_action(q.live_root(db))
    assert pic.actions == ("choose: advance 1 / retreat 1",)
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    said = md("Ryu's step") + ": " + md("choose: advance 1 / retreat 1")
    assert said in [c.value for c in at.caption]
    [button] = [b for b in at.button if b.label == md("Character action: Ryu's step")]
    assert button.help == md("choose: advance 1 / retreat 1")


def test_a_choice_names_the_card_that_asks_it(app: Callable[..., AppTest], db: Path) -> None:
    """Boosting Cross (Run: advance 1..3 or pass) asks p1 a choice: the page names the
    boost that asks it ("Decision N: p1 Ryu chooses an option" said nothing of it)."""
    root = q.live_root(db)
    created, pic = at_action(root)
    [run] = [o for g in pic.groups for o in g.options if o.label == "Boost Cross (Run)"]
    q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision, run.decision)
    pic = q.live_picture(root, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "choice"
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    assert not at.exception, [e.message for e in at.exception]
    said = md(f"Decision {pic.decision}: p1 Ryu chooses an option of Ryu's Run (boost of "
              "Cross)")
    assert said in [c.value for c in at.caption]


def test_a_critical_that_adds_nothing_says_so(app: Callable[..., AppTest], db: Path) -> None:
    """Seed 5, p1 plays its first options: it sets Block with gauge, and the page offered
    "spend 1 gauge to make your attack Critical (its Critical effects apply this strike)"
    though Block and Ryu's ability have no Critical effect: the gauge bought nothing. The
    offer says so (Street Fighter rulebook: allowed, "as a bluff")."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5)
    q.claim_tab(root, created.game_id, "p1", "t")
    pic = q.live_picture(root, created.game_id, "p1")
    for _ in range(100):
        if pic.request is not None and pic.request.kind == "pay_gauge":
            break
        assert not pic.over
        q.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)
        pic = q.live_picture(root, created.game_id, "p1")
    says = ("spend 1 gauge to make your attack Critical; or decline (neither Block nor your "
            "character's ability has a Critical effect, so Critical adds nothing to Block; "
            "the rulebook allows it, e.g. as a bluff)")
    assert pic.needs == says
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    assert md(says) in [c.value for c in at.caption]


def test_the_header_explains_turn_player_and_critical_available(
        app: Callable[..., AppTest], db: Path) -> None:
    """A newcomer read "turn player" and "critical available 0" in a seat's header with
    no word of what they mean. Hovered, each says it (the header's words are kept)."""
    created, _ = at_action(q.live_root(db))
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    texts = " ".join(m.value for m in at.markdown)
    turn = ("It is this player&#39;s turn: they choose its one action (prepare, move, "
            "change cards, exceed, boost, strike...).")
    critical = ("1 while this player&#39;s gauge holds a card, 0 when it is empty. Street "
                "Fighter rulebook, Critical: as you set your attack you may spend 1 gauge to "
                "make it Critical, which turns on the Critical effects of your attack and "
                "character ability for this strike.")
    assert f'<span title="{turn}" style="text-decoration:underline dotted;cursor:help">' \
        "turn player</span>" in texts
    assert re.search(f'<span title="{re.escape(critical)}" style="text-decoration:underline '
                     'dotted;cursor:help">critical available <b>[01]</b></span>', texts)
    assert texts.count(f'title="{critical}"') == 2  # both seats


class _BusyOnce:
    """A process's search places, every one taken when the page's answer first asks,
    and one free at once when it waits: the page's line is drawn, and the game goes on
    (no wait on a clock)."""

    def __init__(self) -> None:
        self.waited = 0

    def acquire(self, blocking: bool = True) -> bool:
        if self.waited:  # the agent's later answers (its attack after a Strike) find one
            return True
        self.waited += blocking
        return blocking

    def release(self) -> None:
        pass


def test_a_move_the_busy_engine_queues_says_so_then_is_answered(
        app: Callable[..., AppTest], db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dashboard searched for any number of games at once, each answer up to a
    minute of a core: a visitor's many games against the search agent starved every
    page. Each answer takes one of ``q.MAX_SEARCHING`` places now; a click whose answer
    finds them taken says the move is queued while it waits, then it is answered."""
    root = q.live_root(db)
    created = q.create_live(root, "ryu", "ken", seat="p1", seed=5, opponent="search",
                            budget_ms=200)
    q.claim_tab(root, created.game_id, "p1", "t")
    play_to_action(root, created)  # the mulligans: the agent's own is not searched
    at = _open(app, db, g=created.game_id, t=created.tokens["p1"])
    busy, said, words = _BusyOnce(), [], play_table.queued_words

    def spoken() -> str:
        said.append(words())
        return said[-1]

    monkeypatch.setattr(searching, "_PLACES", busy)
    monkeypatch.setattr(play_table, "queued_words", spoken)
    next(b for b in at.button if b.label == "Prepare").click().run()  # then p2's turn
    assert not at.exception, [e.message for e in at.exception]
    assert not at.warning, [w.value for w in at.warning]
    assert busy.waited == 1 and len(said) == 1
    one = "one game" if q.MAX_SEARCHING == 1 else f"{q.MAX_SEARCHING} games"
    assert said[0] == (f"The engine is busy with other games (it searches for {one} at a "
                       "time): your move is queued, and the search agent answers it in "
                       "its turn; its time per decision runs from then.")
    log = read_game(root / f"{created.game_id}.exlog")
    asked = [s.request.player.label for s in log.steps if s.request is not None]
    assert asked[:3] == ["p1", "p2", "p1"]  # the mulligans, then the person's Prepare
    assert "p2" in asked[3:]  # the agent answered it once a place was free
