package dev.vouch.ops;

/** A start that cannot proceed for a reason the operator can fix; its message is the one line shown. */
public final class StartupFailure extends RuntimeException {

  public StartupFailure(String message) {
    super(message);
  }

  public StartupFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
