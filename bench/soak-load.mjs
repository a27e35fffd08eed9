#!/usr/bin/env node
// Load generator and checker of the soak harness (bench/soak.sh). Plain Node 20, no dependencies.
//
//   node bench/soak-load.mjs run    --base URL --seconds N --out answers.jsonl [--rate 40] [--concurrency 8]
//   node bench/soak-load.mjs verify --base URL --answers answers.jsonl --sql check.sql
//
// run: mixed traffic (decision, score, batch, intake, receipt mint and read) at a bounded rate for
// a bounded time; every answer (or transport error) is one JSON line, written as it arrives.
// verify: reads every minted receipt back (same payloadHash), writes the SQL that checks every
// accepted intake in the database, and prints one JSON summary line. Every request has a deadline.
import fs from 'node:fs';
import crypto from 'node:crypto';

const KNOWN = [ // devnet accounts (tools/devnet): real history on the chains
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc', '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
];
const REQUEST_TIMEOUT_MS = 30_000;
const WALLET = /^0x[0-9a-f]{40}$/;
const RECEIPT_ID = /^rcp_[A-Za-z0-9_-]{16}$/;

function args(argv) {
  const [cmd, ...rest] = argv;
  const o = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!rest[i].startsWith('--') || rest[i + 1] === undefined) throw new Error(`bad argument ${rest[i]}`);
    o[rest[i].slice(2)] = rest[i + 1];
  }
  return { cmd, o };
}

const randomWallet = () => '0x' + crypto.randomBytes(20).toString('hex');
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, method, path, body) {
  const t0 = performance.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json = null;
    try { json = JSON.parse(text); } catch { /* not JSON: recorded as such */ }
    return { status: res.status, json, text, ms: performance.now() - t0,
      requestId: res.headers.get('x-request-id'), retryAfter: res.headers.get('retry-after') };
  } catch (e) {
    return { status: 0, err: String(e.cause?.code ?? e.name ?? e.message), ms: performance.now() - t0 };
  }
}

// ---------- run ----------

