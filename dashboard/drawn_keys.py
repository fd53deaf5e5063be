"""Keys for the Game page's radios whose value the app sets: a new widget each time the
app moves its value, so a browser that has not drawn it yet cannot move it back.

A rerun carries every widget's value as the browser holds it. The perspective radio
(V) and the "Analysed decisions" radio (→ off or onto a decision) are set by the app on
each run, and a key pressed while the browser was still drawing the run before sent
the radio's old value with it, which the app took for a choice: V then → showed the
board as before V ("as all"), and → held from a decision went back to it. So
``drawn_key`` gives the radio a new key (``base.N``) whenever the app wants a value other
than the one the radio drawn now holds, and its callback takes only a value other than
the one that radio was drawn with (``drawn``, its argument) for a choice: an old radio's
value, sent by a browser behind, is the one it was drawn with. (Streamlit drops an old
widget's callback once a run ends without it, but not when the next request cut that
run short, as a key held down does.) A value a person picks in the radio keeps its key:
the radio stays the same element (not a new one each pick).
"""

from __future__ import annotations

import streamlit as st

_GENERATIONS = "drawn_keys.generation"  # base -> the N of the radio drawn last


def drawn_key(base: str, wanted: object) -> str:
    """The key to draw the radio of ``base`` with (its default ``wanted``, which only a
    new key takes): the radio drawn last while it holds ``wanted``, else a new one."""
    generations: dict[str, int] = st.session_state.setdefault(_GENERATIONS, {})
    number = generations.get(base, 0)
    key = f"{base}.{number}"
    if key in st.session_state and st.session_state[key] == wanted:
        return key
    generations[base] = number + 1
    return f"{base}.{number + 1}"
