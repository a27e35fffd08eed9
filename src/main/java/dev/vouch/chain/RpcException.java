package dev.vouch.chain;

/** A failed JSON-RPC exchange, classified once so retries and coverage states follow from the kind. */
public final class RpcException extends RuntimeException {

  public enum Kind {
    /** Connection refused or reset, deadline passed. */
    TRANSPORT(true, false),
    /** HTTP 429 or 5xx. */
    BUSY(true, false),
    /** A JSON-RPC error the node may not repeat (internal or server error range). */
    SERVER(true, false),
    /** Not JSON-RPC, or a shape we do not accept. */
    MALFORMED(true, false),
    /** A body over indexing.maxResponseBytes: the same question gets the same answer, so never asked again. */
    OVERSIZE(false, true),
    /** The provider's circuit breaker is open: not sent, transient (the provider is probed after a cool-off). */
    CIRCUIT_OPEN(false, false),
    /** eth_chainId differs from the catalogue: the URL points at another chain. */
    WRONG_CHAIN(false, true),
    /** The node does not serve the method (JSON-RPC -32601). */
    UNSUPPORTED(false, true),
    /** Redirects, other 4xx, invalid request or params: asking again will not help. */
    REJECTED(false, true);

    private final boolean retryable;
    private final boolean standing;

    Kind(boolean retryable, boolean standing) {
      this.retryable = retryable;
      this.standing = standing;
    }
  }

  private final Kind kind;
  private final long retryAfterMs;

  public RpcException(Kind kind, String message) {
    this(kind, message, 0);
  }

  public RpcException(Kind kind, String message, long retryAfterMs) {
    super(message, null, false, false);
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }

  public Kind kind() {
    return kind;
  }

  /** Worth asking the same provider again within this run. */
  public boolean retryable() {
    return kind.retryable;
  }

  /** Standing failures need an operator; the rest may clear on the next run. */
  public boolean standing() {
    return kind.standing;
  }

  /** Retry-After of a 429, in milliseconds; 0 when absent. */
  public long retryAfterMs() {
    return retryAfterMs;
  }

  /**
   * A provider's text for a request rate or quota over its limit (often code -32005, which some
   * providers also use for "query returned more than 10000 results"): the same request may pass later.
   */
  static boolean rateLimited(String message) {
    String m = String.valueOf(message).toLowerCase(java.util.Locale.ROOT);
    return m.contains("rate limit") || m.contains("rate-limit") || m.contains("ratelimit") || m.contains("too many requests")
        || m.contains("requests per") || m.contains("request limit") || m.contains("quota") || m.contains("throttl")
        || m.contains("capacity") || m.contains("compute units") || m.contains("credits");
  }

  /**
   * JSON-RPC error codes: -32601 unknown method, -32600/-32602/-32700 our request, rest server
   * side; a rate-limit text in any code is BUSY, like an HTTP 429.
   */
  static RpcException fromJsonRpc(int code, String message) {
    String text = "JSON-RPC error " + code + ": " + RpcShapes.clip(message);
    if (rateLimited(message)) {
      return new RpcException(Kind.BUSY, text);
    }
    return switch (code) {
      case -32601 -> new RpcException(Kind.UNSUPPORTED, text);
      // 3: execution reverted (EIP-1474); the same call reverts again.
      case -32600, -32602, -32700, 3 -> new RpcException(Kind.REJECTED, text);
      default -> new RpcException(Kind.SERVER, text);
    };
  }
}
