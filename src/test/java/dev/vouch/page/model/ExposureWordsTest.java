package dev.vouch.page.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.exposure.model.CategoryExposure;
import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.EvidenceItem;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exposure words of the pages: amounts, chains, links, hop shares, and a receipt's truth about itself. */
class ExposureWordsTest {

  static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");
  static final ChainLinks CHAINS = ChainLinks.of(List.of(
      new ChainLinks.Chain(1, "Ethereum Mainnet", "ETH", "https://etherscan.io/address/{address}"),
      new ChainLinks.Chain(7, "Odd chain", "ODD", "https://odd.example/{address}")));
  static final String HOP = "0x" + "3c".repeat(20);
  static final String HOP2 = "0x" + "3d".repeat(20);

  static ExposureSummary summary(String sanctions, String labels) {
    return new ExposureSummary(sanctions, List.of(), List.of(Category.mixer), 0, 0, BigDecimal.ZERO, null, false, 0,
        BigDecimal.ZERO, null, 1, null, labels);
  }

  static EvidenceItem item(String counterparty, String via, long usd) {
    return new EvidenceItem(counterparty, via, 1, Category.sanctioned, "SDN", "OFAC", Direction.in, "USDC",
        "0x" + "c0".repeat(20), 1, "1", BigDecimal.valueOf(usd), AT, AT, List.of("0x" + "11".repeat(32)));
  }

  static ExposureReport report(ExposureSummary s, Instant at, List<CategoryExposure> indirect, List<EvidenceItem> items) {
    return new ExposureReport("0x" + "a1".repeat(20), "cached", at, "exposure_v1", s, BigDecimal.ZERO, BigDecimal.ZERO,
        List.of(), indirect, items, false, List.of());
  }

  @Test
  void theTraceIsSaidAsCompleteInProgressOrPartialWithWhatIsMissing() {
    assertThat(ExposureView.trace(null)).isNull();
    assertThat(ExposureView.trace(dev.vouch.pathtrace.model.TraceStatus.of(false, 0, 0, 0, 0, 0)))
        .isEqualTo("Complete: no unindexed intermediary on this wallet's valued paths.");
    assertThat(ExposureView.trace(dev.vouch.pathtrace.model.TraceStatus.of(false, 3, 1, 2, 0, 0)))
        .isEqualTo("In progress: 1 of 3 intermediaries on this wallet's valued paths indexed, 2 queued;"
            + " indirect exposure may still change.");
    assertThat(ExposureView.trace(dev.vouch.pathtrace.model.TraceStatus.of(false, 4, 1, 0, 2, 1)))
        .isEqualTo("Partial: 1 of 4 intermediaries on this wallet's valued paths indexed, 2 skipped by the tracing"
            + " budget, 1 could not be read; indirect exposure may be understated.");
    // Planning not done yet: pending whatever the counts say.
    assertThat(dev.vouch.pathtrace.model.TraceStatus.of(true, 0, 0, 0, 0, 0).status()).isEqualTo("pending");
  }

  @Test
  void amountsCarryThousandsSeparatorsInEveryLocale() {
    assertThat(ExposureView.usd(new BigDecimal("80000"))).isEqualTo("80,000.00 USD");
    assertThat(ExposureView.usd(new BigDecimal("1234567.891"))).isEqualTo("1,234,567.89 USD");
    assertThat(ExposureView.counterparties(1)).isEqualTo("1 counterparty");
    assertThat(ExposureView.intermediaries(2)).isEqualTo("2 intermediaries");
  }

  @Test
  void chainsAreNamedAndHashesLinkedOnlyWhereTheExplorerHasAKnownShape() {
    assertThat(CHAINS.name(1)).isEqualTo("Ethereum Mainnet");
    assertThat(CHAINS.name(99)).isEqualTo("chain 99");
    assertThat(CHAINS.txUrl(1, "0xab")).isEqualTo("https://etherscan.io/tx/0xab");
    assertThat(CHAINS.txUrl(7, "0xab")).isNull();
    assertThat(CHAINS.txUrl(99, "0xab")).isNull();
  }

  @Test
  void aHopItemSaysTheIntermediaryMovedTheFundsAndThisWalletsShareOfThem() {
    String a = "0x" + "5a".repeat(20);
    String b = "0x" + "5b".repeat(20);
    // One intermediary: the figure (30,000) splits over its two flows by value (60,000 and 20,000).
    ExposureView one = new ExposureView(report(summary("indirect", "v1"), AT,
        List.of(new CategoryExposure(Category.sanctioned, Direction.in, 1, 1, new BigDecimal("30000"), null)),
        List.of(item(a, HOP, 60_000), item(b, HOP, 20_000))), CHAINS);
    assertThat(one.movement(one.evidence().get(0))).isEqualTo("received 60,000.00 USD in USDC from");
    assertThat(one.shareThrough(one.evidence().get(0))).isEqualTo("this wallet's share through it: 22,500.00 USD");
    assertThat(one.shareThrough(one.evidence().get(1))).isEqualTo("this wallet's share through it: 7,500.00 USD");
    assertThat(one.where(one.evidence().get(0))).isEqualTo("in 1 transfer on Ethereum Mainnet, 2026-11-22 10:00 UTC");
    // Two intermediaries share the figure: no per-item number is claimed.
    ExposureView two = new ExposureView(report(summary("indirect", "v1"), AT,
        List.of(new CategoryExposure(Category.sanctioned, Direction.in, 2, 2, new BigDecimal("30000"), null)),
        List.of(item(a, HOP, 60_000), item(b, HOP2, 20_000))), CHAINS);
    assertThat(two.shareThrough(two.evidence().get(0))).isEqualTo("this wallet's share through it is part of the one-hop figure above");
    // A direct item names this wallet as the one that moved the funds.
    assertThat(one.movement(item(a, null, 5))).isEqualTo("This wallet received 5.00 USD in USDC from");
  }

  @Test
  void aReceiptComparesSnapshotWithSnapshotAndFiguresWithFigures() {
    ExposureSummary attested = summary("none", "sha256:aaaa");
    // A label refresh that changes nothing for this wallet: the live figures stand beside the summary.
    ReceiptExposure refreshed = ReceiptExposure.of(attested, AT, report(summary("none", "sha256:bbbb"), AT, List.of(),
        List.of()), CHAINS);
    assertThat(refreshed.figures()).isNotNull();
    assertThat(refreshed.later()).isNull();
    assertThat(refreshed.live()).contains("same snapshot", "same summary", "sha256:bbbb", "change nothing");
    // Labels that change the figures of the same snapshot: said so, without claiming a new indexing.
    ReceiptExposure relabelled = ReceiptExposure.of(attested, AT, report(summary("direct", "sha256:bbbb"), AT,
        List.of(), List.of()), CHAINS);
    assertThat(relabelled.figures()).isNull();
    assertThat(relabelled.later()).contains("labels now in force", "different exposure").doesNotContain("indexed");
    // A later snapshot: indexed again, and when.
    ReceiptExposure reindexed = ReceiptExposure.of(attested, AT, report(summary("none", "sha256:aaaa"),
        AT.plusSeconds(3600), List.of(), List.of()), CHAINS);
    assertThat(reindexed.later()).contains("indexed this wallet again", "2026-11-22 11:00 UTC").doesNotContain("labels");
  }
}
