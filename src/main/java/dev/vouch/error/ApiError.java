package dev.vouch.error;

/**
 * An error answer of the CONTRACT.md catalogue (CONTRACT 2 envelope): status, stable code, a
 * message saying what to do. Any capability throws it for a refusal (nothing was recorded when
 * it is thrown); the edge maps it to HTTP once. It lives apart from http so that capabilities
 * refuse without depending on the edge.
 */
public final class ApiError extends RuntimeException {

  private final int status;
  private final String code;

  public ApiError(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  public static ApiError invalidWallet() {
    return new ApiError(400, "INVALID_WALLET",
        "Provide a valid EVM wallet address (0x + 40 hex characters).");
  }

  public static ApiError invalidRequest(String message) {
    return badRequest("INVALID_REQUEST", message);
  }

  public static ApiError invalidSort(String message) {
    return badRequest("INVALID_SORT", message);
  }

  public static ApiError badRequest(String code, String message) {
    return new ApiError(400, code, message);
  }

  public static ApiError notFound(String message) {
    return new ApiError(404, "NOT_FOUND", message);
  }

  public static ApiError conflict(String code, String message) {
    return new ApiError(409, code, message);
  }

  /** The request is well formed but its claim does not check out against the chain. */
  public static ApiError unverifiable(String code, String message) {
    return new ApiError(422, code, message);
  }

  public static ApiError internal() {
    return new ApiError(500, "INTERNAL",
        "Something went wrong on our side; retry, and report the request id if it persists.");
  }
}
