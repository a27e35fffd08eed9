package dev.vouch.identity;

/**
 * A write refused for a stated reason (CONTRACT 2 envelope): HTTP status, stable code and a
 * message saying what to do. Nothing was recorded when it is thrown. The edge maps it once.
 */
public final class Refused extends RuntimeException {

  private final int status;
  private final String code;

  public Refused(int status, String code, String message) {
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

  static Refused badRequest(String code, String message) {
    return new Refused(400, code, message);
  }

  static Refused conflict(String code, String message) {
    return new Refused(409, code, message);
  }

  static Refused unverifiable(String code, String message) {
    return new Refused(422, code, message);
  }

  static Refused notFound(String message) {
    return new Refused(404, "NOT_FOUND", message);
  }
}
