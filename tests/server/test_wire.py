"""Client frame parsing: any input is either a typed message or a ``WireError`` (never a crash)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.server.web.wire import Act, Hello, Ping, Resync, WireError, parse_client

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
MESSAGE = st.fixed_dictionaries(
    {"t": st.sampled_from(["hello", "act", "resync", "ping", "other"])},
    optional={"table": JSON, "token": JSON, "since": JSON, "a": JSON, "id": JSON},
)


@given(st.one_of(st.text(max_size=200), JSON.map(json.dumps), MESSAGE.map(json.dumps)))
def test_any_frame_parses_or_raises_wire_error(raw: str) -> None:
    try:
        message = parse_client(raw)
    except WireError as exc:
        assert exc.code == "malformed" and str(exc)
        assert exc.id is None or isinstance(exc.id, int)
        return
    assert isinstance(message, Hello | Act | Resync | Ping)
    if isinstance(message, Hello):
        assert isinstance(message.table, str)
        assert message.since is None or type(message.since) is int
    if isinstance(message, Act):
        assert isinstance(message.text, str) and (message.id is None or type(message.id) is int)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"t": "hello", "table": "abc"}', Hello("abc")),
        ('{"t": "hello", "table": "abc", "token": "k", "since": 4}', Hello("abc", "k", 4)),
        ('{"t": "act", "a": "play 7G 7K", "id": 17}', Act("play 7G 7K", 17)),
        ('{"t": "act", "a": "pass"}', Act("pass")),
        ('{"t": "resync"}', Resync()),
        ('{"t": "ping"}', Ping()),
    ],
)
def test_valid_frames(raw: str, expected: object) -> None:
    assert parse_client(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        '{"t": "act", "a": "pass", "id": true}',
        '{"t": "act", "a": "pass", "id": 1.5}',
        '{"t": "hello", "table": "x", "since": false}',
        '{"t": "act", "a": "' + "x" * 201 + '"}',
    ],
)
def test_wrong_types_are_malformed(raw: str) -> None:
    with pytest.raises(WireError):
        parse_client(raw)
