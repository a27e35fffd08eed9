#!/usr/bin/env node
// Local EVM devnet for Vouch: one Anvil per catalogue chain, seeded with scripted, backdated activity.
//
//   node devnet.mjs start  [--out ../../config/chains.devnet.yaml] [--base-port 18545]
//                          [--truth seed-truth.json] [--bulk N] [--control-port P] [--exit-with-parent]
//   node devnet.mjs verify [--truth seed-truth.json]   (checks a running devnet against its truth file)
//   node devnet.mjs status                             (each chain's port, pid and whether it answers)
//   node devnet.mjs stop [CHAIN]                       (one chain's node, or the whole devnet)
//   node devnet.mjs restart CHAIN                      (a fresh node on the same port, seeded again)
//
// Plain Node ESM, no dependencies besides the anvil binary from @foundry-rs/anvil.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { seedTokens, SCENARIO } from './tokens.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Where its pid, state and anvil logs live; DEVNET_RUN_DIR gives a devnet of its own (tests run
// several at once, each with its own ports).
const RUN_DIR = process.env.DEVNET_RUN_DIR || path.join(HERE, 'run');
const PID_FILE = path.join(RUN_DIR, 'devnet.pid');
// The running devnet's state for the stop/restart/status subcommands: its pid, the loopback port
// of its control endpoint, and each chain's port and current anvil pid.
const STATE_FILE = path.join(RUN_DIR, 'devnet.json');

const CHAINS = [
  { name: 'Arc Testnet', chainId: 5042002, symbol: 'USDC', mode: 'history', explorer: 'https://testnet.arcscan.app/address/{address}' },
  { name: 'Ethereum Mainnet', chainId: 1, symbol: 'ETH', mode: 'history', explorer: 'https://etherscan.io/address/{address}' },
  { name: 'Base', chainId: 8453, symbol: 'ETH', mode: 'history', explorer: 'https://basescan.org/address/{address}' },
  { name: 'Arbitrum', chainId: 42161, symbol: 'ETH', mode: 'history', explorer: 'https://arbiscan.io/address/{address}' },
  { name: 'Polygon', chainId: 137, symbol: 'POL', mode: 'aggregate', explorer: 'https://polygonscan.com/address/{address}' },
  { name: 'BNB Chain', chainId: 56, symbol: 'BNB', mode: 'aggregate', explorer: 'https://bscscan.com/address/{address}' },
];

// Anvil's default dev accounts (mnemonic "test test ... junk"), unlocked for eth_sendTransaction.
const ACCOUNTS = {
  alice: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', // old wallet, deploys the contract
  bob: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', // old wallet, trades with alice
  carol: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', // one old and one incoming tx
  dave: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', // recent-only wallet
  busy: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc', // --bulk transfers go busy <-> busyPeer
  busyPeer: '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  fresh: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720', // funded at genesis, never used
};

// Counter contract: every call increments storage slot 0 and returns it; accepts value.
// runtime 6000546001018060005560005260206000f3 (18 bytes) behind a 12-byte CODECOPY/RETURN constructor.
const COUNTER_INITCODE = '0x6012600c60003960126000f3' + '6000546001018060005560005260206000f3';
const COUNTER_RUNTIME = '0x6000546001018060005560005260206000f3';

const DAY = 86400;
const YEARS = 3;
const ETHER = 10n ** 18n;
const BULK_PER_BLOCK = 100; // the 30M gas limit fits ~1,428 plain transfers per block

// ---------- small helpers ----------

// Options that take no value.
const FLAGS = new Set(['exit-with-parent']);

function parseArgs(argv) {
  const [cmd, ...rest] = argv;
  const opts = {};
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(rest[i]);
    if (!m) throw new Error(`unexpected argument: ${rest[i]}`);
    if (FLAGS.has(m[1]) && m[2] === undefined) { opts[m[1]] = true; continue; }
    opts[m[1]] = m[2] !== undefined ? m[2] : rest[++i];
    if (opts[m[1]] === undefined) throw new Error(`--${m[1]} needs a value`);
  }
  return { cmd, opts };
}

