"""Hidden information: a player's view of a state and their information set."""
