#!/usr/bin/env bash
# The Python environment of the client tests and the client generator: a venv in tools/python/.venv
# with the pinned requirements (httpx, pydantic, pytest, PyYAML, and wheel so that
# `pip install --no-build-isolation ./clients/python` works offline). The build runs this when
# .venv/.ready is missing; .ready is written last, so an interrupted run is redone.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf .venv
python3 -m venv .venv
# No retries: an index that does not answer is skipped at once (pip's configured mirrors may serve all).
.venv/bin/python -m pip install --quiet --retries 0 --timeout 20 -r requirements.txt
touch .venv/.ready