const hex = (n) => '0x' + BigInt(n).toString(16);
const log = (msg) => process.stderr.write(`[devnet] ${msg}\n`);
// Whoever started us may stop reading our output (a test reads up to the ready line): a write to a
// closed pipe is EPIPE, which must not end the devnet (its anvils would live on as orphans).
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rpcClient(url) {
  let id = 0;
  async function post(body) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.json();
  }
  const unwrap = (method, r) => {
    if (r.error) throw new Error(`${url} ${method}: ${r.error.message}`);
    return r.result;
  };
  return {
    url,
    call: async (method, params = []) => unwrap(method, await post({ jsonrpc: '2.0', id: ++id, method, params })),
    // JSON-RPC batch; results come back in request order (matched by id)
    batch: async (calls) => {
      if (calls.length === 0) return [];
      const reqs = calls.map(([method, params]) => ({ jsonrpc: '2.0', id: ++id, method, params }));
      const byId = new Map((await post(reqs)).map((r) => [r.id, r]));
      return reqs.map((q) => unwrap(q.method, byId.get(q.id)));
    },
  };
}

function anvilBinary() {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  // Spawn the platform binary directly (not the node wrapper) so the pids we track are anvil's own.
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    const require = createRequire(path.join(HERE, 'package.json'));
    const bin = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`);
    if (fs.existsSync(bin)) return bin;
  } catch { /* fall through */ }
  const wrapper = path.join(HERE, 'node_modules', '.bin', exe);
  if (fs.existsSync(wrapper)) return wrapper;
  throw new Error('anvil not found: run `npm ci` in tools/devnet (or set ANVIL_BIN)');
}

function isAlive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

// ---------- the seeding script ----------

// Every block of the script: a timestamp and the txs mined into it. Values differ a little per
// chain (chainIndex gwei) so a mix-up between chains shows in tests.
function plan(genesis, now, chainIndex, bulk) {
  const v = (wei) => wei + BigInt(chainIndex) * 1_000_000_000n;
  const t = (from, to, value) => ({ kind: 'transfer', from, to, value: v(value) });
  const { alice, bob, carol, dave, busy, busyPeer } = ACCOUNTS;
  const blocks = [
    { ts: genesis + 30 * DAY, txs: [t(alice, bob, 3n * ETHER / 2n)] },
    { ts: genesis + 90 * DAY, txs: [t(bob, alice, ETHER / 4n)] },
    { ts: genesis + 180 * DAY, txs: [{ kind: 'deploy', from: alice, to: null, value: 0n, data: COUNTER_INITCODE }] },
    { ts: genesis + 200 * DAY, txs: [{ kind: 'call', from: bob, to: 'counter', value: 0n, data: '0x' }] },
    { ts: genesis + 400 * DAY, txs: [t(carol, alice, 2n * ETHER)] },
    { ts: genesis + 700 * DAY, txs: [t(alice, carol, ETHER / 10n)] },
    { ts: now - 30 * DAY, txs: [t(alice, dave, ETHER / 20n)] },
    { ts: now - 7 * DAY, txs: [t(dave, bob, ETHER / 100n)] },
    { ts: now - 1 * DAY, txs: [{ kind: 'call', from: alice, to: 'counter', value: ETHER / 1000n, data: '0x' }] },
    { ts: now - 3600, txs: [t(bob, alice, 3n * ETHER / 10n)] },
  ];
  // Bulk: N transfers busy <-> busyPeer, BULK_PER_BLOCK per block, spread over days 450..650.
  const nBlocks = Math.ceil(bulk / BULK_PER_BLOCK);
  for (let b = 0; b < nBlocks; b++) {
    const txs = [];
    for (let i = b * BULK_PER_BLOCK; i < Math.min(bulk, (b + 1) * BULK_PER_BLOCK); i++) {
      txs.push(i % 2 === 0 ? t(busy, busyPeer, ETHER / 1000n + BigInt(i)) : t(busyPeer, busy, ETHER / 2000n + BigInt(i)));
    }
    blocks.push({ ts: genesis + 450 * DAY + Math.floor((b * 200 * DAY) / Math.max(1, nBlocks)), txs });
  }
  return blocks.sort((a, b) => a.ts - b.ts);
}

async function seedChain(rpc, chain, chainIndex, genesis, now, bulk) {
  const nonces = new Map();
  const nextNonce = async (addr) => {
    if (!nonces.has(addr)) nonces.set(addr, parseInt(await rpc.call('eth_getTransactionCount', [addr, 'pending']), 16));
    const n = nonces.get(addr);
    nonces.set(addr, n + 1);
    return n;
  };
  const contracts = {};
  const txs = [];
  for (const block of plan(genesis, now, chainIndex, bulk)) {
    // automine is off (--no-mining): queue the block's txs in one batch with explicit nonces, then
    // mine exactly one block at the scripted timestamp.
    const sends = [];
    for (const tx of block.txs) {
      const to = tx.to === 'counter' ? contracts.counter : tx.to;
      const req = { from: tx.from, value: hex(tx.value), nonce: hex(await nextNonce(tx.from)) };
      if (to) req.to = to;
      if (tx.data) req.data = tx.data;
      req.gas = hex(tx.kind === 'transfer' ? 21000 : 200000);
      sends.push(['eth_sendTransaction', [req]]);
    }
    const hashes = await rpc.batch(sends);
    await rpc.call('evm_mine', [block.ts]);
    const receipts = await rpc.batch(hashes.map((h) => ['eth_getTransactionReceipt', [h]]));
    receipts.forEach((r, i) => {
      const tx = block.txs[i];
      if (!r || r.status !== '0x1') throw new Error(`${chain.name}: tx ${hashes[i]} not mined or failed`);
      if (tx.kind === 'deploy') contracts.counter = r.contractAddress.toLowerCase();
      txs.push({
        hash: r.transactionHash,
        blockNumber: parseInt(r.blockNumber, 16),
        transactionIndex: parseInt(r.transactionIndex, 16),
        timestamp: block.ts,
        kind: tx.kind,
        from: r.from.toLowerCase(),
        to: r.to ? r.to.toLowerCase() : null,
        ...(r.contractAddress ? { contractAddress: r.contractAddress.toLowerCase() } : {}),
        value: tx.value.toString(),
      });
    });
  }
  txs.sort((a, b) => a.blockNumber - b.blockNumber || a.transactionIndex - b.transactionIndex);
  await rpc.call('evm_setAutomine', [true]); // later test txs get mined right away

  // Per-address expectations, as ots_searchTransactionsBefore/After and eth_* should report them.
  const labels = Object.fromEntries(Object.entries(ACCOUNTS).map(([k, a]) => [a, k]));
  if (contracts.counter) labels[contracts.counter] = 'counter';
  const addresses = {};
  for (const [addr, label] of Object.entries(labels)) {
    const mine = txs.filter((x) => x.from === addr || x.to === addr || x.contractAddress === addr);
    const [balance, nonce, code] = await rpc.batch([
      ['eth_getBalance', [addr, 'latest']],
      ['eth_getTransactionCount', [addr, 'latest']],
      ['eth_getCode', [addr, 'latest']],
    ]);
    addresses[addr] = {
      label,
      txCount: mine.length,
      sent: mine.filter((x) => x.from === addr).length,
      nonce: parseInt(nonce, 16), // contracts start at nonce 1 (EIP-161)
      isContract: code !== '0x',
      firstTimestamp: mine.length ? mine[0].timestamp : null,
      lastTimestamp: mine.length ? mine[mine.length - 1].timestamp : null,
      balanceWei: BigInt(balance).toString(), // observed after seeding (includes gas spent)
    };
  }
  const head = parseInt(await rpc.call('eth_blockNumber'), 16);
  return { contracts, txs, addresses, head };
}

// ---------- start ----------

function yamlFor(chains) {
  const q = (s) => JSON.stringify(s); // JSON strings are valid YAML scalars
  const lines = ['# Generated by tools/devnet/devnet.mjs: local Anvil chains (see tools/devnet/README.md).', 'chains:'];
  for (const c of chains) {
    lines.push(
      `  - name: ${c.name}`,
      `    chainId: ${c.chainId}`,
      `    symbol: ${c.symbol}`,
      `    explorer: ${c.explorer}`,
      `    mode: ${c.mode}`,
      '    historyCap: 1000',
      `    rpcUrls: [ ${q(c.publicUrl ?? c.rpcUrl)} ]`,
      '    timeoutMs: 5000',
      '    concurrency: 8',
    );
    if (c.tokens?.length) {
      lines.push('    tokens:');
      for (const t of c.tokens) lines.push(`      - { address: ${q(t.address)}, symbol: ${t.symbol}, decimals: ${t.decimals}, usd: ${t.usd} }`);
    }
  }
  return lines.join('\n') + '\n';
}

// Fails early when a port is taken, so we never seed somebody else's node.
async function assertPortFree(port) {
  await new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (e) => reject(new Error(e.code === 'EADDRINUSE' ? `port ${port} is already in use (pick another --base-port)` : e.message)));
    srv.listen(port, '127.0.0.1', () => srv.close(resolve));
  });
}

// Ready = our own child logged "Listening on" (it bound the port) and answers eth_chainId.
async function waitReady(rpc, child, logFile, name) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`anvil for ${name} exited (code ${child.exitCode}); see ${logFile}`);
    if (fs.readFileSync(logFile, 'utf8').includes('Listening on')) {
      try { return await rpc.call('eth_chainId'); } catch { /* not yet */ }
    }
    await sleep(100);
  }
  throw new Error(`anvil for ${name} did not answer within 15 s; see ${logFile}`);
}

async function start(opts) {
  const basePort = Number(opts['base-port'] ?? 18545);
  // In a container the nodes listen on every interface and the chains file names the service host.
  const bindHost = opts.host ?? '127.0.0.1';
  const publicHost = opts['public-host'] ?? '127.0.0.1';
  const out = opts.out ? path.resolve(opts.out) : path.resolve(HERE, '../../config/chains.devnet.yaml');
  const truthPath = opts.truth ? path.resolve(opts.truth) : path.join(HERE, 'seed-truth.json');
  const bulk = Number(opts.bulk ?? 0);
  // The control endpoint's loopback port; 0 = a free one (written to the run directory's devnet.json).
  const controlPort = Number(opts['control-port'] ?? 0);
  if (!Number.isInteger(controlPort) || controlPort < 0 || controlPort > 65535) throw new Error('bad --control-port');
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + CHAINS.length > 65535) throw new Error('bad --base-port');
  if (!Number.isInteger(bulk) || bulk < 0) throw new Error('bad --bulk');

  fs.mkdirSync(RUN_DIR, { recursive: true });
  if (fs.existsSync(PID_FILE)) {
    const old = Number(fs.readFileSync(PID_FILE, 'utf8').split('\n')[0]);
    if (old && isAlive(old)) throw new Error(`devnet already running (pid ${old}); stop it with: kill ${old}`);
  }
  fs.writeFileSync(PID_FILE, `${process.pid}\n`);

  const bin = anvilBinary();
  const now = Math.floor(Date.now() / 1000);
  const genesis = now - YEARS * 365 * DAY;
  const chains = CHAINS.map((c, i) => ({ ...c, index: i, port: basePort + i, rpcUrl: `http://127.0.0.1:${basePort + i}`,
    publicUrl: `http://${publicHost}:${basePort + i}`, log: path.join(RUN_DIR, `anvil-${basePort + i}.log`), child: null }));
  let stopping = false;
  let control = null;
  let truth = null;

  const running = () => chains.filter((c) => c.child && c.child.exitCode === null && c.child.signalCode === null);
  const writeState = () => {
    fs.writeFileSync(PID_FILE, `${process.pid}\n${running().map((c) => c.child.pid).join(' ')}\n`);
    fs.writeFileSync(STATE_FILE, JSON.stringify({
      pid: process.pid, control: control ? control.address().port : null,
      chains: chains.map((c) => ({ name: c.name, chainId: c.chainId, port: c.port, pid: c.child?.pid ?? null,
        up: running().includes(c) })),
    }, null, 2) + '\n');
  };

  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    if (control) control.close();
    const live = running();
    for (const c of live) c.child.kill('SIGTERM');
    for (let i = 0; i < 50 && running().length; i++) await sleep(100);
    for (const c of running()) c.child.kill('SIGKILL');
    try { if (fs.readFileSync(PID_FILE, 'utf8').split('\n')[0] === String(process.pid)) fs.unlinkSync(PID_FILE); } catch { /* gone */ }
    try { fs.unlinkSync(STATE_FILE); } catch { /* gone */ }
    log(`stopped ${live.length} anvil process(es)`);
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(0));
  // However this process ends (an uncaught error, process.exit), its anvils end with it: they run
  // in process groups of their own, so nothing else would stop them.
  process.on('exit', () => { for (const c of running()) { try { c.child.kill('SIGKILL'); } catch { /* gone */ } } });
  process.on('uncaughtException', (e) => { log(`error: ${e.stack ?? e}`); stop(1); });
  process.on('unhandledRejection', (e) => { log(`error: ${e?.stack ?? e}`); stop(1); });
  // --exit-with-parent: a parent that dies without stopping us (a test JVM that is killed) leaves
  // us with another parent; then we stop, anvils included.
  if (opts['exit-with-parent'] === true) {
    const parent = process.ppid;
    setInterval(() => { if (process.ppid !== parent) { log(`parent ${parent} is gone`); stop(0); } }, 500).unref();
  }

  // One anvil in its own process group: `kill <pid>` (or `stop CHAIN`) ends that node only, and
  // the devnet keeps serving the others; a node that dies is logged, never takes the rest down.
  const launch = (c) => {
    const logFd = fs.openSync(c.log, 'a');
    const child = spawn(bin, [
      '--host', bindHost, '--port', String(c.port), '--chain-id', String(c.chainId),
      '--timestamp', String(genesis), '--no-mining',
    ], { stdio: ['ignore', logFd, logFd], detached: true }); // own process group: Ctrl-C reaches only us, we stop them
    fs.closeSync(logFd);
    child.on('error', (e) => { log(`cannot run ${bin}: ${e.message}`); stop(1); });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      log(`anvil for ${c.name} (port ${c.port}, pid ${child.pid}) exited (${signal ?? code}); the other chains keep running`
        + ` (node devnet.mjs restart ${c.chainId} brings it back)`);
      try { writeState(); } catch { /* best effort */ }
    });
    c.child = child;
    return child;
  };

  const seed = async (c) => {
    const rpc = rpcClient(c.rpcUrl);
    const id = parseInt(await waitReady(rpc, c.child, c.log, c.name), 16);
    if (id !== c.chainId) throw new Error(`${c.name}: eth_chainId ${id}, expected ${c.chainId}`);
    const seeded = await seedChain(rpc, c, c.index, genesis, now, bulk);
    // Token scenario (issue 24) on history chains, after the native script, with its own accounts.
    if (c.mode === 'history') {
      seeded.tokens = await seedTokens(rpc, c, now);
      c.tokens = seeded.tokens.registered;
    }
    return seeded;
  };

  const truthEntry = (c, seeded) => ({
    name: c.name, chainId: c.chainId, symbol: c.symbol, mode: c.mode, rpcUrl: c.rpcUrl,
    headBlock: seeded.head, contracts: seeded.contracts, addresses: seeded.addresses, txs: seeded.txs,
    ...(seeded.tokens ? { tokens: seeded.tokens } : {}),
  });

  // stop: SIGTERM, then SIGKILL after 5 s; restart: stop if running, a fresh node on the same
  // port seeded with the same script and timestamps (history identical; later test txs are gone).
  const stopOne = async (c) => {
    if (!running().includes(c)) return false;
    const child = c.child;
    child.kill('SIGTERM');
    for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
    return true;
  };
  const restartOne = async (c) => {
    await stopOne(c);
    for (let i = 0; i < 50; i++) { try { await assertPortFree(c.port); break; } catch { await sleep(100); } }
    launch(c);
    writeState();
    const seeded = await seed(c);
    truth.chains[c.index] = truthEntry(c, seeded);
    fs.writeFileSync(truthPath, JSON.stringify(truth, null, 2) + '\n');
    writeState();
    return seeded;
  };

  const serveControl = () => new Promise((resolve, reject) => {
    let busy = Promise.resolve();
    const server = http.createServer((req, res) => {
      const answer = (status, body) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
      const m = /^\/(status|stop|restart)(?:\/(.+))?$/.exec(req.url);
      if (!m) return answer(404, { error: 'unknown control path' });
      if (m[1] === 'status') return answer(200, JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')));
      if (req.method !== 'POST') return answer(405, { error: 'POST only' });
      const c = findChain(chains, decodeURIComponent(m[2] ?? ''));
      if (!c) return answer(404, { error: `no chain ${m[2]}; name one of: ${chains.map((x) => `${x.name} (${x.chainId})`).join(', ')}` });
      // One change at a time, in arrival order.
      busy = busy.then(async () => {
        try {
          if (m[1] === 'stop') {
            const was = await stopOne(c);
            writeState();
            answer(200, { chain: c.name, port: c.port, stopped: was });
          } else {
            const seeded = await restartOne(c);
            log(`anvil for ${c.name} restarted (port ${c.port}, pid ${c.child.pid})`);
            answer(200, { chain: c.name, port: c.port, pid: c.child.pid, txs: seeded.txs.length });
          }
        } catch (e) {
          answer(500, { error: e.message });
        }
      });
    });
    server.once('error', (e) => reject(e.code === 'EADDRINUSE'
      ? new Error(`--control-port ${controlPort} is in use; name another or leave it out for a free one`) : e));
    server.listen(controlPort, '127.0.0.1', () => resolve(server));
  });

  try {
    for (const c of chains) await assertPortFree(c.port);
    for (const c of chains) fs.writeFileSync(c.log, '');
    for (const c of chains) launch(c);
    writeState();

    const t0 = performance.now();
    const seeded = await Promise.all(chains.map((c) => seed(c)));
    const seedMs = Math.round(performance.now() - t0);

    truth = {
      generatedAt: new Date(now * 1000).toISOString(),
      genesisTimestamp: genesis,
      accounts: ACCOUNTS,
      contractRuntimeCode: COUNTER_RUNTIME,
      scenario: SCENARIO,
      chains: chains.map((c, i) => truthEntry(c, seeded[i])),
    };
    fs.writeFileSync(truthPath, JSON.stringify(truth, null, 2) + '\n');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, yamlFor(chains));
    control = await serveControl();
    writeState();

    console.log(JSON.stringify({
      status: 'ready', pid: process.pid, seedMs, config: out, truth: truthPath,
      chains: chains.map((c, i) => ({ name: c.name, chainId: c.chainId, port: c.port, pid: c.child.pid, txs: seeded[i].txs.length })),
    }));
    log('running; Ctrl-C (or kill ' + process.pid + ') stops every anvil; `kill <chain pid>` or '
      + '`node devnet.mjs stop <chain>` stops one, `node devnet.mjs restart <chain>` brings it back');
  } catch (e) {
    log(`error: ${e.message}`);
    await stop(1);
  }
}

