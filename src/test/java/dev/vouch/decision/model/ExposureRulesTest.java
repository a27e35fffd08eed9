package dev.vouch.decision.model;

import static dev.vouch.decision.model.Inputs.FULL;
import static dev.vouch.decision.model.Inputs.TRUSTED;
import static dev.vouch.decision.model.Inputs.input;
import static dev.vouch.decision.model.Inputs.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.indexing.model.TokenFlows;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.HopFlow;
import dev.vouch.exposure.model.HopShare;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.score.model.Evidence;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** decision_v0.6 exposure rules, from flows through the exposure model to the verdict. */
class ExposureRulesTest {

  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final String MIXER = "0x" + "11".repeat(20);
  static final String PAYER = "0x" + "f0".repeat(20);
  static final String HOP = "0x" + "b0".repeat(20);
  static final String USDC = "0x" + "c0".repeat(20);
  static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
  static final LabelSet LABELS = LabelSet.of(List.of(
      new Label(SANCTIONED, null, Category.sanctioned, "Lazarus", "OFAC_SDN"),
      new Label(MIXER, null, Category.mixer, "Tornado", "LABELS")), "v1");
  // Strong, seasoned history with one listed counterparty: under v0.5 its -30 alone blocked.
  static final Evidence STRONG_ONE_FLAGGED = new Evidence(800, 4, 1200, 40, 30, 1, 0, 9, 8, 500, 10);

  static Flow usdc(String cp, int txIn, int txOut, String usdIn, String usdOut) {
    BigDecimal in = new BigDecimal(usdIn);
    BigDecimal out = new BigDecimal(usdOut);
    return new Flow(cp, 1, USDC, "USDC", txIn, txOut, in.movePointRight(6).toBigInteger(),
        out.movePointRight(6).toBigInteger(), in, out, T, T, List.of());
  }

  static Flow eth(String cp, int txIn, int txOut) {
    return Flow.nativeFlow(cp, 1, "ETH", txIn, txOut, BigInteger.valueOf(txIn), BigInteger.valueOf(txOut), T, T);
  }

  static Decision decide(List<Flow> flows, List<HopFlow> hops) {
    ExposureSummary s = ExposureModel.compute(Inputs.WALLET, flows, hops, LABELS).summary();
    return DecisionModel.decide(input(UseCase.payment, snapshot(STRONG_ONE_FLAGGED, Duration.ofHours(1), FULL), TRUSTED)
        .withExposure(s));
  }

  static List<String> reasons(Decision d) {
    return d.reasons().stream().map(Coded::code).toList();
  }

  static List<String> warnings(Decision d) {
    return d.warnings().stream().map(Coded::code).toList();
  }

