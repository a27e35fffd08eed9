import type { Client, Options as Options2, TDataShape } from './client/index.js';
import type { AcceptAttestationData, AcceptAttestationErrors, AcceptAttestationResponses, AddWatchlistWalletsData, AddWatchlistWalletsErrors, AddWatchlistWalletsResponses, ClaimIdentityData, ClaimIdentityErrors, ClaimIdentityResponses, CreateAttestationData, CreateAttestationErrors, CreateAttestationResponses, CreateClaimChallengeData, CreateClaimChallengeErrors, CreateClaimChallengeResponses, CreateReceiptData, CreateReceiptErrors, CreateReceiptResponses, CreateTransferReceiptData, CreateTransferReceiptErrors, CreateTransferReceiptResponses, CreateWatchlistData, CreateWatchlistErrors, CreateWatchlistResponses, CreateWebhookEndpointData, CreateWebhookEndpointErrors, CreateWebhookEndpointResponses, DeleteWatchlistData, DeleteWatchlistErrors, DeleteWatchlistResponses, DeleteWebhookEndpointData, DeleteWebhookEndpointErrors, DeleteWebhookEndpointResponses, EnableWebhookEndpointData, EnableWebhookEndpointErrors, EnableWebhookEndpointResponses, GetApiReferenceAssetData, GetApiReferenceAssetResponses, GetApiReferenceData, GetApiReferenceResponses, GetAttestationData, GetAttestationErrors, GetAttestationResponses, GetDecisionData, GetDecisionErrors, GetDecisionResponses, GetExposureData, GetExposureErrors, GetExposureResponses, GetInteractionGraphData, GetInteractionGraphErrors, GetInteractionGraphResponses, GetJwksData, GetJwksResponses, GetLivenessData, GetLivenessResponses, GetMetricsData, GetMetricsResponses, GetOpenApiData, GetOpenApiResponses, GetPolicyData, GetPolicyErrors, GetPolicyResponses, GetProfileData, GetProfileErrors, GetProfileResponses, GetReadinessData, GetReadinessErrors, GetReadinessResponses, GetReceiptData, GetReceiptErrors, GetReceiptResponses, GetScoreData, GetScoreErrors, GetScoreResponses, GetStatsData, GetStatsErrors, GetStatsResponses, GetTransferReceiptData, GetTransferReceiptErrors, GetTransferReceiptResponses, GetTransferScreeningData, GetTransferScreeningErrors, GetTransferScreeningResponses, GetTrustGraphData, GetTrustGraphErrors, GetTrustGraphResponses, GetWatchlistPageData, GetWatchlistPageErrors, GetWatchlistPageResponses, GetWebhookEndpointData, GetWebhookEndpointErrors, GetWebhookEndpointResponses, ListEventsData, ListEventsErrors, ListEventsResponses, ListIdentitiesData, ListIdentitiesErrors, ListIdentitiesResponses, ListWatchlistsData, ListWatchlistsErrors, ListWatchlistsResponses, ListWebhookDeliveriesData, ListWebhookDeliveriesErrors, ListWebhookDeliveriesResponses, ListWebhookEndpointsData, ListWebhookEndpointsErrors, ListWebhookEndpointsResponses, PutPolicyData, PutPolicyErrors, PutPolicyResponses, RefreshWalletData, RefreshWalletErrors, RefreshWalletResponses, RejectAttestationData, RejectAttestationErrors, RejectAttestationResponses, RemoveWatchlistWalletsData, RemoveWatchlistWalletsErrors, RemoveWatchlistWalletsResponses, ReplayWebhookDeliveryData, ReplayWebhookDeliveryErrors, ReplayWebhookDeliveryResponses, RevokeAttestationData, RevokeAttestationErrors, RevokeAttestationResponses, ScreenBatchData, ScreenBatchErrors, ScreenBatchResponses, ScreenTransferBatchData, ScreenTransferBatchErrors, ScreenTransferBatchResponses, ScreenTransferData, ScreenTransferErrors, ScreenTransferResponses, StartIntakeData, StartIntakeErrors, StartIntakeResponses, StreamIntakeProgressData, StreamIntakeProgressErrors, StreamIntakeProgressResponse, StreamIntakeProgressResponses, StreamTransferScreeningData, StreamTransferScreeningErrors, StreamTransferScreeningResponse, StreamTransferScreeningResponses, UpdateWatchlistData, UpdateWatchlistErrors, UpdateWatchlistResponses } from './types.gen.js';
export type Options<TData extends TDataShape = TDataShape, ThrowOnError extends boolean = boolean, TResponse = unknown> = Options2<TData, ThrowOnError, TResponse> & {
    /**
     * You can provide a client instance returned by `createClient()` instead of
     * individual options. This might be also useful if you want to implement a
     * custom client.
     */
    client?: Client;
    /**
     * You can pass arbitrary values through the `meta` object. This can be
     * used to access values that aren't defined as part of the SDK function.
     */
    meta?: Record<string, unknown>;
};
/**
 * Decision for a wallet (deterministic, side-effect free; never starts indexing)
 */
