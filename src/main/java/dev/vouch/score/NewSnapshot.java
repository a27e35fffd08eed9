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
    Map<String, Integer> flaggedLists) {

  public NewSnapshot {
    flaggedLists = flaggedLists == null ? Map.of() : Collections.unmodifiableSortedMap(new TreeMap<>(flaggedLists));
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
   */
  public record ChainRow(
      long chainId, String chain, String status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
      int counterpartyCount, Instant indexedAt, List<String> fallbackFrom,
      Instant firstTxAt, Long failedTxCount, Boolean active) {

    public ChainRow {
      fallbackFrom = fallbackFrom == null ? List.of() : List.copyOf(fallbackFrom);
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
          firstTxAt, failedTxCount, active);
    }
  }

  /** Per-chain metrics of one counterparty; statsCaptured false means metrics are unknown. */
  public record CounterpartyRow(
      String counterparty, long chainId, boolean statsCaptured, int txIn, int txOut,
      Instant firstAt, Instant lastAt, BigInteger valueIn, BigInteger valueOut) {}
}
