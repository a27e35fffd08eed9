package dev.vouch.score.model;

/** Adds positive evidence along one axis, holding every negative signal fixed. */
public final class Positive {

  private Positive() {}

  public static Evidence add(Evidence e, int field, int more) {
    return switch (field) {
      case 0 -> new Evidence(e.walletAgeDays() + more, e.activeChains(), e.totalTxCount(), e.arcTxCount(),
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 1 -> new Evidence(e.walletAgeDays(), e.activeChains() + 1, e.totalTxCount(), e.arcTxCount(),
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 2 -> new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount() + more, e.arcTxCount(),
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 3 -> new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount() + more, e.arcTxCount() + more,
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 4 -> new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
          e.uniqueCounterparties() + more, e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 5 -> new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations() + more,
          e.attestationCounterparties() + more, e.peerScoreSum()).seasoned(e.seasonedCounterparties());
      case 6 -> new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
          e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
          e.attestationCounterparties(), e.peerScoreSum() + more).seasoned(e.seasonedCounterparties());
      // More seasoned counterparties; unknown stays unknown (it already switches the v2 caps off).
      default -> e.seasonedCounterparties() == null ? e : e.seasoned(e.seasonedCounterparties() + more);
    };
  }
}
