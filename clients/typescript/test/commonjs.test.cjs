// The CommonJS build answers the same as the ESM one.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { Vouch, isVouchError } = require('../dist/cjs/index.js');

test('require() gets a working client', async () => {
  const vouch = new Vouch({ baseUrl: process.env.VOUCH_URL });
  const batch = await vouch.screenBatch([process.env.VOUCH_STRONG_WALLET]);
  assert.equal(batch.results[0].status, 'ok');
  await assert.rejects(vouch.score('0x12'), (e) => isVouchError(e, 'INVALID_WALLET'));
});
