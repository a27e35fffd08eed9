package dev.vouch.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The token registry of the whole catalogue: strict validation at start-up and its canonical hash,
 * which every snapshot records so a token figure can be traced to the registry that valued it.
 */
public final class TokenRegistry {

  /** Decimals the evidence table accepts (V70 token_flows.decimals). */
  public static final int MAX_DECIMALS = 36;

  private TokenRegistry() {}

  /** Refuses a bad entry naming its setting: chains[Name].tokens[i].field. */
  static void validate(ChainConfig chain) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < chain.tokens().size(); i++) {
      ChainConfig.Token t = chain.tokens().get(i);
      String where = "chains[" + chain.name() + "].tokens[" + i + "]";
      if (t == null) {
        throw new IllegalArgumentException(where + " is empty");
      }
      if (t.address() == null || !t.address().matches("^0x[0-9a-fA-F]{40}$")) {
        throw new IllegalArgumentException(where + ".address must be 0x and 40 hex digits (got " + clip(t.address()) + ")");
      }
      if (t.symbol() == null || !t.symbol().matches("^[A-Za-z0-9.$_-]{1,16}$")) {
        throw new IllegalArgumentException(where + ".symbol must be 1-16 letters, digits or . $ _ - (got "
            + clip(t.symbol()) + ")");
      }
      if (t.decimals() == null || t.decimals() < 0 || t.decimals() > MAX_DECIMALS) {
        throw new IllegalArgumentException(where + ".decimals must be 0.." + MAX_DECIMALS + " (got " + t.decimals() + ")");
      }
      if (!seen.add(t.key())) {
        throw new IllegalArgumentException(where + ".address " + t.key() + " is registered twice on chain " + chain.name());
      }
    }
  }

  /**
   * SHA-256 (hex) of the registry in canonical form: one line per token,
   * chainId|address|symbol|decimals|usd, lower-case addresses, sorted; null when nothing is registered.
   */
  public static String hash(List<ChainConfig> chains) {
    List<String> lines = new ArrayList<>();
    for (ChainConfig c : chains) {
      for (ChainConfig.Token t : c.tokens()) {
        lines.add(c.chainId() + "|" + t.key() + "|" + t.symbol() + "|" + t.decimals() + "|" + t.usd());
      }
    }
    if (lines.isEmpty()) {
      return null;
    }
    lines.sort(null);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String clip(String s) {
    return s == null ? "nothing" : s.length() > 50 ? s.substring(0, 50) + "..." : s;
  }
}
