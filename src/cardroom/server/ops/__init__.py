"""Operating a server: limits, the event loop's health line, the garbage-collector policy."""
