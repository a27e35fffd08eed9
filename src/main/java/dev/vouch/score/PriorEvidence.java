package dev.vouch.score;

import java.util.List;
import java.util.Map;

/**
 * The wallet's latest committed snapshot as a later run sees it: every chain's coverage row, and
 * the counterparty and token flow rows of the chains that run may carry forward (those its read failed
 * transiently). Loaded before the run commits; the run replaces it.
 */
public record PriorEvidence(long snapshotId, Map<Long, Chain> chains) {

  public PriorEvidence {
    chains = Map.copyOf(chains);
  }

  /**
   * One chain of the prior snapshot; counterparties and token flows empty unless it was asked for.
   *
   * @param unverifiedTokens the chain's transfers of unregistered tokens (counted only)
   */
  public record Chain(NewSnapshot.ChainRow row, List<NewSnapshot.CounterpartyRow> counterparties,
      List<NewSnapshot.TokenFlowRow> tokenFlows, long unverifiedTokens) {

    public Chain {
      counterparties = List.copyOf(counterparties);
      tokenFlows = List.copyOf(tokenFlows);
    }

    public Chain(NewSnapshot.ChainRow row, List<NewSnapshot.CounterpartyRow> counterparties) {
      this(row, counterparties, List.of(), 0);
    }
  }

  /** The chain's earlier evidence when it has any to carry (a row that was itself an error has none). */
  public Chain carryable(long chainId) {
    Chain c = chains.get(chainId);
    return c == null || "error".equals(c.row().status()) ? null : c;
  }
}
