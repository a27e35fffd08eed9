// Runs against a real Vouch (VOUCH_URL, started by the Maven build's ClientsTest) and, for faults
// a real server cannot produce on demand (a 503 then a 200), a tiny local HTTP server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Vouch, VouchError, isVouchError, newIdempotencyKey, retryAfterSeconds, ERROR_CODES } from '../dist/esm/index.js';

const url = process.env.VOUCH_URL;
assert.ok(url, 'VOUCH_URL must name a running Vouch');
const strong = process.env.VOUCH_STRONG_WALLET;
const graphWallet = process.env.VOUCH_GRAPH_WALLET;
const graphNodes = Number(process.env.VOUCH_GRAPH_NODES);

test('the README quickstart screens a batch', async () => {
  const vouch = new Vouch({ baseUrl: url });
  const batch = await vouch.screenBatch([strong, '0x' + '12'.repeat(20), 'nobody.vouch'], { useCase: 'payment' });
  assert.deepEqual(batch.results.map((r) => r.status), ['ok', 'no_score', 'invalid']);
  assert.ok(['allow', 'caution', 'block'].includes(batch.results[0].decision));
  assert.equal(batch.summary.total, 3);
});

test('a decision read returns the data of the envelope', async () => {
  const d = await new Vouch({ baseUrl: url }).decision(strong.toUpperCase().replace('0X', '0x'));
  assert.equal(d.wallet, strong.toLowerCase());
  assert.ok(['allow', 'caution', 'block'].includes(d.decision));
  assert.ok(Number.isInteger(d.recommendedLimit.amountUsdc) && d.recommendedLimit.amountUsdc > 0);
});

test('errors are VouchErrors typed by code', async () => {
  const vouch = new Vouch({ baseUrl: url });
  await assert.rejects(vouch.decision('0xnot-a-wallet'), (e) => {
    assert.ok(e instanceof VouchError);
    assert.ok(isVouchError(e, 'INVALID_WALLET'));
    assert.equal(e.status, 400);
    assert.match(e.requestId, /.+/);
    return true;
  });
  await assert.rejects(vouch.screenBatch(['   ', '']), (e) => isVouchError(e, 'INVALID_REQUEST') && /empty/.test(e.message));
  await assert.rejects(new Vouch({ baseUrl: url, apiKey: 'vouch_live_wrong' }).stats(),
    (e) => isVouchError(e, 'INVALID_KEY') && e.status === 401);
  assert.ok(ERROR_CODES.includes('RATE_LIMITED'));
});

test('cursor pagination walks every page of the interaction graph once', async () => {
  const vouch = new Vouch({ baseUrl: url });
  const seen = [];
  let pages = 0;
  for await (const page of vouch.interactionGraphPages(graphWallet, { limit: 2 })) {
    pages++;
    seen.push(...page.nodes.map((n) => n.walletAddress));
  }
  assert.equal(pages, Math.ceil(graphNodes / 2));
  assert.equal(seen.length, graphNodes);
  assert.equal(new Set(seen).size, graphNodes);
  assert.deepEqual(seen, [...seen].sort());
});

test('a POST carries the Idempotency-Key it is given', async () => {
  const key = newIdempotencyKey();
  const receipt = await new Vouch({ baseUrl: url }).createReceipt({ wallet: strong }, { idempotencyKey: key });
  assert.match(receipt.receipt.id, /^rcp_/);
  await withServer([[200, {}, '{"ok":true,"version":"v1","data":{"x":1}}']], async (base, seen) => {
    await new Vouch({ baseUrl: base }).screenBatch([strong], { idempotencyKey: key });
    assert.equal(seen[0].headers['idempotency-key'], key);
  });
});

test('a 503 with Retry-After is retried after that many seconds', async () => {
  await withServer([[503, { 'Retry-After': '1' }, unavailable], [200, {}, '{"ok":true,"version":"v1","data":{"n":7}}']],
    async (base, seen) => {
      const started = Date.now();
      const d = await new Vouch({ baseUrl: base }).call((o) => o.client.get({ url: '/x' }), {});
      assert.deepEqual(d, { n: 7 });
      assert.equal(seen.length, 2);
      assert.ok(Date.now() - started >= 950, 'waited for Retry-After');
    });
});

test('a 503 without Retry-After backs off, and gives up after maxRetries with a typed error', async () => {
  await withServer(Array(3).fill([503, {}, unavailable]), async (base, seen) => {
    await assert.rejects(new Vouch({ baseUrl: base, maxRetries: 2, backoffMs: 10 }).stats(),
      (e) => isVouchError(e, 'UNAVAILABLE') && e.status === 503);
    assert.equal(seen.length, 3);
  });
});

test('a POST without Idempotency-Key is not repeated after a 503, and a long Retry-After is not waited for', async () => {
  await withServer([[503, { 'Retry-After': '1' }, unavailable]], async (base, seen) => {
    await assert.rejects(new Vouch({ baseUrl: base }).screenBatch(['x']), (e) => e.code === 'UNAVAILABLE');
    assert.equal(seen.length, 1);
  });
  await withServer([[429, { 'Retry-After': '3600' }, limited]], async (base, seen) => {
    await assert.rejects(new Vouch({ baseUrl: base }).stats(), (e) => e.code === 'RATE_LIMITED' && e.retryAfterSeconds === 3600);
    assert.equal(seen.length, 1);
  });
});

test('no answer at all is fetch\'s own error, not a VouchError', async () => {
  let closed; // a port whose server has stopped
  await withServer([[200, {}, '{}']], async (base) => { closed = base; });
  await assert.rejects(new Vouch({ baseUrl: closed }).stats(),
    (e) => e instanceof TypeError && !(e instanceof VouchError));
});

test('Retry-After reads seconds and HTTP dates', () => {
  assert.equal(retryAfterSeconds('7'), 7);
  assert.equal(retryAfterSeconds(new Date(1_000_000 + 5_000).toUTCString(), 1_000_000), 5);
  assert.equal(retryAfterSeconds(null), null);
  assert.equal(retryAfterSeconds('soon'), null);
});

const unavailable = '{"ok":false,"version":"v1","error":{"code":"UNAVAILABLE","message":"try later"}}';
const limited = '{"ok":false,"version":"v1","error":{"code":"RATE_LIMITED","message":"daily cap"}}';

/** Serves the scripted answers in order, recording each request. */
async function withServer(answers, body) {
  const seen = [];
  const server = createServer((req, res) => {
    req.resume();
    const [status, headers, text] = answers[Math.min(seen.length, answers.length - 1)];
    seen.push({ method: req.method, headers: req.headers });
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(text);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    await body(`http://127.0.0.1:${server.address().port}`, seen);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
