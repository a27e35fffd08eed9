package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Locale;

/** Node answers are untrusted: every field is checked for type, form and range before use. */
final class RpcShapes {


  private RpcShapes() {}

  static RpcException malformed(String what) {
    return new RpcException(RpcException.Kind.MALFORMED, "malformed answer: " + what);
  }

  static JsonNode field(JsonNode node, String name) {
    JsonNode v = node == null ? null : node.get(name);
    if (v == null || v.isNull()) {
      throw malformed("missing " + name);
    }
    return v;
  }

  /** A 0x quantity of at most 256 bits. */
  static BigInteger quantity(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !hex(v.textValue(), 1, 64)) {
      throw malformed(name + " is not a hex quantity");
    }
    return new BigInteger(v.textValue().substring(2), 16);
  }

  /** A 0x quantity that fits a non-negative long (block numbers, nonces, timestamps). */
  static long smallQuantity(JsonNode v, String name) {
    BigInteger q = quantity(v, name);
    if (q.bitLength() > 62) {
      throw malformed(name + " out of range");
    }
    return q.longValue();
  }

  static String address(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !hex(v.textValue(), 40, 40)) {
      throw malformed(name + " is not an address");
    }
    return v.textValue().toLowerCase(Locale.ROOT);
  }

  /** An address or JSON null (absent means null too). */
  static String optionalAddress(JsonNode v, String name) {
    return v == null || v.isNull() ? null : address(v, name);
  }

  static String hash(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !hex(v.textValue(), 64, 64)) {
      throw malformed(name + " is not a 32-byte hash");
    }
    return v.textValue().toLowerCase(Locale.ROOT);
  }

  /** Byte data as its length; the content is not kept. */
  static int dataLength(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !hex(v.textValue(), 0, Integer.MAX_VALUE - 2) || v.textValue().length() % 2 != 0) {
      throw malformed(name + " is not hex data");
    }
    return (v.textValue().length() - 2) / 2;
  }

  static boolean bool(JsonNode v, String name) {
    if (v == null || !v.isBoolean()) {
      throw malformed(name + " is not a boolean");
    }
    return v.booleanValue();
  }

  /** "0x" and then min..max hex digits; a loop, as it runs a dozen times per transaction. */
  static boolean hex(String s, int min, int max) {
    int digits = s.length() - 2;
    if (digits < min || digits > max || s.charAt(0) != '0' || s.charAt(1) != 'x') {
      return false;
    }
    for (int i = 2; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
        return false;
      }
    }
    return true;
  }

  /** Node-supplied text in our logs and errors: short and printable only. */
  static String clip(String s) {
    if (s == null) {
      return "";
    }
    String printable = s.replaceAll("[^\\x20-\\x7E]", "?");
    return printable.length() > 160 ? printable.substring(0, 160) + "..." : printable;
  }
}
