"""The registered games. Each game package imports only ``cardroom.engine``."""
