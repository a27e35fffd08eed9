// The hand-written layer over the generated client (src/gen, from openapi.yaml): typed errors,
// retries that honour Retry-After, cursor pagination and Idempotency-Key on POST calls.
import { createClient, createConfig } from './gen/client/index.js';
import * as sdk from './gen/sdk.gen.js';
export { sdk };
/** Every error code this version of the API answers, for exhaustive switches. */
export const ERROR_CODES = Object.keys({
    INVALID_WALLET: 1, INVALID_USERNAME: 1, INVALID_REQUEST: 1, INVALID_SORT: 1, INVALID_KEY: 1, NOT_ALLOWED: 1,
    NOT_FOUND: 1, METHOD_NOT_ALLOWED: 1, PAYLOAD_TOO_LARGE: 1, RATE_LIMITED: 1, SCHEMA_MISSING: 1, UNAVAILABLE: 1,
    INTERNAL: 1, CHALLENGE_UNKNOWN: 1, CHALLENGE_EXPIRED: 1, NONCE_USED: 1, SIGNATURE_INVALID: 1, SIGNATURE_EXPIRED: 1,
    USERNAME_TAKEN: 1, WALLET_ALREADY_REGISTERED: 1, CHAIN_NOT_SUPPORTED: 1, CHAIN_UNAVAILABLE: 1, TX_NOT_FOUND: 1,
    TX_REVERTED: 1, TX_NOT_FINAL: 1, TX_WRONG_PARTIES: 1, ATTESTER_NOT_REGISTERED: 1, COUNTERPARTY_NOT_REGISTERED: 1,
    ATTESTATION_CLOSED: 1, IDEMPOTENCY_IN_FLIGHT: 1, IDEMPOTENCY_KEY_REUSED: 1, LIMIT_REACHED: 1, CONFLICT: 1,
});
/** An error envelope from Vouch: `code` is one of ErrorCode (or a newer code, as a string). */
export class VouchError extends Error {
    code;
    status;
    requestId;
    retryAfterSeconds;
    name = 'VouchError';
    constructor(code, message, status, requestId, 
    /** Seconds from Retry-After (429, 503), else null. */
    retryAfterSeconds) {
        super(message);
        this.code = code;
        this.status = status;
        this.requestId = requestId;
        this.retryAfterSeconds = retryAfterSeconds;
    }
}
/** Narrows an unknown error to a VouchError, optionally of one code: `if (isVouchError(e, 'RATE_LIMITED'))`. */
export function isVouchError(e, code) {
    return e instanceof VouchError && (code === undefined || e.code === code);
}
/** A fresh key for a POST that may be retried (crypto.randomUUID). */
export function newIdempotencyKey() {
    return globalThis.crypto.randomUUID();
}
/** Retry-After as seconds (delta-seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterSeconds(header, now = Date.now()) {
    if (header === null || header.trim() === '')
        return null;
    const n = Number(header);
    if (Number.isFinite(n))
        return Math.max(0, n);
    const at = Date.parse(header);
    return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A fetch that retries what is safe to retry: a 429 is refused whole (nothing was done), so any
 * request may repeat it; a 503 repeats reads, and POSTs only when they carry an Idempotency-Key.
 */
