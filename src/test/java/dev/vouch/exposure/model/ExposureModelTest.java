package dev.vouch.exposure.model;

import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExposureModelTest {

  static final String W = "0x" + "aa".repeat(20);
  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final String MIXER = "0x" + "11".repeat(20);
  static final String EXCHANGE = "0x" + "e0".repeat(20);
  static final String FRIEND = "0x" + "f0".repeat(20);
  static final String HOP = "0x" + "b0".repeat(20);
  static final String USDC = "0x" + "c0".repeat(20);
  static final long CHAIN = 1;
  static final Instant T1 = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant T2 = Instant.parse("2026-02-01T00:00:00Z");

  static final LabelSet LABELS = LabelSet.of(List.of(
      new Label(SANCTIONED, null, Category.sanctioned, "Lazarus", "OFAC_SDN"),
      new Label(MIXER, CHAIN, Category.mixer, "Tornado", "LABELS"),
      new Label(EXCHANGE, 999L, Category.exchange, "Other-chain only", "LABELS")), "v1");

  /** A USDC flow with whole-dollar values (6 decimals). */
  static Flow usdc(String cp, int txIn, int txOut, long usdIn, long usdOut) {
    return new Flow(cp, CHAIN, USDC, "USDC", txIn, txOut, BigInteger.valueOf(usdIn * 1_000_000),
        BigInteger.valueOf(usdOut * 1_000_000), BigDecimal.valueOf(usdIn), BigDecimal.valueOf(usdOut), T1, T2,
        List.of("0x" + "01".repeat(32)));
  }

  static Flow eth(String cp, int txIn, int txOut, long weiIn, long weiOut) {
    return Flow.nativeFlow(cp, CHAIN, "ETH", txIn, txOut, BigInteger.valueOf(weiIn), BigInteger.valueOf(weiOut), T1, T2);
  }

  static CategoryExposure find(List<CategoryExposure> l, Category c, Direction d) {
    return l.stream().filter(x -> x.category() == c && x.direction() == d).findFirst().orElse(null);
  }

  @Test
  void directExposureSplitsSourceAndDestinationWithUsdSharesOfTheValuedFlow() {
    Exposure e = ExposureModel.compute(W, List.of(
        usdc(SANCTIONED, 1, 0, 300, 0), usdc(MIXER, 0, 2, 0, 250), usdc(FRIEND, 3, 1, 700, 750),
        eth(SANCTIONED, 2, 0, 5, 0)), List.of(), LABELS);
    assertThat(e.valuedInUsd()).isEqualByComparingTo("1000");
    assertThat(e.valuedOutUsd()).isEqualByComparingTo("1000");
    CategoryExposure in = find(e.direct(), Category.sanctioned, Direction.in);
    // One counterparty; native transfers count without value.
    assertThat(in.counterparties()).isEqualTo(1);
    assertThat(in.transfers()).isEqualTo(3);
    assertThat(in.usd()).isEqualByComparingTo("300");
    assertThat(in.share()).isEqualByComparingTo("0.3");
    CategoryExposure out = find(e.direct(), Category.mixer, Direction.out);
    assertThat(out.share()).isEqualByComparingTo("0.25");
    assertThat(find(e.direct(), Category.sanctioned, Direction.out)).isNull();
    assertThat(e.summary().sanctions()).isEqualTo("direct");
    assertThat(e.summary().sourceCategories()).containsExactly(Category.sanctioned);
    assertThat(e.summary().destinationCategories()).containsExactly(Category.mixer);
    assertThat(e.summary().sanctionedInUnsolicited()).isTrue();
    assertThat(e.summary().highRiskOutTransfers()).isEqualTo(2);
    assertThat(e.summary().labelsVersion()).isEqualTo("v1");
  }

  @Test
  void evidenceNamesCounterpartyLabelDirectionValueTimesAndHashesLargestFirst() {
    Exposure e = ExposureModel.compute(W, List.of(usdc(SANCTIONED, 1, 0, 300, 0), eth(SANCTIONED, 2, 0, 5, 0)),
        List.of(), LABELS);
    assertThat(e.evidence()).hasSize(2);
    EvidenceItem first = e.evidence().get(0);
    assertThat(first.counterparty()).isEqualTo(SANCTIONED);
    assertThat(first.label()).isEqualTo("Lazarus");
    assertThat(first.source()).isEqualTo("OFAC_SDN");
    assertThat(first.direction()).isEqualTo(Direction.in);
    assertThat(first.value()).isEqualTo("300000000");
    assertThat(first.usd()).isEqualByComparingTo("300");
    assertThat(first.firstAt()).isEqualTo(T1);
    assertThat(first.lastAt()).isEqualTo(T2);
    assertThat(first.txHashes()).hasSize(1);
    EvidenceItem nativeItem = e.evidence().get(1);
    assertThat(nativeItem.token()).isNull();
    assertThat(nativeItem.usd()).isNull();
    assertThat(nativeItem.value()).isEqualTo("5");
  }

  @Test
  void aLabelForAnotherChainDoesNotApply() {
    Exposure e = ExposureModel.compute(W, List.of(usdc(EXCHANGE, 1, 1, 10, 10)), List.of(), LABELS);
    assertThat(e.direct()).isEmpty();
    assertThat(e.summary().sanctions()).isEqualTo("none");
  }

  @Test
  void paidBackSanctionedInflowIsNotUnsolicited() {
    Exposure e = ExposureModel.compute(W, List.of(eth(SANCTIONED, 1, 0, 5, 0), usdc(SANCTIONED, 0, 1, 0, 1)),
        List.of(), LABELS);
    assertThat(e.summary().sanctionedInUnsolicited()).isFalse();
    assertThat(e.summary().sanctionedOutTransfers()).isEqualTo(1);
  }

  @Test
  void indirectExposureIsWeightedByTheValueBetweenWalletAndIntermediary() {
    // W received 400 of its 1000 USD inflow from HOP; half of HOP's inflow came from a sanctioned address.
    List<Flow> flows = List.of(usdc(HOP, 2, 0, 400, 0), usdc(FRIEND, 1, 0, 600, 0));
    List<HopFlow> hops = List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, 500, 0)),
        new HopFlow(HOP, usdc(EXCHANGE, 1, 0, 500, 0)), new HopFlow(HOP, usdc(W, 0, 2, 0, 400)));
    Exposure e = ExposureModel.compute(W, flows, hops, LABELS);
    assertThat(e.direct()).isEmpty();
    CategoryExposure ind = find(e.indirect(), Category.sanctioned, Direction.in);
    assertThat(ind.counterparties()).isEqualTo(1);
    assertThat(ind.usd()).isEqualByComparingTo("200");
    assertThat(ind.share()).isEqualByComparingTo("0.2");
    assertThat(e.summary().sanctions()).isEqualTo("indirect");
    assertThat(e.summary().indirectSanctionedShare()).isEqualByComparingTo("0.2");
    assertThat(e.evidence()).singleElement().satisfies(i -> {
      assertThat(i.via()).isEqualTo(HOP);
      assertThat(i.counterparty()).isEqualTo(SANCTIONED);
    });
  }

  @Test
  void givenTotalsOfAnIntermediaryWeighLikeItsWholeHistory() {
    // The store reads only labelled hop rows plus each intermediary's valued totals.
    List<Flow> flows = List.of(usdc(HOP, 2, 0, 400, 0), usdc(FRIEND, 1, 0, 600, 0));
    List<HopFlow> all = List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, 500, 0)),
        new HopFlow(HOP, usdc(FRIEND, 1, 0, 500, 0)));
    Exposure whole = ExposureModel.compute(W, flows, all, LABELS);
    Exposure labelledOnly = ExposureModel.compute(W, flows, all.subList(0, 1),
        List.of(new ExposureModel.ViaTotals(HOP, BigDecimal.valueOf(1000), BigDecimal.ZERO)), LABELS);
    assertThat(labelledOnly).isEqualTo(whole);
  }

  @Test
  void nativeHopsCountButCarryNoValueAndOppositeDirectionsDoNotChain() {
    // W paid HOP natively; HOP received from a sanctioned address: no path for W's source of funds.
    List<Flow> flows = List.of(eth(HOP, 0, 1, 0, 10));
    List<HopFlow> hops = List.of(new HopFlow(HOP, eth(SANCTIONED, 1, 0, 10, 0)), new HopFlow(HOP, eth(MIXER, 0, 1, 0, 3)));
    Exposure e = ExposureModel.compute(W, flows, hops, LABELS);
    assertThat(find(e.indirect(), Category.sanctioned, Direction.in)).isNull();
    CategoryExposure mixerOut = find(e.indirect(), Category.mixer, Direction.out);
    assertThat(mixerOut.counterparties()).isEqualTo(1);
    assertThat(mixerOut.usd()).isEqualByComparingTo("0");
    assertThat(mixerOut.share()).isNull();
    assertThat(e.summary().indirectSanctionedShare()).isNull();
  }

  @Test
  void hopsThroughAddressesTheWalletNeverDealtWithAreIgnored() {
    Exposure e = ExposureModel.compute(W, List.of(usdc(FRIEND, 1, 0, 10, 0)),
        List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 0, 10, 0))), LABELS);
    assertThat(e.indirect()).isEmpty();
    assertThat(e.evidence()).isEmpty();
  }

  @Test
  void theEvidenceListIsBoundedAndSaysSo() {
    List<Label> many = new java.util.ArrayList<>();
    List<Flow> flows = new java.util.ArrayList<>();
    for (int i = 0; i < ExposureModel.EVIDENCE_MAX + 5; i++) {
      String a = String.format("0x%040x", i + 1);
      many.add(new Label(a, null, Category.scam, "scam " + i, "LABELS"));
      flows.add(usdc(a, 1, 0, i + 1, 0));
    }
    Exposure e = ExposureModel.compute(W, flows, List.of(), LabelSet.of(many, "x"));
    assertThat(e.evidence()).hasSize(ExposureModel.EVIDENCE_MAX);
    assertThat(e.evidenceTruncated()).isTrue();
    assertThat(e.evidence().get(0).usd()).isEqualByComparingTo(String.valueOf(ExposureModel.EVIDENCE_MAX + 5));
    assertThat(find(e.direct(), Category.scam, Direction.in).counterparties()).isEqualTo(ExposureModel.EVIDENCE_MAX + 5);
  }

  @Test
  void sameFlowsInAnyOrderGiveTheSameExposure() {
    List<Flow> flows = List.of(usdc(SANCTIONED, 1, 0, 300, 0), usdc(MIXER, 0, 2, 0, 250), eth(SANCTIONED, 2, 0, 5, 0),
        usdc(HOP, 1, 1, 50, 50));
    List<HopFlow> hops = List.of(new HopFlow(HOP, usdc(SANCTIONED, 1, 1, 5, 5)), new HopFlow(HOP, usdc(MIXER, 2, 0, 9, 0)));
    List<Flow> reversed = new java.util.ArrayList<>(flows);
    java.util.Collections.reverse(reversed);
    List<HopFlow> hopsReversed = new java.util.ArrayList<>(hops);
    java.util.Collections.reverse(hopsReversed);
    assertThat(ExposureModel.compute(W, reversed, hopsReversed, LABELS)).isEqualTo(ExposureModel.compute(W, flows, hops, LABELS));
  }

  @Test
  void theZeroAddressCountsInTheTotalsButIsNeverALabelledCounterpartyOrAHop() {
    // Some label lists name the zero address ("null address"); a mint from it is issuance, not a payer.
    String zero = "0x" + "0".repeat(40);
    LabelSet labels = LabelSet.of(List.of(new Label(zero, null, Category.sanctioned, "Null", "LABELS"),
        new Label(SANCTIONED, null, Category.sanctioned, "Lazarus", "OFAC_SDN")), "v2");
    Exposure e = ExposureModel.compute(W, List.of(usdc(zero, 1, 0, 990, 0), usdc(FRIEND, 1, 0, 10, 0)),
        List.of(new HopFlow(zero, usdc(SANCTIONED, 1, 0, 5, 0))), labels);
    assertThat(e.valuedInUsd()).isEqualByComparingTo("1000");
    assertThat(e.summary().sanctions()).isEqualTo(ExposureSummary.NONE);
    assertThat(e.direct()).isEmpty();
    assertThat(e.indirect()).isEmpty();
    assertThat(e.evidence()).isEmpty();
  }
}
