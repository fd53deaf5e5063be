"""Replaying one game: the cursor, the terminal viewer and the dashboard's frames.

``cursor`` (``Replay``: step forward and back, seek by event, turn, strike or decision,
with keyframes), ``board`` (the table at a position as terminal text), ``session`` (the
interactive terminal viewer's keys) and ``frames`` (``GameReplay``: an opened log as
plain-data frames per perspective, for the dashboard).
"""
