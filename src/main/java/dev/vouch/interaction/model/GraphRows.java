package dev.vouch.interaction.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

/**
 * What one graph read found in the database: the snapshot the page belongs to (null fields when
 * the wallet has none, or the cursor's snapshot is no longer kept), its coverage, and the page's
 * nodes with their per-chain rows, in page order.
 *
 * @param latestSnapshotId the wallet's newest snapshot, which differs from snapshotId when a cursor
 *     keeps paging a snapshot that was superseded meanwhile
 * @param indexing an indexing job for the wallet is queued or running
 * @param verifiedPeers counterparties of the whole snapshot that are in the wallet's trust graph
 * @param tokenEvidence the snapshot was taken with a token registry (V70 token_registry_hash), so
 *     its nodes' registered-token rows are the whole token evidence; false: assets unknown
 */
public record GraphRows(
    Long snapshotId,
    Instant committedAt,
    Long latestSnapshotId,
    boolean indexing,
    int nodeCount,
    int chainsWithCounterparties,
    int verifiedPeers,
    List<CoverageRow> coverage,
    List<NodeRow> nodes,
    boolean tokenEvidence) {

  /** A read without token evidence. */
  public GraphRows(Long snapshotId, Instant committedAt, Long latestSnapshotId, boolean indexing, int nodeCount,
      int chainsWithCounterparties, int verifiedPeers, List<CoverageRow> coverage, List<NodeRow> nodes) {
    this(snapshotId, committedAt, latestSnapshotId, indexing, nodeCount, chainsWithCounterparties, verifiedPeers,
        coverage, nodes, false);
  }

  public boolean hasSnapshot() {
    return snapshotId != null;
  }

  /**
   * One snapshot_chains row.
   *
   * @param zeroValueTokenTransfers registered-token transfers of value 0 the read dropped (issue 33
   *     item 4: they never make a node); null for a chain that read no tokens, or an older snapshot
   */
  public record CoverageRow(
      long chainId, String chain, String status, boolean transient_, boolean standing,
      Boolean historyCapped, Boolean recencyReliable, String source, int counterpartyCount,
      Instant indexedAt, Long zeroValueTokenTransfers) {

    public CoverageRow(long chainId, String chain, String status, boolean transient_, boolean standing,
        Boolean historyCapped, Boolean recencyReliable, String source, int counterpartyCount, Instant indexedAt) {
      this(chainId, chain, status, transient_, standing, historyCapped, recencyReliable, source, counterpartyCount,
          indexedAt, null);
    }
  }

  /**
   * A node of the page: address, identity overlay, its counterparty rows ordered by chain id (none
   * for a node met only through registered tokens) and its registered-token rows.
   */
  public record NodeRow(String address, String username, boolean verifiedPeer, List<ChainRow> chains,
      List<AssetRow> assets) {

    public NodeRow(String address, String username, boolean verifiedPeer, List<ChainRow> chains) {
      this(address, username, verifiedPeer, chains, List.of());
    }
  }

  /**
   * One token_flows row: a registered token's transfers with the counterparty on one chain. Values
   * in the token's base units; usd only for registered USD stablecoins.
   */
  public record AssetRow(
      long chainId, String token, String symbol, int decimals, int txIn, int txOut, BigInteger valueIn,
      BigInteger valueOut, BigDecimal usdIn, BigDecimal usdOut, Instant firstAt, Instant lastAt) {}

  /** One counterparty row; statsCaptured false means its counts and value are unknown. */
  public record ChainRow(
      long chainId, boolean statsCaptured, int txIn, int txOut, Instant firstAt, Instant lastAt,
      BigInteger valueIn, BigInteger valueOut) {}
}