// A chain by chain id, port, or name (case-insensitive; "bnb" matches "BNB Chain").
function findChain(chains, key) {
  const k = String(key).trim().toLowerCase();
  if (!k) return null;
  return chains.find((c) => String(c.chainId) === k || String(c.port) === k || c.name.toLowerCase() === k)
    ?? chains.find((c) => c.name.toLowerCase().split(/\s+/)[0] === k) ?? null;
}

// ---------- control of a running devnet ----------

function runningState() {
  let state;
  try { state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')); } catch { throw new Error(`no running devnet (${STATE_FILE} missing)`); }
  if (!isAlive(state.pid)) throw new Error(`no running devnet (pid ${state.pid} is gone)`);
  return state;
}

async function controlCall(state, what, chain) {
  if (!state.control) throw new Error('the devnet is still starting; try again when it printed "ready"');
  const url = `http://127.0.0.1:${state.control}/${what}${chain ? '/' + encodeURIComponent(chain) : ''}`;
  // A restart re-seeds the chain: a few seconds; bounded so a wedged devnet never hangs the caller.
  const res = await fetch(url, { method: what === 'status' ? 'GET' : 'POST', signal: AbortSignal.timeout(120_000) });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
  return body;
}

async function answers(port) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }), signal: AbortSignal.timeout(2000) });
    return parseInt((await r.json()).result, 16);
  } catch { return null; }
}

