"""The hand-written layer over the generated operations: transport, typed errors, retries that
honour Retry-After, cursor pagination and Idempotency-Key on POST calls."""
from __future__ import annotations

import asyncio
import email.utils
import time
import uuid
from urllib.parse import quote
from typing import Any, AsyncIterator, Dict, Iterator, List, Optional, Union

import httpx
from pydantic import BaseModel, TypeAdapter

from ._generated.errors import BY_CODE, VouchError
from ._generated.models import Directory, InteractionGraph, UseCase
from ._generated.operations import AsyncOperations, SyncOperations


def new_idempotency_key() -> str:
    """A fresh key for a POST that may be retried."""
    return str(uuid.uuid4())


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds (delta-seconds or an HTTP date); None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


class _Policy:
    """What to wait before repeating a request, or None to stop: a 429 is refused whole (nothing
    was done), so any request may repeat it; a 503 repeats reads, and POSTs only with a key."""

    def __init__(self, max_retries: int, max_retry_delay: float, backoff: float) -> None:
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.backoff = backoff

    def wait(self, request: httpx.Request, response: httpx.Response, attempt: int) -> Optional[float]:
        repeatable = request.method in ("GET", "HEAD") or "Idempotency-Key" in request.headers
        if attempt >= self.max_retries or not (response.status_code == 429
                                                 or (response.status_code == 503 and repeatable)):
            return None
        after = retry_after_seconds(response.headers.get("Retry-After"))
        if after is None:
            after = self.backoff * 2 ** attempt if response.status_code == 503 else None
        return after if after is not None and after <= self.max_retry_delay else None


def _error(response: httpx.Response) -> VouchError:
    try:
        error = response.json().get("error") or {}
    except ValueError:
        error = {}
    code = error.get("code") if isinstance(error.get("code"), str) else f"HTTP_{response.status_code}"
    message = error.get("message") if isinstance(error.get("message"), str) else response.reason_phrase
    cls = BY_CODE.get(code, VouchError)
    return cls(code, message, response.status_code, response.headers.get("X-Request-Id"),
               retry_after_seconds(response.headers.get("Retry-After")))


def _request(client: Union[httpx.Client, httpx.AsyncClient], method: str, path: str, path_params: Dict[str, Any],
             query: Dict[str, Any], body: Any, idempotency_key: Optional[str]) -> httpx.Request:
    url = path.format(**{k: quote(str(v), safe="") for k, v in path_params.items()})
    params = {k: v for k, v in query.items() if v is not None}
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    if isinstance(body, BaseModel):
        body = body.model_dump(by_alias=True, exclude_none=True, mode="json")
    elif isinstance(body, dict):
        body = {k: v for k, v in body.items() if v is not None}
    return client.build_request(method, url, params=params, headers=headers, json=body)


def _data(response: httpx.Response, adapter: TypeAdapter) -> Any:
    if not response.is_success:
        raise _error(response)
    if response.status_code == 204 or not response.content:
        return None
    if "json" not in response.headers.get("Content-Type", ""):
        return response.text  # /metrics and the like
    payload = response.json()
    if isinstance(payload, dict) and "ok" in payload and "data" in payload:
        payload = payload["data"]
    return adapter.validate_python(payload)


def _settings(base_url: str, api_key: Optional[str], timeout: float, transport: Any) -> Dict:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    return {"base_url": base_url.rstrip("/"), "headers": headers, "timeout": timeout, "transport": transport}


