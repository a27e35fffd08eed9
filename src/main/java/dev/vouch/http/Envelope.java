package dev.vouch.http;

/** SPEC 2.1 envelope. Two shapes so `data` and `error` never appear together. */
public final class Envelope {

  public static final String VERSION = "v1";

  private Envelope() {}

  public record Ok(boolean ok, String version, Object data) {}

  public record Failed(boolean ok, String version, Error error) {}

  public record Error(String code, String message) {}

  public static Ok ok(Object data) {
    return new Ok(true, VERSION, data);
  }

  public static Failed failed(String code, String message) {
    return new Failed(false, VERSION, new Error(code, message));
  }
}