async function status() {
  const state = runningState();
  for (const c of state.chains) {
    const head = await answers(c.port);
    console.log(`${c.name.padEnd(17)} chainId ${String(c.chainId).padEnd(8)} port ${c.port}  pid ${String(c.pid ?? '-').padEnd(8)}`
      + (head === null ? ' DOWN' : ` up, block ${head}`));
  }
}

async function stopCommand(chain) {
  const state = runningState();
  if (!chain) {
    process.kill(state.pid, 'SIGTERM');
    for (let i = 0; i < 100 && isAlive(state.pid); i++) await sleep(100);
    console.log(isAlive(state.pid) ? `devnet ${state.pid} still stopping` : 'devnet stopped');
    return;
  }
  const r = await controlCall(state, 'stop', chain);
  console.log(r.stopped ? `stopped ${r.chain} (port ${r.port}); the other chains keep running` : `${r.chain} was not running`);
}

async function restartCommand(chain) {
  if (!chain) throw new Error('restart needs a chain (name, chain id or port)');
  const r = await controlCall(runningState(), 'restart', chain);
  console.log(`restarted ${r.chain} on port ${r.port} (pid ${r.pid}), ${r.txs} seeded txs`);
}

// ---------- verify ----------

// Pages ots_searchTransactionsBefore the way a client would: blockNumber 0 = from the tip, then the
// lowest block number of the previous page (exclusive) until lastPage or an empty page.
async function searchAll(rpc, addr, pageSize = 25) {
  const hashes = [];
  let cursor = 0;
  for (let pages = 0; pages < 10000; pages++) {
    const r = await rpc.call('ots_searchTransactionsBefore', [addr, cursor, pageSize]);
    for (const tx of r.txs) hashes.push(tx.hash);
    if (r.lastPage || r.txs.length === 0) break;
    cursor = Math.min(...r.txs.map((tx) => parseInt(tx.blockNumber, 16)));
  }
  return hashes;
}

