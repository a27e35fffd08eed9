package dev.vouch.exposure.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * exposure_v3's paths (issue 33 item 3): each hop weighs by the intermediary's share in that
 * direction, figures and evidence say their hop count and path, cycles are cut, hubs (by count or
 * by label) stop, the reach bounds depth and breadth, and the result does not depend on row order.
 */
class HopsTest {

  static final String W = "0x" + "aa".repeat(20);
  static final String A = "0x" + "a1".repeat(20);
  static final String B = "0x" + "b1".repeat(20);
  static final String C = "0x" + "c1".repeat(20);
  static final String S = "0x" + "5a".repeat(20);
  static final String EX = "0x" + "e0".repeat(20);
  static final String FRIEND = "0x" + "f0".repeat(20);
  static final String USDC = "0x" + "cc".repeat(20);
  static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
  static final LabelSet LABELS = LabelSet.of(List.of(new Label(S, null, Category.sanctioned, "SDN", "OFAC"),
      new Label(EX, null, Category.exchange, "Exchange", "LABELS")), "v1");
  static final Reach THREE = new Reach(3, 10, 100);

  static Flow usdc(String cp, long in, long out) {
    return new Flow(cp, 1, USDC, "USDC", in > 0 ? 1 : 0, out > 0 ? 1 : 0, BigInteger.valueOf(in * 1_000_000),
        BigInteger.valueOf(out * 1_000_000), BigDecimal.valueOf(in), BigDecimal.valueOf(out), T, T, List.of());
  }

  static ExposureModel.ViaTotals totals(String via, long in, long out, int counterparties) {
    return new ExposureModel.ViaTotals(via, BigDecimal.valueOf(in), BigDecimal.valueOf(out), counterparties);
  }

  /** labelled -> A -> B -> W: W got 100 (all its inflow) from B, B got half its 200 from A, A a quarter of its 400 from S. */
  static HopData twoHops() {
    return new HopData(
        List.of(new HopFlow(A, usdc(S, 100, 0))),
        List.of(new HopFlow(B, usdc(A, 100, 0)), new HopFlow(B, usdc(W, 0, 100)), new HopFlow(A, usdc(B, 0, 100))),
        List.of(totals(B, 200, 100, 3), totals(A, 400, 100, 4)));
  }

  static CategoryExposure byHops(Exposure e, int hops) {
    return e.indirectByHops().stream().filter(c -> c.hops() == hops && c.category() == Category.sanctioned)
        .findFirst().orElse(null);
  }

