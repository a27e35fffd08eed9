package dev.vouch.score;

/**
 * What a state read found for one {@link Lookup}: the wallet's state, nothing (a username no
 * identity carries), or a failure confined to that entry (a row that could not be read).
 */
public record Resolved(WalletState state, RuntimeException failure) {

  static Resolved found(WalletState state) {
    return new Resolved(state, null);
  }

  static Resolved unknown() {
    return new Resolved(null, null);
  }

  static Resolved failed(RuntimeException failure) {
    return new Resolved(null, failure);
  }

  public boolean unknownUsername() {
    return state == null && failure == null;
  }
}
