package dev.vouch.config;

import java.util.List;

/**
 * One entry of the chain catalogue (CONTRACT.md section 6).
 *
 * @param historyCap most transactions a history read takes; hitting it sets historyCapped
 * @param timeoutMs deadline of one JSON-RPC exchange
 * @param concurrency JSON-RPC exchanges in flight at once against this chain
 * @param pageSize transactions asked for per ots_searchTransactionsBefore call (0 = 100)
 * @param maxBatch most calls in one JSON-RPC batch; 1 sends every call alone (0 = 10)
 * @param confirmations blocks (the transaction's own included) before an attested transaction is
 *     final (0 = 1)
 */
public record ChainConfig(
    String name,
    long chainId,
    String symbol,
    String explorer,
    EvidenceMode mode,
    int historyCap,
    List<String> rpcUrls,
    int timeoutMs,
    int concurrency,
    int pageSize,
    int maxBatch,
    int confirmations) {

  public enum EvidenceMode { history, aggregate }

  public ChainConfig {
    rpcUrls = rpcUrls == null ? List.of() : List.copyOf(rpcUrls);
    pageSize = pageSize <= 0 ? 100 : pageSize;
    maxBatch = maxBatch <= 0 ? 10 : maxBatch;
    confirmations = confirmations <= 0 ? 1 : confirmations;
  }

  /** Explorer link for an address, from the catalogue's URL template. */
  public String explorerUrl(String address) {
    return explorer.replace("{address}", address);
  }

  /** A chain without RPC URLs is in the catalogue (names, explorers) but never indexed. */
  public boolean indexed() {
    return !rpcUrls.isEmpty();
  }
}
