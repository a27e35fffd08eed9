package dev.vouch.score;

/**
 * One entry of a state read: a lowercase wallet address, or a username to resolve through the
 * registered identities (case-insensitive). Exactly one of the two is set.
 */
public record Lookup(String wallet, String username) {

  public Lookup {
    if ((wallet == null) == (username == null)) {
      throw new IllegalArgumentException("exactly one of wallet and username");
    }
  }

  public static Lookup wallet(String lowercaseWallet) {
    return new Lookup(lowercaseWallet, null);
  }

  public static Lookup username(String username) {
    return new Lookup(null, username);
  }
}
