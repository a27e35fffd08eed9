package dev.vouch.budget;

/**
 * A caller the edge refuses: INVALID (401 INVALID_KEY: wrong scheme, malformed, unknown or
 * revoked), SUSPENDED (403 NOT_ALLOWED on every route) or REQUIRED (401 NOT_ALLOWED: an
 * operation that needs a key was called without one).
 */
public final class KeyRejected extends RuntimeException {

  public enum Reason { INVALID, SUSPENDED, REQUIRED }

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

  /** The operation needs a key; the message says which and how to send it. */
  public static KeyRejected required(String message) {
    return new KeyRejected(Reason.REQUIRED, message);
  }

  public Reason reason() {
    return reason;
  }
}
