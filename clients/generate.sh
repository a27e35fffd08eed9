#!/usr/bin/env bash
# Regenerates the clients' generated parts from src/main/resources/openapi.yaml and rebuilds the
# TypeScript dist. Run it after every change to openapi.yaml, then commit what changed
# (ClientsGeneratedTest fails while the committed clients differ from the spec).
#
#   clients/generate.sh          regenerate in place
#   clients/generate.sh DIR      generate into DIR/typescript and DIR/python instead (the check)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
spec=$root/src/main/resources/openapi.yaml
out=${1:-$root/clients}
mkdir -p "$out"
out=$(cd "$out" && pwd)

[ -x "$root/tools/openapi/node_modules/.bin/openapi-ts" ] \
  || (cd "$root/tools/openapi" && npm ci --no-audit --no-fund --loglevel=error)
[ -f "$root/tools/python/.venv/.ready" ] || bash "$root/tools/python/setup.sh"
bin=$root/tools/openapi/node_modules/.bin

# TypeScript: @hey-api/openapi-ts writes src/gen; tsc builds dist/esm and dist/cjs (committed, so
# `npm install ./clients/typescript` needs no build step).
ts=$out/typescript
if [ "$out" != "$root/clients" ]; then
  mkdir -p "$ts/src"
  cp "$root/clients/typescript/"{package.json,tsconfig.json,tsconfig.cjs.json,openapi-ts.config.mjs} "$ts/"
  cp "$root/clients/typescript/src/index.ts" "$ts/src/"
fi
rm -rf "$ts/dist"
# hey-api notes each response header it does not model; that is expected, not an error.
(cd "$ts" && OPENAPI_TS_INPUT=$spec "$bin/openapi-ts" -f openapi-ts.config.mjs >/dev/null 2> >(grep -v "unsupported type: headers" >&2))
(cd "$ts" && "$bin/tsc" -p tsconfig.json && "$bin/tsc" -p tsconfig.cjs.json)
echo '{"type":"commonjs"}' > "$ts/dist/cjs/package.json"

# Python: codegen.py writes the models, errors and operations (vouch_client/_generated).
gen=$out/python/src/vouch_client/_generated
rm -rf "$gen"
"$root/tools/python/.venv/bin/python" "$root/clients/python/codegen.py" "$spec" "$gen"
