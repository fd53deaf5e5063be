"""The Game page's "Analysed decisions" box follows the open decision.

The box (``game_board.decision_list``) is a scrolling container of one radio option per
analysed decision. A link from the Insights page or a shared moment (``&decision=40``),
a click on the curve, or Forward held moves the open decision; without help the box kept
its scroll, so the chosen option sat below the box's edge, out of sight, while the panel
under it described it.

``keep_checked_in_view`` draws, inside the box, a script that scrolls the box (never the
page) until its checked option is in sight, centred when it was out of sight and left
alone when it was already visible (a click in the list does not move the list). The script
carries no data but the decision number, which makes it a new element when the open
decision changes: Streamlit mounts (and the browser runs) it then, not at every rerun.
"""

from __future__ import annotations

import streamlit as st

_SCRIPT = """<script>/* open decision DECISION */(() => {
  let tries = 0;
  const show = () => {
    const box = document.querySelector(".st-key-KEY");
    const checked = box && box.querySelector("input[type=radio]:checked");
    if (!checked) { if (++tries < 100) { setTimeout(show, 50); } return; }
    let pane = checked.parentElement;
    while (pane && pane !== document.body) {
      const style = getComputedStyle(pane);
      if ((style.overflowY === "auto" || style.overflowY === "scroll")
          && pane.scrollHeight > pane.clientHeight) { break; }
      pane = pane.parentElement;
    }
    if (!pane || pane === document.body) { return; }
    const item = (checked.closest("label") || checked).getBoundingClientRect();
    const seen = pane.getBoundingClientRect();
    if (item.top >= seen.top && item.bottom <= seen.bottom) { return; }
    pane.scrollTop += (item.top - seen.top) - (seen.height - item.height) / 2;
  };
  show();
})();</script>"""


def keep_checked_in_view(key: str, decision: int | None) -> None:
    """In the container keyed ``key`` (a fixed name: no log data), the script that keeps
    its checked radio option in sight; ``decision`` (an int) is the option checked now,
    None when none is."""
    if decision is None:
        return
    script = _SCRIPT.replace("KEY", key).replace("DECISION", str(int(decision)))
    st.html(script, unsafe_allow_javascript=True)


__all__ = ["keep_checked_in_view"]
