package dev.vouch.http;

/** An error answer of the CONTRACT.md catalogue: status, stable code, a message saying what to do. */
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
    return new ApiError(400, "INVALID_REQUEST", message);
  }

  public static ApiError invalidSort(String message) {
    return new ApiError(400, "INVALID_SORT", message);
  }

  public static ApiError notFound(String message) {
    return new ApiError(404, "NOT_FOUND", message);
  }

  public static ApiError internal() {
    return new ApiError(500, "INTERNAL",
        "Something went wrong on our side; retry, and report the request id if it persists.");
  }
}
