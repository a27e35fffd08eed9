package dev.vouch.receipt;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.vouch.receipt.model.ReceiptPayload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * RFC 8785 (JCS) bytes of a receipt payload and their SHA-256 (CONTRACT 7), through a maintained
 * canonicalizer. The same bytes are what the JWS signs, so a third party rebuilds them from the
 * served receipt: drop id, createdAt, payloadHash and signature, canonicalize the rest.
 */
public final class CanonicalPayload {

  /** Timestamps as ISO 8601 strings, as on the wire. */
  static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  private CanonicalPayload() {}

  public static byte[] bytes(ReceiptPayload payload) {
    return bytesOf(payload);
  }

  /** Any receipt payload (a transfer screening's too): the JCS bytes of its JSON. */
  public static byte[] bytesOf(Object payload) {
    try {
      return new JsonCanonicalizer(MAPPER.writeValueAsBytes(payload)).getEncodedUTF8();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot canonicalize a receipt payload", e);
    }
  }

  public static String text(ReceiptPayload payload) {
    return new String(bytes(payload), StandardCharsets.UTF_8);
  }

  /** Lowercase hex SHA-256. */
  public static String hash(byte[] canonical) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static ReceiptPayload parse(String json) {
    return parse(json, ReceiptPayload.class);
  }

  /** A stored payload read back with the same mapper that wrote it. */
  public static <T> T parse(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (IOException e) {
      throw new UncheckedIOException("unreadable stored receipt payload", e);
    }
  }
}