  @Test
  void outboundValueToASanctionedAddressBlocks() {
    Decision d = decide(List.of(eth(SANCTIONED, 0, 1), usdc(PAYER, 5, 0, "5000", "0")), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(reasons(d)).containsExactly("EXPOSURE_SANCTIONED_OUT");
    assertThat(d.riskLevel()).isEqualTo("High Risk");
    assertThat(d.recommendedLimit().amountUsdc()).isZero();
    assertThat(d.evidence().used()).contains("exposure");
  }

  @Test
  void inboundFromASanctionedAddressAboveDustInValueAndShareBlocks() {
    Decision d = decide(List.of(usdc(SANCTIONED, 1, 0, "500", "0"), usdc(PAYER, 5, 0, "9500", "0")), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(reasons(d)).containsExactly("EXPOSURE_SANCTIONED_IN");
    assertThat(d.reasons().get(0).message()).contains("500.00 USD", "5 %");
  }

  @Test
  void unsolicitedDustFromASanctionedAddressOnlyWarns() {
    // The 2022 dusting: a tiny transfer the wallet never answered. The v0.5 penalty would block.
    Decision valued = decide(List.of(usdc(SANCTIONED, 1, 0, "0.10", "0"), usdc(PAYER, 5, 0, "5000", "0")), List.of());
    assertThat(valued.decision()).isEqualTo(Verdict.allow);
    assertThat(warnings(valued)).containsExactly("EXPOSURE_SANCTIONED_DUST");
    Decision nativeDust = decide(List.of(eth(SANCTIONED, 1, 0), usdc(PAYER, 5, 0, "5000", "0")), List.of());
    assertThat(nativeDust.decision()).isEqualTo(Verdict.allow);
    assertThat(warnings(nativeDust)).containsExactly("EXPOSURE_SANCTIONED_DUST");
    // Without exposure known, v0.5's penalty rule still applies to the same snapshot.
    Decision legacy = DecisionModel.decide(input(UseCase.payment,
        snapshot(STRONG_ONE_FLAGGED, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(legacy.decision()).isEqualTo(Verdict.block);
  }

  @Test
  void dustEvenAWholeShareOfAFreshWalletsInflowNeverBlocks() {
    Decision d = decide(List.of(usdc(SANCTIONED, 1, 0, "5", "0")), List.of());
    assertThat(d.decision()).isNotEqualTo(Verdict.block);
    assertThat(warnings(d)).contains("EXPOSURE_SANCTIONED_DUST");
  }

  @Test
  void sanctionedInflowAboveDustButUnderTheShareIsCaution() {
    Decision d = decide(List.of(usdc(SANCTIONED, 1, 0, "200", "0"), usdc(PAYER, 5, 0, "99800", "0")), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(d)).containsExactly("EXPOSURE_SANCTIONED_IN_MINOR");
  }

  @Test
  void valuedDustSpreadOverChainsIsStillDustByItsSum() {
    // The devnet's victim: one 0.01 USDC transfer on each of four chains, never answered.
    List<Flow> flows = new java.util.ArrayList<>();
    for (long chain = 1; chain <= 4; chain++) {
      flows.add(new Flow(SANCTIONED, chain, USDC, "USDC", 1, 0, BigInteger.valueOf(10_000), BigInteger.ZERO,
          new BigDecimal("0.01"), null, T, T, List.of()));
    }
    flows.add(usdc(PAYER, 5, 0, "5000", "0"));
    Decision d = decide(flows, List.of());
    assertThat(d.decision()).isEqualTo(Verdict.allow);
    assertThat(warnings(d)).containsExactly("EXPOSURE_SANCTIONED_DUST");
    // Three unvalued native transfers beside them are more than the count Vouch accepts unsized.
    flows.add(eth(SANCTIONED, 3, 0));
    Decision more = decide(flows, List.of());
    assertThat(reasons(more)).containsExactly("EXPOSURE_SANCTIONED_IN_MINOR");
  }

  @Test
  void repeatedUnvaluedSanctionedInflowIsCautionNotDust() {
    Decision d = decide(List.of(eth(SANCTIONED, 3, 0), usdc(PAYER, 5, 0, "5000", "0")), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(d)).containsExactly("EXPOSURE_SANCTIONED_IN_MINOR");
  }

  @Test
  void mixerInflowAboveTheShareIsCaution() {
    Decision over = decide(List.of(usdc(MIXER, 1, 0, "600", "0"), usdc(PAYER, 5, 0, "9400", "0")), List.of());
    assertThat(over.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(over)).containsExactly("EXPOSURE_HIGH_RISK_IN");
    Decision under = decide(List.of(usdc(MIXER, 1, 0, "400", "0"), usdc(PAYER, 5, 0, "9600", "0")), List.of());
    assertThat(under.decision()).isEqualTo(Verdict.allow);
  }

  @Test
  void payingAMixerIsCaution() {
    Decision d = decide(List.of(eth(MIXER, 0, 1), usdc(PAYER, 5, 0, "5000", "0")), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(d)).containsExactly("EXPOSURE_HIGH_RISK_OUT");
  }

  static Decision decideSummary(ExposureSummary s) {
    return DecisionModel.decide(input(UseCase.payment, snapshot(STRONG_ONE_FLAGGED, Duration.ofHours(1), FULL), TRUSTED)
        .withExposure(s));
  }

  static ExposureSummary indirectAt(int hops, String share) {
    return new ExposureSummary("indirect", List.of(), List.of(), 0, 0, BigDecimal.ZERO.setScale(2), null, false, 0,
        BigDecimal.ZERO.setScale(2), null, 0, new BigDecimal(share), "v1", List.of(new HopShare(hops, new BigDecimal(share))));
  }

  @Test
  void decisionV07AsksALargerIndirectShareTheMoreHopsAPathHasAndNeverBlocks() {
    // Thresholds 10 %, 25 %, 50 % at 1, 2, 3 hops: each boundary on both sides.
    String[][] cases = {{"1", "0.0999", "allow"}, {"1", "0.1000", "caution"}, {"2", "0.2499", "allow"},
        {"2", "0.2500", "caution"}, {"3", "0.4999", "allow"}, {"3", "0.5000", "caution"}, {"3", "1.0000", "caution"}};
    for (String[] c : cases) {
      Decision d = decideSummary(indirectAt(Integer.parseInt(c[0]), c[1]));
      assertThat(d.decision().name()).as("%s hops at %s", c[0], c[1]).isEqualTo(c[2]);
      assertThat(reasons(d)).as("%s hops at %s", c[0], c[1])
          .isEqualTo(c[2].equals("allow") ? List.of() : List.of("EXPOSURE_INDIRECT_SANCTIONED"));
    }
    assertThat(DecisionModel.VERSION).isEqualTo("decision_v0.7");
  }

  @Test
  void aSummaryStoredBeforeHopCountsKeepsTheOneHopThreshold() {
    ExposureSummary v2 = new ExposureSummary("indirect", List.of(), List.of(), 0, 0, BigDecimal.ZERO.setScale(2), null,
        false, 0, BigDecimal.ZERO.setScale(2), null, 0, new BigDecimal("0.1000"), "v1");
    assertThat(reasons(decideSummary(v2))).containsExactly("EXPOSURE_INDIRECT_SANCTIONED");
  }

  @Test
  void indirectSanctionedExposureAboveTheShareIsCaution() {
    // 30 % of W's inflow came from HOP, and all of HOP's inflow from a sanctioned address: 30 %.
    List<Flow> flows = List.of(usdc(HOP, 1, 0, "3000", "0"), usdc(PAYER, 5, 0, "7000", "0"));
    Decision over = decide(flows, List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, "3000", "0"))));
    assertThat(over.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(over)).containsExactly("EXPOSURE_INDIRECT_SANCTIONED");
    // 5 % of HOP's inflow was sanctioned: 1.5 % of W's, under the share.
    Decision under = decide(flows, List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, "5", "0")),
        new HopFlow(HOP, usdc(PAYER, 1, 0, "95", "0"))));
    assertThat(under.decision()).isEqualTo(Verdict.allow);
  }

  @Test
  void sameEvidenceSameDecision() {
    List<Flow> flows = List.of(usdc(SANCTIONED, 1, 0, "0.10", "0"), usdc(MIXER, 0, 1, "0", "20"),
        usdc(HOP, 1, 0, "3000", "0"));
    List<HopFlow> hops = List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, "3000", "0")));
    List<Flow> reversed = new java.util.ArrayList<>(flows);
    java.util.Collections.reverse(reversed);
    assertThat(decide(flows, hops)).isEqualTo(decide(reversed, hops));
  }

  // Issue 35, items 4 and 5: the score, and mints in the shares' denominators.

  static final long ARC_ID = 5042002;
  static final String LISTED_TOO = "0x" + "5b".repeat(20);
  static final String ZERO = "0x" + "0".repeat(40);
  static int seq;

  static ChainTx tx(String from, String to, Instant at) {
    seq++;
    return new ChainTx("0x" + String.format("%064x", seq), seq, 0, at, from, to, null, BigInteger.ONE, true);
  }

  static TokenTransfer usdcTransfer(String from, String to, String dollars, Instant at) {
    seq++;
    return new TokenTransfer("0x" + String.format("%064x", seq), seq, 0, at, USDC, "USDC", 6, true, from, to,
        new BigDecimal(dollars).movePointRight(6).toBigIntegerExact());
  }

  /**
   * A payment wallet's own history scoring 65 with no listed counterparty: 400 days old (16), one
   * chain (3), 21 Arc transactions (15 and 6), 10 or 11 counterparties (11), 4 attesting peers
   * (12) and 100 points of peers' scores (2); plus {@code extra} transactions and {@code tokens}.
   */
  static NewSnapshot indexed(List<ChainTx> extra, List<TokenTransfer> tokens) {
    List<ChainTx> txs = new ArrayList<>();
    Instant old = Inputs.NOW.minus(Duration.ofDays(400));
    for (int i = 0; i < 10; i++) {
      String peer = "0x" + String.format("%040x", 0x7000 + i);
      txs.add(tx(peer, Inputs.WALLET, old.plusSeconds(i)));
      txs.add(tx(Inputs.WALLET, peer, old.plusSeconds(100 + i)));
    }
    txs.addAll(extra);
    List<TokenTransfer> newestFirst = new ArrayList<>(tokens);
    newestFirst.sort((x, y) -> Long.compare(y.blockNumber(), x.blockNumber()));
    ChainRead read = new ChainRead(ARC_ID, Inputs.ARC, "history", new ChainOutcome.History(txs, false), null,
        List.of(), new TokenOutcome(newestFirst, 0, false));
    return RunEvidence.snapshot(new RunEvidence.Input(Inputs.WALLET, Inputs.NOW, ARC_ID,
        ScreeningSet.of("OFAC_SDN", List.of(SANCTIONED, LISTED_TOO)), new AttestationFacts(4, 4, 100), 1L, List.of(read)))
        .orElseThrow();
  }

  /** The snapshot decided with the exposure of its own rows, as the commit computes it. */
  static Decision decideIndexed(NewSnapshot s) {
    List<Flow> flows = new ArrayList<>();
    for (NewSnapshot.CounterpartyRow c : s.counterparties()) {
      flows.add(Flow.nativeFlow(c.counterparty(), c.chainId(), "ETH", c.txIn(), c.txOut(), c.valueIn(), c.valueOut(),
          c.firstAt(), c.lastAt()));
    }
    s.tokenFlows().forEach(f -> flows.add(tokenFlow(f)));
    ExposureSummary summary = ExposureModel.compute(Inputs.WALLET, flows, List.of(), LABELS).summary();
    CommittedSnapshot snap = new CommittedSnapshot(s.score().score(), s.score().breakdown(), s.evidence(),
        s.score().modelVersion(), Inputs.NOW.minus(Duration.ofHours(1)), List.of(Inputs.ARC), FULL, s.flaggedLists());
    return DecisionModel.decide(input(UseCase.payment, snap, TRUSTED).withExposure(summary));
  }

  static Flow tokenFlow(NewSnapshot.TokenFlowRow f) {
    return new Flow(f.counterparty(), f.chainId(), f.token(), f.symbol(), f.txIn(), f.txOut(), f.valueIn(),
        f.valueOut(), f.usdIn(), f.usdOut(), f.firstAt(), f.lastAt(), f.txHashes());
  }

  @Test
  void unsolicitedNativeDustFromASanctionedAddressCostsAScoreSixtyFivePaymentWalletNothing() {
    assertThat(indexed(List.of(), List.of()).score().score()).isEqualTo(65);
    // One 1-wei transfer from a sanctioned address, never answered: under identity_score_v3 its
    // -30 made the wallet 35, below the payment minimum (caution, a lower band, "High Risk").
    NewSnapshot dusted = indexed(List.of(tx(SANCTIONED, Inputs.WALLET, Inputs.NOW.minus(Duration.ofDays(2)))), List.of());
    assertThat(dusted.evidence().flaggedCounterparties()).isEqualTo(1);
    assertThat(dusted.flaggedLists()).containsEntry("OFAC_SDN", 1);
    assertThat(dusted.score().breakdown().riskPenalty()).isZero();
    assertThat(dusted.score().score()).isEqualTo(65);
    assertThat(dusted.score().riskLevel().label()).isEqualTo("Reliable");
    Decision d = decideIndexed(dusted);
    assertThat(d.decision()).isEqualTo(Verdict.allow);
    assertThat(reasons(d)).isEmpty();
    assertThat(warnings(d)).containsExactly("EXPOSURE_SANCTIONED_DUST");
    assertThat(d.riskLevel()).isEqualTo("Reliable");
  }

  @Test
  void aListedCounterpartyStillCostsThirtyWhenPaidOrAboveDust() {
    Instant recent = Inputs.NOW.minus(Duration.ofDays(2));
    // The wallet paid it back: only the wallet can send, so that is a relationship, not dust.
    NewSnapshot paid = indexed(List.of(tx(SANCTIONED, Inputs.WALLET, recent), tx(Inputs.WALLET, SANCTIONED, recent)),
        List.of());
    assertThat(paid.score().breakdown().riskPenalty()).isEqualTo(-30);
    assertThat(decideIndexed(paid).decision()).isEqualTo(Verdict.block);
    // Three unvalued transfers: more than the count accepted unsized.
    NewSnapshot repeated = indexed(List.of(tx(SANCTIONED, Inputs.WALLET, recent), tx(SANCTIONED, Inputs.WALLET, recent),
        tx(SANCTIONED, Inputs.WALLET, recent)), List.of());
    assertThat(repeated.score().breakdown().riskPenalty()).isEqualTo(-30);
    // 150 USD of valued inflow, never answered: above the dust bound.
    NewSnapshot valued = indexed(List.of(), List.of(usdcTransfer(SANCTIONED, Inputs.WALLET, "150", recent)));
    assertThat(valued.evidence().flaggedCounterparties()).isEqualTo(1);
    assertThat(valued.score().breakdown().riskPenalty()).isEqualTo(-30);
    // Valued dust and a native transfer together, never answered: still dust, costs nothing.
    NewSnapshot both = indexed(List.of(tx(SANCTIONED, Inputs.WALLET, recent)),
        List.of(usdcTransfer(SANCTIONED, Inputs.WALLET, "50", recent)));
    assertThat(both.score().breakdown().riskPenalty()).isZero();
    assertThat(decideIndexed(both).decision()).isEqualTo(Verdict.allow);
    // Two unanswered listed senders of 60 USD each: dust is judged on their sum (120), so both cost.
    NewSnapshot two = indexed(List.of(), List.of(usdcTransfer(SANCTIONED, Inputs.WALLET, "60", recent),
        usdcTransfer(LISTED_TOO, Inputs.WALLET, "60", recent)));
    assertThat(two.evidence().flaggedCounterparties()).isEqualTo(2);
    assertThat(two.score().breakdown().riskPenalty()).isEqualTo(-60);
  }

  @Test
  void aMintCountsInTheValuedInflowSoASmallSanctionedPaymentIsUnderTheShare() {
    // USDC minted to the wallet by a bridge (CCTP mints from the zero address), then 150 USD from
    // a sanctioned address: 0.015 % of the valued inflow, above dust but under the 1 % share.
    Instant t = Inputs.NOW.minus(Duration.ofDays(10));
    List<NewSnapshot.TokenFlowRow> rows = TokenFlows.of(Inputs.WALLET, 1, List.of(
        usdcTransfer(SANCTIONED, Inputs.WALLET, "150", t.plusSeconds(60)),
        usdcTransfer(ZERO, Inputs.WALLET, "1000000", t)));
    Decision d = decide(rows.stream().map(ExposureRulesTest::tokenFlow).toList(), List.of());
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(reasons(d)).containsExactly("EXPOSURE_SANCTIONED_IN_MINOR");
    assertThat(d.exposure().sanctionedInShare()).isEqualByComparingTo("0.0001");
    // The zero address is no labelled counterparty, nor a source category.
    assertThat(d.exposure().sourceCategories()).containsExactly(Category.sanctioned);
  }
}
