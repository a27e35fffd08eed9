package dev.vouch.exposure.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * exposure_v3's summary field is additive where bytes matter: a summary stored before it reads
 * back without it and writes back to the same text (so its receipts canonicalize and hash as
 * before), and a v3 summary round-trips with its per-hop shares.
 */
class SummaryJsonTest {

  @Test
  void aSummaryStoredBeforeHopCountsWritesBackToTheSameText() {
    ExposureSummary v2 = new ExposureSummary("indirect", List.of(Category.mixer), List.of(), 0, 0,
        new BigDecimal("0.00"), null, false, 0, new BigDecimal("0.00"), null, 0, new BigDecimal("0.1200"), "v1");
    String text = SummaryJson.write(v2);
    assertThat(text).doesNotContain("indirectSanctionedByHop");
    ExposureSummary back = SummaryJson.read(text);
    assertThat(back).isEqualTo(v2);
    assertThat(back.indirectSanctionedByHop()).isNull();
    assertThat(SummaryJson.write(back)).isEqualTo(text);
  }

  @Test
  void aV3SummaryRoundTripsWithItsSharesPerHop() {
    ExposureSummary v3 = new ExposureSummary("indirect", List.of(), List.of(), 0, 0, new BigDecimal("0.00"), null,
        false, 0, new BigDecimal("0.00"), null, 0, new BigDecimal("0.3000"), "v1",
        List.of(new HopShare(2, new BigDecimal("0.2500")), new HopShare(3, new BigDecimal("0.0500"))));
    String text = SummaryJson.write(v3);
    assertThat(text).contains("\"indirectSanctionedByHop\":[{\"hops\":2,\"share\":0.2500}");
    assertThat(SummaryJson.read(text)).isEqualTo(v3);
  }
}
