// The hand-written layer over the generated client (src/gen, from openapi.yaml): typed errors,
// retries that honour Retry-After, cursor pagination and Idempotency-Key on POST calls.
import { createClient, createConfig, type Client } from './gen/client/index.js';
import * as sdk from './gen/sdk.gen.js';
import type {
  BatchResult, Decision, ErrorCode, GetInteractionGraphData, InteractionGraph, Directory, Profile, ReceiptCreated,
  Score, Stats, TrustGraphData, UseCase,
} from './gen/types.gen.js';

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
export const ERROR_CODES = Object.keys({
  INVALID_WALLET: 1, INVALID_USERNAME: 1, INVALID_REQUEST: 1, INVALID_SORT: 1, INVALID_KEY: 1, NOT_ALLOWED: 1,
  NOT_FOUND: 1, METHOD_NOT_ALLOWED: 1, PAYLOAD_TOO_LARGE: 1, RATE_LIMITED: 1, SCHEMA_MISSING: 1, UNAVAILABLE: 1,
  INTERNAL: 1, CHALLENGE_UNKNOWN: 1, CHALLENGE_EXPIRED: 1, NONCE_USED: 1, SIGNATURE_INVALID: 1, SIGNATURE_EXPIRED: 1,
  USERNAME_TAKEN: 1, WALLET_ALREADY_REGISTERED: 1, CHAIN_NOT_SUPPORTED: 1, CHAIN_UNAVAILABLE: 1, TX_NOT_FOUND: 1,
  TX_REVERTED: 1, TX_NOT_FINAL: 1, TX_WRONG_PARTIES: 1, ATTESTER_NOT_REGISTERED: 1, COUNTERPARTY_NOT_REGISTERED: 1,
  ATTESTATION_CLOSED: 1, IDEMPOTENCY_IN_FLIGHT: 1, IDEMPOTENCY_KEY_REUSED: 1, LIMIT_REACHED: 1, CONFLICT: 1,
} satisfies Record<ErrorCode, 1>) as ErrorCode[];

/** An error envelope from Vouch: `code` is one of ErrorCode (or a newer code, as a string). */
export class VouchError<C extends string = ErrorCode | (string & {})> extends Error {
  override readonly name = 'VouchError';
  constructor(
    readonly code: C,
    message: string,
    readonly status: number,
    readonly requestId: string | null,
    /** Seconds from Retry-After (429, 503), else null. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** Narrows an unknown error to a VouchError, optionally of one code: `if (isVouchError(e, 'RATE_LIMITED'))`. */
export function isVouchError<C extends ErrorCode>(e: unknown, code?: C): e is VouchError<C> {
  return e instanceof VouchError && (code === undefined || e.code === code);
}

/** A fresh key for a POST that may be retried (crypto.randomUUID). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Retry-After as seconds (delta-seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const n = Number(header);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries what is safe to retry: a 429 is refused whole (nothing was done), so any
 * request may repeat it; a 503 repeats reads, and POSTs only when they carry an Idempotency-Key.
 */
export function retryingFetch(base: typeof fetch, opts: Required<Pick<VouchOptions,
    'maxRetries' | 'maxRetryDelayMs' | 'backoffMs'>>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const repeatable = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Idempotency-Key');
    for (let attempt = 0; ; attempt++) {
      const response = await base(request.clone());
      if (attempt >= opts.maxRetries || !(response.status === 429 || (response.status === 503 && repeatable))) {
        return response;
      }
      const after = retryAfterSeconds(response.headers.get('Retry-After'));
      const waitMs = after !== null ? after * 1000 : response.status === 503 ? opts.backoffMs * 2 ** attempt : null;
      if (waitMs === null || waitMs > opts.maxRetryDelayMs) return response;
      await response.body?.cancel();
      await sleep(waitMs);
    }
  };
}

type Outcome<D> = { data?: D; error?: unknown; response?: Response };
/** The `data` of an OK envelope. */
type Unwrapped<R> = R extends { data?: infer D } ? NonNullable<D> : R;

export interface PostOptions {
  /** Sent as Idempotency-Key: the same key repeats the first answer instead of acting twice. */
  idempotencyKey?: string;
}

/** Vouch over HTTP: each method returns the envelope's data or throws a VouchError. */
export class Vouch {
  /** The generated client, for any operation through `call` or the `sdk` functions. */
  readonly client: Client;

