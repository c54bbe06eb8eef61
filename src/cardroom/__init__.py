"""cardroom: rules engines, bots, server and clients for Tichu and Toepen."""

__version__ = "0.1.0"