export declare const getDecision: <ThrowOnError extends boolean = false>(options: Options<GetDecisionData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetDecisionResponses, GetDecisionErrors, ThrowOnError, "fields">;
/**
 * Screen many wallets and usernames at once, from committed data only
 *
 * Entries are trimmed and de-duplicated case-insensitively; the first occurrence keeps its position and its text (`input`). One row per unique entry, in input order. An entry starting with 0x is read as an address; otherwise a `<name>.vouch` entry is looked up among registered usernames (case-insensitive). A bad entry never fails the batch: it is an `invalid` row (neither a valid address nor a registered username), an `error` row (could not be evaluated) or a `no_score` row (valid, no committed snapshot). Rows with status ok carry the same verdict, score, limit, reasons and warnings as the single decision read at the same moment. Never indexes, never stores the list, never mints receipts; all rows are read in one database round trip. A batch whose entries are all blank after trimming is empty: 400 INVALID_REQUEST, like an empty array (a blank entry beside real ones is an `invalid` row). Caps (400 INVALID_REQUEST, nothing charged): unique rows after de-duplication, anonymous 10, developer and plus 50, pro 250, partner 500; raw entries max(200, 4 x row cap). Costs 1 unit per unique row, refused whole (429) when more than what remains.
 *
 */
export declare const screenBatch: <ThrowOnError extends boolean = false>(options: Options<ScreenBatchData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ScreenBatchResponses, ScreenBatchErrors, ThrowOnError, "fields">;
/**
 * Mint an immutable, signed receipt of the live decision
 *
 * Exactly one of wallet or username (a registered `<name>.vouch`, case-insensitive), plus an optional useCase. Runs the live decision read and stores its data (without the volatile coverage block) as the receipt payload: payloadHash is the lowercase hex SHA-256 of its RFC 8785 canonical JSON, and `signature` a detached EdDSA (Ed25519) JWS over the same bytes, verifiable with the key `signature.kid` in /.well-known/jwks.json. The same wallet, use case and UTC day with an identical decision state answers 200 with the existing receipt and deduped true (also under concurrent mints); otherwise 201. Costs 2 units and one of the caller's 5 receipt creations per minute (429 when either is exhausted, nothing spent). An unknown username answers 404 (units spent, nothing stored); a failed decision read never yields a receipt.
 *
 */
export declare const createReceipt: <ThrowOnError extends boolean = false>(options: Options<CreateReceiptData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateReceiptResponses, CreateReceiptErrors, ThrowOnError, "fields">;
/**
 * Read a receipt; immutable, cacheable for a year
 */
export declare const getReceipt: <ThrowOnError extends boolean = false>(options: Options<GetReceiptData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetReceiptResponses, GetReceiptErrors, ThrowOnError, "fields">;
/**
 * Committed reputation score with breakdown, or the baseline
 */
export declare const getScore: <ThrowOnError extends boolean = false>(options: Options<GetScoreData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetScoreResponses, GetScoreErrors, ThrowOnError, "fields">;
/**
 * Start indexing a wallet that has no committed snapshot; no body
 *
 * Free when the wallet already has a committed snapshot (200 already_indexed) or a job is in flight (202 indexing). Otherwise the daily scan-start cap is checked first (429, nothing spent), then 8 units (anonymous) or 5 (keyed) are spent; a failed attempt of this wallet less than 10 minutes ago then answers 429 (cooldown, units spent); else a job starts (202 started). Concurrent requests for one wallet collapse into one job. Intake never registers the wallet. Poll GET /api/v1/score/{wallet} until cacheStatus is cached, or follow the run with GET /api/v1/intake/{wallet}/events (Server-Sent Events).
 *
 */
export declare const startIntake: <ThrowOnError extends boolean = false>(options: Options<StartIntakeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<StartIntakeResponses, StartIntakeErrors, ThrowOnError, "fields">;
/**
 * Follow a wallet's indexing run as Server-Sent Events (push instead of polling the score)
 *
 * A text/event-stream of the wallet's latest run, from any API instance whichever worker runs it (Postgres NOTIFY). Events, each a JSON object in `data`: `queued` first when a run is in flight ({wallet, job, state queued|running, queuedAt, startedAt}); then one `chain` event per chain read ({wallet, job, chainId, chain, outcome indexed|error, done, total}); then `committed` ({wallet, lastIndexedAt}) or `failed` ({wallet, job, message}), after which the stream ends. A wallet whose run is already over answers its final event at once and ends; a wallet never indexed with nothing queued answers 404 NOT_FOUND (start one with POST /api/v1/intake/{wallet} first). Comment lines (`: heartbeat`) every http.events.heartbeatSeconds (default 15); a stream ends after http.events.maxStreamSeconds (default 900; EventSource reconnects after `retry` ms and picks up the state). Chains read before the stream opened are not repeated. Costs 1 unit (a read), once per stream; a caller may hold http.events.maxStreamsPerCaller streams per API process (default 4), more answer 429 (nothing spent). Polling GET /api/v1/score/{wallet} works as before.
 *
 */
export declare const streamIntakeProgress: <ThrowOnError extends boolean = false>(options: Options<StreamIntakeProgressData, ThrowOnError, StreamIntakeProgressResponse>) => Promise<import("./core/serverSentEvents.gen.js").ServerSentEventsResult<StreamIntakeProgressResponses, StreamIntakeProgressErrors>>;
/**
 * Observed interaction graph of the wallet's latest committed snapshot (score-neutral; never starts indexing)
 *
 * One node per observed counterparty across chains, with the identity overlay, per-node metrics (null when no countable evidence; lowerBound when capped or partly uncounted; exact native-unit decimal strings, ETH pooled across Ethereum, Base and Arbitrum), summary, coverage, capabilities and explanations. Default order: address ascending, paged with opaque cursors that stay on the snapshot the first page came from (a walk returns every address of that snapshot once even if a new snapshot commits meanwhile; such pages keep that snapshot's coverage.observedAt and say a newer snapshot exists). Read without a cursor to see the newest snapshot, e.g. after a refresh answered started. A cursor works for at least graph.retentionHours (24) after its snapshot is superseded. sort=activity returns one ranked page. With a token registry (capabilities.assetDetails), counterparties met through registered-token transfers are nodes too and each node carries assets (per-token counts and exact amounts); metrics stay native, and unregistered tokens never make a node. Costs 1 unit; refused requests cost nothing.
 *
 */
export declare const getInteractionGraph: <ThrowOnError extends boolean = false>(options: Options<GetInteractionGraphData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetInteractionGraphResponses, GetInteractionGraphErrors, ThrowOnError, "fields">;
/**
 * Keyed re-index of a wallet; no body; an API key is required
 *
 * 202 indexing (free) while a run is in flight; 200 fresh (free) within 60 minutes of the last snapshot, with lastIndexedAt, nextRefreshAt and retryAfterSeconds. Otherwise 5 units start a run: mode reindex (the wallet has a snapshot; counts against the daily re-index cap) or first_index (counts against the daily scan-start cap). A failed attempt less than 10 minutes ago answers 429 (units spent). A reindex on a deployment without the refresh ledger answers 503 SCHEMA_MISSING, nothing started or charged.
 *
 */
export declare const refreshWallet: <ThrowOnError extends boolean = false>(options: Options<RefreshWalletData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RefreshWalletResponses, RefreshWalletErrors, ThrowOnError, "fields">;
/**
 * Public keys of receipt signatures (RFC 7517 JWK set); free, no key needed
 *
 * Every Ed25519 key that has signed receipts here, newest first, each with its kid (the RFC 7638 thumbprint); keys stay published after a rotation so old receipts still verify.
 *
 */
export declare const getJwks: <ThrowOnError extends boolean = false>(options?: Options<GetJwksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetJwksResponses, unknown, ThrowOnError, "fields">;
/**
 * Verified trust graph of a wallet; metrics computed at read time
 *
 * Edges are accepted, unrevoked attestations (a real transaction between both wallets, verified on chain, accepted by the counterparty); they appear at once, without a re-index. One edge element per peer. anomalies carry empty details and suspiciousWallets is always empty. Every metric is defined in docs/models.md. Costs 1 unit.
 *
 */
export declare const getTrustGraph: <ThrowOnError extends boolean = false>(options: Options<GetTrustGraphData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetTrustGraphResponses, GetTrustGraphErrors, ThrowOnError, "fields">;
/**
 * Exposure to labelled addresses by category and direction, with the evidence
 *
 * Direct exposure (source of funds = in, destination of funds = out) to each label category, with transfers, USD value and share of the valued flow, and indirect exposure one hop further through counterparties Vouch has indexed, value-weighted by the flow between the wallet and the intermediary. Native transfers count without a USD value; registered stablecoin transfers count with theirs. Read from the latest committed snapshot with the labels in force now (labelsVersion). A wallet without a snapshot answers 200 with cacheStatus indexing_required and nothing found. docs/models.md "Exposure". Costs 1 unit.
 *
 */
export declare const getExposure: <ThrowOnError extends boolean = false>(options: Options<GetExposureData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetExposureResponses, GetExposureErrors, ThrowOnError, "fields">;
/**
 * Public profile of a registered username. Costs 1 unit.
 */
export declare const getProfile: <ThrowOnError extends boolean = false>(options: Options<GetProfileData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetProfileResponses, GetProfileErrors, ThrowOnError, "fields">;
/**
 * Public directory of registered usernames, ascending, cursor-paginated. Costs 1 unit.
 *
 * Wallets indexed only through intake never appear here; only claimed usernames do.
 */
export declare const listIdentities: <ThrowOnError extends boolean = false>(options?: Options<ListIdentitiesData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListIdentitiesResponses, ListIdentitiesErrors, ThrowOnError, "fields">;
/**
 * Claim a username with a signed challenge (EIP-4361 message, EIP-191 or EIP-1271). Costs 5 units.
 *
 * Post back the challenge text exactly as issued and the wallet's personal_sign signature over it. A contract wallet's signature is accepted when its isValidSignature (EIP-1271) on the home chain returns the magic value. The nonce is taken, the username registered and the wallet queued for indexing in one transaction; any refusal leaves nothing.
 *
 */
export declare const claimIdentity: <ThrowOnError extends boolean = false>(options: Options<ClaimIdentityData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ClaimIdentityResponses, ClaimIdentityErrors, ThrowOnError, "fields">;
/**
 * Ask for a claim challenge (EIP-4361 message with a stored single-use nonce). Costs 1 unit.
 *
 * username is a name of 2 to 32 characters from a-z, 0-9 and inner hyphens, with or without the suffix, case-insensitive; it is stored as <name>.vouch. The challenge expires after identity.challengeTtlSeconds (default 600).
 *
 */
export declare const createClaimChallenge: <ThrowOnError extends boolean = false>(options: Options<CreateClaimChallengeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateClaimChallengeResponses, CreateClaimChallengeErrors, ThrowOnError, "fields">;
/**
 * Attest a relationship with another registered wallet, backed by a transaction between the two. Costs 5 units.
 *
 * Signed by the attester with EIP-712 typed data (docs/identities.md): domain {name Vouch, version 1, chainId home chain}, primary type Attestation(address attester, address subject, uint256 chainId, bytes32 txHash, uint256 deadline). Before anything is recorded the chain is asked: the transaction exists, succeeded, has the chain's configured confirmations, and its sender and recipient are the two wallets. Recorded as pending; the edge exists only once the subject accepts. Attesting the same transaction again answers 200 with the existing attestation.
 *
 */
export declare const createAttestation: <ThrowOnError extends boolean = false>(options: Options<CreateAttestationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateAttestationResponses, CreateAttestationErrors, ThrowOnError, "fields">;
/**
 * One attestation and its status (pending, accepted, rejected, revoked). Costs 1 unit.
 */
export declare const getAttestation: <ThrowOnError extends boolean = false>(options: Options<GetAttestationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetAttestationResponses, GetAttestationErrors, ThrowOnError, "fields">;
/**
 * The subject accepts a pending attestation; the trust edge exists at once. Costs 2 units.
 *
 * Signed by the subject: EIP-712 AttestationDecision(string action, uint256 attestationId, address attester, address subject, uint256 chainId, bytes32 txHash, uint256 deadline) with action "accept". Queues both wallets' next commit (score components). Repeating it answers 200; accepting a rejected or revoked attestation is ATTESTATION_CLOSED.
 *
 */
export declare const acceptAttestation: <ThrowOnError extends boolean = false>(options: Options<AcceptAttestationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<AcceptAttestationResponses, AcceptAttestationErrors, ThrowOnError, "fields">;
/**
 * The subject rejects a pending attestation (action "reject"). Costs 2 units.
 */
export declare const rejectAttestation: <ThrowOnError extends boolean = false>(options: Options<RejectAttestationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RejectAttestationResponses, RejectAttestationErrors, ThrowOnError, "fields">;
/**
 * Either side revokes a pending or accepted attestation (action "revoke"); the edge is gone at once. Costs 2 units.
 */
export declare const revokeAttestation: <ThrowOnError extends boolean = false>(options: Options<RevokeAttestationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RevokeAttestationResponses, RevokeAttestationErrors, ThrowOnError, "fields">;
/**
 * Screen one transfer to or from your own address, named by its transaction. Costs 3 units.
 *
 * Vouch reads the transaction, its receipt and the chain's head in one batched JSON-RPC call to the chain's configured providers, finds the transfer that moves a positive amount to (received) or from (sent) address (the native value or an ERC-20 Transfer log; logIndex names one when several match) and decides on the counterparty's committed evidence (transfer_v0.1, docs/transfers.md): a sanctioned counterparty blocks at any amount, a high-risk one or a high-risk source of funds is caution, an unregistered token is allowed unvalued with a warning. pending while the transaction has fewer confirmations than the chain needs, or while the counterparty was never indexed: its intake is queued (charged as an intake: units and a daily scan start) and the screening completes when its snapshot commits (read it with GET /api/v1/transfers/{id}). Screening the same transfer again (chain, hash, log index, address, direction) answers 200 with the same id. A key with a risk policy (PUT /api/v1/policies) is screened under the version in force and the answer names it (policy); a screening belongs to that version, so another version (or the default) gets a screening of its own, and a pending one completes under its version.
 *
 */
export declare const screenTransfer: <ThrowOnError extends boolean = false>(options: Options<ScreenTransferData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ScreenTransferResponses, ScreenTransferErrors, ThrowOnError, "fields">;
/**
 * One transfer screening; a pending one is decided again on what is committed now. Costs 1 unit.
 */
export declare const getTransferScreening: <ThrowOnError extends boolean = false>(options: Options<GetTransferScreeningData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetTransferScreeningResponses, GetTransferScreeningErrors, ThrowOnError, "fields">;
/**
 * Screen up to the plan's batch cap of transfers in one call. Costs 1 unit per unique transfer.
 *
 * The batch form of POST /api/v1/transfers (docs/transfers.md "Batch"). Each entry is the single form's body; entries naming the same request are one row, at the first one's position (index). The transactions of each chain are read in one batched JSON-RPC call, every counterparty's committed state in one database read, and every screening (with the intakes of never-indexed counterparties, charged as intakes as far as the caller has them) written in one transaction. A bad entry never fails the batch: it is its own row, with status invalid (the single form's 400), not_found (its 404) or error (its 503 or 500) and the error it would have answered. The plan's caps are the decision batch's (SPEC 8.4): unique rows (anonymous 10, developer 50, pro 250, partner 500) and raw entries; a batch over them, empty or of the wrong shape is 400 and free.
 *
 */
export declare const screenTransferBatch: <ThrowOnError extends boolean = false>(options: Options<ScreenTransferBatchData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ScreenTransferBatchResponses, ScreenTransferBatchErrors, ThrowOnError, "fields">;
/**
 * Follow a pending screening until its verdict, as Server-Sent Events. Costs 1 unit per stream.
 *
 * A text/event-stream of the screening (docs/transfers.md "Stream"). `pending` first (data: the screening as GET /api/v1/transfers/{id} answers it), again whenever its confirmations or reasons change; then `screened` with the verdict, after which the stream ends. A screening already screened answers its `screened` event at once and ends. It moves when the counterparty's snapshot commits on any instance (Postgres NOTIFY) and on every heartbeat (`: heartbeat` every http.events.heartbeatSeconds), when the screening is read again: an unconfirmed transaction is checked against the chain's head then. A stream ends after http.events.maxStreamSeconds (EventSource reconnects after `retry` ms). A caller shares http.events.maxStreamsPerCaller streams per API process with the progress streams; more answer 429 (nothing spent).
 *
 */
export declare const streamTransferScreening: <ThrowOnError extends boolean = false>(options: Options<StreamTransferScreeningData, ThrowOnError, StreamTransferScreeningResponse>) => Promise<import("./core/serverSentEvents.gen.js").ServerSentEventsResult<StreamTransferScreeningResponses, StreamTransferScreeningErrors>>;
/**
 * Mint the signed, immutable receipt of a screened transfer. Costs 2 units and one receipt creation.
 *
 * Shaped like POST /api/v1/decision-receipts and signed with the same keys: the payload is the transfer (chain, hash, log index, address, direction, counterparty, asset, amount in base units and, for a registered stablecoin, amountUsd as a decimal string), the verdict with its reasons and warnings, the rules version and the counterparty evidence the verdict rested on, as kept with the screening when it was decided. payloadHash is the SHA-256 of its RFC 8785 canonical JSON and `signature` a detached EdDSA JWS over the same bytes (key `signature.kid` in /.well-known/jwks.json). A screening has one receipt: minting again answers it (200, deduped true). A pending screening answers 409 CONFLICT (nothing to attest yet); an unknown one 404.
 *
 */
export declare const createTransferReceipt: <ThrowOnError extends boolean = false>(options: Options<CreateTransferReceiptData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateTransferReceiptResponses, CreateTransferReceiptErrors, ThrowOnError, "fields">;
/**
 * Read a transfer receipt; immutable, cacheable for a year. Costs 1 unit.
 */
export declare const getTransferReceipt: <ThrowOnError extends boolean = false>(options: Options<GetTransferReceiptData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetTransferReceiptResponses, GetTransferReceiptErrors, ThrowOnError, "fields">;
/**
 * The calling key's risk policy in force (or one of its versions); the default without one. Costs 1 unit.
 *
 * A policy holds the thresholds of the exposure and transfer rules for every caller using the key (docs/models.md, Risk policies). Without a key, or for a key that set none, the answer is the default policy (default true, id null, version 0): decision_v0.7's and transfer_v0.1's thresholds. Every version ever put stays readable with ?version=, so a receipt naming one can be re-checked.
 *
 */
export declare const getPolicy: <ThrowOnError extends boolean = false>(options?: Options<GetPolicyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetPolicyResponses, GetPolicyErrors, ThrowOnError, "fields">;
/**
 * Set the calling key's risk policy; each change is a new version. Costs 1 unit.
 *
 * The body is validated against PolicyInput: a field left out keeps its default, so {"categories": {"mixer": {"in": {"action": "block", "minShare": 0.01}}}} is a whole policy. A bad value is 400 INVALID_REQUEST naming the field. Direct sanctioned exposure cannot be weakened below block (its thresholds may only be lowered, and the dust bound only tightened). A body equal to the version in force answers 200 with it (no new version); otherwise a new version answers 201. Old versions and receipts decided with them never change.
 *
 */
export declare const putPolicy: <ThrowOnError extends boolean = false>(options: Options<PutPolicyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<PutPolicyResponses, PutPolicyErrors, ThrowOnError, "fields">;
/**
 * Service statistics (stats_v0.1); 1 unit, cacheable for a minute
 *
 * Counts of the whole deployment read in one round trip: wallets with a committed snapshot, registered identities, verified trust edges, receipts minted, indexing jobs queued, running and failed in the last 24 hours, and per chain of the catalogue the health of its latest coverage rows. Answers carry Cache-Control max-age=60; figures may be that old.
 *
 */
export declare const getStats: <ThrowOnError extends boolean = false>(options?: Options<GetStatsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetStatsResponses, GetStatsErrors, ThrowOnError, "fields">;
/**
 * Liveness (the process answers); free, no key
 */
export declare const getLiveness: <ThrowOnError extends boolean = false>(options?: Options<GetLivenessData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetLivenessResponses, unknown, ThrowOnError, "fields">;
/**
 * Readiness (PostgreSQL answers; Redis degradation is reported, not fatal); free, no key
 */
export declare const getReadiness: <ThrowOnError extends boolean = false>(options?: Options<GetReadinessData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetReadinessResponses, GetReadinessErrors, ThrowOnError, "fields">;
/**
 * Prometheus metrics (docs/operations.md lists every series); free, no key
 */
export declare const getMetrics: <ThrowOnError extends boolean = false>(options?: Options<GetMetricsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetMetricsResponses, unknown, ThrowOnError, "fields">;
/**
 * This document; free, no key
 */
export declare const getOpenApi: <ThrowOnError extends boolean = false>(options?: Options<GetOpenApiData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetOpenApiResponses, unknown, ThrowOnError, "fields">;
/**
 * The API reference (Swagger UI, served from the service) reading this document; free, no key
 */
export declare const getApiReference: <ThrowOnError extends boolean = false>(options?: Options<GetApiReferenceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetApiReferenceResponses, unknown, ThrowOnError, "fields">;
/**
 * A script, stylesheet or icon of the API reference (cached); free, no key
 */
export declare const getApiReferenceAsset: <ThrowOnError extends boolean = false>(options: Options<GetApiReferenceAssetData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetApiReferenceAssetResponses, unknown, ThrowOnError, "fields">;
/**
 * The caller's watchlists with their sizes. Costs 1 unit.
 */
export declare const listWatchlists: <ThrowOnError extends boolean = false>(options?: Options<ListWatchlistsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWatchlistsResponses, ListWatchlistsErrors, ThrowOnError, "fields">;
/**
 * Create a watchlist for one use case (keyed). Costs 1 unit.
 */
export declare const createWatchlist: <ThrowOnError extends boolean = false>(options: Options<CreateWatchlistData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateWatchlistResponses, CreateWatchlistErrors, ThrowOnError, "fields">;
/**
 * Delete a watchlist and its members (its events stay in the feed). Costs 1 unit.
 */
export declare const deleteWatchlist: <ThrowOnError extends boolean = false>(options: Options<DeleteWatchlistData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWatchlistResponses, DeleteWatchlistErrors, ThrowOnError, "fields">;
/**
 * One page of a watchlist, in wallet order, with each wallet's decision now. Costs 1 unit.
 *
 * The list row and the read state of every wallet of the page go in one round trip (two pipelined statements); decisions are the same as GET /api/v1/decision/{wallet} for the list's use case at that moment.
 *
 */
export declare const getWatchlistPage: <ThrowOnError extends boolean = false>(options: Options<GetWatchlistPageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWatchlistPageResponses, GetWatchlistPageErrors, ThrowOnError, "fields">;
/**
 * Turn transfer screening of a watchlist's wallets on or off. Costs 1 unit.
 *
 * The only field a watchlist changes. The block scanners read it at each step: transfers in blocks committed after the change are screened (on) or not (off); screenings already made stay, and a pending one still announces its verdict.
 *
 */
export declare const updateWatchlist: <ThrowOnError extends boolean = false>(options: Options<UpdateWatchlistData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateWatchlistResponses, UpdateWatchlistErrors, ThrowOnError, "fields">;
/**
 * Add up to 10,000 wallets (monitoring.maxWalletsPerRequest) in one request. Costs 1 unit.
 *
 * All or nothing: one invalid address (INVALID_WALLET) or passing the key's plan cap over all its lists (409 LIMIT_REACHED) adds none. The body limit of this route is monitoring.bodyLimitBytes (1 MiB). New wallets never indexed (no job in flight, no attempt within the cooldown) are queued for intake under the caller's daily scan cap and per-minute units (intakeKeyed each), as many as those allow; the rest are watched unqueued.
 *
 */
export declare const addWatchlistWallets: <ThrowOnError extends boolean = false>(options: Options<AddWatchlistWalletsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<AddWatchlistWalletsResponses, AddWatchlistWalletsErrors, ThrowOnError, "fields">;
/**
 * Remove up to 10,000 wallets in one request. Costs 1 unit.
 */
export declare const removeWatchlistWallets: <ThrowOnError extends boolean = false>(options: Options<RemoveWatchlistWalletsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RemoveWatchlistWalletsResponses, RemoveWatchlistWalletsErrors, ThrowOnError, "fields">;
/**
 * The caller's decision-change events after a cursor, oldest first (pull feed). Costs 1 unit.
 *
 * Event ids follow commit order, so a client that keeps nextCursor and asks again never misses an event. nextCursor is the last id returned, or the cursor given when none came.
 *
 */
export declare const listEvents: <ThrowOnError extends boolean = false>(options?: Options<ListEventsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListEventsResponses, ListEventsErrors, ThrowOnError, "fields">;
/**
 * The caller's endpoints (secrets are never shown again). Costs 1 unit.
 */
export declare const listWebhookEndpoints: <ThrowOnError extends boolean = false>(options?: Options<ListWebhookEndpointsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWebhookEndpointsResponses, ListWebhookEndpointsErrors, ThrowOnError, "fields">;
/**
 * Register a webhook endpoint; the answer shows its signing secret, once. Costs 1 unit.
 *
 * The URL must be http(s) with a host, without credentials or fragment; loopback, private, link-local and similar addresses are refused here and again at every delivery (after DNS) unless monitoring.webhooks.allowPrivateAddresses. Deliveries are signed per Standard Webhooks (see the webhooks section of this document).
 *
 */
export declare const createWebhookEndpoint: <ThrowOnError extends boolean = false>(options: Options<CreateWebhookEndpointData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateWebhookEndpointResponses, CreateWebhookEndpointErrors, ThrowOnError, "fields">;
/**
 * Delete an endpoint and its delivery log. Costs 1 unit.
 */
export declare const deleteWebhookEndpoint: <ThrowOnError extends boolean = false>(options: Options<DeleteWebhookEndpointData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWebhookEndpointResponses, DeleteWebhookEndpointErrors, ThrowOnError, "fields">;
/**
 * One endpoint, with whether it is enabled and why it was disabled. Costs 1 unit.
 */
export declare const getWebhookEndpoint: <ThrowOnError extends boolean = false>(options: Options<GetWebhookEndpointData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWebhookEndpointResponses, GetWebhookEndpointErrors, ThrowOnError, "fields">;
/**
 * Enable a disabled endpoint again (its failure streak starts over). Costs 1 unit.
 */
export declare const enableWebhookEndpoint: <ThrowOnError extends boolean = false>(options: Options<EnableWebhookEndpointData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<EnableWebhookEndpointResponses, EnableWebhookEndpointErrors, ThrowOnError, "fields">;
/**
 * The endpoint's delivery log, newest first. Costs 1 unit.
 */
export declare const listWebhookDeliveries: <ThrowOnError extends boolean = false>(options: Options<ListWebhookDeliveriesData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWebhookDeliveriesResponses, ListWebhookDeliveriesErrors, ThrowOnError, "fields">;
/**
 * Send one delivery again from now, with the same webhook-id. Costs 1 unit.
 */
export declare const replayWebhookDelivery: <ThrowOnError extends boolean = false>(options: Options<ReplayWebhookDeliveryData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ReplayWebhookDeliveryResponses, ReplayWebhookDeliveryErrors, ThrowOnError, "fields">;
