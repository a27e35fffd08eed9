// Verifies webhook deliveries with the Standard Webhooks reference implementation (not Vouch's
// code): node verify.mjs <secret> <messages.json>, where the file is an array of
// {headers: {webhook-id, webhook-timestamp, webhook-signature}, body}. Prints
// {"verified": n, "failed": m} and exits 1 when any failed. A tolerance window is the library's
// own (5 minutes), so the file must be checked soon after the deliveries arrived.
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';

const [secret, file] = process.argv.slice(2);
const wh = new Webhook(secret);
const messages = JSON.parse(readFileSync(file, 'utf8'));
let verified = 0;
let failed = 0;
for (const m of messages) {
  try {
    wh.verify(m.body, m.headers);
    verified++;
  } catch (e) {
    failed++;
    console.error(`failed ${m.headers['webhook-id']}: ${e.message}`);
  }
}
console.log(JSON.stringify({ verified, failed }));
process.exit(failed === 0 ? 0 : 1);
