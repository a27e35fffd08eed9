package dev.vouch.indexing.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.score.NewSnapshot;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.score.PriorEvidence;
import dev.vouch.score.model.Evidence;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RunEvidenceTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String W = "0x" + "a".repeat(40);
  static final String B = "0x" + "b".repeat(40);
  static final String C = "0x" + "c".repeat(40);
  static final String D = "0x" + "d".repeat(40);
  static final String E = "0x" + "e".repeat(40);
  static int seq;

  static ChainTx tx(String from, String to, long wei, Instant at, boolean ok) {
    seq++;
    return new ChainTx("0x" + String.format("%064x", seq), seq, 0, at, from, to, null,
        BigInteger.valueOf(wei), ok);
  }

  static ChainTx create(String from, String created, Instant at) {
    seq++;
    return new ChainTx("0x" + String.format("%064x", seq), seq, 0, at, from, null, created,
        BigInteger.ZERO, true);
  }

  static Instant daysAgo(long d) {
    return NOW.minus(Duration.ofDays(d));
  }

  static Optional<NewSnapshot> run(Set<String> flagged, ChainRead... reads) {
    return RunEvidence.snapshot(new RunEvidence.Input(W, NOW, 5042002, flagged,
        new AttestationFacts(2, 1, 70), 9L, List.of(reads)));
  }

  @Test
  void seasonedCounterpartiesAreThoseFirstMetNinetyDaysOrMoreBeforeTheRun() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history", new ChainOutcome.History(List.of(
        tx(B, W, 100, daysAgo(400), true),      // the funder, long ago
        tx(W, B, 5, daysAgo(2), true),          // met again lately: still first met 400 days ago
        tx(W, C, 1, daysAgo(90), true),         // exactly 90 days: seasoned
        tx(W, D, 1, daysAgo(89), true),         // 89 days: not yet
        tx(E, W, 1, daysAgo(3), true)), false));
    var base = new ChainRead(8453, "Base", "history", new ChainOutcome.History(List.of(
        tx(W, D, 1, daysAgo(200), true)), false));   // D was met on another chain 200 days ago
    assertThat(run(Set.of(), arc).orElseThrow().evidence().seasonedCounterparties()).isEqualTo(2);
    assertThat(run(Set.of(), arc, base).orElseThrow().evidence().seasonedCounterparties()).isEqualTo(3);
  }

  @Test
  void historyCountsDirectionsValueAndTimesPerCounterparty() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history", new ChainOutcome.History(List.of(
        tx(W, B, 100, daysAgo(1), true),
        tx(B, W, 7, daysAgo(3), true),
        tx(W, B, 50, daysAgo(5), false),        // reverted: counted, no value, a failed tx
        tx(W, C, 1, daysAgo(40), true),
        tx(D, E, 999, daysAgo(2), true),        // only touches the wallet internally: skipped
        tx(W, W, 5, daysAgo(10), true),         // self transfer: a transaction, no counterparty
        create(W, D, daysAgo(400))), false));
    NewSnapshot s = run(Set.of(), arc).orElseThrow();

    Evidence e = s.evidence();
    assertThat(e.totalTxCount()).isEqualTo(6);
    assertThat(e.arcTxCount()).isEqualTo(6);
    assertThat(e.failedTxCount()).isEqualTo(1);
    assertThat(e.walletAgeDays()).isEqualTo(400);
    assertThat(e.uniqueCounterparties()).isEqualTo(3);
    assertThat(e.activeChains()).isEqualTo(1);
    assertThat(e.acceptedAttestations()).isEqualTo(2);
    assertThat(e.peerScoreSum()).isEqualTo(70);
    assertThat(s.firstActivityAt()).isEqualTo(daysAgo(400));
    assertThat(s.jobId()).isEqualTo(9L);

    assertThat(s.counterparties()).containsExactly(
        new NewSnapshot.CounterpartyRow(B, 5042002, true, 1, 2, daysAgo(5), daysAgo(1),
            BigInteger.valueOf(7), BigInteger.valueOf(100)),
        new NewSnapshot.CounterpartyRow(C, 5042002, true, 0, 1, daysAgo(40), daysAgo(40),
            BigInteger.ZERO, BigInteger.ONE),
        new NewSnapshot.CounterpartyRow(D, 5042002, true, 0, 1, daysAgo(400), daysAgo(400),
            BigInteger.ZERO, BigInteger.ZERO));
    // The per-chain figures a later run needs to carry this chain forward.
    assertThat(s.chains()).containsExactly(new NewSnapshot.ChainRow(5042002, "Arc Testnet", "indexed",
        false, false, false, true, "otterscan", 6, 3, NOW, List.of(), daysAgo(400), 1L, true));
  }

  @Test
  void cappedHistoryAggregateAndFailedChainsGiveTheirCoverageStates() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history",
        new ChainOutcome.History(List.of(tx(B, W, 1, daysAgo(2), true)), true));
    var polygon = new ChainRead(137, "Polygon", "aggregate",
        new ChainOutcome.Aggregate(12, BigInteger.TEN, false, false));
    var bnb = new ChainRead(56, "BNB Chain", "aggregate",
        new ChainOutcome.Aggregate(0, BigInteger.ZERO, false, false));
    var eth = new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.Failed(false, "BUSY"));
    var base = new ChainRead(8453, "Base", "history", new ChainOutcome.Failed(true, "WRONG_CHAIN"));
    NewSnapshot s = run(Set.of(), arc, polygon, bnb, eth, base).orElseThrow();

    assertThat(s.chains()).extracting(NewSnapshot.ChainRow::status)
        .containsExactly("indexed", "limited", "limited", "error", "error");
    assertThat(s.chains().get(0).historyCapped()).isTrue();
    assertThat(s.chains().get(1)).isEqualTo(new NewSnapshot.ChainRow(137, "Polygon", "limited", false, true,
        null, null, "rpc", 12, 0, NOW, List.of(), null, 0L, true));
    assertThat(s.chains().get(3)).isEqualTo(new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "error", true, false,
        null, null, "otterscan", 0, 0, NOW));
    assertThat(s.chains().get(4).transient_()).isFalse();
    assertThat(s.chains().get(4).standing()).isTrue();
    assertThat(s.activeChains()).containsExactly("Arc Testnet", "Polygon");
    assertThat(s.evidence().totalTxCount()).isEqualTo(13);
    assertThat(s.counterparties()).hasSize(1);
  }

  @Test
  void contractAccountNonceIsNotTransactionCount() {
    var polygon = new ChainRead(137, "Polygon", "aggregate",
        new ChainOutcome.Aggregate(3, BigInteger.ZERO, true, false));
    NewSnapshot s = run(Set.of(), polygon).orElseThrow();
    assertThat(s.evidence().totalTxCount()).isZero();
    assertThat(s.activeChains()).containsExactly("Polygon");
    assertThat(s.evidence().walletAgeDays()).isZero();
    assertThat(s.firstActivityAt()).isNull();
  }

  @Test
  void noUsableChainGivesNothingToCommit() {
    var eth = new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.Failed(false, "timeout"));
    var base = new ChainRead(8453, "Base", "history", new ChainOutcome.Failed(true, "wrong chain"));
    assertThat(run(Set.of(), eth, base)).isEmpty();
    assertThat(run(Set.of())).isEmpty();
  }

  static final Instant EARLIER = NOW.minus(Duration.ofHours(3));

  /** The wallet's latest snapshot: Arc and Ethereum indexed three hours ago, BNB already an error. */
  static PriorEvidence prior() {
    var ethRow = new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "indexed", false, false, true, true, "etherscan",
        40, 2, EARLIER, List.of(), daysAgo(900), 3L, true);
    var bnbRow = new NewSnapshot.ChainRow(56, "BNB Chain", "error", true, false, null, null, "rpc", 0, 0, EARLIER);
    var arcRow = new NewSnapshot.ChainRow(5042002, "Arc Testnet", "indexed", false, false, false, true, "otterscan",
        1, 1, EARLIER, List.of(), daysAgo(2), 0L, true);
    return new PriorEvidence(7, Map.of(
        1L, new PriorEvidence.Chain(ethRow, List.of(
            new NewSnapshot.CounterpartyRow(C, 1, true, 0, 30, daysAgo(900), daysAgo(20), BigInteger.ZERO, BigInteger.TEN),
            new NewSnapshot.CounterpartyRow(B, 1, true, 10, 0, daysAgo(800), daysAgo(30), BigInteger.TWO, BigInteger.ZERO))),
        56L, new PriorEvidence.Chain(bnbRow, List.of()),
        5042002L, new PriorEvidence.Chain(arcRow, List.of())));
  }

  static Optional<NewSnapshot> runAfter(PriorEvidence prior, ChainRead... reads) {
    return RunEvidence.snapshot(new RunEvidence.Input(W, NOW, 5042002, ScreeningSet.of("CONFIG", Set.of(C)),
        new AttestationFacts(0, 0, 0), 10L, List.of(reads), prior));
  }

  @Test
  void aChainThatFailsTransientlyKeepsItsEarlierEvidenceMarkedTransientWithItsOwnTime() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history",
        new ChainOutcome.History(List.of(tx(W, B, 1, daysAgo(1), true), tx(B, W, 1, daysAgo(2), true)), false));
    var eth = new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.Failed(false, "HTTP_503"));
    var bnb = new ChainRead(56, "BNB Chain", "aggregate", new ChainOutcome.Failed(false, "timeout"));
    NewSnapshot s = runAfter(prior(), arc, eth, bnb).orElseThrow();

    assertThat(s.evidence().totalTxCount()).isEqualTo(42);
    assertThat(s.evidence().failedTxCount()).isEqualTo(3);
    assertThat(s.evidence().walletAgeDays()).isEqualTo(900);
    assertThat(s.evidence().uniqueCounterparties()).isEqualTo(2);
    assertThat(s.evidence().flaggedCounterparties()).isEqualTo(1);     // a carried counterparty is still screened
    assertThat(s.activeChains()).containsExactly("Arc Testnet", "Ethereum Mainnet");
    assertThat(s.chains().get(1)).isEqualTo(new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "indexed", true, false,
        true, false, "etherscan", 40, 2, EARLIER, List.of(), daysAgo(900), 3L, true));
    // BNB had no evidence to keep: still an error, read now.
    assertThat(s.chains().get(2)).extracting(NewSnapshot.ChainRow::status, NewSnapshot.ChainRow::indexedAt)
        .containsExactly("error", NOW);
    assertThat(s.counterparties()).filteredOn(c -> c.chainId() == 1).hasSize(2);
  }

  @Test
  void aStandingFailureCarriesNothing() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history",
        new ChainOutcome.History(List.of(tx(W, B, 1, daysAgo(1), true)), false));
    var eth = new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.Failed(true, "WRONG_CHAIN"));
    NewSnapshot s = runAfter(prior(), arc, eth).orElseThrow();
    assertThat(s.evidence().totalTxCount()).isEqualTo(1);
    assertThat(s.chains().get(1).status()).isEqualTo("error");
    assertThat(s.chains().get(1).standing()).isTrue();
  }

  @Test
  void aFirstIndexWithNoActivityWhileAChainFailedIsRefusedNotAConfidentZero() {
    var quietArc = new ChainRead(5042002, "Arc Testnet", "history", new ChainOutcome.History(List.of(), false));
    var eth = new ChainRead(1, "Ethereum Mainnet", "history", new ChainOutcome.Failed(false, "HTTP_503"));
    assertThat(RunEvidence.refusal(W, List.of(quietArc, eth), null)).hasValueSatisfying(why ->
        assertThat(why).contains("Ethereum Mainnet").contains("HTTP_503"));
    // With evidence to keep, or activity found, or nothing failed, the run commits.
    assertThat(RunEvidence.refusal(W, List.of(quietArc, eth), prior())).isEmpty();
    var activeArc = new ChainRead(5042002, "Arc Testnet", "history",
        new ChainOutcome.History(List.of(tx(B, W, 1, daysAgo(1), true)), false));
    assertThat(RunEvidence.refusal(W, List.of(activeArc, eth), null)).isEmpty();
    assertThat(RunEvidence.refusal(W, List.of(quietArc), null)).isEmpty();
    assertThat(RunEvidence.transientlyFailed(List.of(quietArc, eth))).containsExactly(1L);
  }

  @Test
  void counterpartiesAreDistinctAcrossChainsAndFlaggedOnesCountOnce() {
    var arc = new ChainRead(5042002, "Arc Testnet", "history",
        new ChainOutcome.History(List.of(tx(W, B, 1, daysAgo(1), true), tx(C, W, 1, daysAgo(1), true)), false));
    var eth = new ChainRead(1, "Ethereum Mainnet", "history",
        new ChainOutcome.History(List.of(tx(W, B, 3, daysAgo(9), true)), false));
    NewSnapshot s = run(Set.of(B, E), arc, eth).orElseThrow();
    assertThat(s.evidence().uniqueCounterparties()).isEqualTo(2);
    assertThat(s.evidence().flaggedCounterparties()).isEqualTo(1);
    assertThat(s.evidence().arcTxCount()).isEqualTo(2);
    assertThat(s.evidence().totalTxCount()).isEqualTo(3);
    assertThat(s.counterparties()).hasSize(3);
    assertThat(s.score().breakdown().riskPenalty()).isNegative();
  }
}