async function run(o) {
  const base = o.base;
  const seconds = Number(o.seconds ?? 600);
  const rate = Number(o.rate ?? 40);
  const concurrency = Number(o.concurrency ?? 8);
  const out = fs.openSync(o.out, 'w');
  const minted = []; // receipt ids seen so far, read back during the run too
  const record = (op, r, extra) => {
    const line = { t: Date.now(), op, status: r.status, ms: Math.round(r.ms), ...extra };
    if (r.err) line.err = r.err;
    if (r.status >= 400 && r.json?.error) { line.code = r.json.error.code; line.msg = r.json.error.message; }
    if (r.status >= 400 && !r.json) line.body = String(r.text ?? '').slice(0, 200);
    if (r.status > 0 && !r.requestId) line.noRequestId = true;
    if (r.status === 503) line.retryAfter = r.retryAfter;
    fs.writeSync(out, JSON.stringify(line) + '\n');
  };

  const ops = [
    [30, 'decision', async () => {
      const w = Math.random() < 0.5 ? pick(KNOWN) : randomWallet();
      record('decision', await call(base, 'GET', `/api/v1/decision/${w}`), { wallet: w });
    }],
    [15, 'score', async () => {
      const w = Math.random() < 0.5 ? pick(KNOWN) : randomWallet();
      record('score', await call(base, 'GET', `/api/v1/score/${w}`), { wallet: w });
    }],
    [10, 'batch', async () => {
      const inputs = [...KNOWN.slice(0, 3), ...Array.from({ length: 7 }, randomWallet)];
      const r = await call(base, 'POST', '/api/v1/decision/batch', { inputs });
      record('batch', r, { rows: r.json?.data?.results?.length ?? r.json?.data?.rows?.length });
    }],
    [20, 'intake', async () => {
      // A wallet never asked before, so each accepted intake is one job to account for.
      const w = randomWallet();
      const r = await call(base, 'POST', `/api/v1/intake/${w}`);
      record('intake', r, { wallet: w, intake: r.json?.data?.status });
    }],
    [12, 'mint', async () => {
      const w = Math.random() < 0.2 ? pick(KNOWN) : randomWallet();
      const r = await call(base, 'POST', '/api/v1/decision-receipts', { wallet: w, useCase: 'payment' });
      const receipt = r.json?.data?.receipt;
      if ((r.status === 201 || r.status === 200) && receipt && RECEIPT_ID.test(receipt.id)) minted.push(receipt.id);
      record('mint', r, { wallet: w, id: receipt?.id, hash: receipt?.payloadHash, deduped: r.json?.data?.deduped });
    }],
    [13, 'read', async () => {
      if (minted.length === 0) return;
      const id = pick(minted);
      const r = await call(base, 'GET', `/api/v1/decision-receipts/${id}`);
      record('read', r, { id, hash: r.json?.data?.receipt?.payloadHash });
    }],
  ];
  const total = ops.reduce((s, [w]) => s + w, 0);
  const choose = () => {
    let x = Math.random() * total;
    for (const [w, , f] of ops) { if ((x -= w) < 0) return f; }
    return ops[0][2];
  };

  // Open loop at `rate` requests a second, at most `concurrency` in flight; ends by itself.
  const end = Date.now() + seconds * 1000;
  const interval = 1000 / rate;
  let inFlight = 0;
  let sent = 0;
  let skipped = 0;
  const pending = new Set();
  let next = Date.now();
  while (Date.now() < end) {
    if (inFlight < concurrency) {
      inFlight++;
      sent++;
      const p = choose()().catch((e) => fs.writeSync(out, JSON.stringify({ t: Date.now(), op: 'bug', err: String(e) }) + '\n'))
        .finally(() => { inFlight--; pending.delete(p); });
      pending.add(p);
    } else {
      skipped++; // the service is slower than the offered rate: counted, not queued
    }
    next += interval;
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait); else next = Date.now();
  }
  await Promise.race([Promise.allSettled([...pending]), sleep(REQUEST_TIMEOUT_MS + 5000)]);
  fs.closeSync(out);
  console.error(`[soak-load] sent ${sent} requests in ${seconds} s (${skipped} slots skipped at the concurrency cap)`);
}

// ---------- verify ----------

