package dev.vouch.ops;

/** A failure in one short line for logs: each cause's type and message, no stack. */
public final class Causes {

  private Causes() {}

  public static String summary(Throwable t) {
    StringBuilder b = new StringBuilder();
    int depth = 0;
    for (Throwable c = t; c != null && depth < 4; c = c.getCause() == c ? null : c.getCause(), depth++) {
      if (depth > 0) {
        b.append(" <- ");
      }
      b.append(c.getClass().getSimpleName());
      if (c.getMessage() != null) {
        b.append(": ").append(c.getMessage());
      }
    }
    return b.toString();
  }
}
