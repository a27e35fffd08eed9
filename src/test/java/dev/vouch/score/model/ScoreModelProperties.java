package dev.vouch.score.model;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class ScoreModelProperties {

  @Provide
  static Arbitrary<Evidence> evidence() {
    return Combinators.combine(
        Arbitraries.integers().between(0, 5000),
        Arbitraries.integers().between(0, 6),
        Arbitraries.longs().between(0, 50_000),
        Arbitraries.longs().between(0, 5_000),
        Arbitraries.integers().between(0, 500),
        Arbitraries.integers().between(0, 4),
        Arbitraries.longs().between(0, 50_000),
        Arbitraries.integers().between(0, 40))
        .flatAs((age, chains, tx, arc, cps, flagged, failed, att) ->
            Combinators.combine(Arbitraries.integers().between(0, att), Arbitraries.longs().between(0, 3000),
                    Arbitraries.integers().between(0, 6).injectNull(0.2))
                .as((attPeers, peerSum, seasoned) -> new Evidence(age, chains, tx, Math.min(arc, tx), cps, flagged,
                    Math.min(failed, tx), att, attPeers, peerSum, seasoned)));
  }

  @Property
  void sameEvidenceSameScore(@ForAll("evidence") Evidence e) {
    assertThat(ScoreModel.score(e)).isEqualTo(ScoreModel.score(e));
  }

  @Property
  void scoreAndComponentsStayWithinDocumentedBounds(@ForAll("evidence") Evidence e) {
    ScoreResult r = ScoreModel.score(e);
    Breakdown b = r.breakdown();
    assertThat(r.score()).isBetween(0, 100);
    assertThat(b.globalWalletAge()).isBetween(0, ScoreModel.CAP_WALLET_AGE);
    assertThat(b.crossChainActivity()).isBetween(0, ScoreModel.CAP_CROSS_CHAIN);
    assertThat(b.arcActivity()).isBetween(0, ScoreModel.CAP_ARC);
    assertThat(b.counterpartyDiversity()).isBetween(0, ScoreModel.CAP_DIVERSITY);
    assertThat(b.verifiedAttestations()).isBetween(0, ScoreModel.CAP_ATTESTATIONS);
    assertThat(b.propagatedTrust()).isBetween(0, ScoreModel.CAP_PROPAGATED);
    assertThat(b.transactionActivity()).isBetween(0, ScoreModel.CAP_TX_ACTIVITY);
    assertThat(b.riskPenalty()).isBetween(ScoreModel.PENALTY_FLOOR, 0);
    assertThat(r.score()).isEqualTo(Math.max(0, Math.min(100, b.sum())));
    assertThat(r.modelVersion()).isEqualTo("identity_score_v4");
  }

  @Property
  void morePositiveEvidenceNeverLowersTheScore(@ForAll("evidence") Evidence e,
      @ForAll @IntRange(min = 0, max = 7) int field, @ForAll @IntRange(min = 1, max = 2000) int more) {
    Evidence richer = Positive.add(e, field, more);
    assertThat(ScoreModel.score(richer).score()).isGreaterThanOrEqualTo(ScoreModel.score(e).score());
  }

  @Property
  void flaggedCounterpartiesNeverRaiseTheScore(@ForAll("evidence") Evidence e) {
    Evidence worse = new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
        e.uniqueCounterparties(), e.flaggedCounterparties() + 1, e.failedTxCount(), e.acceptedAttestations(),
        e.attestationCounterparties(), e.peerScoreSum()).seasoned(e.seasonedCounterparties());
    assertThat(ScoreModel.score(worse).score()).isLessThanOrEqualTo(ScoreModel.score(e).score());
    assertThat(ScoreModel.score(worse).breakdown().riskPenalty()).isLessThanOrEqualTo(ScoreModel.HIGH_PENALTY);
  }

  @Property
  void listedDustCostsNothingAndChargedListedCountStillCosts(@ForAll("evidence") Evidence e) {
    // identity_score_v4: a flagged counterparty that only pushed unsolicited dust moves nothing.
    Evidence dusted = new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
        e.uniqueCounterparties(), e.flaggedCounterparties() + 1, e.failedTxCount(), e.acceptedAttestations(),
        e.attestationCounterparties(), e.peerScoreSum(), e.seasonedCounterparties(), 1);
    Evidence clean = new Evidence(e.walletAgeDays(), e.activeChains(), e.totalTxCount(), e.arcTxCount(),
        e.uniqueCounterparties(), e.flaggedCounterparties(), e.failedTxCount(), e.acceptedAttestations(),
        e.attestationCounterparties(), e.peerScoreSum(), e.seasonedCounterparties(), 0);
    assertThat(ScoreModel.score(dusted)).isEqualTo(ScoreModel.score(clean));
    assertThat(ScoreModel.score(clean)).isEqualTo(ScoreModel.score(e));
  }

  @Property
  void withoutSeasonedHistoryAgeAndTrustStayCapped(@ForAll("evidence") Evidence e) {
    Breakdown b = ScoreModel.score(e).breakdown();
    if (ScoreModel.unseasoned(e)) {
      assertThat(b.globalWalletAge()).isLessThanOrEqualTo(ScoreModel.UNSEASONED_AGE_CAP);
      assertThat(b.verifiedAttestations() + b.propagatedTrust()).isLessThanOrEqualTo(ScoreModel.UNSEASONED_TRUST_CAP);
    } else {
      // Seasoned or unknown: exactly identity_score_v1's components.
      assertThat(b.globalWalletAge()).isEqualTo(ScoreModel.step(ScoreModel.AGE_DAYS, e.walletAgeDays()));
      assertThat(b.verifiedAttestations())
          .isEqualTo(ScoreModel.step(ScoreModel.ATTESTATION_PEERS, e.attestationCounterparties()));
    }
  }

  @Property
  void riskLevelIsHighRiskExactlyWhenThePenaltyIsHigh(@ForAll("evidence") Evidence e) {
    ScoreResult r = ScoreModel.score(e);
    assertThat(r.riskLevel() == RiskLevel.HIGH_RISK).isEqualTo(r.breakdown().riskPenalty() <= ScoreModel.HIGH_PENALTY);
  }
}
