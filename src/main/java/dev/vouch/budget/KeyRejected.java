package dev.vouch.budget;

/**
 * An Authorization header the edge refuses: INVALID (401 INVALID_KEY: wrong scheme, malformed,
 * unknown or revoked) or SUSPENDED (403 NOT_ALLOWED on every route).
 */
public final class KeyRejected extends RuntimeException {

  public enum Reason { INVALID, SUSPENDED }

  private final Reason reason;

  private KeyRejected(Reason reason, String message) {
    super(message, null, false, false);
    this.reason = reason;
  }

  static KeyRejected invalid() {
    return new KeyRejected(Reason.INVALID, "The API key is malformed, unknown or revoked. Send "
        + "'Authorization: Bearer vouch_live_...' with a valid key, or omit the header to call anonymously.");
  }

  static KeyRejected suspended() {
    return new KeyRejected(Reason.SUSPENDED,
        "This API key is suspended; ask the Vouch team to resume it.");
  }

  public Reason reason() {
    return reason;
  }
}
