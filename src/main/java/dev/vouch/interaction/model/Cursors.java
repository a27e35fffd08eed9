package dev.vouch.interaction.model;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Page cursors of the address-ordered graph read (CONTRACT 7): opaque base64url of version,
 * snapshot id and the last address returned, with a truncated HMAC-SHA256 over those and the
 * wallet. A cursor therefore only works for the wallet it was issued for, cannot be edited to
 * point at another snapshot or position, and keeps paging the snapshot its first page came from.
 */
public final class Cursors {

  /** Where a page continues: after {@code after} in snapshot {@code snapshotId}. */
  public record Cursor(long snapshotId, String after) {}

  private static final byte VERSION = 1;
  private static final int TAG = 16;
  private static final int BODY = 1 + 8 + 20;
  private static final HexFormat HEX = HexFormat.of();

  private final SecretKeySpec key;

  public Cursors(byte[] key) {
    if (key.length < 32) {
      throw new IllegalArgumentException("cursor key must have at least 32 bytes");
    }
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
  }

  public String encode(String wallet, Cursor c) {
    ByteBuffer body = ByteBuffer.allocate(BODY + TAG);
    body.put(VERSION).putLong(c.snapshotId()).put(address(c.after()));
    byte[] bytes = body.array();
    System.arraycopy(tag(wallet, bytes), 0, bytes, BODY, TAG);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** Empty when the text is not a cursor this service issued for this wallet. */
  public Optional<Cursor> decode(String wallet, String text) {
    if (text == null || text.length() > 64) {
      return Optional.empty();
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    if (bytes.length != BODY + TAG || bytes[0] != VERSION) {
      return Optional.empty();
    }
    byte[] expected = Arrays.copyOf(tag(wallet, bytes), TAG);
    if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, BODY, BODY + TAG))) {
      return Optional.empty();
    }
    ByteBuffer body = ByteBuffer.wrap(bytes, 1, BODY - 1);
    long snapshot = body.getLong();
    byte[] after = new byte[20];
    body.get(after);
    return Optional.of(new Cursor(snapshot, "0x" + HEX.formatHex(after)));
  }

  private byte[] tag(String wallet, byte[] bytes) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      mac.update(address(wallet));
      mac.update(bytes, 0, BODY);
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }

  private static byte[] address(String lowercase0x) {
    return HEX.parseHex(lowercase0x, 2, 42);
  }
}
