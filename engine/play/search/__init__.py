"""The search agent: single-observer ISMCTS from the deciding player's information set
(``tree``: the search; ``agent``: the agent that plays by it). docs/agents.md has its
design and measured strength."""
