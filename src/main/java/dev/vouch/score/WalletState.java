package dev.vouch.score;

import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustSubject;
import dev.vouch.score.model.CommittedSnapshot;
import java.util.List;
import java.util.Optional;

/** What one read-model row knows about a wallet for the score and decision reads. */
public record WalletState(
    String wallet,
    String username,
    Optional<CommittedSnapshot> snapshot,
    List<TrustEdge> trustEdges,
    boolean jobInFlight,
    TrustSubject trustSubject) {

  /** A wallet with no row: no username, no snapshot, no trust edge, no run in flight. */
  static WalletState nothing(String wallet) {
    return new WalletState(wallet, null, Optional.empty(), List.of(), false, new TrustSubject(wallet, null, null));
  }
}
