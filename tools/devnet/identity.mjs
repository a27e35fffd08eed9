#!/usr/bin/env node
// Claims usernames and attests relationships on the devnet, signing with Anvil's dev keys (the
// devnet's Arc node holds them unlocked). Node 20+, no dependencies.
//
//   node identity.mjs claim <account> <username>        e.g. claim alice alice
//   node identity.mjs attest <attester> <subject>       sends subject -> attester 0.01 on Arc,
//                                                        attests it (attester), accepts it (subject)
//   options: --vouch http://localhost:8080  --rpc http://127.0.0.1:18545 (the devnet's Arc node)

const ACCOUNTS = {
  alice: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  bob: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  carol: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  dave: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
};
const HOME_CHAIN_ID = 5042002;

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const VOUCH = opt('vouch', 'http://localhost:8080');
const RPC = opt('rpc', 'http://127.0.0.1:18545');

async function rpc(method, params) {
  const r = await fetch(RPC, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const j = await r.json();
  if (j.error) throw new Error(`${method}: ${JSON.stringify(j.error)}`);
  return j.result;
}

// VOUCH_KEY: an API key for the writes (anonymous callers have 20 units a minute, which one
// claim and one attestation nearly spend).
const AUTH = process.env.VOUCH_KEY ? { authorization: `Bearer ${process.env.VOUCH_KEY}` } : {};

async function vouch(method, path, body) {
  const r = await fetch(VOUCH + path, {
    method, headers: { 'content-type': 'application/json', ...AUTH }, body: body ? JSON.stringify(body) : undefined,
  });
  const j = await r.json();
  if (!j.ok) throw new Error(`${method} ${path} -> ${r.status} ${j.error.code}: ${j.error.message}`);
  return j.data;
}

function account(name) {
  const a = ACCOUNTS[name] ?? (/^0x[0-9a-fA-F]{40}$/.test(name) ? name.toLowerCase() : null);
  if (!a) throw new Error(`unknown account ${name}; use ${Object.keys(ACCOUNTS).join(', ')} or an unlocked address`);
  return a;
}

// EIP-712 typed data exactly as the service builds it (docs/identities.md).
const DOMAIN_TYPE = [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }];
const domain = { name: 'Vouch', version: '1', chainId: HOME_CHAIN_ID };
function attestation(m) {
  return {
    types: { EIP712Domain: DOMAIN_TYPE, Attestation: [
      { name: 'attester', type: 'address' }, { name: 'subject', type: 'address' }, { name: 'chainId', type: 'uint256' },
      { name: 'txHash', type: 'bytes32' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'Attestation', domain, message: m,
  };
}
function decision(m) {
  return {
    types: { EIP712Domain: DOMAIN_TYPE, AttestationDecision: [
      { name: 'action', type: 'string' }, { name: 'attestationId', type: 'uint256' },
      { name: 'attester', type: 'address' }, { name: 'subject', type: 'address' }, { name: 'chainId', type: 'uint256' },
      { name: 'txHash', type: 'bytes32' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'AttestationDecision', domain, message: m,
  };
}
const signTyped = (who, data) => rpc('eth_signTypedData_v4', [who, JSON.stringify(data)]);

async function claim(name, username) {
  const wallet = account(name);
  const c = await vouch('POST', '/api/v1/identities/challenge', { wallet, username });
  console.log(c.message + '\n');
  const signature = await rpc('personal_sign', ['0x' + Buffer.from(c.message, 'utf8').toString('hex'), wallet]);
  const id = await vouch('POST', '/api/v1/identities', { message: c.message, signature });
  console.log(JSON.stringify(id, null, 2));
}

async function attest(attesterName, subjectName) {
  const attester = account(attesterName);
  const subject = account(subjectName);
  const txHash = await rpc('eth_sendTransaction', [{ from: subject, to: attester, value: '0x2386f26fc10000' }]);
  while (!(await rpc('eth_getTransactionReceipt', [txHash]))) await new Promise((r) => setTimeout(r, 200));
  const deadline = Math.floor(Date.now() / 1000) + 3600;
  const m = { attester, subject, chainId: HOME_CHAIN_ID, txHash, deadline };
  const a = await vouch('POST', '/api/v1/attestations', { ...m, signature: await signTyped(attester, attestation(m)) });
  console.log(`attestation ${a.id}: ${a.status} (tx ${txHash})`);
  const d = { action: 'accept', attestationId: a.id, attester, subject, chainId: HOME_CHAIN_ID, txHash, deadline };
  const accepted = await vouch('POST', `/api/v1/attestations/${a.id}/accept`, { deadline, signature: await signTyped(subject, decision(d)) });
  console.log(`attestation ${a.id}: ${accepted.status}`);
  const t = await vouch('GET', `/api/v1/trust/${attester}`);
  console.log(JSON.stringify(t.trustGraph.metrics, null, 2));
}

const [cmd, a, b] = args;
const run = cmd === 'claim' && a && b ? claim(a, b) : cmd === 'attest' && a && b ? attest(a, b) : null;
if (!run) {
  console.error('usage: node identity.mjs claim <account> <username> | attest <attester> <subject> [--vouch URL] [--rpc URL]');
  process.exit(2);
}
run.catch((e) => { console.error(e.message); process.exit(1); });