export function retryingFetch(base, opts) {
    return async (input, init) => {
        const request = new Request(input, init);
        const repeatable = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Idempotency-Key');
        for (let attempt = 0;; attempt++) {
            const response = await base(request.clone());
            if (attempt >= opts.maxRetries || !(response.status === 429 || (response.status === 503 && repeatable))) {
                return response;
            }
            const after = retryAfterSeconds(response.headers.get('Retry-After'));
            const waitMs = after !== null ? after * 1000 : response.status === 503 ? opts.backoffMs * 2 ** attempt : null;
            if (waitMs === null || waitMs > opts.maxRetryDelayMs)
                return response;
            await response.body?.cancel();
            await sleep(waitMs);
        }
    };
}
/** Vouch over HTTP: each method returns the envelope's data or throws a VouchError. */
export class Vouch {
    /** The generated client, for any operation through `call` or the `sdk` functions. */
    client;
    constructor(options) {
        const fetchImpl = options.fetch ?? globalThis.fetch;
        this.client = createClient(createConfig({
            baseUrl: options.baseUrl.replace(/\/+$/, ''),
            auth: options.apiKey,
            fetch: retryingFetch(fetchImpl, {
                maxRetries: options.maxRetries ?? 3,
                maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
                backoffMs: options.backoffMs ?? 250,
            }),
        }));
    }
    /** Runs any generated operation on this client: `vouch.call(sdk.getAttestation, { path: { id } })`. */
    async call(operation, options) {
        const outcome = await operation({ ...options, client: this.client });
        const response = outcome.response;
        if (response === undefined) {
            throw outcome.error; // no answer at all (network): fetch's own error, not a VouchError
        }
        if (outcome.error !== undefined || !response.ok) {
            throw toError(outcome.error, response);
        }
        const body = outcome.data;
        return (body && typeof body === 'object' && 'ok' in body && 'data' in body ? body.data : body);
    }
    decision(wallet, options = {}) {
        return this.call(sdk.getDecision, { path: { wallet }, query: { useCase: options.useCase } });
    }
    /** Screens up to your plan's cap of addresses and `<name>.vouch` usernames from committed data. */
    screenBatch(inputs, options = {}) {
        return this.call(sdk.screenBatch, { body: { inputs, useCase: options.useCase }, headers: idempotency(options) });
    }
    createReceipt(subject, options = {}) {
        return this.call(sdk.createReceipt, { body: { ...subject, useCase: options.useCase },
            headers: idempotency(options) });
    }
    /** `{ receipt }`: the stored receipt, signature included. */
    receipt(id) {
        return this.call(sdk.getReceipt, { path: { id } });
    }
    score(wallet) {
        return this.call(sdk.getScore, { path: { wallet } });
    }
    startIntake(wallet, options = {}) {
        return this.call(sdk.startIntake, { path: { wallet }, headers: idempotency(options) });
    }
    /** Keyed re-index of a wallet (needs an API key). */
    refresh(wallet, options = {}) {
        return this.call(sdk.refreshWallet, { path: { wallet }, headers: idempotency(options) });
    }
    /** One page; `sort: 'activity'` ranks by transaction count (a single page). */
    interactionGraph(wallet, options = {}) {
        return this.call(sdk.getInteractionGraph, { path: { wallet }, query: options });
    }
    /** Every page of a wallet's interaction graph, following pagination.nextCursor. */
    async *interactionGraphPages(wallet, options = {}) {
        yield* pages((cursor) => this.interactionGraph(wallet, { limit: options.limit, cursor })
            .then((d) => ({ page: d.interactionGraph, next: d.interactionGraph.pagination.nextCursor })));
    }
    trustGraph(wallet) {
        return this.call(sdk.getTrustGraph, { path: { wallet } });
    }
    profile(username) {
        return this.call(sdk.getProfile, { path: { username } });
    }
    identities(options = {}) {
        return this.call(sdk.listIdentities, { query: options });
    }
    /** Every page of the registered identities, following pagination.nextCursor. */
    async *identityPages(options = {}) {
        yield* pages((cursor) => this.identities({ limit: options.limit, cursor })
            .then((d) => ({ page: d, next: d.pagination.nextCursor })));
    }
    stats() {
        return this.call(sdk.getStats, {});
    }
}
/** Follows cursors until a page says there is no next one. */
export async function* pages(read) {
    let cursor;
    do {
        const { page, next } = await read(cursor);
        yield page;
        cursor = next ?? undefined;
    } while (cursor !== undefined);
}
function idempotency(options) {
    return options.idempotencyKey === undefined ? undefined : { 'Idempotency-Key': options.idempotencyKey };
}
function toError(error, response) {
    const status = response.status;
    const requestId = response.headers.get('X-Request-Id');
    const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    const envelope = error;
    const code = typeof envelope?.error?.code === 'string' ? envelope.error.code : `HTTP_${status}`;
    const message = typeof envelope?.error?.message === 'string'
        ? envelope.error.message
        : error instanceof Error ? error.message : `HTTP ${status} without an error envelope`;
    return new VouchError(code, message, status, requestId, retryAfter);
}
