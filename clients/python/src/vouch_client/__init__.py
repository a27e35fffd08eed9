"""Official Python client for the Vouch API (httpx + pydantic, sync and async).

    from vouch_client import Vouch
    with Vouch("http://localhost:8080") as vouch:
        for row in vouch.screen_batch(["0x...", "alice.vouch"]).results:
            print(row.input, row.status, row.decision)
"""
from ._client import AsyncVouch, Vouch, new_idempotency_key, retry_after_seconds
from ._generated import models
from ._generated.errors import *  # noqa: F401,F403  (one VouchError subclass per error code)
from ._generated.errors import BY_CODE, ErrorCode, VouchError

__all__ = ["AsyncVouch", "Vouch", "VouchError", "ErrorCode", "BY_CODE", "models", "new_idempotency_key",
           "retry_after_seconds"] + [cls.__name__ for cls in BY_CODE.values()]
__version__ = "0.1.0"
