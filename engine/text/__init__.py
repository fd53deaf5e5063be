"""Words: events, effects and choices as rulebook sentences; an exception in one line
(``errors.error_text``)."""
