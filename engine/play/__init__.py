"""Playing: the game API, whole matches, the agents, the scenario builder and position export."""
