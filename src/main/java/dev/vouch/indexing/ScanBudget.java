package dev.vouch.indexing;

import io.vertx.core.Future;

/**
 * What the scan entry points need from budgets, keys and caps (SPEC 3.1-3.3, 8.2, 8.3).
 *
 * <p>TO BE WIRED to the budget module (issue 3, dev.vouch.budget) when it lands; until then
 * {@link InterimScanBudget} stands in. Mapping: {@link #caller} = the edge's Authenticator
 * (the request then carries its Caller); {@link #checkCap} = Metering.checkCap; {@link #charge} =
 * Metering.charge(caller, Operation.intake(caller) | Operation.refresh); {@link #countCap} =
 * Metering.countCap; {@link #refund} = Metering.refund; {@link #chargeRescan} =
 * Metering.chargeRescan; {@link Refused} = RateLimited.
 */
public interface ScanBudget {

  /** Daily start caps (SPEC 8.3). */
  enum Cap { scanStarts, reindexStarts }

  /** Charged scan starts (SPEC 8.2): intake 8 anonymous / 5 keyed, refresh 5. */
  enum Cost { intake, refresh }

  /** Units taken, for the rate headers and for a refund; empty means nothing was taken. */
  record Charge(long limit, long remaining, Object ticket) {

    public static final Charge NONE = new Charge(-1, -1, null);

    public boolean charged() {
      return ticket != null;
    }
  }

  /** A refusal answered with 429 RATE_LIMITED and Retry-After; nothing was spent by it. */
  final class Refused extends RuntimeException {
    private final long retryAfterSeconds;
    private final Charge state;

    public Refused(String message, long retryAfterSeconds, Charge state) {
      super(message, null, false, false);
      this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
      this.state = state;
    }

    public long retryAfterSeconds() {
      return retryAfterSeconds;
    }

    /** The per-minute budget when that refused, for the rate headers; else NONE. */
    public Charge state() {
      return state;
    }
  }

  /** A key that is malformed, unknown, revoked (401 INVALID_KEY) or suspended (403 NOT_ALLOWED). */
  final class KeyRefused extends RuntimeException {
    private final boolean suspended;

    public KeyRefused(boolean suspended) {
      super(suspended ? "This API key's account is suspended." : "The API key is malformed, unknown or revoked.",
          null, false, false);
      this.suspended = suspended;
    }

    public boolean suspended() {
      return suspended;
    }
  }

  /** The caller of a request: anonymous without an Authorization header; fails with KeyRefused. */
  Future<ScanCaller> caller(String ip, String authorization);

  /** Fails with Refused (Retry-After to 00:00 UTC) when the cap is reached; counts nothing. */
  Future<Void> checkCap(ScanCaller caller, Cap cap);

  /** Spends the start's units from the caller's per-minute budget; fails with Refused. */
  Future<Charge> charge(ScanCaller caller, Cost cost);

  /** Counts one start against the cap; fails with Refused when a concurrent start took the last one. */
  Future<Charge> countCap(ScanCaller caller, Cap cap);

  /** Gives back what a charge took (a lost race: the answer becomes free). */
  Future<Void> refund(Charge charge);

  /** The score read's rescan: its units from the anonymous budget of the IP; NONE when refused. */
  Future<Charge> chargeRescan(String ip);
}
