"""Live games: people's own games, played in the browser and recorded as they are played.

``table`` creates a game and takes each seat's decisions (stale, foreign and second-tab
clicks refused), answers with the agent at once, keeps the clock and seals the log at
the end; ``picture`` is what one seat may be shown; ``store`` keeps the log, the seat
tokens' digests and the newest tab of each seat; ``presence`` marks each seat's page
seen at every look and lets the person left behind claim the win from one who left. The
log is the only store of play: every operation re-reads it when it changed, so a
restarted dashboard resumes any game.
"""
