package dev.vouch.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a chain catalogue for a test: real Anvil URLs or fault servers, caps and modes per chain. */
public final class ChainsFile {

  /** pageSize 25 by default, so tests page several times. */
  public record Entry(String name, long chainId, String symbol, String mode, int historyCap, int timeoutMs,
      List<String> rpcUrls, int pageSize, int confirmations) {

    public Entry(String name, long chainId, String symbol, String mode, int historyCap, int timeoutMs,
        List<String> rpcUrls, int pageSize) {
      this(name, chainId, symbol, mode, historyCap, timeoutMs, rpcUrls, pageSize, 1);
    }

    /** Blocks (the transaction's own included) before an attested transaction is final. */
    public Entry confirmations(int n) {
      return new Entry(name, chainId, symbol, mode, historyCap, timeoutMs, rpcUrls, pageSize, n);
    }

    public Entry(String name, long chainId, String symbol, String mode, int historyCap, int timeoutMs, List<String> rpcUrls) {
      this(name, chainId, symbol, mode, historyCap, timeoutMs, rpcUrls, 25);
    }

    public static Entry history(String name, long chainId, String symbol, String... urls) {
      return new Entry(name, chainId, symbol, "history", 1000, 3000, List.of(urls));
    }

    public static Entry aggregate(String name, long chainId, String symbol, String... urls) {
      return new Entry(name, chainId, symbol, "aggregate", 1000, 3000, List.of(urls));
    }

    public Entry cap(int cap) {
      return new Entry(name, chainId, symbol, mode, cap, timeoutMs, rpcUrls, pageSize);
    }

    public Entry timeout(int ms) {
      return new Entry(name, chainId, symbol, mode, historyCap, ms, rpcUrls, pageSize);
    }

    public Entry pageSize(int size) {
      return new Entry(name, chainId, symbol, mode, historyCap, timeoutMs, rpcUrls, size);
    }
  }

  private ChainsFile() {}

  public static Path write(List<Entry> entries) {
    StringBuilder y = new StringBuilder("chains:\n");
    for (Entry e : entries) {
      y.append("  - name: ").append(e.name()).append('\n')
          .append("    chainId: ").append(e.chainId()).append('\n')
          .append("    symbol: ").append(e.symbol()).append('\n')
          .append("    explorer: https://explorer.invalid/").append(e.chainId()).append("/address/{address}\n")
          .append("    mode: ").append(e.mode()).append('\n')
          .append("    historyCap: ").append(e.historyCap()).append('\n')
          .append("    rpcUrls: [").append(String.join(", ", e.rpcUrls())).append("]\n")
          .append("    timeoutMs: ").append(e.timeoutMs()).append('\n')
          .append("    concurrency: 4\n")
          .append("    pageSize: ").append(e.pageSize()).append('\n')
          .append("    maxBatch: 10\n")
          .append("    confirmations: ").append(e.confirmations()).append('\n');
    }
    try {
      Path file = Files.createTempFile("vouch-chains", ".yaml");
      file.toFile().deleteOnExit();
      Files.writeString(file, y);
      return file;
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }
}
