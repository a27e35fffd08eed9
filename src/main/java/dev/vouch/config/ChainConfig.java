package dev.vouch.config;

import java.util.List;

/** One entry of the chain catalogue (CONTRACT.md section 6). */
public record ChainConfig(
    String name,
    long chainId,
    String symbol,
    String explorer,
    EvidenceMode mode,
    int historyCap,
    List<String> rpcUrls,
    int timeoutMs,
    int concurrency) {

  public enum EvidenceMode { history, aggregate }

  /** Explorer link for an address, from the catalogue's URL template. */
  public String explorerUrl(String address) {
    return explorer.replace("{address}", address);
  }
}
