package dev.vouch.page.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.decision.model.Freshness;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WordsTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

  @Test
  void agoRoundsDownToTheLargestWholeUnit() {
    assertThat(Words.ago(NOW.minusSeconds(59), NOW)).isEqualTo("just now");
    assertThat(Words.ago(NOW.minusSeconds(60), NOW)).isEqualTo("1 minute ago");
    assertThat(Words.ago(NOW.minusSeconds(3599), NOW)).isEqualTo("59 minutes ago");
    assertThat(Words.ago(NOW.minusSeconds(3600), NOW)).isEqualTo("1 hour ago");
    assertThat(Words.ago(NOW.minusSeconds(86399), NOW)).isEqualTo("23 hours ago");
    assertThat(Words.ago(NOW.minusSeconds(2 * 86400), NOW)).isEqualTo("2 days ago");
    assertThat(Words.ago(NOW.plusSeconds(30), NOW)).isEqualTo("just now");
  }

  @Test
  void freshnessSaysWhetherTheVerdictRestsOnEvidence() {
    assertThat(Words.freshness(new Freshness("indexing_required", null, false, true), NOW))
        .startsWith("Vouch has not indexed this wallet yet").contains("conservative baseline");
    assertThat(Words.freshness(new Freshness("indexing_required", null, true, true), NOW))
        .startsWith("Vouch is indexing this wallet now");
    assertThat(Words.freshness(new Freshness("cached", NOW.minusSeconds(26 * 3600), false, true), NOW))
        .isEqualTo("Based on evidence indexed 1 day ago (2026-11-21 10:00 UTC). A refresh is recommended.");
    assertThat(Words.freshness(new Freshness("cached", NOW.minusSeconds(600), true, false), NOW))
        .isEqualTo("Based on evidence indexed 10 minutes ago (2026-11-22 11:50 UTC). A refresh is running now.");
  }

  @Test
  void limitsAndVerdictsReadAsSentences() {
    assertThat(Words.limit(new RecommendedLimit(25000, "USDC", "x"))).isEqualTo("Up to 25,000 USDC");
    assertThat(Words.limit(new RecommendedLimit(0, "USDC", "x"))).isEqualTo("None: send no funds (0 USDC)");
    assertThat(Words.receiptPurpose(Verdict.block)).startsWith("A receipt of a block is signed, immutable proof");
    assertThat(Words.receiptPurpose(Verdict.allow)).contains("hand its link to your counterparty");
    assertThat(Words.verdictTitle(Verdict.block)).isEqualTo("Block");
    assertThat(Words.verdictSentence(Verdict.allow, UseCase.lending)).contains("a loan");
    assertThat(Words.verdictSentence(Verdict.block, UseCase.payment)).startsWith("Do not proceed");
  }
}
