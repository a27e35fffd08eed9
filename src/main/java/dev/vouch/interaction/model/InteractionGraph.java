package dev.vouch.interaction.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.List;

/** The `interactionGraph` object of SPEC 2.6, as written on the wire. */
public record InteractionGraph(
    String walletAddress,
    List<Node> nodes,
    Summary summary,
    Coverage coverage,
    Pagination pagination,
    Capabilities capabilities,
    List<String> explanations) {

  /** `data` of the read. */
  public record Data(String wallet, InteractionGraph interactionGraph) {}

  /**
   * rank is absent in address-ordered reads, and null or an integer in sort=activity reads. assets
   * (issue 24, additive) is absent when the snapshot was taken without a token registry, else the
   * node's registered-token figures (empty when it has none).
   */
  public record Node(
      String walletAddress,
      String username,
      String profileUrl,
      boolean registered,
      boolean verifiedVouchPeer,
      List<NodeChain> chains,
      @JsonInclude(JsonInclude.Include.ALWAYS) Metrics metrics,
      @JsonInclude(JsonInclude.Include.NON_NULL) Rank rank,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<Asset> assets) {}

  /**
   * One registered token on one chain with this counterparty: transfer counts, exact decimal
   * amounts in whole token units (the registry's decimals), USD only for registered USD
   * stablecoins (null otherwise), and the first and last transfer's block times.
   */
  public record Asset(
      String symbol,
      String contract,
      long chainId,
      int decimals,
      TransactionCount transactionCount,
      AssetValue value,
      @JsonInclude(JsonInclude.Include.ALWAYS) AssetValue usd,
      Instant firstTransferAt,
      Instant lastTransferAt) {}

  public record AssetValue(@JsonProperty("in") String in, String out) {}

  /** Present-but-null is a real value here (a null-metrics node in a ranked read). */
  public record Rank(@JsonValue Integer value) {}

  public record NodeChain(String chain, long chainId, String explorerUrl) {}

  public record Metrics(
      TransactionCount transactionCount,
      Instant firstInteractionAt,
      Instant lastInteractionAt,
      boolean lowerBound,
      Basis basis,
      List<Value> value) {}

  public record TransactionCount(long total, @JsonProperty("in") long in, long out) {}

  public record Basis(int counted, int pending, int unavailable) {}

  /** Exact decimal strings of the native unit (18 decimals), never floating point. */
  public record Value(String symbol, @JsonProperty("in") String in, String out) {}

  public record Summary(
      int totalCounterparties, int returnedCounterparties, int vouchProfilesOnPage,
      int verifiedVouchPeers, int chainsWithCounterparties) {}

  public record Coverage(
      String status,
      String source,
      Instant observedAt,
      boolean stale,
      boolean indexing,
      boolean historyCapped,
      boolean hasTransientIssues,
      boolean hasStandingLimitations,
      List<CoverageChain> chains) {}

  public record CoverageChain(
      String chain, long chainId, String status, int counterpartyCount, Instant indexedAt,
      String source, Boolean historyCapped, Boolean recencyReliable, boolean transientIssue,
      boolean standingLimitation,
      // Zero-value token transfers dropped (issue 33 item 4), counted so nothing is hidden; absent when unknown.
      @JsonInclude(JsonInclude.Include.NON_NULL) Long zeroValueTokenTransfers) {}

  public record Pagination(int limit, String nextCursor, boolean hasMore) {}

  public record Capabilities(
      boolean perCounterpartyTransactionCount, boolean direction, boolean firstInteractionAt,
      boolean lastInteractionAt, boolean value, boolean assetDetails) {}
}