async function verify(opts) {
  const truthPath = opts.truth ? path.resolve(opts.truth) : path.join(HERE, 'seed-truth.json');
  const truth = JSON.parse(fs.readFileSync(truthPath, 'utf8'));
  let failures = 0;
  const check = (ok, what) => { if (!ok) { failures++; console.log(`FAIL ${what}`); } };
  for (const c of truth.chains) {
    const rpc = rpcClient(c.rpcUrl);
    check(parseInt(await rpc.call('eth_chainId'), 16) === c.chainId, `${c.name}: eth_chainId`);
    for (const [addr, a] of Object.entries(c.addresses)) {
      const got = await searchAll(rpc, addr);
      const want = c.txs.filter((x) => x.from === addr || x.to === addr || x.contractAddress === addr).map((x) => x.hash).reverse();
      check(got.length === want.length && new Set(got).size === got.length && want.every((h) => got.includes(h)),
        `${c.name} ${a.label}: ots history ${got.length} txs, truth ${want.length}`);
      const nonce = parseInt(await rpc.call('eth_getTransactionCount', [addr, 'latest']), 16);
      check(nonce === (a.isContract ? 1 : a.sent), `${c.name} ${a.label}: nonce ${nonce}`);
    }
    const blocks = new Map();
    for (const tx of c.txs) {
      if (!blocks.has(tx.blockNumber)) blocks.set(tx.blockNumber, await rpc.call('eth_getBlockByNumber', [hex(tx.blockNumber), false]));
      const blk = blocks.get(tx.blockNumber);
      check(parseInt(blk.timestamp, 16) === tx.timestamp && blk.transactions.includes(tx.hash), `${c.name}: block ${tx.blockNumber} time/tx ${tx.hash}`);
    }
    for (const t of c.tokens?.transfers ?? []) {
      const r = await rpc.call('eth_getTransactionReceipt', [t.hash]);
      const l = r && r.logs.find((x) => parseInt(x.logIndex, 16) === t.logIndex);
      check(l && l.address.toLowerCase() === t.token && '0x' + l.topics[1].slice(26) === t.from
        && '0x' + l.topics[2].slice(26) === t.to && BigInt(l.data).toString() === t.value,
        `${c.name}: token transfer ${t.hash}/${t.logIndex}`);
    }
    console.log(`${c.name}: checked ${Object.keys(c.addresses).length} addresses, ${c.txs.length} txs,`
      + ` ${c.tokens?.transfers.length ?? 0} token transfers`);
  }
  console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}

// ---------- main ----------

const USAGE = 'usage: node devnet.mjs start [--out FILE] [--base-port N] [--truth FILE] [--bulk N] [--host ADDR] [--public-host NAME]\n' +
  '                               [--exit-with-parent]   (stop when the process that started it is gone)\n' +
  '       node devnet.mjs verify [--truth FILE]\n' +
  '       node devnet.mjs status\n' +
  '       node devnet.mjs stop [CHAIN]      (CHAIN: name, chain id or port; none = the whole devnet)\n' +
  '       node devnet.mjs restart CHAIN';
try {
  const [first, ...rest] = process.argv.slice(2);
  if (first === 'stop' || first === 'restart' || first === 'status') {
    const chain = rest.join(' ');
    if (first === 'status') await status();
    else if (first === 'stop') await stopCommand(chain);
    else await restartCommand(chain);
    process.exit(0);
  }
  const { cmd, opts } = parseArgs(process.argv.slice(2));
  if (cmd === 'start') await start(opts);
  else if (cmd === 'verify') await verify(opts);
  else { console.error(USAGE); process.exit(cmd ? 2 : 0); }
} catch (e) {
  console.error(`[devnet] ${e.message}\n${USAGE}`);
  process.exit(2);
}
