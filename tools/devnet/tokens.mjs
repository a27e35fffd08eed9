// Token scenario of the devnet (issue 24): on every history chain, two registered stablecoins
// (USDC and USDT, 6 decimals), a fake token with USDC's symbol that emits spoofed Transfers, and
// the wallets the exposure rules need. Uses only its own addresses (never the native scenario's
// accounts), so the native truth is unchanged. The token is tools/devnet/contracts/TestToken.sol,
// deployed from the bytecode compile-token.mjs checked in; USDT is contracts/NoBoolToken.sol,
// whose transfer returns no bool, as Tether's does on Ethereum.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACT = JSON.parse(fs.readFileSync(path.join(HERE, 'contracts/TestToken.json'), 'utf8'));
// USDT as on Ethereum: its transfer returns no bool (contracts/NoBoolToken.sol); same selectors.
const NO_BOOL = JSON.parse(fs.readFileSync(path.join(HERE, 'contracts/NoBoolToken.json'), 'utf8'));
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const USD = 1_000_000n; // 6 decimals

// Synthetic addresses, the same on every chain; the label says what each one is for.
const a = (n) => '0x' + n.toString(16).padStart(40, '0');
export const SCENARIO = {
  issuer: a(0x1550e5n),            // deploys and mints the tokens
  sanctioned: a(0x5a9c71039ed1n),  // on the exposure helper's sanctions list
  mixer: a(0x313e12n),             // labelled category mixer
  victim: a(0x71c713n),            // dusted by the sanctioned address: tiny inbound, no relation
  mixerPayer: a(0x9a1e12n),        // pays the mixer (destination of funds: mixer)
  mixerFunded: a(0xf1ed13n),       // receives from the mixer (source of funds: mixer)
  sanctionedPayer: a(0x5e1d5an),   // sends to the sanctioned address (must block)
  intermediary: a(0x1e7e12n),      // receives from the sanctioned address, then pays indirectClient
  indirectClient: a(0x1d1ec7n),    // one hop from the sanctioned address through the intermediary
  honest: a(0x40e57n),             // ordinary stablecoin payments only
  honestPeer: a(0x40e58n),
  spoofer: a(0x5900fn),            // deploys the fake token
  // Issue 33: a two-hop path (sanctioned -> hopA -> hopB -> twoHopClient) and a path through a hub
  // (sanctioned -> hubService -> hubClient; the tests label hubService an exchange).
  hopA: a(0x4a0a1n),
  hopB: a(0x4a0b2n),
  twoHopClient: a(0x2c11e7n),
  hubService: a(0x4b5e1cn),
  hubClient: a(0x4bc11en),
  // Issue 33 item 4, address poisoning: poisonVictim really pays poisonFriend; a stranger then
  // calls the real USDC's transferFrom(poisonVictim, lookalike of poisonFriend, 0), which any
  // ERC-20 lets anyone do. The lookalike must make no node, flow or counterparty.
  poisonVictim: a(0x90150en),
  poisonFriend: a(0xf7e1d0c0ffee0000000000000000000000abcdn),
  poisoner: a(0x90150fn),
};

/** The poisoning lookalike of poisonFriend: its first and last four hex digits, another middle. */
export const LOOKALIKE = '0x' + SCENARIO.poisonFriend.slice(2, 6) + '5'.repeat(32) + SCENARIO.poisonFriend.slice(-4);

const word = (v) => BigInt(v).toString(16).padStart(64, '0');
const addrWord = (x) => x.slice(2).toLowerCase().padStart(64, '0');
const str = (s) => {
  const hex = Buffer.from(s, 'utf8').toString('hex');
  return word(hex.length / 2) + hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, '0');
};
const hexq = (n) => '0x' + BigInt(n).toString(16);

