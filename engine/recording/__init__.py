"""Recording: the log format and its value checks, the recorder and reader, a log's own card definitions, and the sample corpus."""