async function verify(o) {
  const base = o.base;
  const lines = fs.readFileSync(o.answers, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const byOp = {};
  const bad = []; // 5xx other than 503, non-JSON error answers, answers without a request id
  for (const a of lines) {
    const k = a.status === 0 ? `error:${a.err}` : String(a.status);
    byOp[a.op] ??= {};
    byOp[a.op][k] = (byOp[a.op][k] ?? 0) + 1;
    if ((a.status >= 500 && a.status !== 503) || a.op === 'bug' || a.noRequestId
      || (a.status >= 400 && !a.code)) bad.push(a);
    if (a.status === 503 && (a.code !== 'UNAVAILABLE' && a.code !== 'SCHEMA_MISSING' || !a.retryAfter)) bad.push({ ...a, why: '503 without UNAVAILABLE or Retry-After' });
  }

  // Accepted intakes: 202 started (a job was queued) or indexing (one already in flight).
  const accepted = [...new Set(lines.filter((a) => a.op === 'intake' && a.status === 202 && WALLET.test(a.wallet))
    .map((a) => a.wallet))];
  // Intakes answered 503 "nothing was created/changed": no job may exist for them afterwards.
  const refused = [...new Set(lines.filter((a) => a.op === 'intake' && a.status === 503 && WALLET.test(a.wallet)
    && /nothing was (created|changed)/.test(a.msg ?? '')).map((a) => a.wallet))];
  const mayHave = lines.filter((a) => a.op === 'intake' && a.status === 503 && !/nothing was/.test(a.msg ?? '')).length;
  const q = (ws) => ws.length ? `ARRAY[${ws.map((w) => `'${w}'`).join(',')}]::text[]` : 'ARRAY[]::text[]';
  fs.writeFileSync(o.sql, `-- generated by bench/soak-load.mjs verify
SELECT 'accepted', count(*) FROM unnest(${q(accepted)}) w;
SELECT 'committed', count(*) FROM unnest(${q(accepted)}) w
  WHERE EXISTS (SELECT 1 FROM wallets x WHERE x.address = w AND x.latest_snapshot_id IS NOT NULL);
SELECT 'failed_recorded', count(*) FROM unnest(${q(accepted)}) w
  WHERE NOT EXISTS (SELECT 1 FROM wallets x WHERE x.address = w AND x.latest_snapshot_id IS NOT NULL)
    AND EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w AND j.state = 'failed');
SELECT 'still_pending', count(*) FROM unnest(${q(accepted)}) w
  WHERE NOT EXISTS (SELECT 1 FROM wallets x WHERE x.address = w AND x.latest_snapshot_id IS NOT NULL)
    AND EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w AND j.state IN ('queued', 'running'));
SELECT 'lost', count(*) FROM unnest(${q(accepted)}) w
  WHERE NOT EXISTS (SELECT 1 FROM wallets x WHERE x.address = w AND x.latest_snapshot_id IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w);
SELECT 'lost_wallet', w FROM unnest(${q(accepted)}) w
  WHERE NOT EXISTS (SELECT 1 FROM wallets x WHERE x.address = w AND x.latest_snapshot_id IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w) LIMIT 10;
SELECT 'refused_503', count(*) FROM unnest(${q(refused)}) w;
SELECT 'refused_503_but_job', count(*) FROM unnest(${q(refused)}) w
  WHERE EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w);
SELECT 'refused_503_but_job_wallet', w FROM unnest(${q(refused)}) w
  WHERE EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = w) LIMIT 10;
`);

  // Every minted receipt (201, or 200 deduped) must read back with the hash it was minted with.
  const mints = new Map();
  for (const a of lines) {
    if (a.op === 'mint' && (a.status === 201 || a.status === 200) && RECEIPT_ID.test(a.id ?? '')) {
      if (mints.has(a.id) && mints.get(a.id) !== a.hash) bad.push({ ...a, why: 'one receipt id minted with two hashes' });
      mints.set(a.id, a.hash);
    }
  }
  const mismatches = [];
  const ids = [...mints.keys()];
  let checked = 0;
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(ids.slice(i, i + 8).map(async (id) => {
      let r;
      for (let attempt = 0; attempt < 5; attempt++) { // a 503 right after the run is retried, bounded
        r = await call(base, 'GET', `/api/v1/decision-receipts/${id}`);
        if (r.status !== 503 && r.status !== 0) break;
        await sleep(1000);
      }
      checked++;
      const hash = r.json?.data?.receipt?.payloadHash;
      if (r.status !== 200 || hash !== mints.get(id)) mismatches.push({ id, status: r.status, minted: mints.get(id), read: hash });
    }));
  }
  const readsWrong = lines.filter((a) => a.op === 'read' && a.status === 200 && mints.has(a.id) && a.hash !== mints.get(a.id));
  const pct = (op, p) => {
    const ms = lines.filter((a) => a.op === op && a.status > 0).map((a) => a.ms).sort((x, y) => x - y);
    return ms.length ? ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] : null;
  };
  const latency = Object.fromEntries(Object.keys(byOp).map((op) => [op, { p50: pct(op, 0.5), p99: pct(op, 0.99) }]));
  console.log(JSON.stringify({
    answers: lines.length, byOp, latency, accepted: accepted.length, refused503: refused.length,
    intake503MayHaveTakenEffect: mayHave, receiptsMinted: mints.size, receiptsChecked: checked,
    receiptMismatches: mismatches.slice(0, 20), receiptMismatchCount: mismatches.length,
    readsDuringRunWrong: readsWrong.length, bad: bad.slice(0, 20), badCount: bad.length,
  }));
}

try {
  const { cmd, o } = args(process.argv.slice(2));
  if (cmd === 'run') await run(o);
  else if (cmd === 'verify') await verify(o);
  else throw new Error('usage: soak-load.mjs run|verify --base URL ...');
} catch (e) {
  console.error(`[soak-load] ${e.message}`);
  process.exit(2);
}
