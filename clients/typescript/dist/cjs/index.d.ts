import { type Client } from './gen/client/index.js';
import * as sdk from './gen/sdk.gen.js';
import type { BatchResult, Decision, ErrorCode, GetInteractionGraphData, InteractionGraph, Directory, Profile, ReceiptCreated, Score, Stats, TrustGraphData, UseCase } from './gen/types.gen.js';
export type * from './gen/types.gen.js';
export { sdk };
export interface VouchOptions {
    /** Where Vouch answers, e.g. http://localhost:8080 */
    baseUrl: string;
    /** A vouch_live_... key; anonymous when absent. */
    apiKey?: string;
    /** Retries after a 503, or a 429 whose Retry-After is within maxRetryDelayMs (default 3). */
    maxRetries?: number;
    /** Longest wait for one retry; a longer Retry-After (a daily cap) is returned as an error at once. Default 30 s. */
    maxRetryDelayMs?: number;
    /** First back-off after a 503 without Retry-After, doubled each attempt (default 250 ms). */
    backoffMs?: number;
    fetch?: typeof fetch;
}
/** Every error code this version of the API answers, for exhaustive switches. */
export declare const ERROR_CODES: ErrorCode[];
/** An error envelope from Vouch: `code` is one of ErrorCode (or a newer code, as a string). */
export declare class VouchError<C extends string = ErrorCode | (string & {})> extends Error {
    readonly code: C;
    readonly status: number;
    readonly requestId: string | null;
    /** Seconds from Retry-After (429, 503), else null. */
    readonly retryAfterSeconds: number | null;
    readonly name = "VouchError";
    constructor(code: C, message: string, status: number, requestId: string | null, 
    /** Seconds from Retry-After (429, 503), else null. */
    retryAfterSeconds: number | null);
}
/** Narrows an unknown error to a VouchError, optionally of one code: `if (isVouchError(e, 'RATE_LIMITED'))`. */
export declare function isVouchError<C extends ErrorCode>(e: unknown, code?: C): e is VouchError<C>;
/** A fresh key for a POST that may be retried (crypto.randomUUID). */
export declare function newIdempotencyKey(): string;
/** Retry-After as seconds (delta-seconds or an HTTP date), null when absent or unreadable. */
export declare function retryAfterSeconds(header: string | null, now?: number): number | null;
/**
 * A fetch that retries what is safe to retry: a 429 is refused whole (nothing was done), so any
 * request may repeat it; a 503 repeats reads, and POSTs only when they carry an Idempotency-Key.
 */
export declare function retryingFetch(base: typeof fetch, opts: Required<Pick<VouchOptions, 'maxRetries' | 'maxRetryDelayMs' | 'backoffMs'>>): typeof fetch;
type Outcome<D> = {
    data?: D;
    error?: unknown;
    response?: Response;
};
/** The `data` of an OK envelope. */
type Unwrapped<R> = R extends {
    data?: infer D;
} ? NonNullable<D> : R;
export interface PostOptions {
    /** Sent as Idempotency-Key: the same key repeats the first answer instead of acting twice. */
    idempotencyKey?: string;
}
/** Vouch over HTTP: each method returns the envelope's data or throws a VouchError. */
export declare class Vouch {
    /** The generated client, for any operation through `call` or the `sdk` functions. */
    readonly client: Client;
    constructor(options: VouchOptions);
    /** Runs any generated operation on this client: `vouch.call(sdk.getAttestation, { path: { id } })`. */
    call<O extends object, R>(operation: (options: O & {
        client: Client;
    }) => Promise<Outcome<R>>, options: O): Promise<Unwrapped<R>>;
    decision(wallet: string, options?: {
        useCase?: UseCase;
    }): Promise<Decision>;
    /** Screens up to your plan's cap of addresses and `<name>.vouch` usernames from committed data. */
    screenBatch(inputs: string[], options?: {
        useCase?: UseCase;
    } & PostOptions): Promise<BatchResult>;
    createReceipt(subject: {
        wallet: string;
    } | {
        username: string;
    }, options?: {
        useCase?: UseCase;
    } & PostOptions): Promise<ReceiptCreated>;
    /** `{ receipt }`: the stored receipt, signature included. */
    receipt(id: string): Promise<NonNullable<{
        [key: string]: unknown;
    } & {
        receipt: import("./gen/types.gen.js").Receipt;
    }>>;
    score(wallet: string): Promise<Score>;
    startIntake(wallet: string, options?: PostOptions): Promise<NonNullable<{
        [key: string]: unknown;
    } & import("./gen/types.gen.js").ScanStatus>>;
    /** Keyed re-index of a wallet (needs an API key). */
    refresh(wallet: string, options?: PostOptions): Promise<NonNullable<{
        [key: string]: unknown;
    } & import("./gen/types.gen.js").ScanStatus>>;
    /** One page; `sort: 'activity'` ranks by transaction count (a single page). */
    interactionGraph(wallet: string, options?: GetInteractionGraphData['query']): Promise<NonNullable<{
        [key: string]: unknown;
    } & {
        wallet: string;
        interactionGraph: InteractionGraph;
    }>>;
    /** Every page of a wallet's interaction graph, following pagination.nextCursor. */
    interactionGraphPages(wallet: string, options?: {
        limit?: number;
    }): AsyncGenerator<InteractionGraph>;
    trustGraph(wallet: string): Promise<TrustGraphData>;
    profile(username: string): Promise<Profile>;
    identities(options?: {
        limit?: number;
        cursor?: string;
    }): Promise<Directory>;
    /** Every page of the registered identities, following pagination.nextCursor. */
    identityPages(options?: {
        limit?: number;
    }): AsyncGenerator<Directory>;
    stats(): Promise<Stats>;
}
/** Follows cursors until a page says there is no next one. */
export declare function pages<P>(read: (cursor: string | undefined) => Promise<{
    page: P;
    next: string | null;
}>): AsyncGenerator<P>;
