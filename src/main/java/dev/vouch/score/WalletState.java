package dev.vouch.score;

import dev.vouch.decision.model.CommittedSnapshot;
import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustSubject;
import java.util.List;
import java.util.Optional;

/** What one database round trip knows about a wallet for the score and decision reads. */
public record WalletState(
    String wallet,
    String username,
    Optional<CommittedSnapshot> snapshot,
    List<TrustEdge> trustEdges,
    boolean jobInFlight,
    TrustSubject trustSubject) {}
