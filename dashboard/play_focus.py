"""The Play page keeps the question in sight: after an answer, Streamlit's rerun keeps the
page's scroll, so a player who had scrolled down to read what just happened (or the
cards under the board) found the next question's "Answer" above the screen.

``bring_answers_into_view`` draws, at the top of the options column, a container whose
script scrolls it into view when it lies above the screen (never when it is in sight or
below it: a phone, where the options stack under the board, keeps its place). The script
carries no data but the decision number, which makes it a new element at each decision:
Streamlit mounts (and the browser runs) it once per question, not at every rerun.
"""

from __future__ import annotations

import streamlit as st

ANSWERS = "play-answers"
"""The key of the container the script finds (CSS class ``st-key-play-answers``)."""

_SCRIPT = """<script>/* decision DECISION */(() => {
  let tries = 0;
  const show = () => {
    const top = document.querySelector(".st-key-ANSWERS");
    if (!top) { if (++tries < 100) { setTimeout(show, 50); } return; }
    if (top.getBoundingClientRect().top < 0) { top.scrollIntoView({block: "start"}); }
  };
  show();
})();</script>""".replace("ANSWERS", ANSWERS)


def bring_answers_into_view(decision: int) -> None:
    """The scrolling container for the question of ``decision`` (an int: no log data)."""
    script = _SCRIPT.replace("DECISION", str(int(decision)))
    st.container(key=ANSWERS).html(script, unsafe_allow_javascript=True)
