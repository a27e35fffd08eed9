-- Tracing of intermediaries (issue 33 item 2, docs/models.md "Tracing"). After a wallet's
-- snapshot commits, the counterparties on its valued paths that Vouch has not indexed (or whose
-- snapshot is stale) are queued as low-priority jobs charged to no caller, under a global budget
-- per minute and a budget per root wallet.

-- Traced jobs: kind 'trace', priority 1 (callers' work is 0 and is claimed first); the root
-- wallet whose trace queued the job and its depth from that root (1 = a counterparty of the root).
ALTER TABLE index_jobs DROP CONSTRAINT index_jobs_kind_check;
ALTER TABLE index_jobs ADD CONSTRAINT index_jobs_kind_check
  CHECK (kind IN ('intake', 'refresh', 'rescan', 'scheduled', 'claim', 'attestation', 'retry', 'trace'));
SELECT wallet_reads_alter('ALTER TABLE index_jobs ADD COLUMN priority smallint NOT NULL DEFAULT 0, ADD COLUMN trace_root text, ADD COLUMN trace_depth smallint');
-- The claim's order: priority first, then age (IndexingQueries.CLAIM).
CREATE INDEX index_jobs_claim_priority ON index_jobs (priority, created_at, id) WHERE state IN ('queued', 'running');

-- Commits tracing has still to look at, written in the commit's own transaction (PathTraceHook),
-- drained by the workers (PathTraceVerticle) one row per transaction: a crash loses nothing.
CREATE TABLE path_trace_work (
  id            bigserial PRIMARY KEY,
  wallet        text NOT NULL,
  job_kind      text NOT NULL,
  trace_root    text,
  trace_depth   smallint,
  rpc_calls     bigint NOT NULL DEFAULT 0,
  committed_at  timestamptz NOT NULL
);

-- One trace per root wallet: when it was planned (the root's last commit), the freshness bound
-- its intermediaries were judged by, and the jobs it queued (the per-root budget).
CREATE TABLE path_trace_roots (
  root          text PRIMARY KEY,
  planned_at    timestamptz NOT NULL,
  fresh_after   timestamptz NOT NULL,
  jobs_queued   integer NOT NULL DEFAULT 0,
  rpc_calls     bigint NOT NULL DEFAULT 0
);

-- The intermediaries a root's trace wants: depth from the root, the direction of the path (in =
-- source of funds, out = destination, both at depth 1 only), the USD that ranked it, the wallet
-- it was reached through, and whether a budget skipped it (planned = wanted and within budget).
-- Whether a wanted one is indexed or pending is read live from wallets, snapshots and index_jobs.
CREATE TABLE path_trace_nodes (
  root        text NOT NULL REFERENCES path_trace_roots (root) ON DELETE CASCADE,
  address     text NOT NULL,
  depth       smallint NOT NULL CHECK (depth >= 1),
  direction   text NOT NULL CHECK (direction IN ('in', 'out', 'both')),
  via         text NOT NULL,
  usd         numeric(48, 6) NOT NULL,
  plan        text NOT NULL CHECK (plan IN ('planned', 'skipped_root_budget', 'skipped_global_budget')),
  expanded    boolean NOT NULL DEFAULT false,
  PRIMARY KEY (root, address)
);
-- A committed wallet finds the roots that wanted it.
CREATE INDEX path_trace_nodes_address ON path_trace_nodes (address);

-- The global budget, one row per minute: traced jobs queued and JSON-RPC calls traced runs made.
CREATE TABLE path_trace_budget (
  minute     timestamptz PRIMARY KEY,
  jobs       integer NOT NULL DEFAULT 0,
  rpc_calls  bigint NOT NULL DEFAULT 0
);
