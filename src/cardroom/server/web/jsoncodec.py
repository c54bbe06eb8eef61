"""JSON for outgoing frames: orjson when installed (it ships with the ``server`` extra), else
the stdlib.

Why: encoding every outgoing frame with ``json.dumps`` was 7 % of the server's CPU under load;
orjson encodes the same compact JSON several times faster (``bench/json_codecs.py``).

>>> dumps({"t": "ack", "id": 3})
'{"t":"ack","id":3}'
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson

    HAVE_ORJSON = True
except ImportError:  # pragma: no cover - the stdlib fallback
    HAVE_ORJSON = False


def dumps(value: Any) -> str:
    """Compact JSON text (no spaces), as every server frame is sent."""
    if HAVE_ORJSON:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(value, separators=(",", ":"))