export async function seedTokens(rpc, chain, now) {
  const S = SCENARIO;
  for (const who of Object.values(S)) {
    await rpc.call('anvil_impersonateAccount', [who]);
    await rpc.call('anvil_setBalance', [who, hexq(10n ** 21n)]);
  }
  let ts = now - 3000;
  const send = async (from, to, data) => {
    ts += 20;
    await rpc.call('evm_setNextBlockTimestamp', [ts]);
    const req = { from, data, gas: hexq(3_000_000) };
    if (to) req.to = to;
    const hash = await rpc.call('eth_sendTransaction', [req]);
    let r = null;
    for (let i = 0; i < 500 && !r; i++) r = await rpc.call('eth_getTransactionReceipt', [hash]);
    if (!r || r.status !== '0x1') throw new Error(`${chain.name}: token tx ${hash} failed`);
    return { r, ts };
  };
  const deploy = async (from, name, symbol, decimals, artifact = ARTIFACT) => {
    const data = artifact.bytecode + word(96) + word(160) + word(decimals) + str(name) + str(symbol);
    const { r } = await send(from, null, data);
    return r.contractAddress.toLowerCase();
  };
  const m = (sig) => '0x' + ARTIFACT.methods[sig];
  const transfers = [];
  const record = (r, t) => {
    for (const l of r.logs) {
      if (l.topics.length === 3 && l.topics[0] === TRANSFER) {
        transfers.push({
          hash: r.transactionHash, blockNumber: parseInt(r.blockNumber, 16), logIndex: parseInt(l.logIndex, 16),
          timestamp: t, token: l.address.toLowerCase(), from: '0x' + l.topics[1].slice(26), to: '0x' + l.topics[2].slice(26),
          value: BigInt(l.data).toString(),
        });
      }
    }
  };
  const mint = async (token, to, value) => { const { r, ts: t } = await send(S.issuer, token, m('mint(address,uint256)') + addrWord(to) + word(value)); record(r, t); };
  const pay = async (token, from, to, value) => { const { r, ts: t } = await send(from, token, m('transfer(address,uint256)') + addrWord(to) + word(value)); record(r, t); };

  const usdc = await deploy(S.issuer, 'USD Coin', 'USDC', 6);
  const usdt = await deploy(S.issuer, 'Tether USD', 'USDT', 6, NO_BOOL);
  const fake = await deploy(S.spoofer, 'USD Coin', 'USDC', 6);
  const fakeOwner = S.spoofer;

  for (const w of [S.sanctioned, S.mixer, S.mixerPayer, S.sanctionedPayer, S.honest]) await mint(usdc, w, 1_000_000n * USD);
  await mint(usdt, S.honest, 100_000n * USD);
  await mint(usdt, S.honestPeer, 100_000n * USD);
  // Ordinary payments, both tokens, both directions; odd amounts so a unit lost shows.
  await pay(usdc, S.honest, S.honestPeer, 1234n * USD + 567891n);
  await pay(usdt, S.honestPeer, S.honest, 250n * USD + 1n);
  await pay(usdt, S.honest, S.honestPeer, 99n * USD);
  // Mixer: paid by mixerPayer, pays mixerFunded.
  await pay(usdc, S.mixerPayer, S.mixer, 5000n * USD);
  await pay(usdc, S.mixer, S.mixerFunded, 2000n * USD + 7n);
  // Dusting: the sanctioned address sends the victim 0.01 USDC; nothing flows back.
  await pay(usdc, S.sanctioned, S.victim, 10_000n);
  // Outbound to the sanctioned address.
  await pay(usdc, S.sanctionedPayer, S.sanctioned, 1000n * USD);
  // One hop: sanctioned -> intermediary -> indirectClient.
  await pay(usdc, S.sanctioned, S.intermediary, 20_000n * USD);
  await pay(usdc, S.intermediary, S.indirectClient, 15_000n * USD + 3n);
  // Two hops: hopA takes all its inflow from the sanctioned address, hopB all its own from hopA,
  // and twoHopClient all of its from hopB: 100 % of its inflow two intermediaries from sanctions.
  await pay(usdc, S.sanctioned, S.hopA, 30_000n * USD);
  await pay(usdc, S.hopA, S.hopB, 20_000n * USD);
  await pay(usdc, S.hopB, S.twoHopClient, 12_000n * USD + 9n);
  // Through a hub: an exchange's deposits mix, so its client's funds are no evidence of sanctions.
  await pay(usdc, S.sanctioned, S.hubService, 40_000n * USD);
  await pay(usdc, S.hubService, S.hubClient, 8_000n * USD);
  // Address poisoning: a real payment to the friend, then the stranger's zero-value transferFrom
  // in the victim's name to the lookalike (recorded: it is on chain; Vouch drops it, counted).
  await mint(usdc, S.poisonVictim, 10_000n * USD);
  await pay(usdc, S.poisonVictim, S.poisonFriend, 300n * USD);
  {
    const { r, ts: t } = await send(S.poisoner, usdc, m('transferFrom(address,address,uint256)') + addrWord(S.poisonVictim)
      + addrWord(LOOKALIKE) + word(0n));
    record(r, t);
  }
  // The fake "USDC": a spoofed transfer "from the sanctioned address" to the honest wallet, a
  // spoofed one from the honest wallet to a look-alike of its peer, and a real mint to the victim.
  const spoof = async (from, to, value) => { const { r, ts: t } = await send(fakeOwner, fake, m('spoof(address,address,uint256)') + addrWord(from) + addrWord(to) + word(value)); record(r, t); };
  await spoof(S.sanctioned, S.honest, 50_000n * USD);
  await spoof(S.honest, '0x' + S.honestPeer.slice(2, 38) + 'dead', 1n);
  const { r: fr, ts: ft } = await send(fakeOwner, fake, m('mint(address,uint256)') + addrWord(S.victim) + word(5n * USD));
  record(fr, ft);

  return {
    registered: [
      { address: usdc, symbol: 'USDC', decimals: 6, usd: true },
      { address: usdt, symbol: 'USDT', decimals: 6, usd: true },
    ],
    fake: { address: fake, symbol: 'USDC', decimals: 6, registered: false },
    transfers,
  };
}