  constructor(options: VouchOptions) {
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
  async call<O extends object, R>(
    operation: (options: O & { client: Client }) => Promise<Outcome<R>>,
    options: O,
  ): Promise<Unwrapped<R>> {
    const outcome = await operation({ ...options, client: this.client });
    const response = outcome.response;
    if (response === undefined) {
      throw outcome.error; // no answer at all (network): fetch's own error, not a VouchError
    }
    if (outcome.error !== undefined || !response.ok) {
      throw toError(outcome.error, response);
    }
    const body = outcome.data as { ok?: boolean; data?: unknown } | undefined;
    return (body && typeof body === 'object' && 'ok' in body && 'data' in body ? body.data : body) as Unwrapped<R>;
  }

  decision(wallet: string, options: { useCase?: UseCase } = {}): Promise<Decision> {
    return this.call(sdk.getDecision, { path: { wallet }, query: { useCase: options.useCase } });
  }

  /** Screens up to your plan's cap of addresses and `<name>.vouch` usernames from committed data. */
  screenBatch(inputs: string[], options: { useCase?: UseCase } & PostOptions = {}): Promise<BatchResult> {
    return this.call(sdk.screenBatch, { body: { inputs, useCase: options.useCase }, headers: idempotency(options) });
  }

  createReceipt(subject: { wallet: string } | { username: string }, options: { useCase?: UseCase } & PostOptions = {})
      : Promise<ReceiptCreated> {
    return this.call(sdk.createReceipt, { body: { ...subject, useCase: options.useCase },
      headers: idempotency(options) });
  }

  /** `{ receipt }`: the stored receipt, signature included. */
  receipt(id: string) {
    return this.call(sdk.getReceipt, { path: { id } });
  }

  score(wallet: string): Promise<Score> {
    return this.call(sdk.getScore, { path: { wallet } });
  }

  startIntake(wallet: string, options: PostOptions = {}) {
    return this.call(sdk.startIntake, { path: { wallet }, headers: idempotency(options) });
  }

  /** Keyed re-index of a wallet (needs an API key). */
  refresh(wallet: string, options: PostOptions = {}) {
    return this.call(sdk.refreshWallet, { path: { wallet }, headers: idempotency(options) });
  }

  /** One page; `sort: 'activity'` ranks by transaction count (a single page). */
  interactionGraph(wallet: string, options: GetInteractionGraphData['query'] = {}) {
    return this.call(sdk.getInteractionGraph, { path: { wallet }, query: options });
  }

  /** Every page of a wallet's interaction graph, following pagination.nextCursor. */
  async *interactionGraphPages(wallet: string, options: { limit?: number } = {}): AsyncGenerator<InteractionGraph> {
    yield* pages((cursor) => this.interactionGraph(wallet, { limit: options.limit, cursor })
      .then((d) => ({ page: d.interactionGraph, next: d.interactionGraph.pagination.nextCursor })));
  }

  trustGraph(wallet: string): Promise<TrustGraphData> {
    return this.call(sdk.getTrustGraph, { path: { wallet } });
  }

  profile(username: string): Promise<Profile> {
    return this.call(sdk.getProfile, { path: { username } });
  }

  identities(options: { limit?: number; cursor?: string } = {}): Promise<Directory> {
    return this.call(sdk.listIdentities, { query: options });
  }

  /** Every page of the registered identities, following pagination.nextCursor. */
  async *identityPages(options: { limit?: number } = {}): AsyncGenerator<Directory> {
    yield* pages((cursor) => this.identities({ limit: options.limit, cursor })
      .then((d) => ({ page: d, next: d.pagination.nextCursor })));
  }

  stats(): Promise<Stats> {
    return this.call(sdk.getStats, {});
  }
}

/** Follows cursors until a page says there is no next one. */
export async function* pages<P>(read: (cursor: string | undefined) => Promise<{ page: P; next: string | null }>)
    : AsyncGenerator<P> {
  let cursor: string | undefined;
  do {
    const { page, next } = await read(cursor);
    yield page;
    cursor = next ?? undefined;
  } while (cursor !== undefined);
}

function idempotency(options: PostOptions): Record<string, string> | undefined {
  return options.idempotencyKey === undefined ? undefined : { 'Idempotency-Key': options.idempotencyKey };
}

function toError(error: unknown, response: Response): VouchError {
  const status = response.status;
  const requestId = response.headers.get('X-Request-Id');
  const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
  const envelope = error as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = typeof envelope?.error?.code === 'string' ? envelope.error.code : `HTTP_${status}`;
  const message = typeof envelope?.error?.message === 'string'
    ? envelope.error.message
    : error instanceof Error ? error.message : `HTTP ${status} without an error envelope`;
  return new VouchError(code, message, status, requestId, retryAfter);
}