  @Test
  void twoHopsWeighByEachIntermediarysShareAndTheEvidenceCarriesThePath() {
    Exposure e = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), twoHops(), LABELS, THREE);
    // 100 x (100 / 200) x (100 / 400) = 12.5
    assertThat(byHops(e, 2).usd()).isEqualByComparingTo("12.50");
    assertThat(byHops(e, 2).share()).isEqualByComparingTo("0.125");
    assertThat(byHops(e, 2).counterparties()).isEqualTo(1);
    assertThat(byHops(e, 2).transfers()).isEqualTo(1);
    assertThat(byHops(e, 1)).isNull();
    assertThat(e.summary().sanctions()).isEqualTo(ExposureSummary.INDIRECT);
    assertThat(e.summary().indirectSanctionedByHop()).containsExactly(new HopShare(2, new BigDecimal("0.1250")));
    assertThat(e.summary().indirectSanctionedShare()).isEqualByComparingTo("0.125");
    assertThat(e.indirect()).singleElement().satisfies(c -> assertThat(c.hops()).isNull());
    EvidenceItem item = e.evidence().get(0);
    assertThat(item.via()).isEqualTo(A);
    assertThat(item.counterparty()).isEqualTo(S);
    assertThat(item.hops()).isEqualTo(2);
    assertThat(item.path()).extracting(PathStep::address).containsExactly(B, A, S);
    assertThat(item.path()).extracting(PathStep::usd).usingElementComparator(BigDecimal::compareTo)
        .containsExactly(new BigDecimal("100"), new BigDecimal("100"), new BigDecimal("100"));
  }

  @Test
  void theReachBoundsTheHopCount() {
    Exposure one = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), twoHops(), LABELS, new Reach(1, 10, 100));
    assertThat(one.indirect()).isEmpty();
    assertThat(one.summary().sanctions()).isEqualTo(ExposureSummary.NONE);
  }

  @Test
  void anIntermediaryWithMoreCounterpartiesThanTheBoundIsAHubAndStopsThePath() {
    Exposure e = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), twoHops(), LABELS, new Reach(3, 3, 100));
    // A has 4 counterparties: over 3, so nothing passes through it.
    assertThat(e.indirect()).isEmpty();
  }

  @Test
  void anExchangeIsAHubWhateverItsCounterpartyCount() {
    HopData data = new HopData(List.of(new HopFlow(EX, usdc(S, 100, 0))), List.of(), List.of(totals(EX, 100, 0, 2)));
    Exposure e = ExposureModel.compute(W, List.of(usdc(EX, 100, 0)), data, LABELS, THREE);
    assertThat(e.indirect()).isEmpty();
    // The exchange itself is still direct exposure.
    assertThat(e.summary().sourceCategories()).containsExactly(Category.exchange);
  }

  @Test
  void aCycleBackToTheWalletOrAnEarlierHopIsCut() {
    // W <- B <- A <- B (A also got funds from B): B stays at hop 1; A at hop 2; no hop 3 through B again.
    HopData data = new HopData(
        List.of(new HopFlow(A, usdc(S, 100, 0))),
        List.of(new HopFlow(B, usdc(A, 100, 0)), new HopFlow(A, usdc(B, 100, 0)), new HopFlow(A, usdc(W, 50, 0))),
        List.of(totals(B, 100, 100, 2), totals(A, 250, 0, 3)));
    Exposure e = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), data, LABELS, THREE);
    assertThat(e.indirectByHops()).extracting(CategoryExposure::hops).containsExactly(2);
    assertThat(e.evidence()).singleElement().satisfies(i -> assertThat(i.path()).extracting(PathStep::address)
        .containsExactly(B, A, S));
  }

  @Test
  void beyondTheFirstHopOnlyThePerHopLargestIntermediariesAreKept() {
    // B passes its inflow on from C (60) and A (40); with perHop 1 only C is the second hop.
    HopData data = new HopData(
        List.of(new HopFlow(A, usdc(S, 100, 0)), new HopFlow(C, usdc(S, 10, 0)), new HopFlow(C, usdc(FRIEND, 90, 0))),
        List.of(new HopFlow(B, usdc(A, 40, 0)), new HopFlow(B, usdc(C, 60, 0))),
        List.of(totals(B, 100, 0, 2), totals(A, 100, 0, 1), totals(C, 100, 0, 2)));
    Exposure wide = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), data, LABELS, THREE);
    Exposure narrow = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), data, LABELS, new Reach(3, 10, 1));
    assertThat(byHops(wide, 2).usd()).isEqualByComparingTo("46.00");   // 40 x 1 + 60 x 0.1
    assertThat(byHops(narrow, 2).usd()).isEqualByComparingTo("6.00");
    assertThat(ExposureModel.walk(W, List.of(usdc(B, 100, 0)), data, LABELS, new Reach(3, 10, 1)).nodes(2))
        .containsExactly(C);
  }

  @Test
  void aNativeOnlyLinkCarriesNoValueFurther() {
    HopData data = new HopData(List.of(new HopFlow(A, usdc(S, 100, 0))),
        List.of(new HopFlow(B, Flow.nativeFlow(A, 1, "ETH", 1, 0, BigInteger.TEN, BigInteger.ZERO, T, T))),
        List.of(totals(B, 100, 0, 2), totals(A, 100, 0, 1)));
    Exposure e = ExposureModel.compute(W, List.of(usdc(B, 100, 0)), data, LABELS, THREE);
    assertThat(e.indirect()).isEmpty();
  }

  @Property(tries = 50)
  void rowsInAnyOrderGiveTheSameExposure(@ForAll @IntRange(min = 0, max = 10_000) int seed) {
    HopData data = twoHops();
    Random r = new Random(seed);
    List<HopFlow> l = new ArrayList<>(data.links());
    Collections.shuffle(l, r);
    List<ExposureModel.ViaTotals> t = new ArrayList<>(data.totals());
    Collections.shuffle(t, r);
    HopData shuffled = new HopData(data.labelled(), l, t);
    assertThat(ExposureModel.compute(W, List.of(usdc(B, 100, 0), usdc(FRIEND, 30, 0)), shuffled, LABELS, THREE))
        .isEqualTo(ExposureModel.compute(W, List.of(usdc(FRIEND, 30, 0), usdc(B, 100, 0)), data, LABELS, THREE));
  }

  @Property(tries = 50)
  void moreHopsNeverLowerTheExposureFoundWithFewer(@ForAll @IntRange(min = 1, max = 2) int hops) {
    BigDecimal fewer = share(ExposureModel.compute(W, List.of(usdc(B, 100, 0)), twoHops(), LABELS,
        new Reach(hops, 10, 100)).summary());
    BigDecimal more = share(ExposureModel.compute(W, List.of(usdc(B, 100, 0)), twoHops(), LABELS,
        new Reach(hops + 1, 10, 100)).summary());
    assertThat(more).isGreaterThanOrEqualTo(fewer);
  }

  static BigDecimal share(ExposureSummary s) {
    return s.indirectSanctionedShare() == null ? BigDecimal.ZERO : s.indirectSanctionedShare();
  }
}
