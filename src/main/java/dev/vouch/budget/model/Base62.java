package dev.vouch.budget.model;

/** Digits 0-9, A-Z, a-z. */
final class Base62 {

  static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  private Base62() {}

  /** Fixed width, left-padded with '0'; 6 digits hold any unsigned 32-bit value. */
  static String encode(long value, int width) {
    char[] out = new char[width];
    long v = value;
    for (int i = width - 1; i >= 0; i--) {
      out[i] = ALPHABET.charAt((int) (v % 62));
      v /= 62;
    }
    if (v != 0) {
      throw new IllegalArgumentException(value + " does not fit in " + width + " base62 digits");
    }
    return new String(out);
  }

  static boolean isDigit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }
}
