package dev.vouch.score;

import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreResult;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

/** A snapshot an indexing run (or a test) commits; written whole or not at all. */
public record NewSnapshot(
    String wallet,
    Instant committedAt,
    ScoreResult score,
    Evidence evidence,
    Instant firstActivityAt,
    List<String> activeChains,
    List<ChainRow> chains,
    List<CounterpartyRow> counterparties,
    Long jobId) {

  /** Coverage of one chain; historyCapped and recencyReliable are null where not applicable. */
  public record ChainRow(
      long chainId, String chain, String status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable, String source, long txCount,
      int counterpartyCount, Instant indexedAt) {}

  /** Per-chain metrics of one counterparty; statsCaptured false means metrics are unknown. */
  public record CounterpartyRow(
      String counterparty, long chainId, boolean statsCaptured, int txIn, int txOut,
      Instant firstAt, Instant lastAt, BigInteger valueIn, BigInteger valueOut) {}
}
