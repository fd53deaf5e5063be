"""Words: events, effects and choices as rulebook sentences."""
