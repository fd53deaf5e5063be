"""Game analysis built on the replayer and the index (empty for now).

What will go here: win probability at each position of a game, decision review (the
options a player had at a request and how they fared), and moment search (find the
positions across games that match a description, such as "a stun at 3 life").
Modules here read games through ``replay.viewer`` and ``replay.index`` and never write
the index.
"""
