// Compiles the devnet's tokens offline with the pinned npm solc and writes contracts/<Name>.json
// (abi + creation bytecode), which the devnet and the Java tests deploy: TestToken (an ERC-20
// with a spoof function) and NoBoolToken (USDT-shaped: transfer returns no bool).
// Run after editing a contract: node compile-token.mjs   (check: node compile-token.mjs --check)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const dir = path.dirname(fileURLToPath(import.meta.url));
let stale = false;
// Each contract compiles alone, so one's bytecode (and metadata hash) never depends on another.
for (const name of ['TestToken', 'NoBoolToken']) {
  const source = fs.readFileSync(path.join(dir, `contracts/${name}.sol`), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [`${name}.sol`]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.methodIdentifiers'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors || []).filter((e) => e.severity === 'error');
  if (errors.length) {
    console.error(errors.map((e) => e.formattedMessage).join('\n'));
    process.exit(1);
  }
  const c = output.contracts[`${name}.sol`][name];
  const json = JSON.stringify({
    compiler: solc.version(),
    abi: c.abi,
    methods: c.evm.methodIdentifiers,
    bytecode: '0x' + c.evm.bytecode.object,
  }, null, 1) + '\n';
  const out = path.join(dir, `contracts/${name}.json`);
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== json) {
      console.error(`contracts/${name}.json is stale: run node compile-token.mjs`);
      stale = true;
    } else {
      console.log(`contracts/${name}.json is up to date`);
    }
  } else {
    fs.writeFileSync(out, json);
    console.log(`wrote ${out} (${solc.version()})`);
  }
}
if (stale) process.exit(1);
