package dev.vouch.config;

/** A credential read from the environment; its text never appears in toString, logs or errors. */
public final class Secret {

  private final String value;

  private Secret(String value) {
    this.value = value;
  }

  /** The named variable's value; a set but blank variable counts as missing. */
  static Secret fromEnv(java.util.Map<String, String> env, String name, String where) {
    String v = env.get(name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(where + ": environment variable " + name + " (its API key) is not set");
    }
    return new Secret(v.trim());
  }

  public static Secret of(String value) {
    return new Secret(value);
  }

  /** For the one place that puts the key on the wire. */
  public String reveal() {
    return value;
  }

  @Override
  public String toString() {
    return "<redacted>";
  }
}