class Vouch(SyncOperations):
    """Synchronous client: every method returns the envelope's data as pydantic models, or raises
    a VouchError subclass named after the error code (RateLimitedError, InvalidWalletError, ...)."""

    def __init__(self, base_url: str, *, api_key: Optional[str] = None, max_retries: int = 3,
                 max_retry_delay: float = 30.0, backoff: float = 0.25, timeout: float = 30.0,
                 transport: Optional[httpx.BaseTransport] = None) -> None:
        self._http = httpx.Client(**_settings(base_url, api_key, timeout, transport))
        self._policy = _Policy(max_retries, max_retry_delay, backoff)

    def _call(self, method, path, path_params, query, body, idempotency_key, adapter):
        request = _request(self._http, method, path, path_params, query, body, idempotency_key)
        attempt = 0
        while True:
            response = self._http.send(request)
            wait = self._policy.wait(request, response, attempt)
            if wait is None:
                return _data(response, adapter)
            response.close()
            time.sleep(wait)
            attempt += 1

    def screen_batch(self, inputs: Optional[List[str]] = None, *, use_case: Optional[UseCase] = None,
                     body: Any = None, idempotency_key: Optional[str] = None):
        """Screens addresses and `<name>.vouch` usernames from committed data (one row each)."""
        return super().screen_batch(body=body if body is not None else {"inputs": inputs, "useCase": use_case},
                                    idempotency_key=idempotency_key)

    def interaction_graph_pages(self, wallet: str, *, limit: Optional[int] = None) -> Iterator[InteractionGraph]:
        """Every page of a wallet's interaction graph, following pagination.nextCursor."""
        cursor = None
        while True:
            page = self.get_interaction_graph(wallet, limit=limit, cursor=cursor).interaction_graph
            yield page
            cursor = page.pagination.next_cursor
            if cursor is None:
                return

    def identity_pages(self, *, limit: Optional[int] = None) -> Iterator[Directory]:
        """Every page of the registered identities, following pagination.nextCursor."""
        cursor = None
        while True:
            page = self.list_identities(limit=limit, cursor=cursor)
            yield page
            cursor = page.pagination.next_cursor
            if cursor is None:
                return

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Vouch":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncVouch(AsyncOperations):
    """The asynchronous twin of Vouch (httpx.AsyncClient); same methods, awaited."""

    def __init__(self, base_url: str, *, api_key: Optional[str] = None, max_retries: int = 3,
                 max_retry_delay: float = 30.0, backoff: float = 0.25, timeout: float = 30.0,
                 transport: Optional[httpx.AsyncBaseTransport] = None) -> None:
        self._http = httpx.AsyncClient(**_settings(base_url, api_key, timeout, transport))
        self._policy = _Policy(max_retries, max_retry_delay, backoff)

    async def _call(self, method, path, path_params, query, body, idempotency_key, adapter):
        request = _request(self._http, method, path, path_params, query, body, idempotency_key)
        attempt = 0
        while True:
            response = await self._http.send(request)
            wait = self._policy.wait(request, response, attempt)
            if wait is None:
                await response.aread()
                return _data(response, adapter)
            await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def screen_batch(self, inputs: Optional[List[str]] = None, *, use_case: Optional[UseCase] = None,
                           body: Any = None, idempotency_key: Optional[str] = None):
        """Screens addresses and `<name>.vouch` usernames from committed data (one row each)."""
        return await super().screen_batch(body=body if body is not None else {"inputs": inputs, "useCase": use_case},
                                          idempotency_key=idempotency_key)

    async def interaction_graph_pages(self, wallet: str, *, limit: Optional[int] = None
                                      ) -> AsyncIterator[InteractionGraph]:
        """Every page of a wallet's interaction graph, following pagination.nextCursor."""
        cursor = None
        while True:
            page = (await self.get_interaction_graph(wallet, limit=limit, cursor=cursor)).interaction_graph
            yield page
            cursor = page.pagination.next_cursor
            if cursor is None:
                return

    async def identity_pages(self, *, limit: Optional[int] = None) -> AsyncIterator[Directory]:
        """Every page of the registered identities, following pagination.nextCursor."""
        cursor = None
        while True:
            page = await self.list_identities(limit=limit, cursor=cursor)
            yield page
            cursor = page.pagination.next_cursor
            if cursor is None:
                return

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncVouch":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()
