package dev.vouch.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;

/**
 * One entry of the chain catalogue (CONTRACT.md section 6).
 *
 * @param historyCap most transactions a history read takes; hitting it sets historyCapped
 * @param timeoutMs deadline of one JSON-RPC or explorer exchange
 * @param concurrency exchanges in flight at once against this chain (per source)
 * @param pageSize transactions asked for per ots_searchTransactionsBefore call (0 = 100)
 * @param maxBatch most calls in one JSON-RPC batch; 1 sends every call alone (0 = 10)
 * @param sources history providers in order of preference; empty = otterscan over rpcUrls
 * @param confirmations blocks (the transaction's own included) before an attested transaction is
 *     final (0 = 1)
 * @param tokens the chain's token registry: ERC-20 contracts whose Transfer logs are evidence
 *     (empty = no token reads on this chain)
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
    List<Source> sources,
    int confirmations,
    List<Token> tokens) {

  public enum EvidenceMode { history, aggregate }

  /** Where a chain's wallet history comes from. */
  public enum SourceType { otterscan, etherscan, blockscout }

  /**
   * One history provider of a chain. otterscan reads the chain's rpcUrls; the explorers read url.
   *
   * @param url etherscan: the API V2 endpoint (https://api.etherscan.io/v2/api); blockscout: the
   *     explorer root (https://base.blockscout.com); unused for otterscan
   * @param apiKeyEnv name of the environment variable holding the key; never the key itself
   * @param callsPerSecond most calls per second this process sends to the source (0 = no pacing)
   * @param pageSize results per call (0 = etherscan 1000, blockscout 50)
   * @param resultWindow etherscan's page x offset limit (0 = 10,000, the documented window)
   * @param apiKey resolved from apiKeyEnv at load; not part of the file
   */
  public record Source(
      SourceType type,
      String url,
      String apiKeyEnv,
      double callsPerSecond,
      int pageSize,
      int resultWindow,
      @JsonIgnore Secret apiKey) {

    public Source {
      if (type != null) {
        pageSize = pageSize > 0 ? pageSize : type == SourceType.blockscout ? 50 : 1000;
      }
      resultWindow = resultWindow > 0 ? resultWindow : 10_000;
    }

    public static Source otterscan() {
      return new Source(SourceType.otterscan, null, null, 0, 0, 0, null);
    }

    /** The name coverage and logs use. */
    public String name() {
      return type.name();
    }

    Source withKey(Secret key) {
      return new Source(type, url, apiKeyEnv, callsPerSecond, pageSize, resultWindow, key);
    }
  }

  /**
   * One registered ERC-20 (issue 24). decimals is boxed so a missing value is refused at start-up
   * rather than read as 0.
   *
   * @param usd a USD stablecoin valued at 1.00 per whole token
   */
  public record Token(String address, String symbol, Integer decimals, boolean usd) {

    /** The address as the evidence stores it (lower case). */
    public String key() {
      return address.toLowerCase(java.util.Locale.ROOT);
    }
  }

  public ChainConfig {
    tokens = tokens == null ? List.of() : List.copyOf(tokens);
    rpcUrls = rpcUrls == null ? List.of() : List.copyOf(rpcUrls);
    pageSize = pageSize <= 0 ? 100 : pageSize;
    maxBatch = maxBatch <= 0 ? 10 : maxBatch;
    confirmations = confirmations <= 0 ? 1 : confirmations;
    sources = sources == null || sources.isEmpty()
        ? (rpcUrls.isEmpty() ? List.of() : List.of(Source.otterscan()))
        : List.copyOf(sources);
  }

  /** A catalogue entry without a token registry. */
  public ChainConfig(String name, long chainId, String symbol, String explorer, EvidenceMode mode,
      int historyCap, List<String> rpcUrls, int timeoutMs, int concurrency, int pageSize, int maxBatch,
      List<Source> sources, int confirmations) {
    this(name, chainId, symbol, explorer, mode, historyCap, rpcUrls, timeoutMs, concurrency, pageSize,
        maxBatch, sources, confirmations, List.of());
  }

  /** A catalogue entry whose attested transactions are final at one confirmation. */
  public ChainConfig(String name, long chainId, String symbol, String explorer, EvidenceMode mode,
      int historyCap, List<String> rpcUrls, int timeoutMs, int concurrency, int pageSize, int maxBatch,
      List<Source> sources) {
    this(name, chainId, symbol, explorer, mode, historyCap, rpcUrls, timeoutMs, concurrency, pageSize,
        maxBatch, sources, 1);
  }

  /** A catalogue entry read over JSON-RPC only (Otterscan for history). */
  public ChainConfig(String name, long chainId, String symbol, String explorer, EvidenceMode mode,
      int historyCap, List<String> rpcUrls, int timeoutMs, int concurrency, int pageSize, int maxBatch) {
    this(name, chainId, symbol, explorer, mode, historyCap, rpcUrls, timeoutMs, concurrency, pageSize,
        maxBatch, List.of(), 1);
  }

  /** Explorer link for an address, from the catalogue's URL template. */
  public String explorerUrl(String address) {
    return explorer.replace("{address}", address);
  }

  /** A chain without RPC URLs or history sources is in the catalogue (names, explorers) but never indexed. */
  public boolean indexed() {
    return !rpcUrls.isEmpty() || !sources.isEmpty();
  }

  public ChainConfig withSources(List<Source> newSources) {
    return new ChainConfig(name, chainId, symbol, explorer, mode, historyCap, rpcUrls, timeoutMs, concurrency,
        pageSize, maxBatch, newSources, confirmations, tokens);
  }

  public ChainConfig withTokens(List<Token> newTokens) {
    return new ChainConfig(name, chainId, symbol, explorer, mode, historyCap, rpcUrls, timeoutMs, concurrency,
        pageSize, maxBatch, sources, confirmations, newTokens);
  }

  /** Registered tokens by lower-case address. */
  public Map<String, Token> tokensByAddress() {
    Map<String, Token> out = new java.util.HashMap<>();
    tokens.forEach(t -> out.put(t.key(), t));
    return out;
  }

  /** Reads each source's API key from the environment variable it names. */
  ChainConfig withKeys(Map<String, String> env) {
    return withSources(sources.stream()
        .map(s -> s.apiKeyEnv() == null || s.apiKeyEnv().isBlank() ? s
            : s.withKey(Secret.fromEnv(env, s.apiKeyEnv(), "chain " + name + " source " + s.name())))
        .toList());
  }
}
