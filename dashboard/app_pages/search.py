"""Search: moments across the index that match a pattern (docs/search.md), as links.

The pattern lives in the URL (``/search?q=...``), so a search can be shared; each
result links to the Game page right after its event (``game?game=ID&event=N``, events
counted from 1), named by its game's fighters and seed. A bad pattern is
one line saying where it stops making sense. The examples under the title are buttons
that search for themselves.
"""

from __future__ import annotations

import urllib.parse

import streamlit as st

from dashboard import data, urlstate
from replay.query import (
    Pattern,
    PatternError,
    by_note,
    character_name,
    event_number,
    parse_pattern,
    quoted,
)

EXAMPLES = ("stunned defender by wild_swing", "miss card=Shoryuken", "decked_out",
            "boost then strike same turn", "hit damage>=7 range=1")

db = data.db_path()
st.title("Search")
data.guarded(data.check_index, db)  # no index: say so before a pattern is typed
if not data.guarded(data.characters, db):  # an empty index: what to do, not "0 moments"
    st.info("The index holds no games yet: run `exceed index DIR` and they appear here.")
    st.stop()
st.caption("Find moments across the index. Kinds: hit, miss, stunned, strike, wild_swing, "
           "boost, decked_out; steps joined by `then`, optionally `same turn` / "
           "`same strike`. Try one:")


def _example(text: str) -> None:
    """An example's button: search for it (a newcomer had to copy the words by hand)."""
    st.session_state["search.q"] = text
    st.query_params["q"] = text


examples = st.container(horizontal=True)
for i, example in enumerate(EXAMPLES):
    examples.button(example, key=f"search.example.{i}", on_click=_example, args=(example,),
                    type="secondary")


def _widen(parsed: Pattern) -> str:
    """How to widen a pattern that matched nothing, from what it holds: its conditions
    by name, else its steps, else another kind (it read "Loosen a condition (damage>=7
    to damage>=5, or drop one)" for every pattern, ``decked_out`` too)."""
    fields = list(dict.fromkeys(c.field for step in parsed.steps for c in step.conditions))
    if fields:
        return (f"Loosen or drop a condition ({', '.join(fields)}), or try another kind "
                "of the list above.")
    if len(parsed.steps) > 1:
        same = f" or 'same {parsed.same}'" if parsed.same else ""
        return f"Drop a step{same}, or try another kind of the list above."
    return "No indexed game has one: try another kind of the list above."


def _to_url() -> None:
    text = st.session_state.get("search.q", "").strip()
    if text:
        st.query_params["q"] = text
    elif "q" in st.query_params:
        del st.query_params["q"]


linked = urlstate.last("q", "pattern") or ""  # ?q=a&q=b: the last, and one line says so
if "search.q" not in st.session_state:
    st.session_state["search.q"] = linked
elif linked != st.session_state["search.q"].strip():
    st.session_state["search.q"] = linked  # a link or Back changed it
pattern = st.text_input("Pattern", key="search.q", on_change=_to_url,
                        placeholder="hit damage>=7 range=1").strip()
if not pattern:
    st.stop()
try:
    # one more than it lists: exactly SEARCH_LIMIT moments are all there are, not "the first"
    found = data.guarded(data.moments, db, pattern, data.SEARCH_LIMIT + 1)
except PatternError as error:
    st.error(data.plain(f"pattern: {error}"))
    st.stop()
note = by_note(parse_pattern(pattern))  # parsed already: a bad pattern stopped above
if note:  # "stunned by fighter=zangief card=Sweep": how it was read (as exceed find says)
    st.info(data.plain(f"Note: {note}"))
if not found:  # "0 moments" said nothing of what was searched, nor what to try
    st.info(data.plain(f"No moment of the indexed games matches {quoted(pattern)}. "
                       f"{_widen(parse_pattern(pattern))}"))
    st.stop()
more = " (the first ones: more match)" if len(found) > data.SEARCH_LIMIT else ""
found = found[:data.SEARCH_LIMIT]
st.caption(f"{len(found)} moment{'s' if len(found) != 1 else ''}{more}")
rows = data.guarded(data.games_by_id, db, tuple(sorted({m.game_id for m in found})))


def _game(game_id: str) -> str:
    """A moment's link text: its game's fighters and seed (the id's first 12 digits when
    the index lost the game meanwhile). It was the id alone: a hash says nothing."""
    row = rows.get(game_id)
    if row is None:
        return data.plain(game_id[:12])  # an index from elsewhere may hold any id
    return data.plain(f"p1 {character_name(row.p1)} vs p2 {character_name(row.p2)}, "
                      f"seed {row.seed}")


for m in found:
    number = event_number(m.event)  # counted from 1, as everywhere (docs/log-format.md)
    link = "game?" + urllib.parse.urlencode({"game": m.game_id, "event": number})
    strike = f", strike {m.strike}" if m.strike is not None else ""
    st.markdown(f"[{_game(m.game_id)}]({link}) turn {m.turn}{strike}, event {number}: "
                f"{data.plain(m.description)}")
