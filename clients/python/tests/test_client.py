"""Runs against a real Vouch (VOUCH_URL, started by the Maven build's ClientsTest) and, for faults
a real server cannot produce on demand (a 503 then a 200), a tiny local HTTP server."""
import asyncio
import json
import os
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from vouch_client import (AsyncVouch, InvalidKeyError, InvalidRequestError, InvalidWalletError, RateLimitedError,
                          UnavailableError, Vouch, VouchError, models, new_idempotency_key, retry_after_seconds)

URL = os.environ["VOUCH_URL"]
STRONG = os.environ["VOUCH_STRONG_WALLET"]
GRAPH_WALLET = os.environ["VOUCH_GRAPH_WALLET"]
GRAPH_NODES = int(os.environ["VOUCH_GRAPH_NODES"])


def test_the_readme_quickstart_screens_a_batch():
    with Vouch(URL) as vouch:
        batch = vouch.screen_batch([STRONG, "0x" + "12" * 20, "nobody.vouch"], use_case="payment")
    assert [r.status for r in batch.results] == ["ok", "no_score", "invalid"]
    assert batch.results[0].decision in ("allow", "caution", "block")
    assert batch.summary.total == 3
    assert isinstance(batch, models.BatchResult)


def test_reads_parse_into_models():
    with Vouch(URL) as vouch:
        decision = vouch.get_decision(STRONG.upper().replace("0X", "0x"))
        assert decision.wallet == STRONG.lower()
        assert decision.recommended_limit.currency == "USDC"
        # Money is whole USDC: an int, never a float such as 500.0.
        assert type(decision.recommended_limit.amount_usdc) is int
        assert decision.recommended_limit.amount_usdc > 0
        graph = vouch.get_interaction_graph("0x" + "34" * 20).interaction_graph
        assert graph.coverage.status == "not_indexed"
        # The test server runs the default catalogue, which registers tokens: asset details exist.
        assert graph.capabilities.direction is True and graph.capabilities.asset_details is True


def test_errors_are_classes_by_code():
    with Vouch(URL) as vouch:
        with pytest.raises(InvalidWalletError) as e:
            vouch.get_score("0xnot-a-wallet")
        assert e.value.status == 400 and e.value.code == "INVALID_WALLET" and e.value.request_id
        with pytest.raises(InvalidRequestError, match="empty"):
            vouch.screen_batch(["   ", ""])
    with Vouch(URL, api_key="vouch_live_wrong") as keyed, pytest.raises(InvalidKeyError):
        keyed.get_stats()


def test_cursor_pagination_walks_every_page_once_sync_and_async():
    with Vouch(URL) as vouch:
        pages = list(vouch.interaction_graph_pages(GRAPH_WALLET, limit=2))
    seen = [n.wallet_address for p in pages for n in p.nodes]
    assert len(pages) == -(-GRAPH_NODES // 2)
    assert len(seen) == GRAPH_NODES == len(set(seen)) and seen == sorted(seen)

    async def walk():
        async with AsyncVouch(URL) as vouch:
            return [n.wallet_address async for p in vouch.interaction_graph_pages(GRAPH_WALLET, limit=3) for n in p.nodes]
    assert asyncio.run(walk()) == seen


def test_async_client_screens_and_raises_typed_errors():
    async def run():
        async with AsyncVouch(URL) as vouch:
            batch = await vouch.screen_batch([STRONG])
            assert batch.results[0].status == "ok"
            with pytest.raises(InvalidWalletError):
                await vouch.get_decision("0x12")
    asyncio.run(run())


def test_a_post_carries_the_idempotency_key_it_is_given():
    key = new_idempotency_key()
    with Vouch(URL) as vouch:
        created = vouch.create_receipt(body={"wallet": STRONG}, idempotency_key=key)
    assert created.receipt.id.startswith("rcp_")
    with scripted([(200, {}, {"ok": True, "version": "v1", "data": OK_BATCH})]) as (base, seen):
        Vouch(base).screen_batch([STRONG], idempotency_key=key)
    assert seen[0]["Idempotency-Key"] == key


def test_a_503_with_retry_after_is_retried_after_that_many_seconds():
    with scripted([(503, {"Retry-After": "1"}, UNAVAILABLE), (200, {}, {"ok": True, "version": "v1", "data": OK_BATCH})]) \
            as (base, seen):
        started = time.monotonic()
        batch = Vouch(base).screen_batch(["x"], idempotency_key="k1")
        assert batch.summary.total == 0
        assert len(seen) == 2 and time.monotonic() - started >= 0.95


def test_a_503_without_retry_after_backs_off_then_raises_and_async_does_the_same():
    with scripted([(503, {}, UNAVAILABLE)] * 3) as (base, seen):
        with pytest.raises(UnavailableError):
            Vouch(base, max_retries=2, backoff=0.01).get_stats()
        assert len(seen) == 3
    with scripted([(503, {}, UNAVAILABLE)] * 2) as (base, seen):
        async def run():
            async with AsyncVouch(base, max_retries=1, backoff=0.01) as vouch:
                await vouch.get_stats()
        with pytest.raises(UnavailableError):
            asyncio.run(run())
        assert len(seen) == 2


def test_no_repeat_of_a_keyless_post_after_503_nor_a_wait_for_a_long_retry_after():
    with scripted([(503, {"Retry-After": "1"}, UNAVAILABLE)]) as (base, seen):
        with pytest.raises(UnavailableError):
            Vouch(base).screen_batch(["x"])
        assert len(seen) == 1
    with scripted([(429, {"Retry-After": "3600"}, LIMITED)]) as (base, seen):
        with pytest.raises(RateLimitedError) as e:
            Vouch(base).get_stats()
        assert e.value.retry_after_seconds == 3600 and isinstance(e.value, VouchError)
        assert len(seen) == 1


def test_no_answer_at_all_is_httpx_own_error_not_a_vouch_error():
    with scripted([(200, {}, {})]) as (base, _):
        closed = base
    with pytest.raises(httpx.ConnectError):
        Vouch(closed).get_stats()


def test_retry_after_reads_seconds_and_http_dates():
    assert retry_after_seconds("7") == 7
    assert retry_after_seconds("Thu, 01 Jan 1970 00:16:45 GMT", now=1000) == 5
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None


UNAVAILABLE = {"ok": False, "version": "v1", "error": {"code": "UNAVAILABLE", "message": "try later"}}
LIMITED = {"ok": False, "version": "v1", "error": {"code": "RATE_LIMITED", "message": "daily cap"}}
OK_BATCH = {"useCase": "payment", "decisionModelVersion": "x", "results": [],
            "summary": {"total": 0, "allow": 0, "caution": 0, "block": 0, "noScore": 0, "invalid": 0, "error": 0}}


@contextmanager
def scripted(answers):
    """Serves the scripted answers in order on a free port, recording each request's headers."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def answer(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            status, headers, body = answers[min(len(seen), len(answers) - 1)]
            seen.append(dict(self.headers))
            data = json.dumps(body).encode()
            self.send_response(status)
            for k, v in {"Content-Type": "application/json", **headers}.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = answer

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()
