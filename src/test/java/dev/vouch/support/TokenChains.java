package dev.vouch.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Adds a token registry to one chain of a catalogue ChainsFile wrote (ChainsFile itself writes none). */
public final class TokenChains {

  /** One registered token: address, symbol, decimals, USD stablecoin. */
  public record Token(String address, String symbol, int decimals, boolean usd) {}

  private TokenChains() {}

  /** The same file with {@code tokens} on the chain of chainId. */
  public static Path register(Path chainsFile, long chainId, List<Token> tokens) {
    try {
      String yaml = Files.readString(chainsFile);
      String anchor = "    chainId: " + chainId + "\n";
      int at = yaml.indexOf(anchor);
      if (at < 0) {
        throw new IllegalArgumentException("no chain " + chainId + " in " + chainsFile);
      }
      StringBuilder t = new StringBuilder("    tokens:\n");
      for (Token k : tokens) {
        t.append("      - { address: \"").append(k.address()).append("\", symbol: ").append(k.symbol())
            .append(", decimals: ").append(k.decimals()).append(", usd: ").append(k.usd()).append(" }\n");
      }
      int end = at + anchor.length();
      Files.writeString(chainsFile, yaml.substring(0, end) + t + yaml.substring(end));
      return chainsFile;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
