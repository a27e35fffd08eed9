package dev.vouch.score;

import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreResult;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A snapshot an indexing run (or a test) commits; written whole or not at all.
 *
 * @param flaggedLists distinct flagged counterparties per screening list, by list name
 * @param tokenFlows registered-token evidence per counterparty, chain and token (V70 token_flows)
 * @param unverifiedTokenTransfers per chain id, transfers of tokens outside the registry (counted only)
 * @param tokenRegistryHash TokenRegistry.hash of the registry in force, null without one
 */
public record NewSnapshot(
    String wallet,
    Instant committedAt,
    ScoreResult score,
    Evidence evidence,
    Instant firstActivityAt,
    List<String> activeChains,
    List<ChainRow> chains,
    List<CounterpartyRow> counterparties,
    Long jobId,
    Map<String, Integer> flaggedLists,
    List<TokenFlowRow> tokenFlows,
    Map<Long, Long> unverifiedTokenTransfers,
    String tokenRegistryHash) {

  public NewSnapshot {
    flaggedLists = flaggedLists == null ? Map.of() : Collections.unmodifiableSortedMap(new TreeMap<>(flaggedLists));
    tokenFlows = tokenFlows == null ? List.of() : List.copyOf(tokenFlows);
    unverifiedTokenTransfers = unverifiedTokenTransfers == null ? Map.of() : Map.copyOf(unverifiedTokenTransfers);
  }

  /** A snapshot without token evidence. */
  public NewSnapshot(String wallet, Instant committedAt, ScoreResult score, Evidence evidence,
      Instant firstActivityAt, List<String> activeChains, List<ChainRow> chains,
      List<CounterpartyRow> counterparties, Long jobId, Map<String, Integer> flaggedLists) {
    this(wallet, committedAt, score, evidence, firstActivityAt, activeChains, chains, counterparties, jobId,
        flaggedLists, List.of(), Map.of(), null);
  }

  /** A snapshot without screening list hits. */
  public NewSnapshot(String wallet, Instant committedAt, ScoreResult score, Evidence evidence,
      Instant firstActivityAt, List<String> activeChains, List<ChainRow> chains,
      List<CounterpartyRow> counterparties, Long jobId) {
    this(wallet, committedAt, score, evidence, firstActivityAt, activeChains, chains, counterparties, jobId, Map.of());
  }

  /**
   * Coverage of one chain; historyCapped and recencyReliable are null where not applicable.
   *
   * @param source the provider that answered (otterscan, etherscan, blockscout, rpc)
   * @param fallbackFrom sources that failed before it in the run
   * @param indexedAt when this chain's evidence was read: older than the snapshot when a later run
   *     failed transiently and carried it forward
   * @param firstTxAt earliest counted transaction on this chain (history), null when none or unknown
   * @param failedTxCount failed transactions the wallet sent on this chain, null when unknown
   * @param active the chain counts in activeChains, null when unknown (rows before V10)
   * @param tokensCapped the chain's token read stopped at a cap (transfer cap, page window or
   *     response size) and kept only the newest transfers; null when the chain read no tokens (V89)
   * @param tokenTxCount transactions the chain's registered-token transfers added to the evidence
   *     (TokenStanding): kept so a carried chain keeps them too (V94); null when unknown
   * @param zeroValueTokens registered-token transfers of value 0 the read dropped (anyone can make
   *     one in the wallet's name, issue 35), V95; null when the chain read no tokens
   */
  public record ChainRow(
      long chainId, String chain, String status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
      int counterpartyCount, Instant indexedAt, List<String> fallbackFrom,
      Instant firstTxAt, Long failedTxCount, Boolean active, Boolean tokensCapped, Long tokenTxCount,
      Long zeroValueTokens) {

    public ChainRow {
      fallbackFrom = fallbackFrom == null ? List.of() : List.copyOf(fallbackFrom);
    }

    /** A row without a count of dropped zero-value transfers. */
    public ChainRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
        int counterpartyCount, Instant indexedAt, List<String> fallbackFrom,
        Instant firstTxAt, Long failedTxCount, Boolean active, Boolean tokensCapped, Long tokenTxCount) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, txCount,
          counterpartyCount, indexedAt, fallbackFrom, firstTxAt, failedTxCount, active, tokensCapped, tokenTxCount, null);
    }

    /** A row whose token transactions are not recorded. */
    public ChainRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
        int counterpartyCount, Instant indexedAt, List<String> fallbackFrom,
        Instant firstTxAt, Long failedTxCount, Boolean active, Boolean tokensCapped) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, txCount,
          counterpartyCount, indexedAt, fallbackFrom, firstTxAt, failedTxCount, active, tokensCapped, null);
    }

    /** A row without a token read. */
    public ChainRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
        int counterpartyCount, Instant indexedAt, List<String> fallbackFrom,
        Instant firstTxAt, Long failedTxCount, Boolean active) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, txCount,
          counterpartyCount, indexedAt, fallbackFrom, firstTxAt, failedTxCount, active, null);
    }

    public ChainRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
        int counterpartyCount, Instant indexedAt, List<String> fallbackFrom) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, txCount,
          counterpartyCount, indexedAt, fallbackFrom, null, null, null);
    }

    public ChainRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
        int counterpartyCount, Instant indexedAt) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, txCount,
          counterpartyCount, indexedAt, List.of());
    }

    /** This row's evidence kept by a later run whose read of the chain failed transiently. */
    public ChainRow carried() {
      return new ChainRow(chainId, chain, status, true, standing, historyCapped,
          recencyReliable == null ? null : false, source, txCount, counterpartyCount, indexedAt, fallbackFrom,
          firstTxAt, failedTxCount, active, tokensCapped, tokenTxCount, zeroValueTokens);
    }
  }

  /**
   * Registered-token flows between the wallet and one counterparty on one chain, in one token.
   *
   * @param valueIn token base units
   * @param usdIn set only for registered USD stablecoins (1.00 per whole token), else null
   * @param txHashes newest first, distinct, at most {@link #MAX_HASHES}
   */
  public record TokenFlowRow(
      String counterparty, long chainId, String token, String symbol, int decimals, int txIn, int txOut,
      BigInteger valueIn, BigInteger valueOut, java.math.BigDecimal usdIn, java.math.BigDecimal usdOut,
      Instant firstAt, Instant lastAt, List<String> txHashes) {

    public static final int MAX_HASHES = 10;

    public TokenFlowRow {
      txHashes = List.copyOf(txHashes);
    }
  }

  /** Per-chain metrics of one counterparty; statsCaptured false means metrics are unknown. */
  public record CounterpartyRow(
      String counterparty, long chainId, boolean statsCaptured, int txIn, int txOut,
      Instant firstAt, Instant lastAt, BigInteger valueIn, BigInteger valueOut) {}
}
