"""Transport: HTTP routes, the websocket protocol, wire messages and the browser client's files."""
