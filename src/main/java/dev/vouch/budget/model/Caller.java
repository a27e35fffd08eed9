package dev.vouch.budget.model;

import java.util.Optional;

/**
 * Who is calling, resolved once per request at the edge: the client IP (after trusted-proxy
 * handling) and, when a valid key was sent, its id and plan. Suspended or revoked keys never
 * become a Caller.
 */
public record Caller(String ip, Optional<Key> key) {

  public record Key(long id, Plan plan) {}

  public static Caller anonymous(String ip) {
    return new Caller(ip, Optional.empty());
  }

  public static Caller keyed(String ip, long keyId, Plan plan) {
    return new Caller(ip, Optional.of(new Key(keyId, plan)));
  }

  public boolean keyed() {
    return key.isPresent();
  }

  /** Budget owner: the key when there is one, else the client address. */
  public String bucket() {
    return key.map(k -> "key:" + k.id()).orElseGet(this::anonymousBucket);
  }

  /** The anonymous per-IP budget, also used by the score read's rescan on keyed requests. */
  public String anonymousBucket() {
    return anonymousBucket(ip);
  }

  public static String anonymousBucket(String ip) {
    return "ip:" + IpAddresses.bucketOf(ip);
  }
}
