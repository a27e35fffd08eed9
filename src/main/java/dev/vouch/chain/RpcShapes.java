package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;

/** Node answers are untrusted: every field is checked for type, form and range before use. */
final class RpcShapes {

  private static final Pattern QUANTITY = Pattern.compile("^0x[0-9a-fA-F]{1,64}$");
  private static final Pattern ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");
  private static final Pattern HASH = Pattern.compile("^0x[0-9a-fA-F]{64}$");
  private static final Pattern DATA = Pattern.compile("^0x([0-9a-fA-F]{2})*$");

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
    if (v == null || !v.isTextual() || !QUANTITY.matcher(v.textValue()).matches()) {
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
    if (v == null || !v.isTextual() || !ADDRESS.matcher(v.textValue()).matches()) {
      throw malformed(name + " is not an address");
    }
    return v.textValue().toLowerCase(Locale.ROOT);
  }

  /** An address or JSON null (absent means null too). */
  static String optionalAddress(JsonNode v, String name) {
    return v == null || v.isNull() ? null : address(v, name);
  }

  static String hash(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !HASH.matcher(v.textValue()).matches()) {
      throw malformed(name + " is not a 32-byte hash");
    }
    return v.textValue().toLowerCase(Locale.ROOT);
  }

  /** Byte data as its length; the content is not kept. */
  static int dataLength(JsonNode v, String name) {
    if (v == null || !v.isTextual() || !DATA.matcher(v.textValue()).matches()) {
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

  /** Node-supplied text in our logs and errors: short and printable only. */
  static String clip(String s) {
    if (s == null) {
      return "";
    }
    String printable = s.replaceAll("[^\\x20-\\x7E]", "?");
    return printable.length() > 160 ? printable.substring(0, 160) + "..." : printable;
  }
}
